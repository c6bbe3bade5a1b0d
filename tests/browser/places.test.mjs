// Points of interest, routes and the live map's POI layer (issue 16), in Chinese and English: a POI added by clicking
// the map in the add dialog is found by name (and after a reload), and on /map once its filter is on (its card opens
// from its icon); a route drawn on the map gets a vehicle assigned and is listed with it; a polygon that crosses
// itself is refused and the dialog shows the server's own words; a route's nodes renamed, made a stop and reordered;
// the track map with the route and places of its view; fragments rebuilt, the run followed until it has finished and
// then no more asked for, and the run in the generation log; the list's "near a point" picked on the map (Escape
// cancels, the point is marked, typed values still work); a vehicle reporting off its route shows red with its distance
// in the route list, a route without vehicles grey, one reporting on the line blue, one stopped on it where no stop is
// planned orange; the OSM editor renames a seeded place through its name tag and saves a new area drawn on its map
// (the attributes below the map on a phone). Real server, real browser.
// Run from the repo root: node --test --test-concurrency=1 tests/browser/places.test.mjs (WHEELEND_BIN=… for another build).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, callApi, fittedVehicle, launchBrowser, newContext, newPage, openConsole, postReport, shot, signIn, useLanguage } from './helpers.mjs';
import { repoRoot, startServer } from './server.mjs';

let server;
let browser;
let root;
let vehicle;

const FLEET = 1014;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const words = (lang, ns) => JSON.parse(readFileSync(resolve(repoRoot, `app/src/locales/${lang}/${ns}.json`), 'utf8'));
/** ROUTE_STATE_COLORS as the console has them (`offRoute: '#E5484D'`…), as CSS computes them (`rgb(229, 72, 77)`). */
const ROUTE_COLORS = Object.fromEntries(
  [...readFileSync(resolve(repoRoot, 'app/src/components/map/route-states.ts'), 'utf8').matchAll(/(\w+): '#([0-9a-f]{6})'/gi)].map(([, state, hex]) => [
    state,
    `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`,
  ]),
);

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  root = await apiLogin(server.url, 'admin', server.password);
  const imei = String(862_000_000_000_000 + (Date.now() % 1_000_000) * 100 + 3);
  vehicle = await fittedVehicle(server.url, root, { plate: `沪R${stamp}`, imei, entId: FLEET });
  await postReport(server.url, vehicle);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in admin's page in `lang`. */
async function adminPage(lang) {
  const context = await newContext(browser, server.url);
  const page = await newPage(context);
  await signIn(page, 'admin', server.password);
  await useLanguage(context, server.url, lang);
  return page;
}

/** A point `dx`, `dy` pixels from the centre of `locator`'s box. */
async function near(locator, dx = 0, dy = 0) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
}

async function mapReady(locator) {
  await locator.and(locator.page().locator('[data-map-status="ready"]')).waitFor({ timeout: 20_000 });
  // OpenLayers sizes itself on its first frame
  await locator.page().waitForTimeout(400);
}

/** Opens the POI dialog, names the place and picks its type. */
async function startPoi(page, w, name, type) {
  await page.getByRole('button', { name: w.places.poi.add }).click();
  const dialog = page.getByTestId('poi-form');
  await dialog.getByLabel(w.places.field.name).fill(name);
  await dialog.getByLabel(w.places.field.type).selectOption({ label: w.places.type[type] });
  const map = dialog.getByTestId('poi-draw-map');
  await mapReady(map);
  return { dialog, map };
}

/** The table's rows after a search by name. */
async function searchByName(page, w, name) {
  await page.getByRole('search').getByLabel(w.places.field.name, { exact: true }).fill(name);
  await page.getByRole('search').getByRole('button', { name: w.crud.search }).click();
  return page.getByTestId('pois-table');
}

const mercY = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/**
 * How many pixels of the map under `locator` are the drawing maps' marker orange (the draft's #f97316). Read from a
 * copy made for reading, so the map's own canvases are not read back (Chromium warns when one is, repeatedly).
 */
function markerPixels(locator) {
  return locator.evaluate((el) => {
    let n = 0;
    for (const canvas of el.querySelectorAll('canvas')) {
      if (canvas.width === 0 || canvas.height === 0) continue;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(canvas, 0, 0);
      const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] > 200 && data[i] > 235 && data[i + 1] > 95 && data[i + 1] < 135 && data[i + 2] < 50) n += 1;
      }
    }
    return n;
  });
}

