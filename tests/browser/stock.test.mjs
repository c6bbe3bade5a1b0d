// The stock, tyre and maintenance screens in the browser (issue 18, docs/stock.md): an enterprise admin adds a
// warehouse, receives tyres with their serials from a supplier added in the supplier picker (a serial count that does
// not match the quantity is named under the serials first) and sees the balance; an issue of more than is held is
// refused by the server under the line's quantity; one of the tyres is mounted from the tyre inventory at a vehicle's
// wheel named by side and place, and its life page shows the mount; a tyre is mounted for a work order (from the
// order's "mount a tyre" to the tyres in stock, the dialog prefilled with the order's vehicle, wheel and the order,
// then back to the order; its life shows the mount with the order); a supplier is added; a service record with a
// part line issues the part and shows in its detail; every view renders in Chinese and English at 1280 and 390 px
// without console errors. Real server only; every test is skipped while the server lacks the stock calls.
// Run from the repo root: node --test tests/browser/stock.test.mjs (WHEELEND_BIN=… for another build).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, callApi, launchBrowser, newContext, newPage, openConsole, shot, signIn, useLanguage } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

const FLEET = 1014;
const ROLE_ENTERPRISE_ADMIN = 100;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();

let stockReady = false;
let adminToken;
const admin = { userName: `stock${stamp}`.toLowerCase(), password: 'Stock!pass1', nickName: `库管${stamp}` };
const plate = `沪S${stamp}`;
const warehouseName = `一号库${stamp}`;
const partsWarehouse = `配件库${stamp}`;
const supplierInPicker = `米其林经销${stamp}`;
const supplierAdded = `配件供应${stamp}`;
const serials = [`T${stamp}01`, `T${stamp}02`];
let carId;
let tyreItem;
let partItem;
/** Set by the tests, for the render test's detail pages. */
let tyreId;
let serviceId;

