// The project and plan screens in the browser (issue 15): an enterprise admin creates a project, files an order into it
// (API) and sees its progress and the order on the project's tabs; creates a notice plan on a vehicle with a schedule
// entered in Shanghai time and an assignee, sees the plate in the list and both in the edit dialog (from the plan's
// row), and finds its next run (kept in UTC) on the work plan calendar; drags the order onto a day
// (1280 px) and dates it on a 390 px phone, the server's `plannedAt` following; finds an order planned weeks ahead
// only on its own month's page (the calendar asks the server by planned day); reads a plan's history with the order
// its run opened; cannot delete a project with an open order (the server's refusal shows). All four screens render in
// both languages without console errors. Real server only. Run from the repo root:
// node --test tests/browser/work-plans.test.mjs (WHEELEND_BIN=… for another build of the server).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, callApi, launchBrowser, newContext, newPage, openConsole, shot, signIn } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

const FLEET = 1014;
const ROLE_ENTERPRISE_ADMIN = 100;
const ZONE = 'Asia/Shanghai';
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const login = (username, password) => apiLogin(server.url, username, password);

/** A day in Shanghai (`YYYY-MM-DD`), `offset` days from now. */
function shanghaiDay(offset = 0) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + offset * 86_400_000));
}

/** A UTC day (`YYYY-MM-DD`), `offset` days from now. */
function utcDay(offset = 0) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Months from this month (in Shanghai) to the month of `day`. */
function monthsUntil(day) {
  const [y, m] = shanghaiDay().split('-').map(Number);
  const [ty, tm] = day.split('-').map(Number);
  return (ty - y) * 12 + (tm - m);
}

/** A 1280 px (or 390 px phone) page in Shanghai time, signed in as the admin. */
async function adminPage(phone = false) {
  const size = phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 900 } };
  const context = await newContext(browser, server.url, { ...size, timezoneId: ZONE });
  const page = await newPage(context);
  await signIn(page, admin.userName, admin.password);
  return { context, page };
}

