// The work-order screens in the browser (issue 15): the enterprise admin opens an order on a vehicle from the list (a
// required template field left empty shows its error under the field), the technician on a 390 px phone opens the
// order assigned to them, starts it, adds a note with a photo and a dispose record and resolves it, the requester sees it resolved; the
// quick dialog takes what the map hands it; every work screen renders in both languages. Real server only. Run from
// the repo root: node --test tests/browser/work.test.mjs (WHEELEND_BIN=… for another build of the server).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, callApi, launchBrowser, newContext, newPage, openConsole, shot, signIn, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

const FLEET = 1014;
const ROLE_ENTERPRISE_ADMIN = 100;
const ROLE_MEMBER = 101;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const login = (username, password) => apiLogin(server.url, username, password);

let admin;
let tech;
let plate;
let carId;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const root = await login('admin', server.password);
  admin = { userName: `woadmin${stamp}`, password: 'WoAdmin!pass1', nickName: `工单管理员${stamp}` };
  tech = { userName: `wotech${stamp}`, password: 'WoTech!pass1', nickName: `技师${stamp}` };
  let phone = 0;
  for (const [u, role] of [
    [admin, ROLE_ENTERPRISE_ADMIN],
    [tech, ROLE_MEMBER],
  ]) {
    phone += 1;
    await callApi(server.url, root, '/user/admin_register', {
      userName: u.userName,
      passWord: u.password,
      nickName: u.nickName,
      authorityId: role,
      enterpriseId: FLEET,
      phone: `137${String(Date.now() % 1e6).padStart(6, '0')}${String(phone).padStart(2, '0')}`,
      enable: 1,
    });
  }
  plate = `沪W${stamp}`;
  carId = (await callApi(server.url, root, '/web/car/updateCarInfo', { plate, kind: 0, axleLayout: '2,4', entId: FLEET })).carId;
  // the fleet's own order type, with a required field on the create form and a dispose form
  const adminToken = await login(admin.userName, admin.password);
  await callApi(server.url, adminToken, '/work/order_type_save', {
    name: `换胎${stamp}`,
    fields: [{ key: 'tyreSize', label: '轮胎规格', kind: 'text', required: true }],
    dispose: [{ key: 'result', label: '处理结果', kind: 'textarea', required: true }],
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

let number;
let detailPath;

test('the admin opens an order on a vehicle from the list; a required template field left empty is named under the field', async () => {
  const context = await newContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, '/project/workOrder');
    await page.getByTestId('order-add').click();
    const dialog = page.getByTestId('order-form');
    await dialog.getByLabel('标题').waitFor();
    await dialog.getByLabel('标题').fill('左前轮胎压低');
    await dialog.getByLabel('车辆与轮位').fill(plate);
    await dialog.getByRole('button', { name: plate }).click();
    await dialog.getByTestId(`vehicle-pick-${String(carId)}`).getByLabel('第1轴左轮', { exact: true }).check();
    await dialog.locator('option', { hasText: tech.userName }).first().waitFor({ state: 'attached' });
    await dialog.getByLabel('处理人').selectOption({ label: `${tech.nickName} (${tech.userName})` });
    await shot(page, 'work-order-form-1440');

    // the type's required field is empty: the form says so under it and sends nothing
    await dialog.getByTestId('order-save').click();
    const size = dialog.getByLabel('轮胎规格');
    assert.equal(await size.getAttribute('aria-invalid'), 'true');
    const errorId = await size.getAttribute('aria-describedby');
    assert.equal(await page.locator(`[id="${errorId}"]`).textContent(), '请输入轮胎规格');

    await size.fill('295/80R22.5');
    await dialog.getByTestId('order-save').click();
    await page.waitForURL('**/project/workOrderDetail/*');
    detailPath = new URL(page.url()).pathname;
    const header = page.getByTestId('order-header');
    await header.waitFor();
    number = (await page.getByTestId('order-number').textContent()).trim();
    assert.match(number, /^WO-\d{8}-\d{4}$/);
    assert.equal((await page.getByTestId('order-state').textContent()).trim(), '待处理');
    const subject = await page.getByTestId('order-subject').textContent();
    assert.ok(subject.includes(plate) && subject.includes('第1轴左轮') && subject.includes('295/80R22.5'), subject);

    // the list shows it
    await openConsole(page, '/project/workOrder');
    await page.getByTestId(`order-link-${number}`).first().waitFor();
    await shot(page, 'work-order-list-1440');
    await assertQuiet(page, 'work order list');
  } finally {
    await context.close();
  }
});

