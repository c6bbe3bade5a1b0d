// Enterprises and tenancy in the browser: the enterprise switcher in the header, inviting a member by phone and the
// invited user accepting, the alarm thresholds refused by the server, the enterprise tree and the relation graph.
// One server and one Chromium for the whole file. Run from the repo root: node --test tests/browser/
// (WHEELEND_BIN=/work/target-ent/debug/wheelend for another build of the server).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, signIn, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

/** Seeded demo tenancy (server/domain/src/seed.rs). */
const FLEET = { id: 1014, name: '示范物流车队' };
const PROVIDER = { id: 1016, name: '示范轮胎服务商' };
const ROLE_ENTERPRISE_ADMIN = 100;

const stamp = Date.now().toString(36).slice(-5);
/** A mobile number unique to this run (11 digits starting with 1). */
let phoneSeq = 0;
const newPhone = () => `137${String(Date.now() % 1e6).padStart(6, '0')}${String((phoneSeq += 1)).padStart(2, '0')}`;

async function api(token, method, path, body) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const json = await res.json();
  assert.equal(json.code, 0, `${method} ${path}: ${json.msg}`);
  return json.data;
}

async function apiLogin(username, password) {
  const data = await api(null, 'POST', '/base/login', { username, password, type: 'system' });
  return data.token;
}

let adminToken;
/** POST /api/user/admin_register as admin: a user with a role in an enterprise. */
async function createUser({ userName, password, nickName, authorityId, enterpriseId, phone = '' }) {
  await api(adminToken, 'POST', '/user/admin_register', { userName, passWord: password, nickName, authorityId, enterpriseId, phone, enable: 1 });
  return { userName, password, nickName, phone };
}

/** The demo fleet's administrator (role 100 in 示范物流车队), created once. */
let fleetAdmin;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await apiLogin('admin', server.password);
  fleetAdmin = await createUser({ userName: `fleet${stamp}`, password: 'Fleet!pass1', nickName: `车队管理员${stamp}`, authorityId: ROLE_ENTERPRISE_ADMIN, enterpriseId: FLEET.id, phone: newPhone() });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a menu entry from the side menu (opening its group first). */
async function openMenu(page, group, entry) {
  const menu = page.getByTestId('side-menu');
  const link = menu.getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: group, exact: true }).click();
  await link.click();
}

/** Failed-resource logs of calls that are meant to be refused in a test. */
function dropExpected(page, pattern) {
  page.problems = page.problems.filter((p) => !(/Failed to load resource/.test(p) && pattern.test(p)));
}