/** Waits until `check()` holds (asked every 200 ms for up to 5 s). */
async function until(check, what) {
  for (let i = 0; i < 25; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(what);
}

/**
 * On the fragment generator: rebuilds yesterday's fragments of every vehicle and waits until the run shown has
 * finished (the list asks the log again while it runs); then the log is asked no more.
 */
async function rebuildAndFollow(page, w) {
  const polls = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/xtrack/reBuildFragment?') && r.url().includes('runs=true')) polls.push(r.url());
  });
  const started = page.waitForResponse((r) => r.url().includes('/api/xtrack/reBuildFragment') && !r.url().includes('runs=true'));
  await page.getByRole('button', { name: w.places.generator.run }).click();
  const run = await (await started).json();
  assert.equal(run.code, 0, run.msg);
  const row = page.getByTestId('generator-runs').getByRole('row').nth(1);
  const state = row.getByTestId('run-state');
  await state.and(page.locator('[data-state]:not([data-state="1"])')).waitFor({ timeout: 60_000 });
  assert.equal(await state.getAttribute('data-state'), '2', `finished as ${await state.textContent()}`);
  await state.getByText(w.places.runs.stateOf.done, { exact: true }).waitFor();
  assert.ok(polls.length >= 1, 'the log was asked for the run');
  // done/total vehicle-days, all of them built
  const built = (await row.getByRole('cell').nth(4).textContent()).split(' / ');
  assert.equal(built[0], built[1], `built: ${built.join(' / ')}`);
  const asked = polls.length;
  await page.waitForTimeout(4500);
  assert.equal(polls.length, asked, 'no more polling once every run shown has finished');
  return run.data;
}

/** The route-matching verdict of `carId` on `routeId`, once it is `state` (the writer judges a report as it stores it). */
async function verdictOf(routeId, carId, state) {
  let verdict = null;
  for (let i = 0; i < 50 && verdict?.state !== state; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 200));
    const { list } = await callApi(server.url, root, '/route/list', { id: routeId, page: 1, pageSize: 1 });
    verdict = list[0].vehicles.find((v) => v.id === carId)?.matched ?? null;
  }
  assert.equal(verdict?.state, state, `verdict: ${JSON.stringify(verdict)}`);
  return verdict;
}

