// Route guard decisions (console-spec §2) and the menu route table built from the server's menu tree.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { load } from './load.mjs';

const { bundleFor, guard, redirectTarget, queryValue } = await load('src/features/auth/guard.ts');
const { buildMenuRoutes, matchMenuRoute, normalizeComponentKey, pathOfName, menuPathFor, sideMenuTree, isSeededMenuPath } = await load(
  'src/lib/console/menu-routes.ts',
);
const { OPEN_ROUTE_NAMES } = await load('src/lib/routes.ts');
const { visitTab, closeTab, tabKey } = await load('src/features/console/tabs.ts');
const { hasView } = await load('src/features/console/registry.ts');

/** A slice of docs/menu-tree.md as the server sends it. */
const MENUS = [
  { ID: 1, name: 'home', path: 'home', component: 'home/index', sort: 0, meta: { title: '首页', titleEn: 'Home', icon: 'home' }, btns: null, children: [] },
  {
    ID: 2,
    name: 'superAdmin',
    path: 'superAdmin',
    component: 'layout/routerHolder',
    sort: 9,
    meta: { title: '超级管理员', titleEn: 'Super admin' },
    children: [
      { ID: 4, name: 'user', path: 'user', component: 'superAdmin/user', sort: 2, keepAlive: true, meta: { title: '用户管理', titleEn: 'Users', keepAlive: true }, btns: { add: 888, edit: 888 } },
      { ID: 3, name: 'authority', path: 'authority', component: 'view/superAdmin/authority/authority.vue', sort: 1, meta: { title: '角色管理', titleEn: 'Roles' } },
      {
        ID: 5,
        name: 'userDetail',
        path: 'userDetail/:id',
        component: 'superAdmin/userDetail',
        sort: 3,
        hidden: true,
        closeTab: true,
        meta: { title: '用户详情', titleEn: 'User detail', activeName: 'user', closeTab: true, hidden: true },
      },
    ],
  },
  { ID: 6, name: 'person', path: 'person', component: 'person/profile', sort: 10, hidden: true, meta: { title: '个人信息', titleEn: 'Profile' } },
  { ID: 7, name: 'site', path: 'https://example.com', component: '', meta: { title: 'link' } },
];

describe('menu routes', () => {
  const routes = buildMenuRoutes(MENUS);

  test('paths are the parents’ segments joined; siblings follow sort; external links are skipped', () => {
    assert.deepEqual(
      routes.list.map((r) => r.path),
      ['/home', '/superAdmin', '/superAdmin/authority', '/superAdmin/user', '/superAdmin/userDetail/:id', '/person'],
    );
    assert.equal(routes.byName.get('superAdmin').isGroup, true);
    assert.equal(routes.byName.get('superAdmin').firstChildPath, '/superAdmin/authority');
    assert.equal(routes.byName.get('user').keepAlive, true);
    assert.equal(routes.byName.get('userDetail').closeTab, true);
    assert.equal(routes.byName.get('userDetail').activeName, 'user');
    assert.deepEqual(routes.byName.get('user').title, { zh: '用户管理', en: 'Users' });
    assert.deepEqual(routes.byName.get('user').btns, { add: 888, edit: 888 });
  });

  test('component keys are normalised to <group>/<view>', () => {
    assert.equal(normalizeComponentKey('view/superAdmin/authority/authority.vue'), 'superAdmin/authority');
    assert.equal(normalizeComponentKey('/superAdmin/user'), 'superAdmin/user');
    assert.equal(normalizeComponentKey('superAdmin/user.tsx'), 'superAdmin/user');
    assert.equal(normalizeComponentKey('home/index'), 'home/index');
    assert.equal(normalizeComponentKey(undefined), '');
    assert.equal(routes.byName.get('authority').component, 'superAdmin/authority');
  });

  test('matching: static before parameterised, case-insensitive, parameters extracted', () => {
    assert.equal(matchMenuRoute(routes, '/superAdmin/user').route.name, 'user');
    assert.equal(matchMenuRoute(routes, '/superadmin/USER/').route.name, 'user');
    const m = matchMenuRoute(routes, '/superAdmin/userDetail/42');
    assert.equal(m.route.name, 'userDetail');
    assert.deepEqual(m.params, { id: '42' });
    assert.equal(matchMenuRoute(routes, '/superAdmin/nope'), null);
  });

  test('named routes: unknown names go to the fallback (map); groups to their first child', () => {
    assert.equal(pathOfName(routes, 'user', '/map'), '/superAdmin/user');
    assert.equal(pathOfName(routes, 'superAdmin', '/map'), '/superAdmin/authority');
    assert.equal(pathOfName(routes, 'nope', '/map'), '/map');
    assert.equal(pathOfName(null, 'user', '/map'), '/map');
    assert.equal(menuPathFor(routes, 'userDetail', { id: 5 }), '/superAdmin/userDetail/5');
    assert.equal(menuPathFor(routes, 'userDetail'), null, 'a missing parameter');
    assert.equal(menuPathFor(routes, 'nope'), null);
  });

  test('the side menu leaves hidden entries out', () => {
    const tree = sideMenuTree(routes);
    assert.deepEqual(
      tree.map((n) => [n.route.name, n.children.map((c) => c.route.name)]),
      [
        ['home', []],
        ['superAdmin', ['authority', 'user']],
      ],
    );
  });

  test('the registry has a view for the built screens and none for the rest', () => {
    for (const key of ['superAdmin/user', 'superAdmin/userDetail', 'superAdmin/authority', 'superAdmin/menu', 'superAdmin/api', 'superAdmin/dictionary', 'superAdmin/dictionaryDetail', 'superAdmin/operation', 'superAdmin/file', 'person/profile']) {
      assert.ok(hasView(key), key);
    }
    for (const key of ['dataManage/vehicleManage', 'equipmentManage/receiver', 'colony/labelManage', 'colony/moduleManage', 'colony/problemType']) {
      assert.ok(hasView(key), key);
    }
    // the map components, layout pieces, icon gallery and error page (issue: ten menu keys given real views)
    for (const key of ['mapComponents/gaugeChart', 'mapComponents/measureTool', 'mapComponents/vehicleInfo', 'layout/aside', 'layout/language', 'layout/screenfull', 'layout/search', 'layout/vehiclePanel', 'superAdmin/icon', 'error/index']) {
      assert.ok(hasView(key), key);
    }
    // every menu screen has its view now; the pass-through parent has none
    assert.equal(hasView('layout/routerHolder'), false);
    assert.equal(hasView('SUPERADMIN/USER'), true, 'case-insensitive');
  });
});

