// The dashboard (issue 17): /dashboard over finished days — the trend, the totals, alarms by hour and by kind, the
// enterprises and vehicles — drawn from the roll-ups of real reports; an empty period's state; the weekly report
// against the week before; English and a phone; where the fleet is now (its map cells by last position, at two cell
// sizes); the user's board with a chart of every kind, reordered and kept over a reload. Two fitted vehicles report
// drives on the five days before today (UTC) through /tapi/device/report (tyre 11 low and hot in places, so alarms are
// raised), and /web/car/compute derives their vehicle-days, as the finished-days follower would when each day closes.
// Run: node --test tests/browser/dashboard.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { assertQuiet, callApi, fittedVehicle, launchBrowser, newContext, newPage, postReports, shot, signIn, useLanguage, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;
let adminToken;
const stamp = Date.now().toString(36).slice(-4).toUpperCase();
const api = (path, body) => callApi(server.url, adminToken, path, body);

const DAY_MS = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const today = dayOf(Date.now());
const daysAgo = (n) => dayOf(Date.now() - n * DAY_MS);
/** The seeded days: 5 to 1 days ago. */
const SEEDED = [5, 4, 3, 2, 1].map(daysAgo);
const last7 = { startDate: daysAgo(7), endDate: daysAgo(1) };

const vehicles = [];
let trend;
let kinds;

/**
 * A drive of 40 minutes from 08:00 (+ the vehicle's index in hours) at 60 km/h; tyre 11 low and hot at its end on odd
 * days; the second vehicle's left hub of axle 1 runs 30 °C hotter than its partner for the last minutes.
 */