let admin;
let adminToken;
let plate;
let carId;
/** A plan whose first run is due at once (lead days reach it): the server's minute pass opens its order. */
let duePlan;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const root = await login('admin', server.password);
  admin = { userName: `wpadmin${stamp}`, password: 'WpAdmin!pass1', nickName: `计划管理员${stamp}` };
  await callApi(server.url, root, '/user/admin_register', {
    userName: admin.userName,
    passWord: admin.password,
    nickName: admin.nickName,
    authorityId: ROLE_ENTERPRISE_ADMIN,
    enterpriseId: FLEET,
    phone: `136${String(Date.now() % 1e8).padStart(8, '0')}`,
    enable: 1,
  });
  plate = `沪P${stamp}`;
  carId = (await callApi(server.url, root, '/web/car/updateCarInfo', { plate, kind: 0, axleLayout: '2,4', entId: FLEET })).carId;
  adminToken = await login(admin.userName, admin.password);
  duePlan = await callApi(server.url, adminToken, '/work/update_inform', {
    name: `月检${stamp}`,
    typeId: -2,
    vehicleIds: [carId],
    trigger: { kind: 'schedule', every: 1, unit: 'month', startOn: utcDay(1), at: '00:00' },
    leadDays: 3,
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const projectName = `华东车队保养${stamp}`;
let project;
let order;

test('the admin creates a project, files an order into it and sees its progress and the order on its tab', async () => {
  const { context, page } = await adminPage();
  try {
    await openConsole(page, '/project/project');
    await page.getByRole('button', { name: '新建项目' }).click();
    const dialog = page.getByTestId('project-form');
    await dialog.getByLabel('名称').fill(projectName);
    await dialog.getByLabel('编号').fill(`P-${stamp}`);
    await shot(page, 'plans-project-form-1280');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    [project] = (await callApi(server.url, adminToken, '/work/project_list', { keyword: projectName })).list;
    assert.equal(project.name, projectName);
    assert.equal(project.state, 2, 'a new project is active');
    await page.getByTestId(`project-link-${project.id}`).first().waitFor();

    // an order filed under it (API), with one task done of two: progress 1 of 3 = 33 %
    order = await callApi(server.url, adminToken, '/work/save', { typeId: -1, title: `补胎${stamp}`, vehicles: [{ vehicleId: carId, positions: ['1-1'] }], projectId: project.id });
    const done = await callApi(server.url, adminToken, '/work/save_task', { orderId: order.id, title: '检查气门芯' });
    await callApi(server.url, adminToken, '/work/save_task', { orderId: order.id, title: '复测胎压' });
    await callApi(server.url, adminToken, '/work/update_task', { id: done.id, done: true });

    await page.getByRole('button', { name: '刷新' }).click();
    await page.getByTestId(`project-link-${project.id}`).first().click();
    await page.waitForURL(`**/project/projectManage?id=${project.id}`);
    const progress = page.getByTestId('project-progress');
    await progress.getByText('33%').waitFor();
    assert.match(await progress.textContent(), /工单：1 个中 1 个未完成.*任务：2 个中 1 个已完成/);
    await page.getByTestId(`order-link-${order.number}`).first().waitFor();

    await page.getByRole('tab', { name: '任务' }).click();
    const tasks = page.getByTestId('project-tasks-table');
    await tasks.getByText('复测胎压').first().waitFor();
    assert.ok((await tasks.textContent()).includes(order.number), 'a task names its order');
    await page.getByRole('tab', { name: '动态' }).click();
    await page.getByTestId('project-activity-table').getByText(`新建了项目“${projectName}”`).first().waitFor();
    await shot(page, 'plans-project-detail-1280');
    await assertQuiet(page, 'project detail');
  } finally {
    await context.close();
  }
});

let plan;
/** The first run as entered in Shanghai: three days ahead at 07:30, which is 23:30 UTC the day before. */
const firstDay = shanghaiDay(3);

test('the admin creates a notice plan on the vehicle and finds its next run on the work plan calendar', async () => {
  assert.ok(project, 'the project of the first test');
  const { context, page } = await adminPage();
  try {
    await openConsole(page, '/project/noticePlan');
    await page.getByRole('button', { name: '新建通知计划' }).click();
    const dialog = page.getByTestId('inform-form');
    await dialog.getByLabel('名称').fill(`季度巡检${stamp}`);
    await dialog.getByLabel('工单类型').selectOption({ index: 1 });
    await dialog.locator('option', { hasText: projectName }).waitFor({ state: 'attached' });
    await dialog.getByLabel('项目').selectOption({ label: projectName });
    await dialog.getByLabel('车辆', { exact: true }).fill(plate);
    await dialog.getByRole('button', { name: plate }).click();
    await dialog.getByTestId(`vehicle-pick-${carId}`).waitFor();
    await dialog.getByLabel('首次执行日期').fill(firstDay);
    await dialog.getByLabel('时间（本地）').fill('07:30');
    await dialog.getByLabel('间隔', { exact: true }).fill('3');
    const assignee = dialog.getByTestId('inform-assignee');
    await assignee.getByLabel('搜索成员').fill(admin.userName);
    await assignee.locator('option', { hasText: admin.nickName }).waitFor({ state: 'attached' });
    await assignee.getByRole('combobox').selectOption({ label: `${admin.nickName} (${admin.userName})` });
    await shot(page, 'plans-notice-form-1280');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });

    [plan] = (await callApi(server.url, adminToken, '/work/inform_list', { keyword: `季度巡检${stamp}` })).list;
    const utcStart = new Date(`${firstDay}T07:30:00+08:00`).toISOString();
    assert.deepEqual(plan.trigger, { kind: 'schedule', every: 3, unit: 'month', startOn: utcStart.slice(0, 10), at: '23:30' });
    assert.deepEqual(plan.vehicleIds, [carId]);
    assert.deepEqual(plan.plates, [plate]);
    assert.equal(plan.assigneeName, admin.nickName);
    assert.equal(plan.projectId, project.id);
    assert.equal(new Date(plan.nextRunAt).toISOString(), utcStart);
    // the list shows the next run in the browser's zone
    assert.equal((await page.getByTestId(`inform-next-${plan.id}`).first().textContent()).trim(), `${firstDay} 07:30`);
    // the plate and the assignee come with the row: the plate in the list, both in the edit dialog as they were saved
    const row = page.getByTestId('informs-table').locator('tr', { has: page.getByTestId(`inform-${plan.id}`) });
    assert.equal((await row.getByTestId(`inform-plates-${plan.id}`).textContent()).trim(), plate);
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByTestId('inform-form');
    assert.match(await edit.getByTestId(`vehicle-pick-${carId}`).textContent(), new RegExp(plate));
    const chosen = await edit.getByTestId('inform-assignee').getByRole('combobox').evaluate((s) => s.selectedOptions[0]?.textContent ?? '');
    assert.ok(chosen.includes(admin.nickName), chosen);
    await edit.getByRole('button', { name: '取消' }).click();
    await edit.waitFor({ state: 'detached' });

    // copying makes a disabled plan
    await page.getByTestId('informs-table').locator('tr', { hasText: `季度巡检${stamp}` }).getByRole('button', { name: '复制' }).click();
    const copy = page.getByTestId('informs-table').locator('tr', { hasText: `季度巡检${stamp}（副本）` });
    await copy.waitFor();
    assert.ok((await copy.textContent()).includes('已停用'));
    await shot(page, 'plans-notice-list-1280');
    await assertQuiet(page, 'notice plans');

    await openConsole(page, '/project/workPlan');
    for (let i = 0; i < monthsUntil(firstDay); i += 1) await page.getByTestId('plan-next').click();
    await page.getByTestId(`plan-day-${firstDay}`).getByTestId(`plan-item-run-${plan.id}`).waitFor();
    await assertQuiet(page, 'work plan');
  } finally {
    await context.close();
  }
});