for (const lang of ['zh', 'en']) {
  const w = { places: words(lang, 'places'), crud: words(lang, 'crud'), enterprise: words(lang, 'enterprise') };

  test(`${lang}: a POI added by clicking the map is found by name, after a reload, and on the live map with its filter on`, async () => {
    const page = await adminPage(lang);
    // a type of its own per language: the other language's place, at the same spot, stays off the map
    const [type, code] = lang === 'zh' ? ['gasStation', 1] : ['repairShop', 4];
    const name = `${lang}-${w.places.type[type]}-${stamp}`;
    try {
      await openConsole(page, '/locusModule/poi');
      await mapReady(page.getByTestId('poi-map'));

      // saving before anything is drawn is refused by the form itself
      const { dialog, map } = await startPoi(page, w, name, type);
      await dialog.getByRole('button', { name: w.crud.save }).click();
      await dialog.getByText(w.places.draw.missing).waitFor();

      const at = await near(map);
      await page.mouse.click(at.x, at.y);
      await dialog.getByTestId('poi-drawn').waitFor();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/poi/add'));
      await dialog.getByRole('button', { name: w.crud.save }).click();
      const answer = await (await saved).json();
      assert.equal(answer.code, 0, `poi/add: ${answer.msg}`);
      await dialog.waitFor({ state: 'detached' });

      let table = await searchByName(page, w, name);
      const row = table.getByRole('row').filter({ hasText: name });
      await row.waitFor({ timeout: 10_000 });
      await row.getByText(w.places.type[type], { exact: true }).waitFor();
      await page.reload();
      await page.getByTestId('pois-table').getByRole('row').filter({ hasText: name }).waitFor({ timeout: 10_000 });
      table = await searchByName(page, w, `${name}-nothing`);
      await table.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });
      await shot(page, `places-poi-${lang}`);
      await assertQuiet(page, `POI list (${lang})`);

      // the live map: off until its filter is pressed, then the viewport's POIs are drawn
      await page.goto('/map?tiles=offline');
      const fleetMap = page.getByTestId('fleet-map');
      await mapReady(fleetMap);
      const filter = page.getByTestId('poi-filters').getByRole('button', { name: w.places.type[type] });
      assert.equal(await filter.getAttribute('aria-pressed'), 'false');
      let asked = page.waitForRequest((r) => r.url().endsWith('/api/poi/searchMap'));
      await filter.click();
      // zoomed out, step by step, until the view holds the place (drawn at the drawing map's starting view)
      let box;
      for (let step = 0; ; step += 1) {
        const request = await asked;
        box = JSON.parse(request.postData());
        assert.deepEqual(box.poiType, [code]);
        const found = (await (await request.response()).json()).data;
        if (found.total > 0) break;
        assert.ok(step < 10, 'the place shows once the view is wide enough');
        asked = page.waitForRequest((r) => r.url().endsWith('/api/poi/searchMap'));
        await page.locator('.ol-zoom-out').click();
      }
      await page.getByTestId('poi-layer-count').filter({ hasText: /^[1-9]\d*$/ }).waitFor({ timeout: 10_000 });
      await page.getByTestId('poi-legend').getByText(w.places.type[type], { exact: true }).waitFor();

      // where the viewport's box puts its icon; dragged to the middle of the map, clear of the controls over the map
      const place = await (await fetch(`${server.url}/api/poi/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': root },
        body: JSON.stringify({ poiName: name, page: 1, pageSize: 1 }),
      })).json();
      const poi = place.data.list[0];
      const frame = await fleetMap.boundingBox();
      const x = frame.x + ((poi.lon - box.minLon) / (box.maxLon - box.minLon)) * frame.width;
      const y = frame.y + ((mercY(box.maxLat) - mercY(poi.lat)) / (mercY(box.maxLat) - mercY(box.minLat))) * frame.height;
      const middle = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
      await page.mouse.move(middle.x, middle.y);
      await page.mouse.down();
      await page.mouse.move(middle.x + (middle.x - x), middle.y + (middle.y - y), { steps: 20 });
      await page.waitForTimeout(300); // still: no kinetic glide after the release
      await page.mouse.up();
      await page.waitForTimeout(500);
      await page.mouse.click(middle.x, middle.y);
      const card = page.getByTestId('poi-card');
      await card.getByText(name).waitFor({ timeout: 5000 });
      await card.getByText(w.places.type[type], { exact: true }).waitFor();
      await shot(page, `places-live-map-${lang}`);
      await assertQuiet(page, `live map POIs (${lang})`);

      // remembered: on again after a reload
      await page.reload();
      await mapReady(page.getByTestId('fleet-map'));
      assert.equal(await page.getByTestId('poi-filters').getByRole('button', { name: w.places.type[type] }).getAttribute('aria-pressed'), 'true');
    } finally {
      await page.context().close();
    }
  });

  test(`${lang}: a route drawn on the map gets a vehicle and is listed with it`, async () => {
    const page = await adminPage(lang);
    const name = `${lang}-线路-${stamp}`;
    try {
      await openConsole(page, '/locusModule/routeList');
      await page.getByRole('button', { name: w.places.route.add }).click();
      const dialog = page.getByTestId('route-form');
      await dialog.getByLabel(w.places.field.name).fill(name);
      // the fleet's route (platform staff say whose): its vehicles are the fleet's
      await dialog.getByRole('searchbox', { name: w.enterprise.picker.search }).fill(String(FLEET));
      await dialog.getByLabel(w.places.field.enterprise, { exact: true }).selectOption(String(FLEET));
      const map = dialog.getByTestId('route-draw-map');
      await mapReady(map);
      const a = await near(map, -120, 40);
      const b = await near(map, 0, -30);
      const c = await near(map, 120, 20);
      await page.mouse.click(a.x, a.y);
      await page.waitForTimeout(250);
      await page.mouse.click(b.x, b.y);
      await page.waitForTimeout(250);
      await page.mouse.dblclick(c.x, c.y);
      await dialog.getByTestId('route-node-count').filter({ hasText: /^3\D/ }).waitFor({ timeout: 5000 });
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/route/add'));
      await dialog.getByRole('button', { name: w.crud.save }).click();
      const answer = await (await saved).json();
      assert.equal(answer.code, 0, `route/add: ${answer.msg}`);
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByTestId('routes-table').getByRole('row').filter({ hasText: name });
      await row.waitFor({ timeout: 10_000 });
      await row.getByText(w.places.route.noVehicles).waitFor();
      await row.getByRole('button', { name: w.places.route.assign }).click();
      const pick = page.getByTestId('route-vehicles');
      await pick.getByRole('searchbox').fill(vehicle.plate);
      await pick.getByRole('button', { name: w.crud.assign.search }).click();
      await pick.getByLabel(vehicle.plate).check();
      const assigned = page.waitForResponse((r) => r.url().endsWith('/api/route/carAddLine'));
      await pick.getByRole('button', { name: w.crud.save }).click();
      const assignAnswer = await (await assigned).json();
      assert.equal(assignAnswer.code, 0, `route/carAddLine: ${assignAnswer.msg}`);
      await pick.waitFor({ state: 'detached' });
      await row.getByText(vehicle.plate).waitFor({ timeout: 10_000 });
      await page.reload();
      await page.getByTestId('routes-table').getByRole('row').filter({ hasText: name }).getByText(vehicle.plate).waitFor({ timeout: 10_000 });
      await shot(page, `places-routes-${lang}`);

      // nodes made from an uploaded CSV track: a row that is not a position is skipped and said so
      await page.getByRole('button', { name: w.places.route.add }).click();
      const again = page.getByTestId('route-form');
      await again.getByTestId('route-file').setInputFiles({
        name: 'track.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('lon,lat\n121.40,31.20\n121.45,31.26\n121.52,31.21\nfar,away\n121.60,31.24\n'),
      });
      await again.getByTestId('route-node-count').filter({ hasText: /^[2-9]\D/ }).waitFor({ timeout: 10_000 });
      const skipped = w.places.sources.rowErrors.split('}}')[1].split('{{')[0];
      await again.getByTestId('node-sources').getByRole('status').filter({ hasText: skipped }).waitFor();
      await again.getByRole('button', { name: w.crud.cancel }).click();
      await assertQuiet(page, `route list (${lang})`);
    } finally {
      await page.context().close();
    }
  });

  test(`${lang}: a polygon that crosses itself is refused in the server's words`, async () => {
    const page = await adminPage(lang);
    const name = `${lang}-围栏-${stamp}`;
    try {
      await openConsole(page, '/locusModule/poi');
      const { dialog, map } = await startPoi(page, w, name, 'geoFence');
      await dialog.getByTestId('poi-shape-polygon').click();
      await dialog.getByText(w.places.draw.polygon).waitFor();
      // a bow tie: its second and fourth sides cross
      const corners = [await near(map, -60, -60), await near(map, 60, 60), await near(map, 60, -60), await near(map, -60, 60)];
      for (const p of [...corners, corners[0]]) {
        await page.mouse.click(p.x, p.y);
        await page.waitForTimeout(250);
      }
      await dialog.getByTestId('poi-drawn').filter({ hasText: /4/ }).waitFor({ timeout: 5000 });
      await dialog.getByLabel(w.places.field.fence).selectOption({ label: w.places.fence['1'] });
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/poi/add'));
      await dialog.getByRole('button', { name: w.crud.save }).click();
      const answer = await (await refused).json();
      assert.notEqual(answer.code, 0, 'a self-crossing polygon is refused');
      assert.ok(answer.msg, 'the refusal says why');
      // said by the toast, and under the map it was drawn on
      await page.getByTestId('toasts-error').getByText(answer.msg, { exact: true }).waitFor({ timeout: 5000 });
      await dialog.getByText(answer.msg, { exact: true }).waitFor();
      assert.ok(await dialog.isVisible(), 'the dialog stays open');
      await shot(page, `places-refused-${lang}`);
      await dialog.getByRole('button', { name: w.crud.cancel }).click();
      const table = await searchByName(page, w, name);
      await table.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });
    } finally {
      await page.context().close();
    }
  });

  test(`${lang}: the OSM editor renames a seeded place through its name tag and saves a new area drawn on its map`, async () => {
    const page = await adminPage(lang);
    const seeded = `${lang}-osm-${stamp}`;
    const renamed = `${seeded}-renamed`;
    const area = `${lang}-osm-area-${stamp}`;
    // in the editor's first view (it opens on 116.4, 39.9)
    const { id } = await callApi(server.url, root, '/poi/add', { entId: FLEET, name: seeded, poiType: 2, shape: 1, lon: 116.43, lat: 39.93 });
    try {
      await openConsole(page, '/locusModule/osmEditor');
      const map = page.getByTestId('osm-map');
      await mapReady(map);
      const panel = page.getByTestId('osm-panel');
      await panel.getByRole('searchbox', { name: w.places.osm.filter }).fill(seeded);
      await panel.getByTestId('osm-list').getByRole('button', { name: seeded, exact: true }).click({ timeout: 10_000 });
      await panel.getByText(`poi/${id}`).waitFor();
      // the name tag, edited in place and saved through /poi/add
      await panel.getByLabel('name', { exact: true }).fill(renamed);
      await panel.getByText(w.places.osm.unsaved).waitFor();
      let saved = page.waitForResponse((r) => r.url().endsWith('/api/poi/add'));
      await panel.getByTestId('osm-save').click();
      let answer = await (await saved).json();
      assert.equal(answer.code, 0, `poi/add: ${answer.msg}`);
      let { list } = await callApi(server.url, root, '/poi/search', { poiName: renamed, page: 1, pageSize: 10 });
      assert.deepEqual(
        list.map((p) => [p.id, p.name, p.poiType, p.lon, p.lat]),
        [[id, renamed, 2, 116.43, 39.93]],
        'renamed, the rest kept',
      );
      await panel.getByRole('button', { name: w.places.card.close }).click();

      // a new area: its corners clicked, closed on the first, named and saved as a geofence polygon
      await page.getByRole('button', { name: w.places.osm.newArea }).click();
      const corners = [await near(map, -160, -40), await near(map, -80, -40), await near(map, -80, 40), await near(map, -160, 40)];
      for (const p of [...corners, corners[0]]) {
        await page.mouse.click(p.x, p.y);
        await page.waitForTimeout(250);
      }
      await panel.getByText(w.places.osm.newFeature).waitFor({ timeout: 5000 });
      await panel.getByLabel('name', { exact: true }).fill(area);
      saved = page.waitForResponse((r) => r.url().endsWith('/api/poi/add'));
      await panel.getByTestId('osm-save').click();
      answer = await (await saved).json();
      assert.equal(answer.code, 0, `poi/add: ${answer.msg}`);
      ({ list } = await callApi(server.url, root, '/poi/search', { poiName: area, page: 1, pageSize: 10 }));
      assert.equal(list.length, 1, 'the area is saved');
      assert.equal(list[0].shape, 3, 'as a polygon');
      assert.equal(list[0].poiType, 5, 'a geofence');
      assert.equal(list[0].polygon.length, 4, 'with its four corners');
      await panel.getByText(`poi/${list[0].id}`).waitFor();
      await shot(page, `places-osm-editor-${lang}`);
      await assertQuiet(page, `OSM editor (${lang})`);
      // on a phone the attributes are below the map
      await page.setViewportSize({ width: 390, height: 800 });
      // the layout follows the resize within a frame or two; wait for it rather than a fixed time
      const below = async () => {
        const [mapBox, panelBox] = [await map.boundingBox(), await panel.boundingBox()];
        return Boolean(mapBox && panelBox && panelBox.y >= mapBox.y + mapBox.height - 1 && panelBox.width > 300);
      };
      const until = Date.now() + 5000;
      while (!(await below()) && Date.now() < until) await page.waitForTimeout(100);
      assert.ok(await below(), 'the panel is below the map, full width');
      await shot(page, `places-osm-editor-phone-${lang}`);
    } finally {
      await page.context().close();
    }
  });

  test(`${lang}: the list's "near a point" is picked on the map and marked there; Escape cancels; typed values still work`, async () => {
    const page = await adminPage(lang);
    try {
      await openConsole(page, '/locusModule/poi');
      const map = page.getByTestId('poi-map');
      await mapReady(map);
      assert.equal(await markerPixels(map), 0, 'no point to mark yet');
      const pick = page.getByRole('button', { name: w.places.search.pick });
      const form = page.getByRole('search');

      // Escape leaves picking without setting anything
      await pick.click();
      assert.equal(await pick.getAttribute('aria-pressed'), 'true');
      assert.equal(await map.getAttribute('data-draw'), 'point');
      await page.getByRole('status').filter({ hasText: w.places.search.picking }).waitFor();
      await page.keyboard.press('Escape');
      await map.and(page.locator('[data-draw="none"]')).waitFor();
      assert.equal(await pick.getAttribute('aria-pressed'), 'false');
      assert.equal(await form.getByLabel(w.places.search.lon).inputValue(), '');

      // a click on the map searches near it, with the radius typed but not yet searched: the form shows the point, the
      // list the distances, the map a marker
      await form.getByLabel(w.places.search.radius).fill('1000000');
      await pick.click();
      const at = await near(map, 60, -40);
      const asked = page.waitForRequest((r) => r.url().endsWith('/api/poi/search') && JSON.parse(r.postData()).lon !== undefined);
      await page.mouse.click(at.x, at.y);
      const body = JSON.parse((await asked).postData());
      assert.ok(Math.abs(body.lon) <= 180 && Math.abs(body.lat) <= 90, JSON.stringify(body));
      assert.equal(body.radius, 1_000_000);
      assert.equal(await form.getByLabel(w.places.search.radius).inputValue(), '1000000');
      assert.equal(Number(await form.getByLabel(w.places.search.lon).inputValue()), body.lon);
      assert.equal(Number(await form.getByLabel(w.places.search.lat).inputValue()), body.lat);
      await map.and(page.locator('[data-draw="none"]')).waitFor();
      assert.equal(await pick.getAttribute('aria-pressed'), 'false');
      // the point is marked (the map may move to the places found meanwhile, with the marker in view); the pointer
      // leaves it, whose hover shows the marker can be dragged
      await page.mouse.move(at.x - 150, at.y + 120);
      await until(async () => (await markerPixels(map)) > 20, 'the point picked is marked on the map');
      // the places this test file added lie near the map's middle: listed nearest first, with their distance
      await page.getByTestId('pois-table').getByRole('row').nth(1).getByRole('cell', { name: /^[\d.]+ k?m$/ }).waitFor({ timeout: 10_000 });
      await shot(page, `places-poi-near-${lang}`);

      // typed values still search (a point beside the one picked, so the marker stays in view)
      const lon = Number((body.lon + 0.002).toFixed(6));
      await form.getByLabel(w.places.search.lon).fill(String(lon));
      const typed = page.waitForRequest((r) => r.url().endsWith('/api/poi/search') && JSON.parse(r.postData()).lon === lon);
      await form.getByRole('button', { name: w.crud.search }).click();
      assert.equal(JSON.parse((await typed).postData()).lat, body.lat);
      await until(async () => (await markerPixels(map)) > 20, 'the point typed is marked on the map');
      // no point, no marker
      await form.getByRole('button', { name: w.crud.reset }).click();
      await until(async () => (await markerPixels(map)) === 0, 'no marker once the search is reset');
      await assertQuiet(page, `POI near a point (${lang})`);
    } finally {
      await page.context().close();
    }
  });
}