describe('route guard', () => {
  const menus = buildMenuRoutes(MENUS);
  const g = (pathname, opts = {}) => guard({ pathname, search: '', hasToken: false, menus: null, ...opts });

  test('the open routes of console-spec §2, plus the phone side of the QR sign-in and the articles (privacy policy, terms)', () => {
    assert.deepEqual([...OPEN_ROUTE_NAMES].sort(), ['Login', 'about', 'article', 'cancellation', 'discussionsInfo', 'install', 'map', 'messageInfo', 'qrLogin', 'register', 'saloon', 'solution', 'truck'].sort());
  });

  test('without a token: open routes shown, with a visitor login everywhere but Login and the QR confirmation', () => {
    for (const p of ['/map', '/solution', '/about', '/install', '/cancellation', '/truck', '/saloon', '/article/privacy', '/df/12', '/mf/P12', '/g/register']) {
      const r = g(p);
      assert.equal(r.kind, 'fixed', p);
      assert.equal(r.visitorLogin, true, p);
    }
    const login = g('/login');
    assert.equal(login.kind, 'fixed');
    assert.equal(login.visitorLogin, false);
    const qr = g('/qr-login', { search: '?key=abc' });
    assert.equal(qr.kind, 'fixed');
    assert.equal(qr.visitorLogin, false, 'the phone signs in properly there');
  });

  test('with a token (or the visitor’s): /qr-login is shown, never redirected', () => {
    assert.equal(guard({ pathname: '/qr-login', search: '?key=abc', hasToken: true, menus: null }).kind, 'fixed');
    assert.equal(guard({ pathname: '/qr-login', search: '?key=abc', hasToken: true, visitor: true, menus: null }).kind, 'fixed');
  });

  test('without a token: every other known route goes to /map; unknown paths are 404', () => {
    for (const p of ['/permissionSetting', '/locus', '/dashboard', '/workspace/home', '/superAdmin/user', '/colony/memberManage', '/person']) {
      assert.deepEqual(g(p), { kind: 'redirect', to: '/map' }, p);
    }
    assert.deepEqual(g('/nope'), { kind: 'notFound' });
    assert.equal(isSeededMenuPath('/superAdmin/x'), true);
    assert.equal(isSeededMenuPath('/nope'), false);
  });

  test('/ goes to /map (keeping the query); /supertag and /workspace to /workspace/home', () => {
    assert.deepEqual(guard({ pathname: '/', search: '?from=ad', hasToken: false, menus: null }), { kind: 'redirect', to: '/map?from=ad' });
    assert.deepEqual(g('/supertag'), { kind: 'redirect', to: '/workspace/home' });
    assert.deepEqual(g('/workspace'), { kind: 'redirect', to: '/workspace/home' });
  });

  test('with a token: / and /login go to /map or the redirect query (a path or a route name)', () => {
    const t = (pathname, search, m = menus) => guard({ pathname, search, hasToken: true, menus: m });
    assert.deepEqual(t('/login', ''), { kind: 'redirect', to: '/map' });
    assert.deepEqual(t('/', ''), { kind: 'redirect', to: '/map' });
    assert.deepEqual(t('/login', '?redirect=%2FsuperAdmin%2Fuser'), { kind: 'redirect', to: '/superAdmin/user' });
    assert.deepEqual(t('/', '?redirect=/about'), { kind: 'redirect', to: '/about' });
    assert.deepEqual(t('/login', '?redirect=user'), { kind: 'redirect', to: '/superAdmin/user' });
    assert.deepEqual(t('/login', '?redirect=nothing'), { kind: 'redirect', to: '/map' }, 'an unknown route name goes to map');
    assert.deepEqual(t('/login', '?redirect=//evil.example'), { kind: 'redirect', to: '/map' });
    assert.equal(redirectTarget('?redirect=user', null), '/map', 'names need the menu');
  });

  test('with a token: a visitor may still open /login', () => {
    assert.equal(guard({ pathname: '/login', search: '', hasToken: true, visitor: true, menus: null }).kind, 'fixed');
  });

  test('with a token: menu routes wait for the menu, then show, send groups to their first child, or 404', () => {
    const t = (pathname, m) => guard({ pathname, search: '', hasToken: true, menus: m });
    assert.deepEqual(t('/superAdmin/user', null), { kind: 'pending' });
    const shown = t('/superAdmin/user', menus);
    assert.equal(shown.kind, 'menu');
    assert.equal(shown.match.route.name, 'user');
    assert.deepEqual(t('/superAdmin', menus), { kind: 'redirect', to: '/superAdmin/authority' });
    assert.deepEqual(t('/superAdmin/nope', menus), { kind: 'notFound' });
    assert.deepEqual(t('/nope', menus), { kind: 'notFound' });
    assert.equal(t('/permissionSetting', null).kind, 'fixed', 'fixed routes need no menu');
    assert.equal(t('/map', null).kind, 'fixed');
  });

  test('queryValue decodes without URLSearchParams', () => {
    assert.equal(queryValue('?a=1&redirect=%2Fx%3Fy%3D1', 'redirect'), '/x?y=1');
    assert.equal(queryValue('?a+b=c+d', 'a b'), 'c d');
    assert.equal(queryValue('', 'a'), null);
    assert.equal(queryValue('?a', 'a'), '');
  });
});

