import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { resources } = await load('src/locales/index.ts');

/** Every leaf of a translation tree as `a.b.c` → value. */
function leaves(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') leaves(v, key, out);
    else out.set(key, v);
  }
  return out;
}

test('zh and en have exactly the same keys', () => {
  const zh = leaves(resources.zh);
  const en = leaves(resources.en);
  assert.deepEqual([...zh.keys()].filter((k) => !en.has(k)), [], 'keys missing in en');
  assert.deepEqual([...en.keys()].filter((k) => !zh.has(k)), [], 'keys missing in zh');
});

test('no translation is empty, and interpolations match', () => {
  const zh = leaves(resources.zh);
  const en = leaves(resources.en);
  for (const [key, value] of zh) {
    assert.equal(typeof value, 'string', key);
    assert.notEqual(value.trim(), '', `zh ${key} is empty`);
    assert.notEqual(en.get(key).trim(), '', `en ${key} is empty`);
    const vars = (s) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    assert.deepEqual(vars(en.get(key)), vars(value), `interpolations differ in ${key}`);
  }
});

test('the default title and the solution keywords are those of the spec', () => {
  assert.equal(resources.zh.common.meta.default.title, '轮端预警');
  assert.equal(resources.en.common.meta.default.title, 'wheel-end warning');
  assert.equal(resources.zh.common.meta.notFound.title, '迷路了');
  assert.equal(resources.en.common.meta.notFound.title, 'lost');
  assert.equal(resources.zh.login.submitting, '登录中，请稍候');
  assert.equal(resources.en.login.submitting, 'logging in, please wait');
  assert.equal(resources.zh.common.user.visitor, '访客');
  for (const lang of ['zh', 'en']) {
    const k = resources[lang].common.meta.solution.keywords;
    for (const word of ['TPMS', '胎压监测', '胎温', '轴温', '防火', 'tyre pressure', 'tyre temperature', 'axle temperature', 'anti-fire']) {
      assert.ok(k.includes(word), `${lang} solution keywords lack ${word}`);
    }
  }
});
