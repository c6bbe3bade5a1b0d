// Tracks and trips (issue 16): /locus plays a vehicle's day (the track drawn with its stops, the summary's km, play
// moving the time, the scrubber showing the wheels read at that moment), the track list and view (a range's days, a
// day opening its playback; a range the wrong way round refused in the form), the trip list and view, mileage and
// route; in Chinese and English, and on a phone. Positions come from a fitted vehicle whose receiver reports a drive
// yesterday (UTC) through /tapi/device/report; trips and daily km are computed with /web/car/compute.
// Run: node --test tests/browser/tracks.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertQuiet, callApi, fittedVehicle, launchBrowser, newContext, newPage, openConsole, postReports, shot, signIn, useLanguage, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const api = (token, path, body) => callApi(server.url, token, path, body);

const DAY_MS = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
/** Yesterday (UTC): a finished day, so the fragments and the mileage are whole. */
const day = dayOf(Date.now() - DAY_MS);
const dayBefore = dayOf(Date.now() - 2 * DAY_MS);
const at = (hhmm) => Date.parse(`${day}T${hhmm}:00Z`);
/** Tyre 21 reads 8.1 bar until 08:20, then 7.2 bar. */
const PRESSURE_EARLY = 8.1;
const PRESSURE_LATE = 7.2;

let adminToken;
let vehicle;
let dayTrack;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = (await api(null, '/base/login', { username: 'admin', password: server.password, type: 'system' })).token;
  const imei = String(860_000_000_000_000 + (Date.now() % 1_000_000) * 100 + 61);
  vehicle = await fittedVehicle(server.url, adminToken, { plate: `轨A${stamp}`, imei, entId: 1014 });
  // 08:00–08:40 eastwards at 60 km/h (about a kilometre a minute at this latitude; the fixes of 08:35–08:37 report
  // 110 km/h, over the default limit of 100), then parked until 08:50
  const reports = [];
  for (let i = 0; i <= 50; i++) {
    const moving = i <= 40;
    reports.push({
      ts: at('08:00') + i * 60_000,
      gps: { lat: 31.2304, lon: 121.4 + Math.min(i, 40) * 0.0105, speed: !moving || i === 0 ? 0 : i >= 35 && i <= 37 ? 110 : 60, direction: 90 },
      tyres: [
        { pos: 11, sensorId: 'a1', pressure: 9.0, temp: 30, battery: 80 },
        { pos: 21, sensorId: 'a2', pressure: i < 20 ? PRESSURE_EARLY : PRESSURE_LATE, temp: 30, battery: 80 },
      ],
    });
  }
  await postReports(server.url, vehicle, reports);
  await api(adminToken, '/web/car/compute', { vehicleId: vehicle.carId, startDate: day, endDate: day });
  dayTrack = await api(adminToken, '/web/track/day', { vehicleId: vehicle.carId, day, tolerance: 0 });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const km = (metres) => (metres / 1000).toFixed(1);

/** Chooses the vehicle in a vehicle picker (search, then the option once the list has it). */
async function pickVehicle(page, label) {
  const picker = page.getByTestId('vehicle-select').first();
  await picker.getByRole('searchbox').fill(vehicle.plate);
  await picker.locator('option', { hasText: vehicle.plate }).waitFor({ state: 'attached' });
  await picker.getByLabel(label, { exact: true }).selectOption({ label: vehicle.plate });
}

const trackMap = (page) => page.getByTestId('track-map');

test('the seeded day answers as docs/tracks.md says', () => {
  assert.equal(dayTrack.plate, vehicle.plate);
  assert.equal(dayTrack.total, 51);
  assert.ok(dayTrack.meters > 35_000 && dayTrack.meters < 45_000, String(dayTrack.meters));
  assert.ok(dayTrack.stops.length >= 1, 'the ten parked minutes are a stop');
  assert.equal(dayTrack.speeding.length, 1, 'one stretch over the limit');
});

