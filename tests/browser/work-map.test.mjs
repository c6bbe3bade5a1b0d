// Work orders on the live map and the map's exports: an open order with a location on a vehicle, drawn as a marker
// when the "work orders" layer is on; its card and the link to the order, at 1280 px in Chinese and English; a state
// change of the order reaching the layer over the websocket; the exports of work orders (CSV, XLSX) and after-service
// records (a resolved and closed order with its repair record; a range without any says so instead of a file); and
// on a 390×844 phone, the map's lower three quarters free of controls, the layer switch and the export menu reachable,
// a marker in the lower half clickable. Real server, real browser.
// Run from the repo root: node --test tests/browser/work-map.test.mjs (WHEELEND_BIN=… for another build of the server).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { inflateRawSync } from 'node:zlib';

import { apiLogin, assertQuiet, callApi, fittedVehicle, launchBrowser, newContext, newPage, postReport, shot, signIn, useLanguage } from './helpers.mjs';
import { repoRoot, startServer } from './server.mjs';

let server;
let browser;

const FLEET = 1014;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const words = (lang) => JSON.parse(readFileSync(resolve(repoRoot, `app/src/locales/${lang}/work.json`), 'utf8'));
const zh = words('zh');

let root;
let vehicle;
/** Open, with a location (Hangzhou; the vehicle reports from Shanghai): the layer's one marker. */
let open;
/** Resolved and closed, with a repair record: an after-service record. */
let serviced;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  root = await apiLogin(server.url, 'admin', server.password);
  const imei = String(861_000_000_000_000 + (Date.now() % 1_000_000) * 100 + 7);
  vehicle = await fittedVehicle(server.url, root, { plate: `浙M${stamp}`, imei, entId: FLEET });
  await postReport(server.url, vehicle);
  const on = [{ vehicleId: vehicle.carId, positions: ['1-1'] }];
  open = await callApi(server.url, root, '/work/save', { typeId: -1, title: `地图工单${stamp}`, vehicles: on });
  await callApi(server.url, root, '/work/location', { id: open.id, lat: 30.274085, lon: 120.15507, address: `杭州市西湖区${stamp}号` });
  serviced = await callApi(server.url, root, '/work/save', { typeId: -1, title: `售后工单${stamp}`, vehicles: on });
  await callApi(server.url, root, '/work/setState', { id: serviced.id, state: 101 });
  await callApi(server.url, root, '/work/maintain', {
    id: serviced.id,
    summary: '更换气门芯',
    wheels: [{ position: '1-1', action: 'replace', tyreSerial: `T${stamp}` }],
    lines: [{ kind: 'part', name: '气门芯', quantity: 2, unitPrice: 15 }],
  });
  await callApi(server.url, root, '/work/setState', { id: serviced.id, state: 102 });
  await callApi(server.url, root, '/work/setState', { id: serviced.id, state: 104 });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signed in as the admin, on /map in `lang` with the offline base layer, the map drawn and the fleet loaded. */
async function openMap(page, lang = 'zh') {
  await signIn(page, 'admin', server.password);
  await useLanguage(page.context(), server.url, lang);
  await page.goto('/map?tiles=offline');
  await page.locator('[data-map-status="ready"]').waitFor({ timeout: 20_000 });
  await page.getByTestId('vehicle-count').filter({ hasText: /^[1-9]\d* \/ [1-9]\d*$/ }).waitFor({ timeout: 10_000 });
}

/**
 * Shows the order's vehicle on the map (it reports from Shanghai, the order is in Hangzhou): the view closes in on it,
 * so the order is out of view and turning the layer on brings it to the centre. Answers the map's box, in view.
 */
async function focusVehicle(page) {
  await page.getByTestId('vehicle-list').getByRole('button', { name: new RegExp(vehicle.plate) }).click();
  await page.getByTestId('vehicle-panel').waitFor();
  await page.waitForTimeout(800); // the view's animation
  await page.getByTestId('fleet-map').evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
  });
  return page.getByTestId('fleet-map').boundingBox();
}