test('the technician on a phone opens the assigned order, starts it, adds a note with a photo and resolves it', async () => {
  assert.ok(number, 'the order of the previous test');
  const context = await newContext(browser, server.url, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await newPage(context);
  try {
    await signIn(page, tech.userName, tech.password);
    await openConsole(page, '/project/orderList');
    await page.getByTestId(`order-link-${number}`).filter({ visible: true }).click();
    await page.waitForURL('**/project/workOrderDetail/*');
    await page.getByTestId('order-header').waitFor();
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(await noOverflow(), 'no horizontal scrolling at 390 px');
    await shot(page, 'work-order-detail-390');

    await page.getByTestId('order-action-start').click();
    await page.getByTestId('order-state').getByText('处理中').waitFor();

    const note = page.getByTestId('note-form');
    await note.getByLabel('备注', { exact: true }).fill('已更换气门芯，胎压恢复');
    await page.getByTestId('note-photos-file').setInputFiles({ name: 'tyre.png', mimeType: 'image/png', buffer: PNG });
    await note.getByRole('img', { name: '照片 1' }).waitFor();
    await page.getByTestId('note-submit').click();
    const timeline = page.getByTestId('timeline');
    await timeline.getByText('已更换气门芯，胎压恢复').waitFor();
    assert.ok((await timeline.locator('img').count()) >= 1, 'the note carries its photo');
    const src = await timeline.locator('img').first().getAttribute('src');
    assert.match(src, /^\/uploads\//);

    // the type's dispose form: its required field is named under it, then the record joins the timeline
    await page.getByTestId('dispose-open').click();
    const dispose = page.getByTestId('dispose-form');
    await dispose.getByRole('button', { name: '保存' }).click();
    const result = dispose.getByLabel('处理结果');
    assert.equal(await result.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator(`[id="${await result.getAttribute('aria-describedby')}"]`).textContent(), '请输入处理结果');
    await result.fill('气门芯漏气，已更换');
    await dispose.getByRole('button', { name: '保存' }).click();
    await timeline.getByText('气门芯漏气，已更换').waitFor();

    await page.getByTestId('order-action-resolve').click();
    await page.getByTestId('remark-dialog').getByLabel('备注').fill('现场处理完毕');
    await page.getByTestId('remark-submit').click();
    await page.getByTestId('order-state').getByText('已解决').waitFor();
    assert.ok(await noOverflow(), 'no horizontal scrolling after the work');
    await shot(page, 'work-order-resolved-390');
    await assertQuiet(page, 'work order detail (phone)');
  } finally {
    await context.close();
  }
});

test('the requester sees the order resolved and may close or reopen it', async () => {
  assert.ok(detailPath, 'the order of the first test');
  const context = await newContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, detailPath);
    await page.getByTestId('order-state').getByText('已解决').waitFor();
    await page.getByTestId('order-action-close').waitFor();
    await page.getByTestId('order-action-reopen').waitFor();
    const timeline = await page.getByTestId('timeline').textContent();
    assert.ok(timeline.includes('已更换气门芯，胎压恢复') && timeline.includes('现场处理完毕'), timeline);
    await shot(page, 'work-order-detail-1440');
    // the fixed /wf/:id shows the same order
    await page.goto(`/wf/${detailPath.split('/').pop()}`);
    await waitHydrated(page);
    assert.equal((await page.getByTestId('order-number').textContent()).trim(), number);
    await assertQuiet(page, 'work order detail');
  } finally {
    await context.close();
  }
});

test('the quick dialog opens with what the map hands it (vehicle, wheel, location)', async () => {
  const context = await newContext(browser, server.url, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, `/project/dialog?vehicleId=${String(carId)}&plate=${encodeURIComponent(plate)}&positions=2-3&lat=31.2304&lon=121.4737`);
    const dialog = page.getByTestId('quick-order-form');
    const pick = dialog.getByTestId(`vehicle-pick-${String(carId)}`);
    // layout 2,4: the order's 2-3 is the drive axle's right inner wheel
    await pick.getByLabel('第2轴右内', { exact: true }).waitFor();
    assert.equal(await pick.getByLabel('第2轴右内', { exact: true }).isChecked(), true);
    assert.ok((await page.getByTestId('quick-facts').textContent()).includes('第2轴右内'));
    assert.equal(await dialog.getByLabel('纬度').inputValue(), '31.2304');
    await dialog.getByLabel('标题').fill('右后轮温高');
    await dialog.getByLabel('轮胎规格').fill('12R22.5');
    await dialog.getByTestId('order-save').click();
    await page.waitForURL('**/project/workOrderDetail/*');
    const subject = await page.getByTestId('order-subject').textContent();
    assert.ok(subject.includes('第2轴右内'), subject);
    await assertQuiet(page, 'quick dialog');
  } finally {
    await context.close();
  }
});

const VIEWS = [
  { path: '/project/workOrder', zh: '工单', en: 'Work orders', testId: 'work-orders-table' },
  { path: '/project/allWorkOrders', zh: '全部工单', en: 'All work orders', testId: 'work-statistics' },
  { path: '/project/orderList', zh: '订单列表', en: 'Orders', testId: null },
  { path: '/project/state', zh: '状态', en: 'States', testId: 'state-counts' },
];

for (const lang of ['zh', 'en']) {
  test(`every work screen renders in ${lang}`, async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
    const page = await newPage(context);
    try {
      await signIn(page, admin.userName, admin.password);
      if (lang === 'en') {
        // the language switch (kept in localStorage and the lang cookie the server renders with)
        await page.getByRole('button', { name: 'English' }).click();
        await page.waitForFunction(() => document.documentElement.lang === 'en');
      }
      for (const v of VIEWS) {
        await openConsole(page, v.path);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        await page.getByRole('heading', { name: v[lang], exact: true }).first().waitFor();
        if (v.testId) await page.getByTestId(v.testId).first().waitFor();
        if (v.path === '/project/allWorkOrders') {
          await page.locator('[data-chart-state="ready"]').waitFor();
          await shot(page, `work-all-orders-${lang}-1440`);
        }
        await assertQuiet(page, `${v.path} (${lang})`);
      }
    } finally {
      await context.close();
    }
  });
}