test('/locus: pick the vehicle and the day, see the track and its km, play, scrub and read the wheels (zh)', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await page.goto('/locus?tiles=offline');
    await waitHydrated(page);
    await page.getByText('请选择车辆查看轨迹').first().waitFor();
    await pickVehicle(page, '车辆');
    await page.getByLabel('日期（UTC）').fill(day);

    await page.locator('[data-testid="track-map"][data-lines="1"]').waitFor({ timeout: 20_000 });
    assert.ok(Number(await trackMap(page).getAttribute('data-fixes')) > 1);
    assert.ok(Number(await trackMap(page).getAttribute('data-markers')) >= 3, 'start, end and the stop');
    assert.equal((await page.getByTestId('summary-km').textContent()).trim(), km(dayTrack.meters));
    assert.equal((await page.getByTestId('summary-stops').textContent()).trim(), String(dayTrack.stops.length));
    assert.equal((await page.getByTestId('summary-speeding').textContent()).trim(), '1');
    assert.equal(await trackMap(page).getAttribute('data-speeding'), '1', 'the stretch is drawn over the line');
    assert.match(page.url(), new RegExp(`vehicleId=${vehicle.carId}.*day=${day}|day=${day}.*vehicleId=${vehicle.carId}`));

    // play: the time moves on from the first fix
    const time = page.getByTestId('playback-time');
    assert.equal((await time.textContent()).trim(), '08:00:00');
    await page.getByTestId('playback-speed').selectOption('16');
    await page.getByRole('button', { name: '播放' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="playback-time"]')?.textContent?.trim() !== '08:00:00', null, { timeout: 5_000 });
    await page.getByRole('button', { name: '暂停' }).click();

    // scrub to 08:30: the moment's time, its speed and the wheels of the report then (tyre 21 after its drop)
    await page.getByTestId('playback-timeline').fill(String(at('08:30')));
    await page.getByTestId('moment-time').getByText('08:30:00').waitFor();
    assert.equal((await page.getByTestId('moment-speed').textContent()).trim(), '60 公里/小时');
    const readings = page.getByTestId('moment-readings');
    await page.waitForFunction((ms) => Date.parse(document.querySelector('[data-testid="moment-readings"]')?.dataset.readAt ?? '') === ms, at('08:30'), { timeout: 10_000 });
    assert.match(await readings.getByTestId('wheel-diagram').textContent(), new RegExp(String(PRESSURE_LATE).replace('.', '\\.')));
    // back to 08:10: the earlier pressure
    await page.getByTestId('playback-timeline').fill(String(at('08:10')));
    await page.waitForFunction((ms) => Date.parse(document.querySelector('[data-testid="moment-readings"]')?.dataset.readAt ?? '') === ms, at('08:10'), { timeout: 10_000 });
    assert.match(await readings.getByTestId('wheel-diagram').textContent(), new RegExp(String(PRESSURE_EARLY).replace('.', '\\.')));
    await shot(page, 'tracks-locus-zh');

    // the day's events: the stop moves the playback to its start
    const stopAt = new Date(dayTrack.stops[0].start).toISOString().slice(11, 19);
    await page.getByTestId('day-events').locator('[data-kind="stop"]').first().click();
    await page.getByTestId('moment-time').getByText(stopAt).waitFor();
    assert.equal(await page.getByTestId('day-events').locator('[data-kind="speeding"]').count(), 1);

    // the consumption monitor lists the day's km
    const strip = page.getByTestId('mileage-strip');
    await strip.locator('[data-chart-state="ready"]').waitFor({ timeout: 10_000 });
    assert.match(await strip.textContent(), new RegExp(day));

    // a day without positions says so
    await page.getByRole('button', { name: '前一天' }).click();
    await page.getByTestId('track-empty').waitFor();
    assert.equal(await trackMap(page).getAttribute('data-lines'), '0');
    await assertQuiet(page, '/locus');
  } finally {
    await context.close();
  }
});