test('dragging the order onto a day plans it; on a phone a date moves it', async () => {
  assert.ok(order, 'the order of the first test');
  const today = shanghaiDay();
  const later = shanghaiDay(2);
  const desk = await adminPage();
  try {
    await openConsole(desk.page, '/project/workPlan');
    const chip = desk.page.getByTestId(`plan-unplanned-order-${order.id}`);
    const cell = desk.page.getByTestId(`plan-day-${today}`);
    await chip.waitFor();
    const from = await chip.boundingBox();
    const to = await cell.boundingBox();
    await desk.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await desk.page.mouse.down();
    await desk.page.mouse.move(to.x + to.width / 2, to.y + to.height - 12, { steps: 12 });
    await desk.page.mouse.up();
    await cell.getByTestId(`plan-item-order-${order.id}`).waitFor();
    // unplanned work starts at 09:00 in the browser's zone
    const planned = (await callApi(server.url, adminToken, '/work/info', { id: order.id })).plannedAt;
    assert.equal(new Date(planned).toISOString(), new Date(`${today}T09:00:00+08:00`).toISOString());
    await shot(desk.page, 'plans-calendar-1280');
    await assertQuiet(desk.page, 'work plan after the drag');
  } finally {
    await desk.context.close();
  }

  const phone = await adminPage(true);
  try {
    await openConsole(phone.page, '/project/workPlan');
    const item = phone.page.getByTestId(`plan-agenda-order-${order.id}`);
    await item.waitFor();
    assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scrolling at 390 px');
    await shot(phone.page, 'plans-calendar-390');
    await item.getByLabel('安排到…').fill(later);
    await item.getByRole('button', { name: '安排' }).click();
    const expected = new Date(`${later}T09:00:00+08:00`).toISOString();
    for (let i = 0; ; i += 1) {
      const now = (await callApi(server.url, adminToken, '/work/info', { id: order.id })).plannedAt;
      if (new Date(now).toISOString() === expected) break;
      assert.ok(i < 50, `plannedAt stays ${now}, not ${expected}`);
      await phone.page.waitForTimeout(100);
    }
    await assertQuiet(phone.page, 'work plan (phone)');
  } finally {
    await phone.context.close();
  }
});

test('an order planned weeks ahead shows only on the page of its month', async () => {
  const day = shanghaiDay(45);
  const later = await callApi(server.url, adminToken, '/work/save', { typeId: -1, title: `远期保养${stamp}` });
  await callApi(server.url, adminToken, '/work/save_arrange', { items: [{ kind: 'order', id: later.id, plannedAt: new Date(`${day}T10:00:00+08:00`).toISOString() }] });
  const { context, page } = await adminPage();
  try {
    await openConsole(page, '/project/workPlan');
    await page.getByTestId('plan-unplanned').waitFor();
    // this month holds it nowhere: neither on a day nor in the unplanned list
    assert.equal(await page.locator(`[data-testid$="-order-${later.id}"]`).count(), 0);
    for (let i = 0; i < monthsUntil(day); i += 1) await page.getByTestId('plan-next').click();
    const chip = page.getByTestId(`plan-day-${day}`).getByTestId(`plan-item-order-${later.id}`);
    await chip.waitFor();
    assert.equal((await chip.textContent()).trim(), `10:00 远期保养${stamp}`);
    assert.equal(await page.getByTestId(`plan-unplanned-order-${later.id}`).count(), 0);
    await shot(page, 'plans-calendar-later-1280');
    await assertQuiet(page, 'work plan, a later month');
  } finally {
    await context.close();
  }
});