/** Turns the work-order layer on; answers once it counts the one located open order. */
async function ordersOn(page) {
  const toggle = page.getByTestId('order-layer-toggle');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  await page.getByTestId('order-layer-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
  // the view moved to the order (none was in view): let OpenLayers draw it
  await page.waitForTimeout(300);
}

async function mapBox(page) {
  return page.getByTestId('fleet-map').boundingBox();
}

/** Clicks the middle of the map, where the one order is once the layer brought it into view. */
async function clickCentre(page) {
  const box = await mapBox(page);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

for (const lang of ['zh', 'en']) {
  test(`1280 px in ${lang}: the layer draws the open located order; its marker opens the card, the card links to the order`, async () => {
    const w = words(lang);
    const context = await newContext(browser, server.url);
    const page = await newPage(context);
    try {
      await openMap(page, lang);
      const toggle = page.getByTestId('order-layer-toggle');
      assert.equal((await toggle.textContent()).trim(), lang === 'zh' ? '工单' : 'Work orders');
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'off by default');
      await focusVehicle(page);
      await ordersOn(page);
      await page.getByTestId('order-legend').getByText(w.state['100']).waitFor();

      // one order, brought into view: its marker is at the centre of the map
      await clickCentre(page);
      const card = page.getByTestId('order-card');
      await card.waitFor({ timeout: 5000 });
      assert.equal((await card.getByTestId('order-card-number').textContent()).trim(), open.number);
      await card.getByText(`地图工单${stamp}`).waitFor();
      await card.getByText(w.state['100'], { exact: true }).waitFor();
      await card.getByText(vehicle.plate).waitFor();
      await card.getByText(`杭州市西湖区${stamp}号`).waitFor();
      await shot(page, `work-map-${lang}-1280`);
      await assertQuiet(page, `work orders on the map (${lang})`);

      // the choice is remembered
      await page.reload();
      await page.locator('[data-map-status="ready"]').waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('order-layer-toggle').getAttribute('aria-pressed'), 'true');
      await page.getByTestId('order-layer-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
      await page.getByTestId('order-layer-toggle').click();
      await focusVehicle(page);
      await ordersOn(page);
      await clickCentre(page);
      await card.getByTestId('order-card-link').click();
      await page.waitForURL(`**/${open.id}`);
      await page.getByTestId('order-header').waitFor();
      assert.equal((await page.getByTestId('order-number').textContent()).trim(), open.number);
      await assertQuiet(page, `the order from the map (${lang})`);
    } finally {
      await context.close();
    }
  });
}

test('a state change of an order on the map reaches its card over the websocket', async () => {
  const context = await newContext(browser, server.url);
  const page = await newPage(context);
  try {
    await openMap(page);
    await page.locator('[data-live="open"]').waitFor({ timeout: 10_000 });
    await focusVehicle(page);
    await ordersOn(page);
    await clickCentre(page);
    const card = page.getByTestId('order-card');
    await card.getByText(zh.state['100'], { exact: true }).waitFor({ timeout: 5000 });
    // the admin opened the order: a member, so the `work.order` frame comes to this page (well before the minute's refresh)
    await callApi(server.url, root, '/work/setState', { id: open.id, state: 101 });
    await card.getByText(zh.state['101'], { exact: true }).waitFor({ timeout: 5000 });
    await assertQuiet(page, 'live state change');
  } finally {
    await context.close();
  }
});

// --- exports ------------------------------------------------------------------------------------------------------

/** The rows of a CSV text (RFC 4180: quoted fields, doubled quotes), without the BOM. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The CSV's rows as objects keyed by the header. */
function csvRecords(text) {
  const [headers, ...rows] = parseCsv(text);
  return { headers, records: rows.map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i]]))) };
}

/** The files of a zip archive (stored or deflated entries), by name, read through its central directory. */
function unzip(buf) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end -= 1;
  assert.ok(end >= 0, 'a zip archive (end of central directory)');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i += 1) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(data, data + size);
    files.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** A local day as YYYY-MM-DD (the browser's zone is this machine's). */
function localDay(d = new Date()) {
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Opens Export → `entry`: answers the dialog. */
async function openExport(page, entry) {
  await page.getByTestId('map-export').getByRole('button').click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

/** Chooses `format` in the dialog, exports, answers the download's file name and text (or buffer). */
async function download(page, dialog, format) {
  await dialog.getByLabel(format.toUpperCase(), { exact: true }).check();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), dialog.getByRole('button', { name: '导出', exact: true }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), buffer: readFileSync(path) };
}