test('track list: a reversed range is refused; the day row opens the range on the map, a day its playback (zh)', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await openConsole(page, '/locusModule/list?tiles=offline');
    const form = page.getByTestId('range-form');
    await pickVehicle(page, '车辆');
    await form.getByLabel('开始日期（UTC）').fill(day);
    await form.getByLabel('结束日期（UTC）').fill(dayBefore);
    await form.getByRole('button', { name: '查询' }).click();
    assert.equal((await page.getByTestId('range-problem').textContent()).trim(), '开始日期不能晚于结束日期');
    assert.equal(await page.getByTestId('track-days').count(), 0, 'nothing asked for');

    await form.getByLabel('开始日期（UTC）').fill(dayBefore);
    await form.getByLabel('结束日期（UTC）').fill(day);
    await form.getByRole('button', { name: '查询' }).click();
    const row = page.getByTestId('track-days').locator('tr', { hasText: day });
    await row.waitFor({ timeout: 20_000 });
    assert.match(await row.textContent(), new RegExp(km(dayTrack.meters).replace('.', '\\.')));
    assert.equal(await page.getByTestId('track-days').locator('tbody tr').count(), 1, 'the day before had no positions');

    // thirty days: more than seven are missing, so a job builds them and the list asks for its progress until done
    const polls = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/web/track/analyse') && 'jobId' in (r.postDataJSON() ?? {})) polls.push(r.postDataJSON());
    });
    await form.getByLabel('开始日期（UTC）').fill(dayOf(Date.now() - 30 * DAY_MS));
    await form.getByRole('button', { name: '查询' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="track-days"] tbody tr').length === 1 && !document.querySelector('[data-testid="analysis-progress"]'), null, { timeout: 20_000 });
    assert.ok(polls.length > 0 && polls.every((p) => typeof p.jobId === 'number' && !p.cancel), JSON.stringify(polls));
    await row.waitFor();

    await page.getByTestId('open-track-view').click();
    await page.waitForURL(new RegExp(`/locusModule/view/${vehicle.carId}\\?`));
    await page.locator('[data-testid="track-map"][data-lines="1"]').waitFor({ timeout: 20_000 });
    await shot(page, 'tracks-view-zh');
    await page.getByTestId('track-view-days').getByRole('button', { name: new RegExp(day) }).click();
    await page.waitForURL(new RegExp(`day=${day}`));
    await page.getByTestId('track-playback').waitFor();
    await page.locator('[data-testid="track-map"][data-lines="1"]').waitFor({ timeout: 20_000 });
    await assertQuiet(page, 'track list and view');
  } finally {
    await context.close();
  }
});

test('trips and mileage: the computed trip opens on the map, dataManage lists it too; the vehicle has its km (zh)', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await openConsole(page, '/locusModule/tripList?tiles=offline');
    const trip = page.getByTestId('trips-table').locator('tr', { hasText: vehicle.plate });
    await trip.waitFor({ timeout: 20_000 });
    await trip.getByRole('link', { name: '查看' }).click();
    await page.waitForURL(/\/locusModule\/tripView\/\d+\?/);
    await page.locator('[data-testid="track-map"][data-lines="1"]').waitFor({ timeout: 20_000 });
    assert.match(await page.getByTestId('trip-summary').textContent(), /\d+\.\d/);
    await shot(page, 'tracks-trip-zh');

    // dataManage's trip management is the same trip list (an alias in the registry)
    await openConsole(page, '/dataManage/travelManage?tiles=offline');
    await page.getByTestId('trips-table').locator('tr', { hasText: vehicle.plate }).waitFor({ timeout: 20_000 });

    await openConsole(page, '/locusModule/mileageRoute');
    await pickVehicle(page, '车辆');
    await page.getByTestId('range-form').getByRole('button', { name: '查询' }).click();
    await page.getByRole('heading', { name: `每日里程：${vehicle.plate}` }).waitFor();
    const mileage = page.getByTestId('mileage-table').locator('tr', { hasText: vehicle.plate });
    await mileage.waitFor({ timeout: 20_000 });
    assert.match(await mileage.textContent(), /\d+\.\d/);
    await page.getByTestId('mileage-chart').locator('[data-chart-state="ready"]').waitFor({ timeout: 10_000 });
    await shot(page, 'tracks-mileage-zh');
    await assertQuiet(page, 'trips and mileage');
  } finally {
    await context.close();
  }
});

test('/locus in English, and on a phone', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await useLanguage(context, server.url, 'en');
    await page.goto(`/locus?tiles=offline&vehicleId=${vehicle.carId}&day=${day}`);
    await waitHydrated(page);
    await page.locator('[data-testid="track-map"][data-lines="1"]').waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: `${vehicle.plate} · ${day}` }).waitFor();
    assert.equal((await page.getByTestId('summary-km').textContent()).trim(), km(dayTrack.meters));
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await page.getByLabel('Day (UTC)').waitFor();
    await page.getByTestId('playback-timeline').fill(String(at('08:30')));
    assert.equal((await page.getByTestId('moment-speed').textContent()).trim(), '60 km/h');
    await assertQuiet(page, '/locus en');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('playback-toggle').scrollIntoViewIfNeeded();
    assert.ok(await page.getByTestId('playback-toggle').isVisible());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow} px)`);
    const box = await trackMap(page).boundingBox();
    assert.ok(box && box.width <= 390 && box.height >= 250, JSON.stringify(box));
    await shot(page, 'tracks-locus-en-phone');
  } finally {
    await context.close();
  }
});
