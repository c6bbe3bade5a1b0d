#!/usr/bin/env node
// Runs dist/ssr.js the way QuickJS will: in a bare node:vm context holding only the ECMAScript built-ins (no
// window, document, require, timers, TextEncoder, URL; V8's own console, Intl and WebAssembly removed as well),
// then checks the render output of docs/ssr-contract.md for every route. Exits non-zero on the first failure.
// Usage: node scripts/check-ssr.mjs  (part of npm test; needs npm run build first)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bundlePath = resolve(appDir, 'dist/ssr.js');
let code;
try {
  code = readFileSync(bundlePath, 'utf8');
} catch {
  console.error('check-ssr: dist/ssr.js is missing; run `npm run build` first');
  process.exit(1);
}

const HOST_GLOBALS = ['window', 'document', 'self', 'navigator', 'location', 'require', 'module', 'process', 'Buffer',
  'console', 'setTimeout', 'clearTimeout', 'setInterval', 'queueMicrotask', 'setImmediate', 'MessageChannel',
  'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'fetch', 'performance', 'structuredClone', 'Intl',
  'WebAssembly'];

/**
 * A context with nothing but the language: node:vm contexts carry no host APIs; the two built-ins QuickJS lacks go
 * too. `Date` is wrapped to count reads of the wall clock other than Date.now() (the contract allows only that).
 * With `spy`, a console and timers are provided by the "host" so their use can be observed.
 */
function createBareContext(spy) {
  const context = vm.createContext(spy ? { console: spy.console, setTimeout: spy.setTimeout, clearTimeout: () => {} } : {});
  vm.runInContext(
    `delete globalThis.Intl; delete globalThis.WebAssembly;${spy ? "" : " delete globalThis.console;"}
     (() => {
       const RealDate = Date;
       globalThis.__clockReads = 0;
       globalThis.Date = new Proxy(RealDate, {
         construct(target, args) { if (args.length === 0) globalThis.__clockReads++; return Reflect.construct(target, args); },
         apply(target, self, args) { globalThis.__clockReads++; return Reflect.apply(target, self, args); },
       });
     })();`,
    context,
  );
  const present = HOST_GLOBALS.filter((name) => vm.runInContext(`typeof globalThis[${JSON.stringify(name)}]`, context) !== 'undefined');
  const expected = spy ? ['console', 'setTimeout', 'clearTimeout'] : [];
  assert.deepEqual(present, expected, 'the vm context is not bare');
  return context;
}

function load(context) {
  const t0 = performance.now();
  try {
    vm.runInContext(code, context, { filename: 'ssr.js' });
  } catch (err) {
    console.error(`check-ssr: evaluating dist/ssr.js failed: ${err?.stack ?? err}`.slice(0, 2000));
    process.exit(1);
  }
  const ms = performance.now() - t0;
  assert.equal(vm.runInContext('typeof globalThis.__wheelendRender', context), 'function', '__wheelendRender is not defined');
  return ms;
}

const BRAND = { appName: 'Fleet<Guard> & "Co"', desc: 'Wheel-end safety platform', appLogo: '/brand/default.svg', wsUrl: '/ws', appDomain: 'fleet.example.com' };
const ORIGIN = 'https://fleet.example.com';

function render(context, { url, lang = 'zh', user = null, brand = BRAND, data = {} }) {
  const input = JSON.stringify({ url, origin: ORIGIN, brand, lang, user, data });
  context.__input = input;
  const t0 = performance.now();
  const raw = vm.runInContext('__wheelendRender(__input)', context);
  const ms = performance.now() - t0;
  assert.ok(typeof raw === 'object' && raw !== null && !Array.isArray(raw), `${url}: output is not an object`);
  const out = { ...raw }; // a plain object of this realm, for deepEqual
  assert.ok(typeof out.status === 'number' && typeof out.head === 'string' && typeof out.html === 'string', `${url}: bad output fields`);
  return { out, ms };
}

const titleOf = (head) => /<title>(.*?)<\/title>/.exec(head)?.[1] ?? '';
const metaOf = (head, attr, name) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(head)?.[1] ?? null;
const ESC_NAME = 'Fleet&lt;Guard&gt; &amp; &quot;Co&quot;';