/** Whether the server answers the stock calls (they land with the issue-18 server branch). */
async function hasStock() {
  const res = await fetch(`${server.url}/api/web/drp/getDrpSetting`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': adminToken }, body: '{}' });
  return res.status === 200 && (await res.json()).code === 0;
}

const api = (path, body) => callApi(server.url, adminToken, path, body);

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const root = await apiLogin(server.url, 'admin', server.password);
  await callApi(server.url, root, '/user/admin_register', {
    userName: admin.userName,
    passWord: admin.password,
    nickName: admin.nickName,
    authorityId: ROLE_ENTERPRISE_ADMIN,
    enterpriseId: FLEET,
    phone: `135${String(Date.now() % 1e6).padStart(6, '0')}01`,
    enable: 1,
  });
  // wheels 11, 12 (steer) and 21–24 (drive: 24 is the right outer)
  carId = (await callApi(server.url, root, '/web/car/updateCarInfo', { plate, kind: 0, axleLayout: '2,4', entId: FLEET })).carId;
  // a tyre model of the platform catalogue
  const brands = await callApi(server.url, root, '/web/tyre/inUpTyreBrands', { name: `测试胎${stamp}` });
  const brand = brands.find((b) => b.name === `测试胎${stamp}`);
  const model = await callApi(server.url, root, '/web/tyre/inUpTyre', { brandId: brand.id, model: `X${stamp}`, spec: '295/80R22.5', grain: 'XZE' });
  adminToken = await apiLogin(server.url, admin.userName, admin.password);
  stockReady = await hasStock();
  if (!stockReady) return;
  tyreItem = await api('/web/service/saveItem', { kind: 3, tyreId: model.id, code: `TY${stamp}`, unit: '条', price: 2200 });
  partItem = await api('/web/service/saveItem', { kind: 2, code: `BP${stamp}`, name: `刹车片${stamp}`, unit: '套', price: 360 });
  // parts in their own warehouse, for the service record
  const parts = await api('/web/drp/saveWarehouse', { name: partsWarehouse });
  await api('/web/drp/saveMove', { kind: 'receipt', warehouseId: parts.id, lines: [{ itemId: partItem.id, quantity: 10, unitCost: 280 }] });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Skips the test (and says why) while the server has no stock calls. */
function needsStock(t) {
  if (stockReady) return false;
  t.skip('the server does not answer /web/drp/getDrpSetting (stock calls not in this binary)');
  return true;
}

const noOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Picks `label` in the select called `name` once its options have loaded. */
async function pick(scope, name, label) {
  const select = scope.getByLabel(name, { exact: true });
  await select.locator('option', { hasText: label }).first().waitFor({ state: 'attached' });
  await select.selectOption({ label });
}

/** Chooses the test's vehicle in a VehicleSelect inside `scope`. */
async function pickVehicle(scope) {
  await scope.getByLabel('搜索车牌').fill(plate);
  await pick(scope, '车辆', plate);
}

/** Chooses an item on a line of a move or service dialog: search by code, then select. */
async function pickItem(line, item) {
  await line.getByRole('searchbox').fill(item.code);
  const select = line.getByLabel('物品', { exact: true });
  await select.locator('option', { hasText: item.code }).first().waitFor({ state: 'attached' });
  await select.selectOption({ value: String(item.id) });
}

/** The text of the error shown for a control (its aria-describedby). */
async function errorOf(page, control) {
  assert.equal(await control.getAttribute('aria-invalid'), 'true');
  return (await page.locator(`[id="${await control.getAttribute('aria-describedby')}"]`).textContent()).trim();
}

test('tyres received with their serials into a new warehouse show in its balance', async (t) => {
  if (needsStock(t)) return;
  const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 900 } });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, '/colony/stockManage');

    // a new warehouse
    await page.getByRole('tab', { name: '仓库', exact: true }).click();
    await page.getByRole('button', { name: '新增仓库' }).click();
    const form = page.getByTestId('warehouse-form');
    await form.getByLabel('名称').fill(warehouseName);
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('warehouses-table').getByText(warehouseName).first().waitFor();

    // stock in: the supplier added in the picker and picked
    await page.getByTestId('stock-in').click();
    const dialog = page.getByTestId('stock-in-dialog');
    await pick(dialog, '入库仓库', warehouseName);
    await dialog.getByTestId('move-pick-supplier').click();
    const picker = page.getByTestId('supplier-dialog');
    await picker.getByRole('button', { name: '新建供应商' }).click();
    const supplierForm = page.getByTestId('supplier-form');
    await supplierForm.getByLabel('名称').fill(supplierInPicker);
    await supplierForm.getByRole('button', { name: '保存' }).click();
    await picker.waitFor({ state: 'detached' });
    assert.equal((await dialog.getByTestId('move-pick-supplier').textContent()).trim(), supplierInPicker);

    const line = dialog.getByRole('group', { name: '第 1 行' });
    await pickItem(line, tyreItem);
    await line.getByLabel('数量', { exact: true }).fill('2');
    await line.getByLabel('单位成本').fill('1800');
    const serialBox = line.getByLabel(/^轮胎编号/);
    // one serial for two tyres: named under the serials, nothing sent
    await serialBox.fill(serials[0]);
    await dialog.getByTestId('move-save').click();
    assert.match(await errorOf(page, serialBox), /2 条轮胎填写了 1 个编号/);
    await serialBox.fill(`${serials[0]} 3224\n${serials[1]} 3224`);
    assert.match(await dialog.getByTestId('move-totals').textContent(), /3600\.00/);
    await shot(page, 'stock-in-1280');
    await dialog.getByTestId('move-save').click();
    await dialog.waitFor({ state: 'detached' });

    // the balance of the new warehouse
    await page.getByRole('tab', { name: '库存', exact: true }).click();
    const balances = page.getByTestId('balances-table');
    const row = balances.locator('tr', { hasText: warehouseName }).filter({ hasText: tyreItem.code });
    await row.first().waitFor();
    assert.match(await row.first().getByTestId('balance-quantity').textContent(), /^2\b/);
    await page.getByTestId('balance-totals').waitFor();

    // the ledger holds the receipt with its serials
    await page.getByRole('tab', { name: '流水', exact: true }).click();
    const receipt = page.getByTestId('ledger-table').locator('tr', { hasText: tyreItem.code }).first();
    await receipt.waitFor();
    const text = await receipt.textContent();
    assert.ok(text.includes(serials[0]) && text.includes(serials[1]) && text.includes(supplierInPicker), text);
    await assertQuiet(page, 'stock in');
  } finally {
    await context.close();
  }
});