describe('enterprises and tenancy', () => {
  test('the alarm-threshold screen shows the server’s refusal under the field it names', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, fleetAdmin.userName, fleetAdmin.password);
      await openMenu(page, '企业中心', '监管设置');
      await page.waitForURL('**/colony/superviseSetting');
      const general = page.getByTestId('thresholds-general');
      const high = general.getByLabel('高压告警');
      await high.waitFor();
      assert.equal(await high.inputValue(), '10.2', 'the defaults for the whole vehicle');

      // out of range: no check in the browser, the server refuses and names the field
      const update = page.waitForResponse((r) => r.url().includes('/api/tbEnterpriseAlarm/updateTbEnterpriseAlarm'));
      await high.fill('25');
      await page.getByRole('button', { name: '保存阈值' }).click();
      const answer = await (await update).json();
      assert.equal(answer.code, 7);
      assert.match(answer.msg, /^highPressure /);
      await general.getByText(answer.msg).waitFor();
      assert.equal(await high.getAttribute('aria-invalid'), 'true');
      await page.getByTestId('toasts-error').getByText(answer.msg).first().waitFor();

      // an axle position's own value: the refusal names axles[i] and the drive-axle tab opens on it
      await high.fill('12');
      await page.getByRole('tab', { name: '驱动轴' }).click();
      const drive = page.getByTestId('thresholds-drive');
      assert.equal(await drive.getByLabel('高压告警').isDisabled(), true, 'the position’s defaults apply until it gets values of its own');
      await page.getByRole('switch', { name: '为驱动轴单独设置' }).click();
      await drive.getByLabel('高压告警').fill('30');
      await page.getByRole('tab', { name: '整车' }).click();
      const second = page.waitForResponse((r) => r.url().includes('/api/tbEnterpriseAlarm/updateTbEnterpriseAlarm'));
      await page.getByRole('button', { name: '保存阈值' }).click();
      const refused = await (await second).json();
      assert.match(refused.msg, /^axles\[1\]\.highPressure /);
      await drive.getByText(refused.msg).waitFor();
      assert.equal(await page.getByRole('tab', { name: '驱动轴' }).getAttribute('aria-selected'), 'true');

      // valid values are saved
      await drive.getByLabel('高压告警').fill('11.5');
      await page.getByRole('button', { name: '保存阈值' }).click();
      await page.getByRole('status').getByText('操作成功').first().waitFor();
      const saved = await api(await apiLogin(fleetAdmin.userName, fleetAdmin.password), 'GET', '/tbEnterpriseAlarm/findTbEnterpriseAlarmNew');
      assert.equal(saved.general.highPressure, 12);
      assert.equal(saved.general.customized, true);
      const savedDrive = saved.axles.find((a) => a.position === 'drive');
      assert.equal(savedDrive.highPressure, 11.5);
      assert.equal(savedDrive.customized, true);
      dropExpected(page, /updateTbEnterpriseAlarm/);
      await assertQuiet(page, 'alarm thresholds');
    } finally {
      await context.close();
    }
  });

  test('the demo-fleet admin invites a member by phone; the invited user signs in and accepts', async () => {
    const phone = newPhone();
    const invitee = await createUser({ userName: `inv${stamp}`, password: 'Invitee!pass1', nickName: `受邀人${stamp}`, authorityId: ROLE_ENTERPRISE_ADMIN, enterpriseId: PROVIDER.id, phone });
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;

    const adminContext = await newContext(browser, server.url);
    try {
      const page = await newPage(adminContext);
      await signIn(page, fleetAdmin.userName, fleetAdmin.password);
      await openMenu(page, '企业中心', '成员管理');
      await page.waitForURL('**/colony/memberManage');
      const members = page.getByTestId('members-table').getByRole('table');
      await members.getByText(fleetAdmin.userName, { exact: true }).waitFor();
      assert.equal(await members.getByText(invitee.userName, { exact: true }).count(), 0, 'not a member yet');

      await page.getByRole('button', { name: '邀请成员' }).click();
      const dialog = page.getByTestId('member-invite');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '发送邀请' }).click();
      await dialog.getByText('请输入手机号').waitFor();
      await dialog.getByLabel('手机号').fill('12345');
      await dialog.getByRole('button', { name: '发送邀请' }).click();
      await dialog.getByText('请输入正确的手机号').waitFor();
      await dialog.getByLabel('手机号').fill(phone);
      await dialog.getByLabel('角色').selectOption(String(ROLE_ENTERPRISE_ADMIN));
      await dialog.getByLabel('备注').fill('欢迎加入车队');
      await dialog.getByRole('button', { name: '发送邀请' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('status').getByText('操作成功').first().waitFor();
      // the sent invitation is listed, pending, with the phone masked
      const sent = page.getByTestId('member-invitations').getByRole('table').getByRole('row').filter({ hasText: masked });
      await sent.waitFor();
      assert.match(await sent.innerText(), /待处理/);
      await assertQuiet(page, 'invite a member');
    } finally {
      await adminContext.close();
    }

    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, invitee.userName, invitee.password);
      const switcher = page.getByTestId('enterprise-switcher');
      await switcher.getByTestId('current-enterprise').filter({ hasText: PROVIDER.name }).waitFor();
      const inbox = page.getByTestId('invitation-inbox');
      await inbox.waitFor();
      assert.equal(await inbox.getAttribute('aria-label'), '收到的邀请（1 条待处理）');
      await inbox.click();
      const drawer = page.getByRole('dialog', { name: '收到的邀请' });
      const card = drawer.getByTestId('invitation-card').filter({ hasText: FLEET.name });
      await card.waitFor();
      assert.match(await card.innerText(), /企业管理员/);
      assert.match(await card.innerText(), /欢迎加入车队/);
      await card.getByRole('button', { name: '接受' }).click();
      await page.getByRole('status').getByText('操作成功').first().waitFor();
      await drawer.getByText('没有待处理的邀请').waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      // now a member of both: the switcher lists the demo fleet too
      await switcher.getByRole('button').click();
      const entries = page.getByRole('menu', { name: '切换企业' }).getByRole('menuitemradio');
      await entries.filter({ hasText: FLEET.name }).waitFor();
      assert.equal(await entries.count(), 2);
      await page.keyboard.press('Escape');
      await assertQuiet(page, 'accept the invitation');
    } finally {
      await context.close();
    }

    // the inviting side sees the new member and the log
    const fleetToken = await apiLogin(fleetAdmin.userName, fleetAdmin.password);
    const members = await api(fleetToken, 'POST', '/web/ent/userList', { pageSize: 100 });
    assert.ok(members.list.some((m) => m.userName === invitee.userName && m.authorityId === ROLE_ENTERPRISE_ADMIN));
    const log = await api(fleetToken, 'POST', '/web/ent/inviteLog', {});
    assert.deepEqual(log.list.slice(0, 2).map((l) => l.action), ['accepted', 'created']);
  });

  test('switching enterprise from the header shows the other enterprise’s members', async () => {
    // a service-provider admin who also joined the demo fleet (invited and accepted through the API)
    const phone = newPhone();
    const user = await createUser({ userName: `sw${stamp}`, password: 'Switch!pass1', nickName: `切换者${stamp}`, authorityId: ROLE_ENTERPRISE_ADMIN, enterpriseId: PROVIDER.id, phone });
    const fleetToken = await apiLogin(fleetAdmin.userName, fleetAdmin.password);
    const invitation = await api(fleetToken, 'POST', '/web/ent/invite', { type: 'member', phone, authorityId: ROLE_ENTERPRISE_ADMIN });
    await api(await apiLogin(user.userName, user.password), 'POST', '/web/ent/invitation', { ID: invitation.ID, action: 'accept' });

    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, user.userName, user.password);
      // before any switch, calls name the enterprise the user signed in to
      const firstList = page.waitForRequest((r) => r.url().endsWith('/api/web/ent/userList'));
      await openMenu(page, '企业中心', '成员管理');
      assert.equal((await firstList).headers()['x-ent-id'], String(PROVIDER.id));
      await page.waitForURL('**/colony/memberManage');
      const table = page.getByTestId('members-table').getByRole('table');
      await table.getByText(user.userName, { exact: true }).waitFor();
      assert.equal(await table.getByText(fleetAdmin.userName, { exact: true }).count(), 0, 'the provider’s members only');
      const switcher = page.getByTestId('enterprise-switcher');
      assert.equal(await switcher.getByTestId('current-enterprise').innerText(), PROVIDER.name);

      // every call after the switch names the new enterprise (x-ent-id header and the `enterprise` field)
      const listCall = page.waitForRequest((r) => r.url().endsWith('/api/web/ent/userList') && r.headers()['x-ent-id'] === String(FLEET.id));
      await switcher.getByRole('button').click();
      await page.getByRole('menuitemradio', { name: FLEET.name }).click();
      await page.getByRole('status').getByText(`已切换到「${FLEET.name}」`).waitFor();
      const request = await listCall;
      assert.equal(request.postDataJSON().enterprise, FLEET.id);
      await table.getByText(fleetAdmin.userName, { exact: true }).waitFor();
      assert.equal(await switcher.getByTestId('current-enterprise').innerText(), FLEET.name);
      assert.equal(new URL(page.url()).pathname, '/colony/memberManage', 'the page is in the new enterprise’s menu too');
      assert.equal(await page.evaluate(() => localStorage.getItem('nowEntId')), String(FLEET.id));
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')).nowEntId), FLEET.id);
      await page.getByText(`${FLEET.name} 的成员`).waitFor();

      // and back
      await switcher.getByRole('button').click();
      await page.getByRole('menuitemradio', { name: PROVIDER.name }).click();
      await page.getByRole('status').getByText(`已切换到「${PROVIDER.name}」`).waitFor();
      await page.waitForFunction((name) => !document.querySelector('[data-testid="members-table"]')?.textContent?.includes(name), fleetAdmin.userName);
      await table.getByText(user.userName, { exact: true }).waitFor();

      // a reload keeps the enterprise chosen
      await page.reload();
      await waitHydrated(page);
      await table.getByText(user.userName, { exact: true }).waitFor();
      assert.equal(await switcher.getByTestId('current-enterprise').innerText(), PROVIDER.name);
      await assertQuiet(page, 'switch enterprise');
    } finally {
      await context.close();
    }
  });

  test('on a phone the switcher and the member list fit the screen', async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    try {
      const page = await newPage(context);
      await signIn(page, fleetAdmin.userName, fleetAdmin.password);
      await page.goto('/colony/memberManage');
      await waitHydrated(page);
      // phones get one card per member instead of the table
      const cards = page.getByTestId('members-table').getByRole('list');
      await cards.getByText(fleetAdmin.userName, { exact: true }).waitFor();
      assert.equal(await page.getByTestId('members-table').getByRole('table').isVisible(), false);
      const switcher = page.getByTestId('enterprise-switcher');
      await switcher.getByRole('button').click();
      const menu = page.getByRole('menu', { name: '切换企业' });
      await menu.waitFor();
      const box = await menu.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 375, `the list fits the screen (${JSON.stringify(box)})`);
      await page.keyboard.press('Escape');
      const header = await page.locator('header').evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
      assert.ok(header.scroll <= header.client, `the header fits (${JSON.stringify(header)})`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `no horizontal overflow (scrollWidth ${width})`);
      await assertQuiet(page, 'phone');
    } finally {
      await context.close();
    }
  });

  test('the enterprise list: the tree, adding below a parent, and the relation graph', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      await openMenu(page, '超级管理员', '企业列表');
      await page.waitForURL('**/superAdmin/enterpriseList');
      const tree = page.getByTestId('enterprise-tree');
      await tree.getByRole('link', { name: FLEET.name, exact: true }).waitFor();
      await page.getByTestId('enterprises-table').getByRole('table').getByRole('link', { name: PROVIDER.name, exact: true }).waitFor();

      const name = `华东分队${stamp}`;
      await tree.getByRole('button', { name: `在「${FLEET.name}」下新增企业` }).click();
      const dialog = page.getByTestId('enterprise-create');
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('上级企业').inputValue(), String(FLEET.id));
      await dialog.getByLabel('企业名称').fill(name);
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await tree.getByRole('link', { name }).waitFor();
      const row = page.getByTestId('enterprises-table').getByRole('table').getByRole('row').filter({ hasText: name });
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(FLEET.name));

      // the detail page names its parent
      await row.getByRole('link', { name }).click();
      await page.waitForURL('**/superAdmin/enterpriseDetail/*');
      await page.getByTestId('enterprise-detail').getByRole('link', { name: FLEET.name, exact: true }).waitFor();

      // the relation graph of the demo fleet draws with ECharts (a lazy chunk)
      await openMenu(page, '超级管理员', '关系图谱');
      await page.waitForURL('**/superAdmin/relationGraph');
      await page.getByRole('searchbox', { name: '搜索企业' }).fill(FLEET.name);
      await page.getByLabel('中心企业（默认当前企业）').selectOption(String(FLEET.id));
      await page.getByTestId('relation-graph-list').getByRole('button', { name: PROVIDER.name, exact: true }).waitFor();
      await page.locator('[data-testid="relation-graph"][data-chart="ready"] canvas').waitFor();
      await assertQuiet(page, 'enterprise list and graph');
    } finally {
      await context.close();
    }
  });
  test('problem types and modules: the built-in type gives way to the enterprise’s own', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, fleetAdmin.userName, fleetAdmin.password);
      await openMenu(page, '企业中心', '问题类型');
      await page.waitForURL('**/colony/problemType');
      const problems = page.getByTestId('category-table-problem').getByRole('table');
      await problems.getByText('内置').waitFor();
      const name = `刹车过热${stamp}`;
      await page.getByRole('button', { name: '新增' }).click();
      const dialog = page.getByTestId('category-form');
      await dialog.getByLabel('名称').fill(name);
      await dialog.getByLabel('描述').fill('轮毂温度超过 120 °C');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await problems.getByText(name).waitFor();
      await problems.getByText('内置').waitFor({ state: 'detached' });

      await openMenu(page, '企业中心', '模块管理');
      await page.waitForURL('**/colony/moduleManage');
      const modules = page.getByTestId('category-table-module').getByRole('table');
      // the module view (lazily loaded) is up; the problem-type view stays mounted, hidden,
      // behind its tab, so click the visible add button
      await page.getByText('模块表示工单涉及的对象', { exact: false }).waitFor();
      await page.getByRole('button', { name: '新增' }).filter({ visible: true }).click();
      await page.getByTestId('category-form').getByLabel('名称').fill(`挂车轴${stamp}`);
      await page.getByTestId('category-form').getByRole('button', { name: '保存' }).click();
      await modules.getByText(`挂车轴${stamp}`).waitFor();
      await assertQuiet(page, 'problem types and modules');
    } finally {
      await context.close();
    }
  });

  test('platform defaults: the admin changes the default thresholds and enterprises without their own follow them', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      await openMenu(page, '数据管理', '默认告警');
      await page.waitForURL('**/dataManage/defaultAlert');
      const general = page.getByTestId('thresholds-general');
      const hot = general.getByLabel('胎温过高');
      await hot.waitFor();
      await hot.fill('88');
      await page.getByRole('button', { name: '保存阈值' }).click();
      await page.getByRole('status').getByText('操作成功').first().waitFor();
      await page.getByTestId('alarm-thresholds').getByText('已自定义').waitFor();
      // who follows: a count, and the enterprises with values of their own
      await page.getByTestId('default-alert-inheriting').getByText(/\d+ 家企业完全沿用平台默认值/).waitFor();

      // the service provider has no thresholds of its own: it now applies the platform's
      const applied = await api(adminToken, 'GET', `/tbEnterpriseAlarm/findTbEnterpriseAlarmNew?entId=${PROVIDER.id}`);
      assert.equal(applied.general.highTemperature, 88);
      assert.equal(applied.general.source, 'platform');
      assert.equal(applied.axles.find((a) => a.position === 'drive').highTemperature, 88);
      await assertQuiet(page, 'platform default thresholds');
    } finally {
      await context.close();
    }
  });
});