const cases = [
  {
    url: '/',
    check(out) {
      assert.deepEqual(out, { status: 302, redirect: '/map', head: '', html: '' });
    },
  },
  {
    url: '/?from=ad',
    check(out) {
      assert.equal(out.status, 302);
      assert.equal(out.redirect, '/map?from=ad');
    },
  },
  {
    url: '/solution',
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `轮端安全解决方案 - ${ESC_NAME}`);
      assert.equal(out.bundle, 'site', 'a public page is hydrated by the site bundle');
      const keywords = metaOf(out.head, 'name', 'keywords');
      for (const k of ['TPMS', '胎压监测', '胎温', '轴温', '防火', 'tyre pressure', 'tyre temperature', 'axle temperature', 'anti-fire']) {
        assert.ok(keywords.includes(k), `keywords lack ${k}`);
      }
      assert.ok(out.head.includes(`<link rel="canonical" href="${ORIGIN}/solution">`));
      assert.equal(metaOf(out.head, 'property', 'og:locale'), 'zh_CN');
      assert.equal(metaOf(out.head, 'property', 'og:url'), `${ORIGIN}/solution`);
      assert.equal(metaOf(out.head, 'property', 'og:site_name'), ESC_NAME);
      assert.equal(metaOf(out.head, 'property', 'og:image'), `${ORIGIN}/brand/default.svg`);
      assert.ok(metaOf(out.head, 'name', 'description').includes('TPMS'));
      assert.ok(out.html.includes('先一步知道'), 'zh hero text missing');
      assert.ok(!out.html.includes('<script'), 'html must not contain scripts');
      assert.ok(out.html.startsWith('<div'), 'html must start with the app root element (no hoisted <link>/<meta>)');
    },
  },
  {
    url: '/solution?x=1',
    lang: 'en',
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `Wheel-end safety solution - ${ESC_NAME}`);
      assert.ok(out.head.includes(`<link rel="canonical" href="${ORIGIN}/solution">`), 'canonical keeps the query');
      assert.equal(metaOf(out.head, 'property', 'og:locale'), 'en_US');
      assert.ok(out.html.includes('before it happens.'), 'en hero text missing');
      assert.ok(!/[\u4e00-\u9fff]{4,}/.test(out.html.replace(/lang="zh"[^>]*>[^<]*/g, '').replace(/粤[A-Z]·\w+/g, '')), 'Chinese text in the en page');
    },
  },
  {
    url: '/about',
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `关于我们 - ${ESC_NAME}`);
      assert.ok(out.html.includes('30,000') && out.html.includes('200,000'));
      assert.ok(out.html.includes('id="privacy"') && out.html.includes('id="contact"'));
    },
  },
  {
    url: '/about',
    lang: 'en',
    check(out) {
      assert.equal(titleOf(out.head), `About us - ${ESC_NAME}`);
      assert.ok(out.html.includes('more than 30,000 vehicles and 200,000 wheel positions'));
    },
  },
  {
    url: '/login?redirect=%2Fabout',
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `登录 - ${ESC_NAME}`);
      assert.equal(out.bundle, 'site');
      assert.ok(/<input[^>]+type="password"[^>]+autocomplete="current-password"/i.test(out.html), 'password field missing');
      assert.ok(out.html.includes('<form') && out.html.includes('method="post"'));
    },
  },
  {
    url: '/login?redirect=%2Fabout',
    user: { id: 1, name: 'admin', authorityId: 888 },
    check(out) {
      assert.deepEqual(out, { status: 302, redirect: '/about', head: '', html: '' });
    },
  },
  {
    url: '/map',
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `轮端预警 - ${ESC_NAME}`);
      assert.equal(out.bundle, 'console');
      assert.ok(out.html.includes('访客'), 'visitor label missing');
      assert.ok(out.html.includes('即将推出'), 'coming-soon menu entries missing');
      assert.ok(out.html.includes(ESC_NAME), 'brand name missing');
    },
  },
  {
    url: '/map',
    lang: 'en',
    user: { id: 1, userName: 'admin', nickName: 'Fleet Admin', authorityId: 888, visitor: false },
    check(out) {
      assert.equal(titleOf(out.head), `wheel-end warning - ${ESC_NAME}`);
      assert.ok(out.html.includes('Fleet Admin') && !out.html.includes('Visitor'));
    },
  },
  {
    url: '/map',
    user: { id: 9, userName: 'visitor-7f3a', nickName: '访客7f3a', authorityId: 10, visitor: true },
    check(out) {
      assert.equal(out.status, 200);
      assert.ok(out.html.includes('data-testid="visitor-label"') && !out.html.includes('访客7f3a'), 'a visitor is not a signed-in user');
    },
  },
  {
    url: '/login',
    user: { id: 9, userName: 'visitor-7f3a', nickName: '访客7f3a', authorityId: 10, visitor: true },
    check(out) {
      assert.equal(out.status, 200, 'visitors may sign in');
    },
  },
  {
    url: '/qr-login?key=ab12cd',
    check(out) {
      // nobody (or the visitor, whom the host renders as nobody): the sign-in prompt that comes back here
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `扫码登录确认 - ${ESC_NAME}`);
      assert.ok(out.head.includes('<meta name="robots" content="noindex">'), 'a one-time link is not for search engines');
      assert.ok(out.html.includes('data-qr-confirm="signIn"'), 'sign-in prompt missing');
      assert.ok(out.html.includes(`href="/login?redirect=${encodeURIComponent('/qr-login?key=ab12cd')}"`), 'the prompt must return here');
    },
  },
  {
    url: '/qr-login?key=ab12cd',
    lang: 'en',
    user: { id: 1, userName: 'admin', nickName: 'Fleet Admin', authorityId: 888 },
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `Confirm QR sign-in - ${ESC_NAME}`);
      assert.ok(out.html.includes('data-qr-confirm="checking"'), 'a signed-in phone waits for the scan answer');
    },
  },
  {
    url: '/qr-login',
    user: { id: 1, userName: 'admin', nickName: 'Fleet Admin', authorityId: 888 },
    check(out) {
      assert.equal(out.status, 200);
      assert.ok(out.html.includes('data-qr-confirm="noKey"'));
    },
  },
  {
    url: '/superAdmin/user',
    user: { id: 1, userName: 'admin', nickName: 'Fleet Admin', authorityId: 888 },
    check(out) {
      // a menu route: the server does not know the menu, so it renders the console frame and a placeholder
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `轮端预警 - ${ESC_NAME}`);
      assert.ok(out.head.includes('<meta name="robots" content="noindex">'));
      assert.equal(out.bundle, 'console', 'a menu route is hydrated by the console bundle');
      assert.ok(out.html.includes('data-testid="console-pending"') && out.html.includes('data-testid="side-menu"'));
      assert.ok(out.html.includes('data-menu-source="loading"'), 'the side menu waits for the server menu');
    },
  },
  {
    url: '/superAdmin/user',
    check(out) {
      assert.deepEqual(out, { status: 302, redirect: '/map', head: '', html: '' }, 'no token: console routes go to /map');
    },
  },
  {
    url: '/permissionSetting',
    check(out) {
      assert.deepEqual(out, { status: 302, redirect: '/map', head: '', html: '' });
    },
  },
  {
    url: '/permissionSetting',
    lang: 'en',
    user: { id: 1, userName: 'admin', authorityId: 888 },
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `Permission settings - ${ESC_NAME}`);
    },
  },
  {
    url: '/?redirect=%2FsuperAdmin%2Fuser',
    user: { id: 1, userName: 'admin', authorityId: 888 },
    check(out) {
      assert.deepEqual(out, { status: 302, redirect: '/superAdmin/user', head: '', html: '' });
    },
  },
  {
    url: '/workspace',
    check(out) {
      assert.deepEqual(out, { status: 302, redirect: '/workspace/home', head: '', html: '' });
    },
  },
  {
    url: '/g/register',
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `注册 - ${ESC_NAME}`);
      assert.equal(out.bundle, 'console');
      assert.ok(/<input[^>]+type="tel"[^>]+autocomplete="tel"/i.test(out.html), 'phone field missing');
      assert.ok(/autocomplete="one-time-code"/i.test(out.html), 'SMS code field missing');
    },
  },
  {
    url: '/install',
    check(out) {
      // the procedure, readable without signing in and indexed
      assert.equal(out.status, 200);
      assert.equal(out.bundle, 'site');
      assert.ok(out.html.includes('data-testid="install-procedure"') && out.html.includes('data-testid="install-signin"'));
      assert.ok(!out.head.includes('noindex'));
    },
  },
  {
    url: '/article/privacy',
    lang: 'en',
    check(out) {
      assert.equal(out.status, 200);
      assert.equal(out.bundle, 'site');
      assert.equal(titleOf(out.head), `Privacy policy - ${ESC_NAME}`);
      assert.ok(out.head.includes('<meta name="keywords" content="privacy policy,'));
    },
  },
  {
    url: '/article/nope',
    check(out) {
      // an article type there is none of: the 404 page, not indexed
      assert.equal(out.status, 404);
      assert.equal(titleOf(out.head), `迷路了 - ${ESC_NAME}`);
      assert.ok(out.head.includes('noindex'));
    },
  },
  {
    url: '/mf/P123',
    lang: 'en',
    check(out) {
      // Without a share the host resolved, the page says so and tells robots to forget it.
      assert.equal(out.status, 404);
      assert.equal(titleOf(out.head), `Link expired or not shared - ${ESC_NAME}`);
      assert.equal(out.bundle, 'site');
      assert.ok(out.head.includes('<meta name="robots" content="noindex">'));
    },
  },
  {
    url: '/df/abc.def.ghi',
    check(out) {
      // the host loaded nothing for the link: the page asks in the browser; never for search engines
      assert.equal(out.status, 200);
      assert.equal(out.bundle, 'site');
      assert.equal(titleOf(out.head), `讨论详情 - ${ESC_NAME}`);
      assert.ok(out.head.includes('<meta name="robots" content="noindex">'), 'a discussion link is not for search engines');
      assert.ok(out.html.includes('data-testid="loading-state"') && !out.html.includes('module-unavailable'));
    },
  },
  {
    url: '/df/abc.def.ghi',
    lang: 'en',
    data: {
      discussion: {
        number: 'WO-20261121-0007',
        title: 'Left front <tyre>',
        state: 101,
        messages: [{ id: 3, authorName: 'Li Wei', content: 'Valve replaced', images: ['/uploads/a.png'], at: '2026-11-21T05:43:00Z' }],
      },
    },
    check(out) {
      // the host loaded the discussion: it is in the markup, times in UTC until the browser takes over
      assert.equal(out.status, 200);
      assert.equal(titleOf(out.head), `WO-20261121-0007 · Work order discussion - ${ESC_NAME}`);
      assert.ok(out.head.includes('<meta name="robots" content="noindex">'));
      assert.ok(out.html.includes('Left front &lt;tyre&gt;') && out.html.includes('Valve replaced') && out.html.includes('Li Wei'));
      assert.ok(out.html.includes('2026-11-21 05:43 UTC') && out.html.includes('In progress') && out.html.includes('src="/uploads/a.png"'));
    },
  },
  {
    url: '/df/forged',
    data: { discussionError: '讨论链接无效' },
    check(out) {
      assert.equal(out.status, 404);
      assert.equal(titleOf(out.head), `此链接无效或已过期 - ${ESC_NAME}`);
      assert.ok(out.html.includes('data-testid="discussion-share-invalid"') && out.html.includes('讨论链接无效'));
    },
  },
  {
    url: '/nope',
    check(out) {
      assert.equal(out.status, 404);
      assert.equal(titleOf(out.head), `迷路了 - ${ESC_NAME}`);
      assert.equal(out.bundle, 'site', 'the 404 of someone without a token is hydrated by the site bundle');
      assert.ok(out.head.includes('<meta name="robots" content="noindex">'));
      assert.ok(out.html.includes('href="/map"'), 'no link back to /map');
    },
  },
  {
    url: '/nope/deeper?q=<script>',
    lang: 'en',
    check(out) {
      assert.equal(out.status, 404);
      assert.equal(titleOf(out.head), `lost - ${ESC_NAME}`);
      assert.ok(!out.head.includes('<script>'));
    },
  },
];