test("zh: a route's nodes are renamed, stopped and reordered; the track map shows it; fragments are rebuilt and logged", async () => {
  const w = { places: words('zh', 'places'), crud: words('zh', 'crud') };
  const name = `节点线路-${stamp}`;
  const nodes = [
    { lon: 121.40, lat: 31.20, name: '', stop: false },
    { lon: 121.50, lat: 31.25, name: '', stop: false },
    { lon: 121.60, lat: 31.22, name: '', stop: false },
  ];
  const res = await fetch(`${server.url}/api/route/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': root },
    body: JSON.stringify({ name, corridorM: 300, nodes }),
  });
  const { data: made } = await res.json();
  const page = await adminPage('zh');
  try {
    // the route list's "Nodes" opens this route's nodes
    await openConsole(page, '/locusModule/routeList');
    await page.getByTestId('routes-table').getByRole('row').filter({ hasText: name }).getByRole('button', { name: w.places.route.nodes }).click();
    await page.waitForURL(`**/locusModule/routeNodes?id=${String(made.id)}`);
    const list = page.getByTestId('node-list');
    await list.getByTestId('node-row').nth(2).waitFor();
    await mapReady(page.getByTestId('nodes-map'));
    await list.getByLabel(w.places.nodes.name.replace('{{n}}', '1')).fill('起点仓');
    await list.getByTestId('node-row').nth(0).getByRole('checkbox').check();
    // the last node moves up one
    await list.getByRole('button', { name: w.places.nodes.up.replace('{{name}}', w.places.nodes.unnamed.replace('{{n}}', '3')) }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/route/add'));
    await page.getByTestId('nodes-save').click();
    assert.equal((await (await saved).json()).code, 0);
    await page.reload();
    await page.getByTestId('node-list').getByTestId('node-row').nth(2).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('node-list').getByLabel(w.places.nodes.name.replace('{{n}}', '1')).inputValue(), '起点仓');
    assert.equal(await page.getByTestId('node-list').getByTestId('node-row').nth(0).getByRole('checkbox').isChecked(), true);
    const answer = await (await fetch(`${server.url}/api/route/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': root },
      body: JSON.stringify({ id: made.id, page: 1, pageSize: 1 }),
    })).json();
    assert.deepEqual(answer.data.list[0].nodes.map((n) => [n.lon, n.name, n.stop]), [[121.4, '起点仓', true], [121.6, '', false], [121.5, '', false]]);
    await shot(page, 'places-nodes-zh');
    await assertQuiet(page, 'route nodes');

    // the track map draws the routes and asks for the places of its view
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/poi/searchMap'));
    await openConsole(page, '/locusModule/map');
    await mapReady(page.getByTestId('track-map'));
    await asked;
    await page.getByTestId('track-map-count').filter({ hasText: /[1-9]\d* 条线路/ }).waitFor({ timeout: 10_000 });
    assert.ok(Number(await page.getByTestId('track-map').getAttribute('data-shapes')) >= 1);
    await page.getByTestId('route-legend').getByText(words('zh', 'map').legend.abnormal).waitFor();
    await shot(page, 'places-track-map-zh');
    await assertQuiet(page, 'track map');

    // fragments of every vehicle, yesterday: a run starts, is followed until it has finished, and the log lists it
    await openConsole(page, '/locusModule/fragmentGenerator');
    await rebuildAndFollow(page, w);
    await shot(page, 'places-generator-zh');
    // a last day before the first is refused before asking
    await page.getByLabel(w.places.generator.start).fill('2026-11-10');
    await page.getByLabel(w.places.generator.end).fill('2026-11-01');
    await page.getByRole('button', { name: w.places.generator.run }).click();
    await page.getByRole('alert').getByText(w.places.generator.badRange).waitFor();
    await openConsole(page, '/locusModule/generationLog');
    await page.getByTestId('fragment-runs-table').getByRole('row').nth(1).waitFor({ timeout: 10_000 });
    await shot(page, 'places-generation-log-zh');
    await assertQuiet(page, 'generation log');
  } finally {
    await page.context().close();
  }
});