test('an issue of more than is held is refused under the line’s quantity, and nothing is written', async (t) => {
  if (needsStock(t)) return;
  const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 900 } });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, '/colony/stockManage');
    await page.getByTestId('stock-out').click();
    const dialog = page.getByTestId('stock-out-dialog');
    await dialog.getByLabel('类型').selectOption('issue');
    await pick(dialog, '仓库', partsWarehouse);
    await pickVehicle(dialog);
    const line = dialog.getByRole('group', { name: '第 1 行' });
    await pickItem(line, partItem);
    const quantity = line.getByLabel('数量', { exact: true });
    await quantity.fill('999');
    await dialog.getByTestId('move-save').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="stock-out-dialog"] [data-testid="field-error"]') !== null);
    assert.ok((await errorOf(page, quantity)).length > 0, 'the server’s refusal is under the quantity');
    await dialog.getByRole('button', { name: '取消' }).click();
    const held = await api('/web/drp/storageList', { page: 1, pageSize: 10, itemId: partItem.id });
    assert.equal(held.list[0].quantity, 10, 'the refused document wrote nothing');
  } finally {
    await context.close();
  }
});

test('a tyre from the inventory is mounted at a named wheel; its life page shows the mount', async (t) => {
  if (needsStock(t)) return;
  const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 900 } });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, '/dataManage/tyreMileage');
    await page.getByTestId('tyre-totals').waitFor();
    await page.getByRole('button', { name: `装胎 ${serials[0]}` }).filter({ visible: true }).click();
    const dialog = page.getByTestId('mount-dialog');
    await pickVehicle(dialog);
    // axle layout 2,4: position 24 is the drive axle's right outer wheel
    await dialog.getByTestId('position-picker').getByRole('radio', { name: /^第2轴右外/ }).check();
    await shot(page, 'tyre-mount-1280');
    await dialog.getByTestId('mount-save').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('tyre-assets-table').locator('tr', { hasText: serials[0] });
    await row.getByText('在用').waitFor();
    assert.equal((await row.getByTestId('tyre-place').textContent()).trim(), `${plate} · 第2轴右外`);

    await page.getByTestId(`tyre-life-link-${serials[0]}`).filter({ visible: true }).click();
    await page.waitForURL('**/dataManage/tyreLife/*');
    tyreId = Number(new URL(page.url()).pathname.split('/').pop());
    const facts = page.getByTestId('tyre-facts');
    await facts.getByText(serials[0]).waitFor();
    await facts.getByText(`${plate} · 第2轴右外`).waitFor();
    await page.getByTestId('tyre-mounts').getByText(plate).first().waitFor();
    await page.getByTestId('tyre-log').locator('[data-kind="mount"]').first().waitFor();
    await shot(page, 'tyre-life-1280');
    await assertQuiet(page, 'tyre life');
  } finally {
    await context.close();
  }
});

/** Per language: the tyre received for the job and the wheel of the order it is mounted at. */
const FOR_ORDER = {
  zh: { serial: `W${stamp}01`, wheel: '1-1', wheelName: '第1轴左轮', position: 11, link: (w) => `装胎：${plate} ${w}`, mount: (x) => `装胎 ${x}`, order: '工单', remark: '备注', inStock: '在库', mounted: '在用', back: (n) => `返回工单 ${n}`, remarkText: (n) => `工单 ${n}` },
  en: { serial: `W${stamp}02`, wheel: '1-2', wheelName: 'Axle 1, right', position: 12, link: (w) => `Mount a tyre on ${plate}, ${w}`, mount: (x) => `Mount ${x}`, order: 'Work order', remark: 'Remark', inStock: 'In stock', mounted: 'Mounted', back: (n) => `Back to work order ${n}`, remarkText: (n) => `Work order ${n}` },
};
/** The work order the tyres are mounted for, opened through the API on the test vehicle's wheels 1-1 and 1-2. */
let jobOrder;

