// The QuickJS polyfills against Node's own implementations.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { URLPolyfill, URLSearchParamsPolyfill } = await load('src/ssr/url.ts');
const { TextEncoderPolyfill, TextDecoderPolyfill } = await load('src/ssr/polyfills.ts');

const FIELDS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'];

const CASES = [
  ['http://localhost'],
  ['https://Fleet.Example.com:443/a/b/../c/./d?x=1&y=2#frag'],
  ['http://example.com:8080'],
  ['http://user:pw@example.com/p'],
  ['/map', 'http://localhost'],
  ['/solution?x=1#top', 'http://localhost'],
  ['/path with space/é', 'http://localhost'],
  ['/a"b<c>`{d}', 'http://localhost'],
  ['?q=<1> 2', 'http://localhost/a/b'],
  ['#x y', 'http://localhost/a?b'],
  ['c/d', 'http://localhost/a/b'],
  ['../c', 'http://localhost/a/b/'],
  ['../../../../x', 'http://localhost/a/'],
  ['//other.example/x', 'https://base.example/y'],
  ['', 'http://localhost/a?b#c'],
  ['\\\\evil.example\\x', 'http://localhost/'],
  ['  /trim\t me \n ', 'http://localhost'],
  ['/%2e%2E/x', 'http://localhost/a/'],
  ['mailto:someone@example.com'],
  ['javascript:alert(1)'],
  ['data:text/plain,hi'],
  ['http://localhost/?'],
  ['http://localhost/#'],
  ['HTTP://LOCALHOST:80/A'],
  ['/map', new URL('http://localhost:3000/x')],
];

test('URL polyfill parses like Node for the inputs a router sees', () => {
  for (const [input, base] of CASES) {
    const expected = base === undefined ? new URL(input) : new URL(input, base);
    const actual = base === undefined ? new URLPolyfill(input) : new URLPolyfill(input, base instanceof URL ? base.href : base);
    for (const f of FIELDS) assert.equal(actual[f], expected[f], `${JSON.stringify(input)} ${f}`);
    assert.equal(String(actual), expected.href);
  }
});

test('URL polyfill rejects what Node rejects', () => {
  for (const [input, base] of [['/relative'], ['http://'], ['http://exa mple.com'], ['http://x:99999']]) {
    assert.throws(() => new URL(input, base), input);
    assert.throws(() => new URLPolyfill(input, base), TypeError, input);
  }
});

test('URLSearchParams polyfill matches Node', () => {
  const inputs = ['?a=1&b=2&a=3', 'x=%20y+z&&empty=&novalue', 'q=%E4%B8%AD%E6%96%87&bad=%zz', ''];
  for (const input of inputs) {
    const n = new URLSearchParams(input);
    const p = new URLSearchParamsPolyfill(input);
    assert.deepEqual([...p], [...n], input);
    assert.equal(p.toString(), n.toString(), input);
    assert.equal(p.get('a'), n.get('a'));
    assert.deepEqual(p.getAll('a'), n.getAll('a'));
  }
  const n = new URLSearchParams({ redirect: '/about?x=1 2', 'k~!': "*'()" });
  const p = new URLSearchParamsPolyfill({ redirect: '/about?x=1 2', 'k~!': "*'()" });
  assert.equal(p.toString(), n.toString());
  n.set('redirect', 'a');
  p.set('redirect', 'a');
  n.append('z', 'é');
  p.append('z', 'é');
  n.delete('k~!');
  p.delete('k~!');
  n.sort();
  p.sort();
  assert.equal(p.toString(), n.toString());
  assert.equal(p.size, n.size);
  assert.deepEqual([...new URLSearchParamsPolyfill([['a', '1'], ['b', '2']])], [...new URLSearchParams([['a', '1'], ['b', '2']])]);
  assert.equal(new URLPolyfill('http://h/p?a=1&b=2').searchParams.get('b'), '2');
});

test('TextEncoder/TextDecoder polyfills match Node, including astral and lone surrogates', () => {
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  for (const s of ['', 'ascii', '轮端预警', 'é ü ß', '🚚 truck', 'lone \ud800 surrogate', 'x\udc00']) {
    const bytes = new TextEncoderPolyfill().encode(s);
    assert.deepEqual([...bytes], [...enc.encode(s)], JSON.stringify(s));
    assert.equal(new TextDecoderPolyfill().decode(bytes), dec.decode(bytes), JSON.stringify(s));
  }
});