test("zh: a vehicle reporting off its route turns the route red, with its distance; a route without vehicles is grey", async () => {
  const w = { places: words('zh', 'places'), map: words('zh', 'map') };
  const imei = String(862_000_000_000_000 + (Date.now() % 1_000_000) * 100 + 7);
  const drifter = await fittedVehicle(server.url, root, { plate: `沪D${stamp}`, imei, entId: FLEET });
  // an east–west line 31.30° N, 200 m corridor: the report at 31.2304° N is about 7.7 km south of it
  const nodes = [{ lon: 121.4, lat: 31.3 }, { lon: 121.6, lat: 31.3 }];
  const watched = `偏离线路${stamp}`;
  const empty = `空线路${stamp}`;
  const { id: routeId } = await callApi(server.url, root, '/route/add', { name: watched, entId: FLEET, corridorM: 200, nodes });
  await callApi(server.url, root, '/route/add', { name: empty, entId: FLEET, corridorM: 200, nodes });
  await callApi(server.url, root, '/route/carAddLine', { routeId, vehicleIds: [drifter.carId] });
  await postReport(server.url, drifter, { lat: 31.2304, lon: 121.4737 });
  const verdict = await verdictOf(routeId, drifter.carId, 'offRoute');
  assert.ok(verdict.distanceM > 7000 && verdict.distanceM < 8500, String(verdict.distanceM));

  const page = await adminPage('zh');
  try {
    await openConsole(page, '/locusModule/routeList');
    const table = page.getByTestId('routes-table');
    const red = table.getByRole('row').filter({ hasText: watched });
    await red.waitFor({ timeout: 10_000 });
    assert.equal(await red.getByTestId('route-state').getAttribute('data-state'), 'offRoute');
    assert.equal(await red.getByTestId('route-state').evaluate((el) => getComputedStyle(el).backgroundColor), ROUTE_COLORS.offRoute);
    assert.equal(await red.getByTestId('route-state').getAttribute('aria-label'), w.places.routeState.offRoute);
    const badge = red.getByTestId('route-vehicle').filter({ hasText: drifter.plate });
    assert.equal(await badge.getAttribute('data-state'), 'offRoute');
    // "偏离 7.70 km" (the distance as the console writes distances)
    await badge.filter({ hasText: /偏离 [\d.]+ km/ }).waitFor();
    const grey = table.getByRole('row').filter({ hasText: empty });
    assert.equal(await grey.getByTestId('route-state').getAttribute('data-state'), 'none');
    assert.equal(await grey.getByTestId('route-state').evaluate((el) => getComputedStyle(el).backgroundColor), ROUTE_COLORS.none);
    await grey.getByText(w.places.route.noVehicles).waitFor();
    assert.equal(await grey.getByTestId('route-vehicle').count(), 0);
    await shot(page, 'places-route-states-zh');

    // the track map draws them with the route colour legend
    await openConsole(page, '/locusModule/map');
    await mapReady(page.getByTestId('track-map'));
    const legend = page.getByTestId('route-legend');
    for (const key of ['abnormal', 'matched', 'unset', 'inferred']) await legend.getByText(w.map.legend[key]).waitFor();
    await assertQuiet(page, 'route states');
  } finally {
    await page.context().close();
  }
});