function drive(day, v, d) {
  const start = Date.parse(`${day}T0${8 + v}:00:00Z`);
  return Array.from({ length: 41 }, (_, i) => ({
    ts: start + i * 60_000,
    gps: { lat: 31.23, lon: 121.4 + i * 0.01 * (d + v), speed: i === 0 ? 0 : 60, direction: 90 },
    tyres: [
      { pos: 11, sensorId: `d${stamp}${v}1`, pressure: i > 30 && d % 2 ? 5.0 : 9.0, temp: 30 + d * 5 + (i > 35 ? 60 : 0), battery: 80 },
      { pos: 21, sensorId: `d${stamp}${v}2`, pressure: 8.5, temp: 30, battery: 80 },
    ],
    axles: [
      { pos: 11, temp: 50 + (i > 35 ? 30 * v : 0) },
      { pos: 12, temp: 50 },
    ],
  }));
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = (await callApi(server.url, null, '/base/login', { username: 'admin', password: server.password, type: 'system' })).token;
  for (let v = 0; v < 2; v++) {
    const imei = String(862_000_000_000_000 + (Date.now() % 1_000_000) * 100 + v);
    const vehicle = await fittedVehicle(server.url, adminToken, { plate: `看${stamp}${v}`, imei, entId: 1014 });
    vehicles.push(vehicle);
    for (const [i, day] of SEEDED.entries()) await postReports(server.url, vehicle, drive(day, v, 5 - i));
    await api('/web/car/compute', { vehicleId: vehicle.carId, startDate: SEEDED[0], endDate: SEEDED.at(-1) });
  }
  trend = await api('/dataReport/chart', last7);
  kinds = await api('/dataReport/alarm_pie_chart', last7);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the chart in `testId` is drawn; answers its data attributes. */
async function drawn(page, scope) {
  const chart = scope.locator('[data-chart-state="ready"]').first();
  await chart.waitFor({ timeout: 20_000 });
  return { family: await chart.getAttribute('data-chart-family'), variant: await chart.getAttribute('data-chart-variant'), values: Number(await chart.getAttribute('data-values')) };
}

test('the roll-ups hold the seeded days', () => {
  assert.deepEqual(
    trend.days.map((d) => d.day),
    SEEDED,
  );
  assert.ok(trend.days.every((d) => d.vehicleDays === 2 && d.km > 0));
  assert.ok(trend.total.alarms > 0, 'the low and hot tyre raised alarms');
  assert.ok(kinds.length > 0);
});

test('/dashboard: the trend, the totals, alarms by hour and kind, enterprises and vehicles (zh)', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    // the side menu's entry opens the page
    await page.getByTestId('side-menu').locator('[data-menu-id="dashboard"]').click();
    await page.waitForURL('**/dashboard');
    await waitHydrated(page);

    const overview = page.getByTestId('dashboard-overview');
    await overview.waitFor();
    assert.equal((await page.getByTestId('tile-km').textContent()).replace(/[^\d.]/g, ''), trend.total.km.toFixed(1));
    assert.equal((await page.getByTestId('tile-alarms').textContent()).replace(/\D/g, ''), String(trend.total.alarms));
    assert.equal((await page.getByTestId('tile-vehicleDays').textContent()).replace(/\D/g, ''), '10');
    assert.match(await page.getByTestId('period-note').textContent(), new RegExp(`${last7.startDate} 至 ${last7.endDate}`));

    // the trend: a bar per day of the period (7), the seeded days' km in its table
    const trendChart = await drawn(page, page.getByTestId('trend-chart'));
    assert.deepEqual(trendChart, { family: 'cartesian', variant: 'bar', values: 7 });
    await page.getByTestId('trend-chart').getByText('以表格查看数据').click();
    const rows = page.getByTestId('trend-chart').getByTestId('chart-table').locator('tbody tr');
    assert.equal(await rows.count(), 7);
    const first = trend.days[0];
    assert.match(await rows.filter({ hasText: first.day }).textContent(), new RegExp(first.km.toFixed(1).replace('.', '\\.')));
    // another tile draws its measure (alarms per day)
    await page.getByTestId('tile-alarms').click();
    await page.getByRole('heading', { name: '每日告警次数' }).waitFor();

    assert.equal((await drawn(page, page.getByTestId('hour-chart'))).variant, 'bar');
    const kindChart = await drawn(page, page.getByTestId('kind-chart'));
    assert.deepEqual(kindChart, { family: 'radial', variant: 'pie', values: kinds.filter((k) => k.total > 0).length });
    await page.getByTestId('kind-chart').getByText('以表格查看数据').click();
    await page.getByTestId('kind-chart').getByTestId('chart-table').getByText(/低压|高温|快速漏气|慢速漏气/).first().waitFor();

    const enterprises = page.getByTestId('enterprise-table');
    await enterprises.getByText('示范物流车队').first().waitFor();
    const vehicleTable = page.getByTestId('vehicle-figures-table');
    for (const v of vehicles) await vehicleTable.getByText(v.plate).first().waitFor();
    await page.getByTestId('vehicle-sort').selectOption('alarms');
    await vehicleTable.getByText(vehicles[0].plate).first().waitFor();
    await shot(page, 'dashboard-overview-zh');
    await assertQuiet(page, '/dashboard');

    // 30 days: in the URL, the same totals (nothing before the seeded days)
    await page.getByRole('button', { name: '近 30 天' }).click();
    await page.waitForURL(/days=30/);
    await page.getByTestId('trend-chart').locator('[data-values="30"]').waitFor();
    assert.equal((await page.getByTestId('tile-km').textContent()).replace(/[^\d.]/g, ''), trend.total.km.toFixed(1));

    // a range of one's own: today refused (not finished), then a past range without reports shows the empty state
    await page.getByLabel('结束').fill(today);
    await page.getByRole('button', { name: '查看' }).click();
    await page.getByRole('alert').getByText('只统计已结束的日子').waitFor();
    await page.getByLabel('开始').fill(daysAgo(40));
    await page.getByLabel('结束').fill(daysAgo(35));
    await page.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(new RegExp(`from=${daysAgo(40)}&to=${daysAgo(35)}`));
    await page.getByTestId('dashboard-empty').waitFor();
    assert.equal(await page.locator('[data-chart-state]').count(), 0, 'no chart for an empty period');
    await shot(page, 'dashboard-empty-zh');
    // kept over a reload
    await page.reload();
    await waitHydrated(page);
    await page.getByTestId('dashboard-empty').waitFor();
    await assertQuiet(page, '/dashboard empty');
  } finally {
    await context.close();
  }
});