// 1. bare context, as QuickJS: load once, render everything (twice, alternating languages, to catch shared state).
const bare = createBareContext(null);
const loadMs = load(bare);
const rows = [];
for (const round of [1, 2]) {
  for (const c of cases) {
    const { out, ms } = render(bare, c);
    try {
      c.check(out);
    } catch (err) {
      console.error(`check-ssr: ${c.url} (${c.lang ?? 'zh'}${c.user ? ', signed in' : ''}) failed:\n${err.message}`);
      console.error(JSON.stringify(out, null, 2).slice(0, 2000));
      process.exit(1);
    }
    if (round === 1) rows.push({ url: c.url, lang: c.lang ?? 'zh', user: c.user ? 'yes' : '', status: out.status, title: titleOf(out.head) || `→ ${out.redirect}`, html: out.html.length, ms });
  }
}
assert.equal(vm.runInContext('__clockReads', bare), 0, 'the bundle read the clock other than through Date.now()');
assert.throws(() => vm.runInContext('__wheelendRender("not json")', bare), 'a bad input must throw');

// 2. with a host console and timers: rendering must not log or schedule anything.
const logs = [];
let timers = 0;
const spy = {
  console: Object.fromEntries(['log', 'info', 'warn', 'error', 'debug', 'trace'].map((level) => [level, (...args) => logs.push(`${level}: ${args.join(' ')}`)])),
  setTimeout: () => {
    timers++;
    return 0;
  },
};
const observed = createBareContext(spy);
load(observed);
for (const c of cases) render(observed, c);
assert.deepEqual(logs, [], 'the bundle logged during rendering');
assert.equal(timers, 0, 'the bundle scheduled timers during rendering');

console.log(`check-ssr: dist/ssr.js ${(Buffer.byteLength(code) / 1024).toFixed(1)} KiB, evaluated in a bare context in ${loadMs.toFixed(0)} ms`);
console.log(`  ${'status'.padEnd(7)}${'lang'.padEnd(5)}${'user'.padEnd(5)}${'html'.padStart(7)}${'ms'.padStart(6)}  url → title`);
for (const r of rows) {
  console.log(`  ${String(r.status).padEnd(7)}${r.lang.padEnd(5)}${r.user.padEnd(5)}${String(r.html).padStart(7)}${r.ms.toFixed(1).padStart(6)}  ${r.url} → ${r.title}`);
}
console.log(`check-ssr: ok (${cases.length * 2} renders, no host APIs, no clock reads, no logs, no timers)`);