test('en: the fragment generator follows the runs it started until each has finished', async () => {
  const page = await adminPage('en');
  try {
    await openConsole(page, '/locusModule/fragmentGenerator');
    await rebuildAndFollow(page, { places: words('en', 'places') });
    await shot(page, 'places-generator-en');
    await assertQuiet(page, 'fragment generator (en)');
  } finally {
    await page.context().close();
  }
});

for (const [lang, suffix] of [['zh', 11], ['en', 13]]) {
  test(`${lang}: a vehicle reporting on its route's line turns the route blue; one stopped on it where no stop is planned, orange`, async () => {
    const w = { places: words(lang, 'places') };
    // the east–west line at 31.30° N again, 200 m corridor, no planned stop
    const nodes = [{ lon: 121.4, lat: 31.3 }, { lon: 121.6, lat: 31.3 }];
    const cases = [
      // driving along the line: matched
      { state: 'matched', speed: 40, name: `在线${lang}${stamp}`, plate: `沪M${lang.toUpperCase()}${stamp}` },
      // stopped on the line, farther than the corridor from every planned stop (it plans none): inference
      { state: 'inference', speed: 0, name: `停靠${lang}${stamp}`, plate: `沪S${lang.toUpperCase()}${stamp}` },
    ];
    for (const [i, c] of cases.entries()) {
      const imei = String(862_000_000_000_000 + (Date.now() % 1_000_000) * 100 + suffix + i);
      const car = await fittedVehicle(server.url, root, { plate: c.plate, imei, entId: FLEET });
      const { id: routeId } = await callApi(server.url, root, '/route/add', { name: c.name, entId: FLEET, corridorM: 200, nodes });
      await callApi(server.url, root, '/route/carAddLine', { routeId, vehicleIds: [car.carId] });
      await postReport(server.url, car, { lat: 31.3, lon: 121.5, speed: c.speed });
      const verdict = await verdictOf(routeId, car.carId, c.state);
      assert.ok(verdict.distanceM < 5, `on the line: ${String(verdict.distanceM)}`);
    }

    const page = await adminPage(lang);
    try {
      await openConsole(page, '/locusModule/routeList');
      const table = page.getByTestId('routes-table');
      for (const c of cases) {
        const row = table.getByRole('row').filter({ hasText: c.name });
        await row.waitFor({ timeout: 10_000 });
        const swatch = row.getByTestId('route-state');
        assert.equal(await swatch.getAttribute('data-state'), c.state, c.name);
        assert.equal(await swatch.getAttribute('aria-label'), w.places.routeState[c.state]);
        assert.equal(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor), ROUTE_COLORS[c.state], `${c.state} colour`);
        const badge = row.getByTestId('route-vehicle').filter({ hasText: c.plate });
        assert.equal(await badge.getAttribute('data-state'), c.state);
        await badge.getByText(w.places.vehicleState[c.state], { exact: true }).waitFor();
      }
      await shot(page, `places-route-states-on-line-${lang}`);
      await assertQuiet(page, `route states on the line (${lang})`);
    } finally {
      await page.context().close();
    }
  });
}