describe('history tabs', () => {
  const tab = (path, extra = {}) => ({ key: tabKey(path), path, name: path, title: null, metaId: null, closeTab: false, keepAlive: false, pinned: false, match: null, ...extra });
  const map = tab('/map', { pinned: true });

  test('visiting adds a tab once; pinned tabs stay first; a closeTab tab goes when left', () => {
    let tabs = visitTab([map], tab('/a'));
    tabs = visitTab(tabs, tab('/detail/1', { closeTab: true }));
    assert.deepEqual(tabs.map((t) => t.key), ['/map', '/a', '/detail/1']);
    tabs = visitTab(tabs, tab('/A/'));
    assert.deepEqual(tabs.map((t) => t.key), ['/map', '/a'], 'left the closeTab tab; /A/ is /a');
  });

  test('closing the current tab goes to its left neighbour; the map tab cannot be closed', () => {
    const tabs = [map, tab('/a'), tab('/b')];
    assert.deepEqual(closeTab(tabs, '/b', '/b').goTo, '/a');
    assert.equal(closeTab(tabs, '/a', '/b').goTo, null);
    assert.equal(closeTab(tabs, '/map', '/map').tabs.length, 3);
  });
});

test('the bundle that hydrates a decision: public pages the site, the console the rest', () => {
  const anonymous = (pathname) => bundleFor(guard({ pathname, search: '', hasToken: false, menus: null }));
  assert.equal(anonymous('/solution'), 'site');
  assert.equal(anonymous('/about'), 'site');
  assert.equal(anonymous('/login'), 'site');
  assert.equal(anonymous('/mf/Pabc123'), 'site');
  assert.equal(anonymous('/nope'), 'site', 'the 404 of someone without a token');
  assert.equal(anonymous('/map'), 'console');
  assert.equal(anonymous('/g/register'), 'console');
  assert.equal(bundleFor(guard({ pathname: '/superAdmin/user', search: '', hasToken: true, menus: null })), 'console', 'waiting for the menu');
  const menus = buildMenuRoutes(MENUS);
  assert.equal(bundleFor(guard({ pathname: '/superAdmin/user', search: '', hasToken: true, menus })), 'console');
});