/** Receives the two tyres and opens the order, once for both languages. */
function orderForMounts() {
  jobOrder ??= receiveAndOpen();
  return jobOrder;
}

async function receiveAndOpen() {
  const warehouse = await api('/web/drp/saveWarehouse', { name: `装胎库${stamp}` });
  await api('/web/drp/saveMove', {
    kind: 'receipt',
    warehouseId: warehouse.id,
    lines: [{ itemId: tyreItem.id, quantity: 2, unitCost: 1900, tyres: [{ serial: FOR_ORDER.zh.serial }, { serial: FOR_ORDER.en.serial }] }],
  });
  // the built-in order type (-1)
  return api('/work/save', { typeId: -1, title: `更换前轴轮胎${stamp}`, vehicles: [{ vehicleId: carId, positions: [FOR_ORDER.zh.wheel, FOR_ORDER.en.wheel] }] });
}

for (const lang of ['zh', 'en']) {
  test(`a tyre is mounted for a work order: from the order to the tyres in stock, mounted with the order, back to it (${lang})`, async (t) => {
    if (needsStock(t)) return;
    const L = FOR_ORDER[lang];
    const order = await orderForMounts();
    const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 900 } });
    const page = await newPage(context);
    try {
      await signIn(page, admin.userName, admin.password);
      if (lang === 'en') await useLanguage(context, server.url, 'en');
      // the order's page: a "mount a tyre" per wheel it names
      await openConsole(page, `/project/workOrderDetail/${String(order.id)}`);
      const detailPath = new URL(page.url()).pathname;
      await page.getByTestId('order-subject').waitFor();
      assert.equal(await page.getByTestId('order-mount-tyre').count(), 2, 'one per wheel of the order');
      await shot(page, `order-mount-links-${lang}`);
      await page.getByRole('link', { name: L.link(L.wheelName), exact: true }).click();
      await page.waitForURL('**/dataManage/tyreMileage?*');
      const asked = new URL(page.url()).searchParams;
      assert.equal(asked.get('workOrderId'), String(order.id));
      assert.equal(asked.get('vehicleId'), String(carId));
      assert.equal(asked.get('position'), String(L.position));

      // the tyres in stock, the job named above them
      const note = page.getByTestId('mount-for-order');
      await note.waitFor();
      const noteText = await note.textContent();
      assert.ok(noteText.includes(order.number) && noteText.includes(plate), noteText);
      const table = page.getByTestId('tyre-assets-table');
      const row = table.locator('tbody tr', { hasText: L.serial });
      await row.first().waitFor();
      const states = await table.locator('tbody tr').allTextContents();
      assert.ok(states.length > 0 && states.every((r) => r.includes(L.inStock) && !r.includes(L.mounted)), `only tyres in stock: ${states.join(' | ')}`);

      // the dialog starts with the order's vehicle, wheel and the order
      await page.getByRole('button', { name: L.mount(L.serial), exact: true }).filter({ visible: true }).click();
      const dialog = page.getByTestId('mount-dialog');
      const picked = dialog.getByTestId('position-picker').getByRole('radio', { checked: true });
      await picked.waitFor();
      assert.equal(await picked.getAttribute('value'), String(L.position));
      await dialog.getByLabel(L.order, { exact: true }).locator(`option[value="${String(order.id)}"]`).waitFor({ state: 'attached' });
      assert.equal(await dialog.getByLabel(L.order, { exact: true }).inputValue(), String(order.id));
      assert.equal(await dialog.getByLabel(L.remark, { exact: true }).inputValue(), L.remarkText(order.number));
      await shot(page, `tyre-mount-for-order-${lang}`);
      await dialog.getByTestId('mount-save').click();
      await dialog.waitFor({ state: 'detached' });

      // mounted: the page says so and leads back to the order
      const done = page.getByTestId('mount-for-order-done');
      await done.waitFor();
      assert.ok((await done.textContent()).includes(L.serial));
      const back = page.getByRole('link', { name: L.back(order.number) });
      await back.click();
      await page.waitForURL(`**${detailPath}`);
      await page.getByTestId('order-detail').waitFor();
      await assertQuiet(page, `mount for order (${lang})`);

      // the ledger's issue names the order; the tyre's life shows the mount at the wheel, with the order
      const moves = await api('/web/drp/storageRecord', { page: 1, pageSize: 20, workOrderId: order.id });
      assert.ok(
        moves.list.some((m) => m.kind === 'issue' && m.tyres.some((x) => x.serial === L.serial)),
        'the issue of the tyre is booked on the order',
      );
      const tyre = (await api('/web/drp/tyre/list', { page: 1, pageSize: 5, keyword: L.serial })).list[0];
      assert.equal(tyre.state, 2);
      assert.equal(tyre.position, L.position);
      await openConsole(page, `/dataManage/tyreLife/${String(tyre.id)}`);
      await page.getByTestId('tyre-mounts').getByText(plate).first().waitFor();
      const mountEvent = page.getByTestId('tyre-log').locator('[data-kind="mount"]').first();
      await mountEvent.waitFor();
      const eventText = await mountEvent.textContent();
      assert.ok(eventText.includes(plate) && eventText.includes(order.number), eventText);
      // the order is recorded with the mount, not only in its remark: a link to its page
      assert.equal(await mountEvent.getByTestId('tyre-order').textContent(), order.number);
      assert.equal(await page.getByTestId('tyre-mounts').getByTestId('tyre-order').first().textContent(), order.number);
      await shot(page, `tyre-life-for-order-${lang}`);
      await assertQuiet(page, `tyre life after the order's mount (${lang})`);
    } finally {
      await context.close();
    }
  });
}