test("a plan's history lists its run and links the order it opened", async () => {
  // the server's pass runs once a minute: wait for it to open the due plan's order
  let opened;
  for (let i = 0; !opened; i += 1) {
    opened = (await callApi(server.url, adminToken, '/work/event_list', { informId: duePlan.id })).list.find((e) => e.kind === 2 && e.orderId);
    assert.ok(opened || i < 100, 'the minute pass opened no order for the due plan');
    if (!opened) await new Promise((r) => setTimeout(r, 1000));
  }
  const { context, page } = await adminPage(true);
  try {
    await openConsole(page, '/project/noticePlan');
    const card = page.getByTestId(`inform-${duePlan.id}`).filter({ visible: true });
    await card.waitFor();
    await page.locator('li', { has: card }).getByRole('button', { name: '历史' }).click();
    const history = page.getByTestId('inform-history');
    const link = history.getByRole('link', { name: opened.orderNumber }).filter({ visible: true });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `/wf/${opened.orderId}`);
    await shot(page, 'plans-notice-history-390');
    await assertQuiet(page, 'notice plan history');
  } finally {
    await context.close();
  }
});

test('deleting a project with an open order shows the server refusal and keeps it', async () => {
  assert.ok(project, 'the project of the first test');
  const { context, page } = await adminPage();
  try {
    await openConsole(page, '/project/project');
    const row = page.getByTestId('projects-table').locator('tr', { hasText: projectName });
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toasts-error').getByText(`项目“${projectName}”还有 1 个未完成的工单，不能删除`).waitFor();
    await row.waitFor();
    const still = (await callApi(server.url, adminToken, '/work/project_list', { keyword: projectName })).list;
    assert.equal(still.length, 1, 'the project stays');
    await shot(page, 'plans-project-refused-1280');
  } finally {
    await context.close();
  }
});

const VIEWS = [
  { path: '/project/project', zh: '项目', en: 'Project', testId: 'projects-table', shot: 'project' },
  { path: '/project/projectManage', zh: '项目管理', en: 'Project management', testId: 'projects-table', shot: null },
  { path: () => `/project/projectManage?id=${project.id}`, zh: '项目管理', en: 'Project management', testId: 'project-orders-table', shot: 'project-manage' },
  { path: '/project/workPlan', zh: '工作计划', en: 'Work plan', testId: 'work-plan', shot: 'work-plan' },
  { path: '/project/noticePlan', zh: '通知计划', en: 'Notice plan', testId: 'informs-table', shot: 'notice-plan' },
];

for (const lang of ['zh', 'en']) {
  for (const phone of [false, true]) {
    test(`the project and plan screens render in ${lang} at ${phone ? '390' : '1280'} px`, async () => {
      assert.ok(project, 'the project of the first test');
      const { context, page } = await adminPage(phone);
      try {
        if (lang === 'en') {
          await page.getByRole('button', { name: 'English' }).click();
          await page.waitForFunction(() => document.documentElement.lang === 'en');
        }
        for (const v of VIEWS) {
          const path = typeof v.path === 'function' ? v.path() : v.path;
          await openConsole(page, path);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          await page.getByRole('heading', { name: v[lang], exact: true }).first().waitFor();
          await page.getByTestId(v.testId).first().waitFor();
          if (phone) assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path}: no horizontal scrolling at 390 px`);
          if (v.shot) await shot(page, `plans-${v.shot}-${lang}-${phone ? '390' : '1280'}`);
          await assertQuiet(page, `${path} (${lang}, ${phone ? 'phone' : 'desk'})`);
        }
      } finally {
        await context.close();
      }
    });
  }
}