test("zh: the drawing maps draw on the live map's tile choice", async () => {
  const w = { places: words('zh', 'places'), crud: words('zh', 'crud') };
  const page = await adminPage('zh');
  const tileRequests = [];
  page.on('request', (r) => {
    // only the drawing maps' documents: the live map the sign-in lands on draws on the default tiles, and may still
    // ask for some until the navigation to the POI list commits
    if (/tile\.openstreetmap\.org|autonavi\.com/.test(r.url()) && r.frame().url().includes('/locusModule')) tileRequests.push(r.url());
  });
  try {
    // what the live map's toolbar stores: the outline alone
    await page.evaluate(() => {
      localStorage.setItem('mapTiles', 'offline');
    });
    await openConsole(page, '/locusModule/poi');
    const list = page.getByTestId('poi-map');
    await mapReady(list);
    assert.equal(await list.getAttribute('data-tiles'), 'offline');
    const { dialog, map } = await startPoi(page, w, `tiles-${stamp}`, 'gasStation');
    assert.equal(await map.getAttribute('data-tiles'), 'offline');
    await dialog.getByRole('button', { name: w.crud.cancel }).click();
    assert.deepEqual(tileRequests, [], 'no tile server is asked for with the outline chosen');
    // the address wins over the stored choice, as on /map
    await openConsole(page, '/locusModule/poi?tiles=amap');
    await mapReady(page.getByTestId('poi-map'));
    assert.equal(await page.getByTestId('poi-map').getAttribute('data-tiles'), 'amap');
    await assertQuiet(page, 'tile choice');
  } finally {
    await page.context().close();
  }
});