test('a supplier is added in the suppliers view', async (t) => {
  if (needsStock(t)) return;
  const context = await newContext(browser, server.url, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, '/colony/supplierManage');
    await page.getByRole('button', { name: '新增供应商' }).click();
    const form = page.getByTestId('suppliers-form');
    await form.getByLabel('名称').fill(supplierAdded);
    await form.getByLabel('联系人').fill('王经理');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('suppliers-table').getByText(supplierAdded).filter({ visible: true }).waitFor();
    assert.ok(await noOverflow(page), 'no horizontal scrolling at 390 px');
    await assertQuiet(page, 'suppliers');
  } finally {
    await context.close();
  }
});

test('a service record with a part line issues the part and shows in its detail', async (t) => {
  if (needsStock(t)) return;
  const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 900 } });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, '/colony/maintenanceManage');
    await page.getByTestId('service-add').click();
    const dialog = page.getByTestId('service-dialog');
    await pickVehicle(dialog);
    await dialog.getByLabel('维保项目').fill(`更换刹车片${stamp}`);
    await dialog.getByLabel('里程表读数（公里）').fill('120000');
    await dialog.getByTestId('service-add-line').click();
    const line = dialog.getByRole('group', { name: '第 1 行' });
    await pickItem(line, partItem);
    await line.getByLabel('数量', { exact: true }).fill('2');
    await pick(line, '仓库', partsWarehouse);
    assert.match(await dialog.getByTestId('service-totals').textContent(), /720\.00/);
    await dialog.getByTestId('service-save').click();
    await dialog.waitFor({ state: 'detached' });

    const link = page.getByTestId('services-table').getByRole('link', { name: `更换刹车片${stamp}` }).first();
    await link.waitFor();
    await link.click();
    await page.waitForURL('**/colony/maintenanceDetail/*');
    serviceId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('service-facts').getByText(plate).waitFor();
    await page.getByTestId('service-lines').getByText(partItem.name).first().waitFor();
    assert.match(await page.getByTestId('service-record-totals').textContent(), /720\.00/);
    const held = await api('/web/drp/storageList', { page: 1, pageSize: 10, itemId: partItem.id });
    assert.equal(held.list[0].quantity, 8, 'the part line issued 2 of the 10 held');
    await shot(page, 'maintenance-detail-1280');
    await assertQuiet(page, 'maintenance detail');
  } finally {
    await context.close();
  }
});