test('the weekly report against the week before, and the daily one', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    const day = SEEDED.at(-1);
    const report = await api('/dataReport/analysis_detail', { cadence: 'weekly', day });
    await page.goto(`/dashboard?tab=reports&cadence=weekly&day=${day}`);
    await waitHydrated(page);
    const body = page.getByTestId('report-body');
    await body.waitFor();
    assert.equal(await body.getAttribute('data-start'), report.startDate);
    assert.equal(await body.getAttribute('data-end'), report.endDate);
    await body.getByRole('heading', { name: `周报：${report.startDate} 至 ${report.endDate}` }).waitFor();
    assert.equal((await page.getByTestId('report-tiles').getByTestId('tile-km').textContent()).replace(/[^\d.]/g, ''), report.trend.total.km.toFixed(1));
    // the change against the week before, when it had distance
    const kmTile = page.getByTestId('report-tiles').locator('li').first();
    if (report.previous.km > 0) {
      const pct = (((report.trend.total.km - report.previous.km) / report.previous.km) * 100).toFixed(1);
      assert.match(await kmTile.textContent(), new RegExp(`${pct.replace('-', '')}%`));
    } else {
      assert.match(await kmTile.textContent(), /无可比数据/);
    }
    if (report.trend.days.length > 0) await drawn(page, page.getByTestId('report-km'));
    assert.equal(await page.getByTestId('report-kind-table').locator('tbody tr').count(), report.alarmKinds.length);
    await page.getByRole('button', { name: '打印' }).waitFor();
    await shot(page, 'dashboard-weekly-zh');

    // the daily report of the last seeded day; the day before is one click away
    await page.getByLabel('报告', { exact: true }).selectOption('daily');
    await body.getByRole('heading', { name: `日报：${day}` }).waitFor();
    await page.getByRole('button', { name: '上一期' }).click();
    await body.getByRole('heading', { name: `日报：${SEEDED.at(-2)}` }).waitFor();
    await assertQuiet(page, 'reports');
  } finally {
    await context.close();
  }
});

test('the periodic report downloads as XLSX and PDF; a subscription is added, sent now with its file linked, and removed (1280 and 390 px)', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const context = await newContext(browser, server.url, { timezoneId: 'UTC', viewport });
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      const day = SEEDED.at(-1);
      await page.goto(`/dashboard?tab=reports&cadence=weekly&day=${day}`);
      await waitHydrated(page);
      await page.getByTestId('report-body').waitFor();
      // each button hands the browser a file of its kind: a zip (XLSX) and a PDF
      for (const [format, magic] of [['xlsx', 'PK'], ['pdf', '%PDF']]) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`report-download-${format}`).click()]);
        assert.match(download.suggestedFilename(), new RegExp(`\\.${format}$`), format);
        const bytes = readFileSync(await download.path());
        assert.equal(bytes.subarray(0, magic.length).toString('latin1'), magic, `${format} starts with ${magic}`);
        assert.ok(bytes.length > 1000, `${format}: ${bytes.length} bytes`);
      }
      // subscribe to the weekly PDF in the console, send it now: the row links the file just made
      const panel = page.getByTestId('report-subscriptions');
      await panel.scrollIntoViewIfNeeded();
      await panel.getByTestId('subscriptions-empty').waitFor();
      await panel.getByLabel('报表', { exact: true }).selectOption('weekly');
      await panel.getByLabel('格式', { exact: true }).selectOption('pdf');
      await panel.getByTestId('subscription-add').click();
      const row = panel.getByTestId('subscription-row');
      await row.getByText('尚未推送').waitFor();
      assert.match(await row.textContent(), /周报 · PDF/);
      await row.getByRole('button', { name: '立即发送' }).click();
      const link = row.getByRole('link', { name: /^最近推送：/ });
      await link.waitFor();
      assert.match(await link.getAttribute('href'), /\S/);
      // nothing of the panel spills past the screen, on a phone too
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen at ${viewport.width} px`);
      await shot(page, `dashboard-subscriptions-${viewport.width}`);
      await row.getByRole('button', { name: '取消订阅' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await panel.getByTestId('subscriptions-empty').waitFor();
      await assertQuiet(page, `subscriptions ${viewport.width}`);
    } finally {
      await context.close();
    }
  }
});

test('/dashboard in English, and on a phone', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await useLanguage(context, server.url, 'en');
    await page.goto('/dashboard?days=7');
    await waitHydrated(page);
    await page.getByRole('tab', { name: 'Overview' }).waitFor();
    await page.getByRole('button', { name: 'Last 30 days' }).waitFor();
    await page.getByRole('heading', { name: 'Distance per day' }).waitFor();
    await drawn(page, page.getByTestId('trend-chart'));
    await page.getByTestId('kind-chart').getByText('Show the data as a table').click();
    await page.getByTestId('kind-chart').getByTestId('chart-table').getByText(/Low pressure|High temperature|Fast leak|Slow leak/).first().waitFor();
    await page.getByRole('heading', { name: 'Alarms by hour (UTC)' }).waitFor();
    await assertQuiet(page, '/dashboard en');
    await shot(page, 'dashboard-overview-en');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('tile-km').scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow} px)`);
    const box = await page.getByTestId('trend-chart').boundingBox();
    assert.ok(box && box.width <= 390, JSON.stringify(box));
    await shot(page, 'dashboard-overview-en-phone');

    await page.goto('/dashboard?tab=reports&cadence=monthly');
    await waitHydrated(page);
    await page.getByTestId('report-body').getByRole('heading', { name: /^Monthly report, / }).waitFor();
    const reportOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(reportOverflow <= 0, `the report fits a phone (${reportOverflow} px)`);
    await shot(page, 'dashboard-monthly-en-phone');
  } finally {
    await context.close();
  }
});

