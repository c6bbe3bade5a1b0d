import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { bundleRenders, resolveRoute, canonicalPath } = await load('src/lib/routes.ts');
const { safeRedirect } = await load('src/features/auth/redirect.ts');
const { normalizeRenderInput, splitUrl, normalizeLang, displayName, isSignedIn } = await load('src/lib/state.ts');
const { composeTitle, absoluteUrl } = await load('src/lib/brand.ts');

test('routes: redirect, pages, 404', () => {
  assert.deepEqual(resolveRoute('/'), { kind: 'redirect', to: '/map' });
  for (const [path, metaId] of [['/map', 'map'], ['/solution', 'solution'], ['/about/', 'about'], ['/LOGIN', 'login']]) {
    const r = resolveRoute(path);
    assert.equal(r.kind, 'page', path);
    assert.equal(r.route.metaId, metaId, path);
    assert.equal(r.status, 200, path);
  }
  for (const path of ['/nope', '/404', '/map/extra', '/solutionx']) {
    const r = resolveRoute(path);
    assert.equal(r.status, 404, path);
    assert.equal(r.route.metaId, 'notFound', path);
  }
});

test('canonical paths and URL splitting', () => {
  assert.equal(canonicalPath('/about/'), '/about');
  assert.equal(canonicalPath('/'), '/');
  assert.deepEqual(splitUrl('/a/b?x=1#h'), { pathname: '/a/b', search: '?x=1' });
  assert.deepEqual(splitUrl('?x'), { pathname: '/', search: '?x' });
});

test('safeRedirect keeps same-origin paths only', () => {
  assert.equal(safeRedirect('/about?x=1'), '/about?x=1');
  assert.equal(safeRedirect(null), '/map');
  assert.equal(safeRedirect('https://evil.example'), '/map');
  assert.equal(safeRedirect('//evil.example/x'), '/map');
  assert.equal(safeRedirect('/\\evil.example'), '/map');
  assert.equal(safeRedirect('/login?redirect=/login'), '/map');
});

test('render input is normalised', () => {
  const input = normalizeRenderInput({ url: 'https://x/y', lang: 'en-US', brand: { appName: 'B' }, user: 'no', data: [] });
  assert.equal(input.url, '/');
  assert.equal(input.lang, 'en');
  assert.equal(input.brand.appName, 'B');
  assert.ok(input.brand.desc.length > 0, 'brand defaults fill the holes');
  assert.equal(input.user, null);
  assert.deepEqual(input.data, {});
  assert.equal(normalizeLang('fr'), 'zh');
  assert.equal(normalizeRenderInput(null).url, '/');
});

test('titles and names', () => {
  assert.equal(composeTitle('登录', 'Wheelend'), '登录 - Wheelend');
  assert.equal(composeTitle('Wheelend', 'Wheelend'), 'Wheelend');
  assert.equal(absoluteUrl('https://a.example', '/brand/x.svg'), 'https://a.example/brand/x.svg');
  assert.equal(absoluteUrl('https://a.example', 'https://cdn.example/x.svg'), 'https://cdn.example/x.svg');
  assert.equal(displayName({ userName: 'admin', nickName: ' 管理员 ' }), '管理员');
  assert.equal(displayName({ userName: 'admin' }), 'admin');
  assert.equal(displayName({ nickName: '访客01', visitor: true }), null);
  assert.equal(isSignedIn(null), false);
});

test('the site bundle renders its own pages; anything else opens as a new document', () => {
  for (const path of ['/solution', '/about/', '/login', '/mf/P1a2b3c', '/404', '/install']) assert.equal(bundleRenders('site', path), true, path);
  for (const path of ['/map', '/', '/g/register', '/qr-login', '/permissionSetting', '/superAdmin/user', '/nope']) assert.equal(bundleRenders('site', path), false, path);
  for (const path of ['/map', '/solution', '/superAdmin/user']) assert.equal(bundleRenders('console', path), true, path);
});