/** Every view: its menu title in both languages and something of its own to wait for. */
const VIEWS = [
  { path: () => '/colony/stockManage', zh: '库存管理', en: 'Stock', testId: 'balance-totals' },
  { path: () => `/colony/stockDetail/${String(tyreItem.id)}`, zh: '库存详情', en: 'Stock detail', testId: 'item-totals' },
  { path: () => '/colony/supplierDialog', zh: '供应商选择', en: 'Supplier picker', testId: 'supplier-picked' },
  { path: () => '/colony/supplierManage', zh: '供应商管理', en: 'Suppliers', testId: 'suppliers-table' },
  { path: () => '/colony/customerManage', zh: '客户管理', en: 'Customers', testId: null },
  { path: () => '/colony/maintenanceManage', zh: '维保管理', en: 'Maintenance', testId: 'service-totals-list' },
  { path: () => (serviceId ? `/colony/maintenanceDetail/${String(serviceId)}` : null), zh: '维保详情', en: 'Maintenance detail', testId: 'service-facts' },
  { path: () => '/dataManage/tyreMileage', zh: '轮胎里程', en: 'Tyre mileage', testId: 'tyre-totals' },
  { path: () => (tyreId ? `/dataManage/tyreLife/${String(tyreId)}` : null), zh: '轮胎履历', en: 'Tyre life', testId: 'tyre-facts' },
];

for (const lang of ['zh', 'en']) {
  for (const width of [1280, 390]) {
    test(`every stock view renders in ${lang} at ${String(width)} px`, async (t) => {
      if (needsStock(t)) return;
      const phone = width < 769;
      const context = await newContext(browser, server.url, phone ? { viewport: { width, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width, height: 900 } });
      const page = await newPage(context);
      try {
        await signIn(page, admin.userName, admin.password);
        if (lang === 'en') await useLanguage(context, server.url, 'en');
        for (const v of VIEWS) {
          const path = v.path();
          if (!path) continue;
          await openConsole(page, path);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          await page.getByRole('heading', { name: v[lang], exact: true }).first().waitFor();
          if (v.testId) await page.getByTestId(v.testId).first().waitFor();
          if (phone) assert.ok(await noOverflow(page), `${path}: no horizontal scrolling at ${String(width)} px`);
          await shot(page, `stock-${path.split('/').slice(1, 3).join('-')}-${lang}-${String(width)}`);
          await assertQuiet(page, `${path} (${lang}, ${String(width)} px)`);
        }
        // the charts: cost per km by brand and the service costs
        await openConsole(page, '/dataManage/tyreMileage');
        await page.getByRole('tab', { name: lang === 'zh' ? '汇总' : 'Summary' }).click();
        await page.getByTestId('tyre-summary-table').or(page.getByText(lang === 'zh' ? '该时段没有行驶里程' : 'No km run in this range')).first().waitFor();
        await openConsole(page, '/colony/maintenanceManage');
        await page.getByRole('tab', { name: lang === 'zh' ? '费用统计' : 'Costs' }).click();
        await page.getByTestId('service-collect-chart').locator('[data-chart-state="ready"]').waitFor({ timeout: 20_000 });
        if (phone) assert.ok(await noOverflow(page), `service costs: no horizontal scrolling at ${String(width)} px`);
        await assertQuiet(page, `charts (${lang}, ${String(width)} px)`);
      } finally {
        await context.close();
      }
    });
  }
}