/** The cells the fleet-areas table lists: their `all` counts, and the cell size they were asked for. */
async function areaRows(page) {
  const counts = await page.getByTestId('fleet-areas-table').locator('tbody tr [data-testid="area-all"]').allTextContents();
  return counts.map(Number);
}

test('where the fleet is now: cells by last position that add up to the fleet; a cell size asks the server again (zh, en)', async () => {
  // the live fleet: every vehicle in scope with a position (the seeded fleet's and the two that reported above)
  const stats = await api('/web/car/statistics', {});
  const byServer = await api('/dataReport/areal_distribution', { cell: 1 });
  assert.equal(
    byServer.reduce((n, c) => n + c.all, 0),
    stats.all,
    'every vehicle in scope has a last position',
  );
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    const asked = [];
    const tiles = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/dataReport/areal_distribution')) asked.push(JSON.parse(req.postData() ?? '{}').cell);
      // only what the dashboard's document asks for: the live map the sign-in lands on draws on the default
      // tiles, and may still ask for some until the navigation below commits
      if (/tile\.openstreetmap\.org|autonavi\.com/.test(req.url()) && req.frame().url().includes('/dashboard')) tiles.push(req.url());
    });
    await signIn(page, 'admin', server.password);
    await page.goto('/dashboard?days=7&tiles=offline');
    await waitHydrated(page);
    const panel = page.getByTestId('fleet-areas');
    await page.getByRole('heading', { name: '车辆当前分布' }).waitFor();
    await page.locator('[data-testid="fleet-areas"][data-cell="1"]').waitFor();
    const atOne = await areaRows(page);
    assert.equal(atOne.length, byServer.length);
    assert.equal(
      atOne.reduce((n, c) => n + c, 0),
      stats.all,
      'the cells hold the whole fleet',
    );
    assert.deepEqual(atOne, [...atOne].sort((a, b) => b - a), 'most vehicles first');
    assert.equal(Number(await page.getByTestId('area-total').getAttribute('data-total')), stats.all);
    assert.match(await page.getByTestId('area-total').textContent(), new RegExp(`共 ${String(stats.all)} 辆车`));
    // the map: on the offline outline, a rectangle per cell
    const map = page.locator('[data-testid="fleet-areas-map"][data-map-status="ready"]');
    await map.waitFor({ timeout: 20_000 });
    assert.equal(await map.getAttribute('data-tiles'), 'offline');
    assert.equal(Number(await map.getAttribute('data-shapes')), atOne.length);
    await page.getByTestId('fleet-areas-legend').getByText('无告警').waitFor();
    await shot(page, 'dashboard-areas-zh');

    // 0.1° then 2°: each asks the server; fewer, larger cells at 2°, the same fleet
    await panel.scrollIntoViewIfNeeded();
    await page.getByLabel('格子大小').selectOption('0.1');
    await page.locator('[data-testid="fleet-areas"][data-cell="0.1"]').waitFor();
    const fine = await areaRows(page);
    await page.getByLabel('格子大小').selectOption('2');
    await page.locator('[data-testid="fleet-areas"][data-cell="2"]').waitFor();
    const coarse = await areaRows(page);
    assert.ok(coarse.length < fine.length, `fewer cells at 2° (${String(coarse.length)}) than at 0.1° (${String(fine.length)})`);
    assert.equal(
      fine.reduce((n, c) => n + c, 0),
      stats.all,
    );
    assert.equal(
      coarse.reduce((n, c) => n + c, 0),
      stats.all,
    );
    assert.equal(Number(await page.locator('[data-testid="fleet-areas-map"]').getAttribute('data-shapes')), coarse.length);
    assert.ok(asked.includes(0.1) && asked.includes(2), `the server was asked for each size: ${JSON.stringify(asked)}`);
    await assertQuiet(page, 'fleet areas');
    assert.deepEqual(tiles, [], 'no tiles fetched with ?tiles=offline');

    // English
    await useLanguage(context, server.url, 'en');
    await page.goto('/dashboard?days=7&tiles=offline');
    await waitHydrated(page);
    await page.getByRole('heading', { name: 'Where the fleet is now' }).waitFor();
    await page.locator('[data-testid="fleet-areas"][data-cell="1"]').waitFor();
    await page.getByTestId('fleet-areas-table').getByRole('columnheader', { name: 'Vehicles' }).waitFor();
    assert.match(await page.getByTestId('area-total').textContent(), new RegExp(`^${String(stats.all)} vehicles in ${String(atOne.length)} cells of 1°`));
    await page.getByLabel('Cell size').selectOption('0.5');
    await page.locator('[data-testid="fleet-areas"][data-cell="0.5"]').waitFor();
    assert.equal(
      (await areaRows(page)).reduce((n, c) => n + c, 0),
      stats.all,
    );
    await page.locator('[data-testid="fleet-areas-map"][data-map-status="ready"]').waitFor({ timeout: 20_000 });
    await shot(page, 'dashboard-areas-en');
    await assertQuiet(page, 'fleet areas en');
    assert.deepEqual(tiles, [], 'no tiles fetched with ?tiles=offline');
  } finally {
    await context.close();
  }
});