test('exports: work orders as CSV and XLSX, after-service records with the repair record, nothing found says so', async () => {
  const context = await newContext(browser, server.url, { acceptDownloads: true });
  const page = await newPage(context);
  try {
    await openMap(page);
    const today = localDay();
    const f = zh.field;

    // every order, CSV
    let dialog = await openExport(page, zh.exports.orders);
    assert.equal(await dialog.getByRole('heading', { name: zh.exports.ordersTitle }).count(), 1);
    await shot(page, 'work-map-export-orders-zh-1280');
    const csv = await download(page, dialog, 'csv');
    assert.equal(csv.name, `work-orders-${today}.csv`);
    const { headers, records } = csvRecords(csv.buffer.toString('utf8'));
    assert.deepEqual(headers, [f.number, f.type, f.state, f.grade, f.priority, f.title, f.vehicle, f.requester, f.assignee, f.createdAt, f.dueAt, f.resolvedAt, f.cost, f.address]);
    const row = records.find((r) => r[f.number] === open.number);
    assert.ok(row, `the open order's row: ${JSON.stringify(records)}`);
    assert.equal(row[f.title], `地图工单${stamp}`);
    assert.equal(row[f.type], '维修');
    assert.equal(row[f.state], zh.state['101'], 'in progress since the previous test');
    assert.equal(row[f.vehicle], vehicle.plate);
    assert.equal(row[f.address], `杭州市西湖区${stamp}号`);
    assert.equal(row[f.resolvedAt], '');
    assert.ok(records.some((r) => r[f.number] === serviced.number), 'the closed order is an order too');

    // in progress only, XLSX: a zip whose first sheet holds the order's number (through the shared strings)
    dialog = await openExport(page, zh.exports.orders);
    await dialog.getByLabel(f.state).selectOption({ label: zh.state['101'] });
    const xlsx = await download(page, dialog, 'xlsx');
    assert.equal(xlsx.name, `work-orders-${today}.xlsx`);
    assert.equal(xlsx.buffer.readUInt32LE(0), 0x04034b50, 'a zip file');
    const files = unzip(xlsx.buffer);
    const sheet = files.get('xl/worksheets/sheet1.xml');
    assert.ok(sheet, `xl/worksheets/sheet1.xml in ${[...files.keys()].join(', ')}`);
    const strings = [...(files.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>(?:<t[^>]*>)?([^<]*)/g)].map((m) => m[1]);
    // a cell's text: a shared string (t="s", its index in <v>), an inline string, or the value itself
    const texts = [...sheet.matchAll(/<c\b([^>]*)>(.*?)<\/c>/g)].map(([, attrs, body]) => {
      const v = /<v>([^<]*)<\/v>/.exec(body)?.[1];
      if (/\bt="s"/.test(attrs)) return strings[Number(v)];
      return /<t[^>]*>([^<]*)<\/t>/.exec(body)?.[1] ?? v;
    });
    assert.ok(texts.includes(open.number), `the sheet holds ${open.number}`);
    assert.ok(!texts.includes(serviced.number), 'the closed order is filtered out');

    // after-service records resolved today, CSV
    const utcToday = new Date().toISOString().slice(0, 10);
    dialog = await openExport(page, zh.exports.afterService);
    await dialog.getByLabel(zh.exports.resolvedFrom).fill(utcToday);
    await dialog.getByLabel(zh.exports.resolvedTo).fill(utcToday);
    const service = await download(page, dialog, 'csv');
    assert.equal(service.name, `after-service-${today}.csv`);
    const after = csvRecords(service.buffer.toString('utf8'));
    assert.deepEqual(after.headers, [f.number, f.vehicle, f.type, f.title, f.assignee, f.resolvedAt, f.closedAt, f.cost, f.repairSummary]);
    assert.deepEqual(after.records.map((r) => r[f.number]), [serviced.number], 'only the resolved and closed order');
    const record = after.records[0];
    assert.equal(record[f.vehicle], vehicle.plate);
    assert.equal(record[f.cost], '30');
    assert.equal(record[f.repairSummary], `更换气门芯; 第1轴左轮 replace T${stamp}`);
    assert.match(record[f.resolvedAt], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.match(record[f.closedAt], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // nothing resolved before yesterday: said in the dialog, no file
    dialog = await openExport(page, zh.exports.afterService);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel(zh.exports.resolvedTo).fill(yesterday);
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await dialog.getByRole('button', { name: '导出', exact: true }).click();
    await dialog.getByTestId('export-empty').waitFor();
    await page.waitForTimeout(500);
    assert.equal(downloaded, false, 'no empty file');
    await dialog.getByRole('button', { name: '取消', exact: true }).click();
    await assertQuiet(page, 'exports');
  } finally {
    await context.close();
  }
});

// --- phone --------------------------------------------------------------------------------------------------------

test('390×844 phone in en: the lower three quarters of the map are free, layer and export reachable, a marker low down clickable', async () => {
  const context = await newContext(browser, server.url, PHONE);
  const page = await newPage(context);
  const en = words('en');
  try {
    await openMap(page, 'en');
    const map = await mapBox(page);
    const freeTop = map.y + map.height * 0.25;

    // every control over the map (and OpenLayers' zoom buttons) sits in the top quarter
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="map-controls"] > *, [data-testid="map-controls"] > * *, .ol-zoom')]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ what: el.getAttribute('data-testid') ?? el.className.toString().slice(0, 40), ...el.getBoundingClientRect().toJSON() })),
    );
    assert.ok(boxes.length > 3, JSON.stringify(boxes));
    for (const b of boxes) assert.ok(b.bottom <= freeTop, `${b.what} reaches ${b.bottom} px, below the top quarter (${freeTop} px)`);
    // and the map itself is what a tap anywhere in the lower three quarters hits
    const covered = await page.evaluate(
      ({ x, y, width, height }) => {
        const target = document.querySelector('[data-testid="fleet-map"]');
        const hits = [];
        for (let i = 0; i < 8; i += 1) {
          for (let j = 0; j < 8; j += 1) {
            const px = x + (width * (i + 0.5)) / 8;
            const py = y + height * 0.25 + (height * 0.75 * (j + 0.5)) / 8;
            const el = document.elementFromPoint(px, py);
            if (!el || !target.contains(el)) hits.push(`${Math.round(px)},${Math.round(py)}: ${el?.outerHTML.slice(0, 80)}`);
          }
        }
        return hits;
      },
      map,
    );
    assert.deepEqual(covered, [], 'nothing covers the lower three quarters of the map');
    await shot(page, 'work-map-en-390');

    // the filters and tools are one tap away
    await page.getByTestId('map-controls-open').click();
    const sheet = page.getByRole('dialog', { name: 'Filters and tools' });
    await sheet.getByTestId('map-filters').getByRole('button', { name: /Offline/ }).waitFor();
    await sheet.getByTestId('map-tools').getByRole('button', { name: 'Measure' }).waitFor();
    await sheet.getByTestId('route-legend').waitFor();
    await shot(page, 'work-map-sheet-en-390');
    await sheet.getByRole('button', { name: 'Close filters and tools' }).click();
    await sheet.waitFor({ state: 'hidden' });

    // the export menu
    const dialog = await openExport(page, en.exports.afterService);
    assert.equal(await dialog.getByRole('heading', { name: en.exports.afterServiceTitle }).count(), 1);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

    // the layer; its one marker brought to the centre, then the map dragged down by a fifth: the marker sits at 70 %
    const box = await focusVehicle(page);
    await ordersOn(page);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const shift = Math.round(box.height * 0.2);
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) await page.mouse.move(cx, cy + (shift * i) / 10);
    await page.waitForTimeout(300); // still before letting go: no kinetic pan
    await page.mouse.up();
    await page.waitForTimeout(300);
    await page.touchscreen.tap(cx, cy + shift);
    const card = page.getByTestId('order-card');
    await card.waitFor({ timeout: 5000 });
    assert.equal((await card.getByTestId('order-card-number').textContent()).trim(), open.number);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scrolling at 390 px');
    await page.waitForTimeout(500); // the picked order moves clear of its card
    await shot(page, 'work-map-card-en-390');
    await assertQuiet(page, 'the map on a phone');
  } finally {
    await context.close();
  }
});
