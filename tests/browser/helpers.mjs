// Shared browser-test plumbing: one Chromium per test file, pages that record console errors/warnings and page
// errors, and the hydration marker set by app/src/entry.client.tsx.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { chromium } from 'playwright-core';

import { repoRoot } from './server.mjs';

export const CHROMIUM = process.env.WHEELEND_CHROMIUM ?? '/usr/bin/chromium';
/** Debian's Chromium, headless, quiet: it fetches nothing of its own (no component updates, no first-run pages). */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

// 1×1 transparent PNG: OpenStreetMap tiles are answered locally, so tests neither need nor touch the network.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A context that speaks Chinese by default (Accept-Language zh-CN) and never leaves the machine. */
export async function newContext(browser, baseURL, options = {}) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 800 }, ...options });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    if (/tile\.openstreetmap\.org/.test(route.request().url())) {
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  return context;
}

/** A page whose console errors, console warnings and uncaught errors are kept in `page.problems`. */
export async function newPage(context) {
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      page.problems.push(`console.${msg.type()}: ${msg.text()} (${msg.location().url})`);
    }
  });
  // The first frames of the stack say where a rare error comes from when it shows up in CI.
  page.on('pageerror', (err) => {
    const where = (err.stack ?? '').split('\n').slice(1, 4).map((l) => l.trim()).join(' | ');
    page.problems.push(`pageerror: ${err.message}${where ? ` (${where})` : ''}`);
  });
  return page;
}

export async function waitHydrated(page) {
  await page.waitForFunction(() => window.__wheelendHydrated === true, null, { timeout: 20_000 });
}

/** Waits for the side menu the server sent (menu routes resolve against it); attached, as on a phone it is a drawer. */
export async function waitForMenu(page) {
  await page.getByTestId('side-menu').locator('[data-menu-source="server"]').waitFor({ state: 'attached', timeout: 20_000 });
}

/**
 * Signs in through the /login form (opened at `from`; `null` when the page already shows it), waits for `landing`
 * and hydration, then, with `menu` (the default), for the server's menu.
 */
export async function signIn(page, username, password, { from = '/login', landing = '**/map', menu = true } = {}) {
  if (from) await page.goto(from);
  await waitHydrated(page);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(landing);
  await waitHydrated(page);
  if (menu) await waitForMenu(page);
}

/** Opens a console path and waits for the server's menu. */
export async function openConsole(page, path) {
  await page.goto(path);
  await waitHydrated(page);
  await waitForMenu(page);
}

/**
 * Lets lazy chunks (OpenLayers, ECharts) load and run, then checks nothing complained. `expect404` names a document
 * that is meant to answer 404 (Chromium logs that as a failed resource).
 */
export async function assertQuiet(page, label, { expect404 } = {}) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const problems = page.problems.filter(
    (p) =>
      // Chromium's software GL (headless, --disable-gpu) notes a read-back whenever a WebGL canvas (the map's
      // vehicle layer) is composited; a driver performance note, not a page problem
      !/GL Driver Message \(OpenGL, Performance, .*\): GPU stall due to ReadPixels/.test(p) &&
      !(expect404 && p.startsWith('console.error: Failed to load resource: the server responded with a status of 404') && p.endsWith(`(${expect404})`)),
  );
  assert.deepEqual(problems, [], `${label}: console errors/warnings or page errors`);
}

/** The brand name the server rendered with (titles end with it). */
export function appNameOf(page) {
  return page.evaluate(() => JSON.parse(document.getElementById('__WHEELEND_STATE__').textContent).brand.appName);
}

export function expectedTitle(routeTitle, appName) {
  return !appName || routeTitle === appName ? routeTitle : `${routeTitle} - ${appName}`;
}

/** POST /api`path` on the server at `url`; asserts code 0 and answers `data`. */
export async function callApi(url, token, path, body) {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const json = await res.json();
  assert.equal(json.code, 0, `${path}: ${json.msg}`);
  return json.data;
}

/**
 * A vehicle (wheels 11, 12, 21–24) in enterprise `entId` with a receiver bound to it, registered through the API as
 * `token` (platform staff); answers {carId, plate, imei, key} (`key`: the device's x-device-key).
 */
export async function fittedVehicle(url, token, { plate, imei, entId }) {
  const { carId } = await callApi(url, token, '/web/car/updateCarInfo', { plate, kind: 0, axleLayout: '2,4', entId });
  const { deviceKey } = await callApi(url, token, '/web/device/imei', { imei, entId });
  await callApi(url, token, '/web/car/updateImei', { carId, imei });
  return { carId, plate, imei, key: deviceKey };
}

/** POST /tapi/device/report as the device, now: a position and tyres 11 (9.0 bar) and 21 (`pressure21`), 30 °C. */
export async function postReport(url, vehicle, { lat = 31.2304, lon = 121.4737, speed = 0, pressure21 = 8.5 } = {}) {
  await postReports(url, vehicle, [
    {
      ts: Date.now(),
      gps: { lat, lon, speed, direction: 90 },
      tyres: [
        { pos: 11, sensorId: 'a1', pressure: 9.0, temp: 30, battery: 80 },
        { pos: 21, sensorId: 'a2', pressure: pressure21, temp: 30, battery: 80 },
      ],
    },
  ]);
}

/** POST /tapi/device/report as the device with several reports at once (each `{ts, gps?, tyres?…}`, imei added). */
export async function postReports(url, vehicle, reports) {
  const res = await fetch(`${url}/tapi/device/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': vehicle.key },
    body: JSON.stringify(reports.length === 1 ? { imei: vehicle.imei, ...reports[0] } : reports.map((r) => ({ imei: vehicle.imei, ...r }))),
  });
  const json = await res.json();
  assert.equal(json.code, 0, `report: ${json.msg}`);
  assert.equal(json.data.accepted, reports.length);
}

/** Screenshots land here when WHEELEND_SCREENSHOTS names a directory (to look at them; not compared). */
const SHOTS = process.env.WHEELEND_SCREENSHOTS ? resolve(repoRoot, process.env.WHEELEND_SCREENSHOTS) : null;

/** A full-page screenshot named `name`, when WHEELEND_SCREENSHOTS asks for them. */
export async function shot(page, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: true });
}

/** The pages of `context` in `lang` from now on (the cookie the server renders with; the console keeps it in step). */
export async function useLanguage(context, url, lang) {
  await context.addCookies([{ name: 'lang', value: lang, url }]);
}

/** Signs `username` in through the API; answers the token. */
export async function apiLogin(url, username, password) {
  return (await callApi(url, null, '/base/login', { username, password, type: 'system' })).token;
}