/** Every kind, what it is drawn by, and the settings that draw it from the seeded roll-ups. */
const CHARTS = [
  { kind: 'bar', measure: 'distanceKm', grouping: 'day', family: 'cartesian', variant: 'bar' },
  { kind: 'line', measure: 'alarms', grouping: 'day', family: 'cartesian', variant: 'line' },
  { kind: 'pie', measure: 'alarms', grouping: 'alarmKind', family: 'radial', variant: 'pie' },
  { kind: 'gauge', measure: 'distanceKm', grouping: 'none', family: 'radial', variant: 'gauge' },
  { kind: 'heatmap', measure: 'distanceKm', grouping: 'enterpriseDay', family: 'heatmap', variant: 'heatmap' },
  { kind: 'waterfall', measure: 'distanceKm', grouping: 'week', family: 'cartesian', variant: 'waterfall' },
  { kind: 'scatter', measure: 'distanceKm', secondMeasure: 'alarms', grouping: 'vehicle', family: 'cartesian', variant: 'scatter' },
  { kind: 'barRace', measure: 'distanceKm', grouping: 'enterpriseDay', family: 'cartesian', variant: 'barRace' },
  // no call reads regions yet (areal_distribution): the chart says so
  { kind: 'map', measure: 'distanceKm', grouping: 'region', family: null },
];

