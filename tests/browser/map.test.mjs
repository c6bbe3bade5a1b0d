// The live map (issue 6): the signed-in fleet from watchList4, the filters changing the markers, vehicle and alarm
// frames over the websocket arriving live (and after a dropped connection, through resume), the vehicle panel with
// the wheel diagram, measuring, and the offline base layer (`?tiles=offline`: tests never touch tile servers).
// Positions and websocket frames come from a vehicle whose receiver reports through /tapi/device/report with its device
// key.
// Run: node --test tests/browser/map.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertQuiet, callApi, fittedVehicle, launchBrowser, newContext, newPage, postReport, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();

const api = (token, path, body) => callApi(server.url, token, path, body);

let adminToken;
/** A vehicle that reports (driving), beside the two that never did (offline). */
let reporting;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = (await api(null, '/base/login', { username: 'admin', password: server.password, type: 'system' })).token;
  await api(adminToken, '/web/car/updateCarInfo', { plate: `图A${stamp}1`, axleLayout: '2,4' });
  await api(adminToken, '/web/car/updateCarInfo', { plate: `图A${stamp}2`, axleLayout: '2,4' });
  const imei = String(860_000_000_000_000 + (Date.now() % 1_000_000) * 100 + 50);
  reporting = await fittedVehicle(server.url, adminToken, { plate: `图A${stamp}3`, imei, entId: 1014 });
  await postReport(server.url, reporting, { speed: 40 });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page) {
  await page.goto('/login');
  await waitHydrated(page);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(server.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/map');
  await page.goto('/map?tiles=offline');
  await waitHydrated(page);
  await page.locator('[data-map-status="ready"]').waitFor({ timeout: 20_000 });
}

const countText = (page) => page.getByTestId('vehicle-count').textContent();

test('signed in: the fleet comes from watchList4, on the offline base layer', async () => {
  const context = await newContext(browser, server.url);
  const tileRequests = [];
  context.on('request', (r) => {
    if (/tile\.openstreetmap\.org|autonavi\.com/.test(r.url())) tileRequests.push(r.url());
  });
  try {
    const page = await newPage(context);
    await signIn(page);
    const total = (await api(adminToken, '/web/car/watchList4', { data_volume: 1 })).deviceList.length;
    await page.waitForFunction((n) => document.querySelector('[data-testid="vehicle-count"]')?.textContent?.trim() === `${n} / ${n}`, total, { timeout: 10_000 });
    await page.getByTestId('vehicle-list').getByText(`图A${stamp}1`).waitFor();
    assert.equal(await page.getByTestId('fleet-map').getAttribute('data-tiles'), 'offline');
    await page.locator('[data-live="open"]').waitFor({ timeout: 10_000 });
    assert.equal(await page.getByText('演示数据').count(), 0, 'no sample label for a signed-in user');
    await assertQuiet(page, 'signed-in /map');
    assert.deepEqual(tileRequests, [], 'no tile server is asked for in offline mode');
  } finally {
    await context.close();
  }
});

test('filters change the markers, and the POI toggles are off until pressed', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page);
    const all = await countText(page);
    const filters = page.getByTestId('map-filters');
    await filters.getByRole('button', { name: /离线/ }).click();
    await page.waitForFunction((before) => document.querySelector('[data-testid="vehicle-count"]')?.textContent !== before, all);
    const states = await page.getByTestId('vehicle-list').locator('[data-state]').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    assert.ok(states.length > 0 && states.every((s) => s === 'offline'), states.join());
    await filters.getByRole('button', { name: /告警/ }).click();
    const alarmStates = await page.getByTestId('vehicle-list').locator('[data-state]').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    assert.ok(alarmStates.every((s) => s === 'alarm' || s === 'offline' || s === 'closed'), alarmStates.join());
    await filters.getByRole('button', { name: /全部/ }).click();
    assert.equal(await countText(page), all);
    const poi = page.getByTestId('poi-filters');
    assert.equal(await poi.getByRole('button', { name: '加油站' }).isDisabled(), false);
    assert.equal(await poi.getByRole('button', { name: '加油站' }).getAttribute('aria-pressed'), 'false');
    await page.getByTestId('route-legend').getByText('路线匹配异常').waitFor();
    await assertQuiet(page, 'filters');
  } finally {
    await context.close();
  }
});

/** How a vehicle changes: the reports its receiver sends to the server. */
function liveSource() {
  return {
    plate: reporting.plate,
    move: (lat, lon, speed) => postReport(server.url, reporting, { lat, lon, speed }),
    lowPressure: () => postReport(server.url, reporting, { pressure21: 5.1 }),
  };
}

test('a vehicle frame moves a marker and an alarm frame shows up live', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page);
    await page.locator('[data-live="open"]').waitFor({ timeout: 10_000 });
    const source = liveSource();
    const { plate } = source;
    await page.getByTestId('vehicle-list').getByRole('button', { name: new RegExp(plate) }).click();
    const panel = page.getByTestId('vehicle-panel');
    await panel.waitFor();
    await panel.getByTestId('wheel-diagram').waitFor();

    await source.move(30.123456, 120.654321, 55);
    await panel.getByText('120.654321, 30.123456').waitFor({ timeout: 5000 });
    await panel.getByText('55 km/h').waitFor();

    await source.lowPressure();
    const alarms = page.getByTestId('live-alarms');
    // 8.5 → 6.0 bar within the hour is also a slow leak: the vehicle has two alarms.
    await alarms.getByText(plate).first().waitFor({ timeout: 5000 });
    await alarms.getByText(/低压/).first().waitFor();
    await page.getByText(`${plate}：低压`, { exact: true }).waitFor();

    await assertQuiet(page, 'live frames');
  } finally {
    await context.close();
  }
});

test('measure a distance on the map; visitors keep the labelled sample fleet and see the POI toggles disabled', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await page.goto('/map?tiles=offline');
    await waitHydrated(page);
    await page.locator('[data-map-status="ready"]').waitFor({ timeout: 20_000 });
    await page.getByText('演示数据').waitFor();
    const poi = page.getByTestId('poi-filters');
    assert.equal(await poi.getByRole('button', { name: '加油站' }).isDisabled(), true);
    await poi.getByText('登录后可查看兴趣点。').waitFor();
    const map = page.getByTestId('fleet-map');
    const box = await map.boundingBox();
    await page.getByTestId('map-tools').getByRole('button', { name: '测距' }).click();
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await page.mouse.dblclick(box.x + box.width * 0.6, box.y + box.height * 0.6);
    const result = await page.getByTestId('measure-result').textContent();
    assert.match(result, /距离：[\d.]+ (m|km)/);
    await page.getByTestId('map-tools').getByRole('button', { name: '清除' }).click();
    assert.equal(await page.getByTestId('measure-result').count(), 0);
    await assertQuiet(page, 'measure');
  } finally {
    await context.close();
  }
});
