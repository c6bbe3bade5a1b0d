// Every menu view opens something real (issue 19): the menu tree the server gives the super admin is walked on a
// 390 px phone, and an enterprise admin's tree at 1280 px. Every routed entry is visited (hidden ones included; the
// `:id` routes with ids of data seeded here), client-side in one page, and must show no "not available" notice, no
// error state, no console error or page error, some content (text beyond the title, or a table/form/chart), and on
// the phone no horizontal overflow of the page (a table scrolling inside its own box is fine).
// Run from the repo root: node --test tests/browser/menu-walk.test.mjs (WHEELEND_BIN=… for another build;
// WHEELEND_WALK_ONLY=/superAdmin walks only the routes under a prefix; WHEELEND_SCREENSHOTS=dir keeps a picture of
// every view, to review them by eye).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { apiLogin, callApi, fittedVehicle, launchBrowser, newContext, newPage, openConsole, postReports, shot, signIn } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

const FLEET = 1014;
const ROLE_ENTERPRISE_ADMIN = 100;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const entAdmin = { userName: `walk${stamp}`.toLowerCase(), password: 'Walk!pass1', nickName: `巡检${stamp}` };

/** Menu name → the id its `:id` segment takes (and the query it needs), filled in by `before`. */
const ids = {};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const root = await apiLogin(server.url, 'admin', server.password);
  const { user } = await callApi(server.url, root, '/user/admin_register', {
    userName: entAdmin.userName,
    passWord: entAdmin.password,
    nickName: entAdmin.nickName,
    authorityId: ROLE_ENTERPRISE_ADMIN,
    enterpriseId: FLEET,
    phone: `136${String(Date.now() % 1e6).padStart(6, '0')}19`,
    enable: 1,
  });
  const adminToken = await apiLogin(server.url, entAdmin.userName, entAdmin.password);
  const fleet = (path, body) => callApi(server.url, adminToken, path, body);

  // a vehicle with a receiver that reported a short drive: track and trip views have something to show
  const imei = String(864_000_000_000_000 + (Date.now() % 1_000_000) * 100);
  const vehicle = await fittedVehicle(server.url, root, { plate: `巡${stamp}`, imei, entId: FLEET });
  const t0 = Date.now() - 10 * 60_000;
  await postReports(
    server.url,
    vehicle,
    Array.from({ length: 5 }, (_, i) => ({
      ts: t0 + i * 60_000,
      gps: { lat: 31.23 + i * 0.002, lon: 121.47 + i * 0.002, speed: 40, direction: 45 },
      tyres: [{ pos: 11, sensorId: `w${stamp}1`, pressure: 9.0, temp: 30, battery: 80 }],
    })),
  );
  const start = new Date(t0 - 60_000).toISOString();
  const end = new Date().toISOString();

  const order = await fleet('/work/save', { typeId: -1, title: `巡检工单${stamp}`, vehicles: [{ vehicleId: vehicle.carId }] });
  const brands = await callApi(server.url, root, '/web/tyre/inUpTyreBrands', { name: `巡检胎${stamp}` });
  const brand = brands.find((b) => b.name === `巡检胎${stamp}`);
  const model = await callApi(server.url, root, '/web/tyre/inUpTyre', { brandId: brand.id, model: `W${stamp}`, spec: '295/80R22.5', grain: 'XZE' });
  const tyreItem = await fleet('/web/service/saveItem', { kind: 3, tyreId: model.id, code: `TW${stamp}`, unit: '条', price: 2200 });
  const warehouse = await fleet('/web/drp/saveWarehouse', { name: `巡检库${stamp}` });
  await fleet('/web/drp/saveMove', { kind: 'receipt', warehouseId: warehouse.id, lines: [{ itemId: tyreItem.id, quantity: 1, unitCost: 2000, tyres: [{ serial: `S${stamp}` }] }] });
  const tyre = (await fleet('/web/drp/tyre/list', { page: 1, pageSize: 5, keyword: `S${stamp}` })).list[0];
  const service = (await fleet('/web/service/car_service', { vehicleId: vehicle.carId, create: { item: `刹车片${stamp}`, content: '更换', cost: 300 } })).list[0];
  const dictionary = await callApi(server.url, root, '/sysDictionary/createSysDictionary', { name: `巡检字典${stamp}`, type: `walk${stamp}` });
  const field = await fleet('/tag/field/save', { name: `巡检字段${stamp}`, type: 'text' });
  const cluster = (await callApi(server.url, root, '/web/cluster/list', { page: 1, pageSize: 1 })).list[0];

  Object.assign(ids, {
    maintenanceDetail: { id: service.id },
    stockDetail: { id: tyreItem.id },
    tyreLife: { id: tyre.id },
    workOrderDetail: { id: order.id },
    userDetail: { id: user.ID },
    dictionaryDetail: { id: dictionary.ID },
    sysDictionaryDetail: { id: dictionary.ID },
    clusterDetail: { id: cluster.ID },
    enterpriseDetail: { id: FLEET },
    enterpriseSettings: { id: FLEET },
    fieldEdit: { id: field.id },
    locusView: { id: vehicle.carId, query: { start, end } },
    tripView: { id: vehicle.carId, query: { vehicleId: vehicle.carId, plate: vehicle.plate, start, end } },
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PASS_THROUGH = new Set(['layout/routerHolder', 'routerHolder']);

/** The routed entries of a menu tree, depth first: {name, path (the parents' segments joined), component}. */
function routesOf(menus, parent = '') {
  return menus.flatMap((m) => {
    const path = `${parent}/${m.path.replace(/^\/+/, '')}`;
    const children = m.children ?? [];
    const own = PASS_THROUGH.has(m.component) && children.length > 0 ? [] : [{ name: m.name, path, component: m.component }];
    return [...own, ...routesOf(children, path)];
  });
}

/** The URL a route is visited at (`seeds`: menu name → id and query), or why it is not. */
function urlOf(route, seeds) {
  if (!route.path.includes(':id')) return { url: route.path };
  const seed = seeds[route.name];
  if (!seed) return { skip: 'no seeded id for its :id segment' };
  const query = seed.query ? `?${new URLSearchParams(seed.query).toString()}` : '';
  return { url: `${route.path.replace(':id', String(seed.id))}${query}` };
}

/**
 * Counts the page's requests in flight: `networkQuiet()` waits until none has been open for 200 ms (at most 15 s;
 * a view still loading then is reported by the loading check), as a client-side navigation has no load event.
 */
function trackRequests(page) {
  const inFlight = new Set();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return async function networkQuiet(timeout = 15_000) {
    const deadline = Date.now() + timeout;
    let quietSince = inFlight.size === 0 ? Date.now() : null;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      if (inFlight.size > 0) quietSince = null;
      else quietSince ??= Date.now();
      if (quietSince !== null && Date.now() - quietSince >= 200) return;
    }
  };
}

/** Client-side navigation (the router listens to popstate), keeping the router's history index for /reload. */
function navigate(page, url) {
  return page.evaluate((to) => {
    const idx = (window.history.state?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

/** What the open view shows: the checks' raw facts, measured in the page. */
function inspect(page) {
  return page.evaluate(() => {
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const main = document.getElementById('main');
    const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(visible);
    const regions = [main, ...dialogs].filter(Boolean);
    const any = (selector) => regions.some((r) => [...r.querySelectorAll(selector)].some(visible));
    const heading = main?.querySelector('h2')?.innerText ?? '';
    const text = regions.map((r) => r.innerText).join('\n').replace(heading, '').trim();
    const width = window.innerWidth;
    /** The innermost elements sticking out of `box` (their box, or their text: a long word), for the message. */
    const sticking = (box) => {
      const right = box.getBoundingClientRect().right + 1;
      const out = [];
      const sticksOut = (el) => {
        // not `visible`: an invisible element still widens its scrolling box
        if (el.getClientRects().length === 0) return false;
        const rect = el.getBoundingClientRect();
        return Math.max(rect.right, rect.left + el.scrollWidth) > right;
      };
      const walk = (el) => {
        // a `display: contents` wrapper has no box of its own: its children stand in its place
        const children = [...el.children].flatMap((c) => (getComputedStyle(c).display === 'contents' ? [...c.children] : [c]));
        const culprits = children.filter((c) => sticksOut(c) && !['auto', 'scroll'].includes(getComputedStyle(c).overflowX));
        if (culprits.length === 0 && el !== box) {
          out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 5).join('.')} "${el.innerText.slice(0, 40).replace(/\s+/g, ' ')}"`);
        }
        for (const c of culprits) if (out.length < 3) walk(c);
      };
      walk(box);
      return out;
    };
    const overflow = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > width + 1) overflow.push(`document ${doc.scrollWidth}px`);
    for (const [label, box] of [['header', document.querySelector('header')], ['main', main], ...dialogs.map((d) => ['dialog', d])]) {
      if (!box) continue;
      const rect = box.getBoundingClientRect();
      if (box.scrollWidth > box.clientWidth + 1 || rect.right > width + 1) {
        overflow.push(`${label} ${box.scrollWidth}px in ${box.clientWidth}px: ${sticking(box).join('; ')}`);
      }
    }
    // controls past the screen's edge that no scrolling box brings back (clipped, not scrollable): out of reach
    const scrollsSideways = (el, region) => {
      for (let a = el.parentElement; a && a !== region.parentElement; a = a.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX) && a.scrollWidth > a.clientWidth) return true;
      }
      return false;
    };
    for (const region of [document.querySelector('header'), ...regions].filter(Boolean)) {
      for (const el of region.querySelectorAll('button, a[href], input, select, textarea, [role="tab"], [role="radio"]')) {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 2 || !visible(el) || (rect.left >= -1 && rect.right <= width + 1) || scrollsSideways(el, region)) continue;
        overflow.push(`${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute('aria-label') || el.getAttribute('name') || '').slice(0, 30)}" cut off at ${Math.round(rect.left)}…${Math.round(rect.right)} px`);
        if (overflow.length >= 5) break;
      }
    }
    return {
      unavailable: document.querySelector('[data-testid="module-unavailable"]') !== null,
      errorState: any('[data-testid="error-state"]'),
      loading: any('.animate-pulse, [data-testid="loading-state"], [data-testid="console-pending"]'),
      content: text.length > 0 || any('table, form, canvas, svg, input, select, textarea, [data-map-status]'),
      overflow,
    };
  });
}

/**
 * Visits each route of the signed-in user's menu in `page` and answers what failed (`[path, why…]`) and what was
 * skipped. `phone`: the overflow check as well.
 */
async function walk(page, { phone }) {
  const networkQuiet = trackRequests(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const { menus } = await callApi(server.url, token, '/sysAuthorityMenusEnterprise/getMenu', {});
  // WHEELEND_WALK_ONLY=/superAdmin walks only the routes under that prefix (to look at a few views again)
  const routes = routesOf(menus).filter((r) => r.path.startsWith(process.env.WHEELEND_WALK_ONLY ?? '/'));
  assert.ok(routes.length > (process.env.WHEELEND_WALK_ONLY ? 0 : 10), `a menu tree (${routes.length} routes)`);
  // a member's permissions are those of a member of the acting enterprise: the walker's own
  const members = await callApi(server.url, token, '/web/ent/userList', { page: 1, pageSize: 1 });
  const seeds = { ...ids, permissionSetting: { id: members.list[0].ID } };
  const failures = [];
  const skipped = [];
  const timings = [];
  let visited = 0;
  let previous = null;
  // /reload goes back where it came from: visited last, after a view it must return to
  const ordered = [...routes.filter((r) => r.component !== 'reload/index'), ...routes.filter((r) => r.component === 'reload/index')];
  for (const route of ordered) {
    const target = urlOf(route, seeds);
    if (target.skip) {
      skipped.push(`${route.path}: ${target.skip}`);
      continue;
    }
    const from = page.problems.length;
    const began = Date.now();
    await navigate(page, target.url);
    const expected = route.component === 'reload/index' ? previous : target.url.split('?')[0];
    try {
      await page.waitForFunction((p) => window.location.pathname === p, expected, { timeout: 10_000 });
    } catch {
      failures.push([target.url, `the URL did not settle on ${expected} (at ${new URL(page.url()).pathname})`]);
      continue;
    }
    await networkQuiet();
    let facts = await inspect(page);
    for (let i = 0; facts.loading && i < 40; i += 1) {
      await page.waitForTimeout(250);
      facts = await inspect(page);
    }
    const why = [];
    if (facts.unavailable) why.push('"not available" notice');
    if (facts.errorState) why.push('error state');
    if (facts.loading) why.push('still loading after 10 s');
    if (!facts.content) why.push('blank: no text, table, form or chart');
    if (phone && facts.overflow.length > 0) why.push(`horizontal overflow: ${facts.overflow.join(' | ')}`);
    const problems = page.problems.slice(from).filter((p) => !/GPU stall due to ReadPixels/.test(p));
    if (problems.length > 0) why.push(...problems);
    if (why.length > 0) failures.push([target.url, ...why]);
    timings.push([Date.now() - began, route.path]);
    await shot(page, `menu-walk-${phone ? 'phone' : 'desktop'}-${route.name}`);
    visited += 1;
    previous = target.url.split('?')[0];
  }
  return { failures, skipped, visited, total: routes.length, slowest: timings.sort((a, b) => b[0] - a[0]).slice(0, 8) };
}

function report(t, { failures, skipped, visited, total, slowest }) {
  t.diagnostic(`${visited} of ${total} routes visited; slowest: ${slowest.map(([ms, path]) => `${path} ${ms} ms`).join(', ')}`);
  for (const s of skipped) t.diagnostic(`skipped ${s}`);
  assert.deepEqual(failures, [], `${failures.length} views failed:\n${failures.map((f) => f.join('\n    ')).join('\n')}`);
}

// the two walks run side by side (own contexts, own problem lists): the file stays within about two minutes
describe('every menu view opens something real', { concurrency: 2 }, () => {
  test('the super admin: every view of the whole menu tree opens with content on a 390 px phone', async (t) => {
    const context = await newContext(browser, server.url, PHONE);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      await openConsole(page, '/home');
      report(t, await walk(page, { phone: true }));
    } finally {
      await context.close();
    }
  });

  test('an enterprise admin: every view of their menu opens with content at 1280 px', async (t) => {
    const context = await newContext(browser, server.url, DESKTOP);
    try {
      const page = await newPage(context);
      await signIn(page, entAdmin.userName, entAdmin.password);
      await openConsole(page, '/home');
      report(t, await walk(page, { phone: false }));
    } finally {
      await context.close();
    }
  });
});