/** Whether the server answers the board calls (they come with the reports-logs branch). */
async function hasBoards() {
  const res = await fetch(`${server.url}/api/dataReport/chart_setting`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': adminToken }, body: '{}' });
  return (await res.json()).code === 0;
}

const chartIds = (page) => page.getByTestId('board-chart').evaluateAll((els) => els.map((e) => e.dataset.chartId));

test('a board: a chart of every kind drawn from the roll-ups, reordered, the order kept over a reload', async (t) => {
  if (!(await hasBoards())) {
    t.skip('the server does not answer /dataReport/chart_setting (board calls not in this binary)');
    return;
  }
  const context = await newContext(browser, server.url, { timezoneId: 'UTC', viewport: { width: 1280, height: 1400 } });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await page.goto('/dashboard?tab=board');
    await waitHydrated(page);
    await page.getByTestId('boards').waitFor();
    await page.getByRole('button', { name: '新建看板' }).click();
    const boardDialog = page.getByTestId('board-dialog');
    await boardDialog.getByLabel('名称').fill(`车队 ${stamp}`);
    await boardDialog.getByRole('button', { name: '保存' }).click();
    await page.getByTestId('board').waitFor();

    for (const c of CHARTS) {
      await page.getByRole('button', { name: '添加图表' }).click();
      const dialog = page.getByTestId('chart-dialog');
      await dialog.getByLabel('标题').fill(`${c.kind} ${stamp}`);
      await dialog.getByLabel('图表类型').selectOption(c.kind);
      await dialog.getByLabel('指标', { exact: true }).selectOption(c.measure);
      if (c.secondMeasure) await dialog.getByLabel('纵轴指标').selectOption(c.secondMeasure);
      await dialog.getByLabel('分组').selectOption(c.grouping);
      await dialog.getByLabel('时间范围').selectOption('last7Days');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator(`[data-testid="board-chart"][data-kind="${c.kind}"]`).waitFor();
    }
    for (const c of CHARTS) {
      const card = page.locator(`[data-testid="board-chart"][data-kind="${c.kind}"]`);
      if (c.family === null) {
        await card.getByTestId('chart-unserved').waitFor();
        continue;
      }
      const chart = await drawn(page, card);
      assert.equal(chart.family, c.family, c.kind);
      assert.equal(chart.variant, c.variant, c.kind);
      assert.ok(chart.values > 0, `${c.kind} draws values`);
    }
    await shot(page, 'dashboard-board-zh');

    // the detail view: the chart large, its table open
    await page.getByRole('button', { name: `查看 bar ${stamp} 详情` }).click();
    const detail = page.getByTestId('chart-detail');
    await detail.locator('[data-chart-state="ready"]').waitFor();
    assert.ok((await detail.getByTestId('chart-table').locator('tbody tr').count()) >= SEEDED.length);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // reorder: the first one step later with its button, then one dragged to the front
    const before = await chartIds(page);
    await page.getByRole('button', { name: `将 bar ${stamp} 后移` }).click();
    const moved = [before[1], before[0], ...before.slice(2)];
    await page.waitForFunction((ids) => [...document.querySelectorAll('[data-testid="board-chart"]')].map((e) => e.dataset.chartId).join() === ids.join(), moved);
    // the third card (second row) dragged onto the first
    await page.locator('[data-testid="board-chart"]').nth(2).dragTo(page.locator('[data-testid="board-chart"]').first());
    const dragged = [moved[2], moved[0], moved[1], ...moved.slice(3)];
    await page.waitForFunction((ids) => [...document.querySelectorAll('[data-testid="board-chart"]')].map((e) => e.dataset.chartId).join() === ids.join(), dragged);
    await page.waitForLoadState('networkidle');

    await page.reload();
    await waitHydrated(page);
    await page.getByTestId('board-chart').first().waitFor();
    assert.deepEqual(await chartIds(page), dragged, 'the order is the server’s after a reload');

    // delete one
    await page.getByRole('button', { name: `删除 line ${stamp}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await page.locator('[data-testid="board-chart"][data-kind="line"]').waitFor({ state: 'detached' });
    await assertQuiet(page, 'board');
  } finally {
    await context.close();
  }
});

test('the data panels 4–22: each opens its chart of the roll-ups with its numbers as a table; the period is in the URL (zh, en)', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    // reached from the side menu: dataManage → panels → panel 4
    await page.goto('/dataManage/panels/panel4');
    await waitHydrated(page);
    const panel = page.getByTestId('data-panel');
    await page.getByRole('heading', { name: /每日行驶里程/ }).waitFor();
    // distance per day over the last 7 days: a point per day, the seeded days' km in the table
    assert.deepEqual(await drawn(page, panel), { family: 'cartesian', variant: 'line', values: 7 });
    const first = trend.days[0];
    assert.match(await panel.getByTestId('chart-table').locator('tbody tr').filter({ hasText: first.day }).textContent(), new RegExp(first.km.toFixed(1).replace('.', '\\.')));
    await panel.getByRole('button', { name: '近 30 天' }).click();
    await page.waitForURL(/panel4\?days=30/);
    // the 7-day chart stays drawn while the 30 days load: wait for the redraw, not the first ready chart
    await panel.locator('[data-chart-state="ready"][data-values="30"]').waitFor({ timeout: 20_000 });
    // the panels the seeded drives fill draw; the others draw or say the period holds nothing — none is unserved
    const filled = { 5: 'bar', 6: 'line', 7: 'bar', 8: 'pie', 11: 'line', 13: 'line', 15: 'bar', 17: 'bar', 18: 'bar', 20: 'bar', 21: 'scatter', 22: 'heatmap' };
    for (let n = 5; n <= 22; n += 1) {
      await page.goto(`/dataManage/panels/panel${n}?days=7`);
      await waitHydrated(page);
      await panel.waitFor();
      if (filled[n]) {
        const chart = await drawn(page, panel);
        assert.ok(chart.values > 0, `panel ${n}: ${JSON.stringify(chart)}`);
        assert.equal(chart.variant ?? chart.family, filled[n], `panel ${n}`);
      } else {
        await panel.locator('[data-chart-state="ready"], [data-testid="empty-state"]').first().waitFor({ timeout: 20_000 });
      }
      assert.equal(await panel.getByTestId('chart-unserved').count(), 0, `panel ${n} is served`);
    }
    await assertQuiet(page, 'data panels');

    await useLanguage(context, server.url, 'en');
    await page.goto('/dataManage/panels/panel12?days=7');
    await waitHydrated(page);
    await page.getByRole('heading', { name: /Hottest hub per day/ }).waitFor();
    await page.getByText(/braking and bearing trouble/).waitFor();
    await shot(page, 'data-panel-12-en');
  } finally {
    await context.close();
  }
});

test('temperature difference: the largest hub difference per day and per vehicle; the vehicle over the threshold first and marked', async () => {
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await page.goto('/dataManage/tempDifferenceAnalysis');
    await waitHydrated(page);
    await page.getByRole('heading', { name: '温差分析' }).waitFor();
    const view = page.getByTestId('temp-difference');
    // a point per seeded day (days without readings have no extreme)
    assert.deepEqual(await drawn(page, view), { family: 'cartesian', variant: 'line', values: SEEDED.length });
    await view.getByTestId('hub-difference-threshold').getByText(/25 °C/).waitFor();
    const rows = view.getByTestId('hub-difference-table').locator('tbody tr');
    await rows.filter({ hasText: vehicles[1].plate }).waitFor();
    const first = await rows.first().textContent();
    assert.match(first, new RegExp(`${vehicles[1].plate}.*30.*超过阈值`));
    assert.match(await rows.filter({ hasText: vehicles[0].plate }).textContent(), /阈值内/);
    await assertQuiet(page, 'temperature difference');
    await shot(page, 'temp-difference-zh');
  } finally {
    await context.close();
  }
});

test('home: the fleet now, the alarms nobody handled and the open work orders, each leading to its list', async () => {
  const order = await api('/work/save', { typeId: -1, title: `首页工单${stamp}`, vehicles: [{ vehicleId: vehicles[1].carId }] });
  const stats = await api('/web/car/statistics', {});
  const waiting = await api('/web/log/incidents', { state: 0, page: 1, pageSize: 1 });
  const context = await newContext(browser, server.url, { timezoneId: 'UTC' });
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await page.getByTestId('side-menu').locator('[data-menu-id="home"]').click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: '首页' }).waitFor();
    await page.getByTestId('home-fleet').waitFor();
    for (const c of ['all', 'alarm', 'offline']) assert.equal(Number(await page.getByTestId(`home-count-${c}`).textContent()), stats[c], c);
    if (waiting.total > 0) {
      await page.getByTestId('home-alarms').locator('li').first().waitFor();
      await page.getByText(`共 ${String(waiting.total)} 条待处理`).waitFor();
    } else await page.getByText('没有待处理的告警。').waitFor();
    const listed = page.getByTestId('home-orders').locator('li').filter({ hasText: order.number });
    await listed.getByText(`首页工单${stamp}`).waitFor();
    await listed.getByRole('link', { name: order.number }).click();
    await page.waitForURL(new RegExp(`${String(order.id)}$`));
    await page.goBack();
    await page.getByRole('link', { name: '全部工单' }).click();
    await page.waitForURL('**/allWorkOrders');
    await assertQuiet(page, 'home');
    await shot(page, 'home-zh');
  } finally {
    await context.close();
  }
});
