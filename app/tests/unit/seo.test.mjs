import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { buildHead, escapeHtml, resolveMeta } = await load('src/lib/seo.ts');
const { createI18n } = await load('src/lib/i18n-bundled.ts');

const brand = { appName: 'A&B <Fleet>', desc: 'Brand "desc"', appLogo: '/brand/x.svg', wsUrl: '/ws', appDomain: '' };

test('escapeHtml escapes the five specials', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('route meta: route title, default title, brand description fallback', () => {
  const zh = createI18n('zh');
  const ctx = { i18n: zh, brand, origin: 'https://f.example', pathname: '/solution/' };
  const solution = resolveMeta({ metaId: 'solution', status: 200 }, ctx);
  assert.equal(solution.title, '轮端安全解决方案 - A&B <Fleet>');
  assert.equal(solution.canonical, 'https://f.example/solution');
  assert.equal(solution.locale, 'zh_CN');
  assert.equal(solution.noindex, false);

  const map = resolveMeta({ metaId: 'map', status: 200 }, { ...ctx, pathname: '/map' });
  assert.equal(map.title, '轮端预警 - A&B <Fleet>', 'no route title → the default title');

  const en = createI18n('en');
  const lost = resolveMeta({ metaId: 'notFound', status: 404 }, { ...ctx, i18n: en, pathname: '/x' });
  assert.equal(lost.title, 'lost - A&B <Fleet>');
  assert.equal(lost.locale, 'en_US');
  assert.equal(lost.noindex, true);
  assert.equal(lost.image, 'https://f.example/brand/x.svg');
});

test('head HTML carries every tag, escaped', () => {
  const head = buildHead({
    title: 'T <x>',
    description: 'D "q"',
    keywords: 'k&k',
    canonical: 'https://f.example/a?b=<c>',
    siteName: 'S',
    image: 'https://f.example/i.svg',
    locale: 'zh_CN',
    noindex: true,
  });
  assert.ok(head.startsWith('<title>T &lt;x&gt;</title>'));
  for (const needle of [
    '<meta name="description" content="D &quot;q&quot;">',
    '<meta name="keywords" content="k&amp;k">',
    '<meta name="robots" content="noindex">',
    '<link rel="canonical" href="https://f.example/a?b=&lt;c&gt;">',
    '<meta property="og:title" content="T &lt;x&gt;">',
    '<meta property="og:description" content="D &quot;q&quot;">',
    '<meta property="og:url" content="https://f.example/a?b=&lt;c&gt;">',
    '<meta property="og:site_name" content="S">',
    '<meta property="og:image" content="https://f.example/i.svg">',
    '<meta property="og:locale" content="zh_CN">',
  ]) {
    assert.ok(head.includes(needle), needle);
  }
});

test('each i18n instance keeps its own language', () => {
  const a = createI18n('zh');
  const b = createI18n('en');
  assert.equal(a.t('nav.signIn'), '登录');
  assert.equal(b.t('nav.signIn'), 'Sign in');
  assert.equal(a.t('nav.signIn'), '登录');
});
