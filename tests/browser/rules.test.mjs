// Push rules, messages and webhooks in the browser: a rule made through its dialog (quiet hours checked), given a
// member and disabled in bulk; a notice pushed to a member raising the header bell live over the websocket, read
// from the bell; a webhook whose signing secret is shown once and rotated; a reported low pressure (ingestion) pushed
// by the server to a rule's member, masked and unmasked. Runs against the real server. Run from the repo root:
// node --test tests/browser/rules.test.mjs (WHEELEND_BIN=… for another build of the server).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

/** Seeded demo fleet (server/domain/src/seed.rs). */
const FLEET_ID = 1014;
const ROLE_ENTERPRISE_ADMIN = 100;
const ROLE_ENTERPRISE_MEMBER = 101;

const stamp = Date.now().toString(36).slice(-5);
let phoneSeq = 0;
const newPhone = () => `135${String(Date.now() % 1e6).padStart(6, '0')}${String((phoneSeq += 1)).padStart(2, '0')}`;

async function api(token, path, body) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const json = await res.json();
  assert.equal(json.code, 0, `${path}: ${json.msg}`);
  return json.data;
}

const apiLogin = async (username, password) => (await api(null, '/base/login', { username, password, type: 'system' })).token;

let adminToken;
async function createUser(userName, nickName, authorityId) {
  const user = { userName, password: 'Rules!pass1', nickName };
  await api(adminToken, '/user/admin_register', { userName, passWord: user.password, nickName, authorityId, enterpriseId: FLEET_ID, phone: newPhone(), enable: 1 });
  return user;
}

let fleetAdmin;
let member;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await apiLogin('admin', server.password);
  fleetAdmin = await createUser(`push${stamp}`, `推送管理员${stamp}`, ROLE_ENTERPRISE_ADMIN);
  member = await createUser(`recv${stamp}`, `接收人${stamp}`, ROLE_ENTERPRISE_MEMBER);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page, { userName, password }) {
  await page.goto('/login');
  await waitHydrated(page);
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/map');
  await waitHydrated(page);
  await page.getByTestId('side-menu').locator('[data-menu-source="server"]').waitFor({ state: 'attached', timeout: 20_000 });
}

async function openMenu(page, group, entry) {
  const menu = page.getByTestId('side-menu');
  const link = menu.getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: group, exact: true }).click();
  await link.click();
}

/** The member's user id, as the enterprise admin's member list names it. */
async function userIdOf(token, nickName) {
  const page = await api(token, '/rule/memberList', { page: 1, pageSize: 50, keyword: nickName });
  const row = page.list.find((m) => m.nickName === nickName);
  assert.ok(row, `${nickName} is in the member list`);
  return row.userId;
}

test('a push rule is made in its dialog, quiet hours checked, given a member and disabled in bulk', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page, fleetAdmin);
    await openMenu(page, '企业中心', '通知规则');
    await page.waitForURL('**/colony/noticeRule');
    const name = `胎压规则${stamp}`;

    await page.getByRole('button', { name: '新增规则' }).click();
    const form = page.getByTestId('rules-form');
    await form.getByLabel('规则名称').fill(name);
    await form.getByLabel('高压', { exact: true }).check();
    await form.getByLabel('快速漏气').check();
    await form.getByLabel('最低级别').selectOption({ label: '严重' });
    // half a quiet-hours pair is refused in the browser
    await form.getByLabel('免打扰开始').fill('22:00');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('开始和结束时间需同时填写').waitFor();
    await form.getByLabel('免打扰结束').fill('07:00');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });

    const table = page.getByTestId('rules-table').filter({ visible: true });
    await table.getByText(name).first().waitFor();
    const token = await apiLogin(fleetAdmin.userName, fleetAdmin.password);
    const saved = (await api(token, '/rule/list', { page: 1, pageSize: 10, keyword: name })).list[0];
    assert.deepEqual([...saved.kinds].sort(), [1, 4]);
    assert.equal(saved.minLevel, 2);
    assert.deepEqual(saved.channels, ['console']);
    assert.equal(saved.quietFrom, '22:00');
    assert.equal(saved.quietTo, '07:00');
    assert.equal(saved.allVehicles, true);

    // the members dialog: search, tick, see the chip, save
    await table.getByRole('button', { name: '成员（0）' }).first().click();
    const picker = page.getByTestId('rule-members');
    await picker.getByRole('searchbox').fill(member.nickName);
    await picker.getByRole('button', { name: '搜索' }).click();
    await picker.getByLabel(member.nickName).check();
    await picker.getByTestId('rule-members-chosen').getByText(member.nickName).waitFor();
    await picker.getByRole('button', { name: '保存' }).click();
    await picker.waitFor({ state: 'detached' });
    await table.getByRole('button', { name: '成员（1）' }).first().waitFor();
    const withMember = (await api(token, '/rule/list', { page: 1, pageSize: 10, keyword: name })).list[0];
    assert.deepEqual(withMember.memberIds, [await userIdOf(token, member.nickName)]);

    // disabled through the selection's bulk action
    await table.getByLabel(`选择 ${name}`).first().check();
    await page.getByTestId('rules-bulk').getByRole('button', { name: '停用' }).click();
    await table.getByText('停用', { exact: true }).first().waitFor();
    const disabled = (await api(token, '/rule/list', { page: 1, pageSize: 10, keyword: name })).list[0];
    assert.equal(disabled.enabled, false);
    await assertQuiet(page, 'push rules');
  } finally {
    await context.close();
  }
});

test('a notice pushed to a member raises the header bell live; opening it there marks it read', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page, member);
    const bell = page.getByTestId('message-bell');
    await bell.waitFor();
    assert.equal(await page.getByTestId('message-bell-count').count(), 0, 'nothing unread yet');

    // pushed by the enterprise admin while the member's page is open: only the websocket can tell the page
    const adminToken = await apiLogin(fleetAdmin.userName, fleetAdmin.password);
    const title = `车队通知${stamp}`;
    const pushed = await api(adminToken, '/rule/push_event', { title, content: '今晚 22 点后请勿进场。', memberIds: [await userIdOf(adminToken, member.nickName)] });
    assert.equal(pushed.delivered, 1);
    await page.getByTestId('message-bell-count').filter({ hasText: '1' }).waitFor();
    assert.equal(await bell.getAttribute('aria-label'), '消息，1 条未读');

    await bell.click();
    const popover = page.getByTestId('message-bell-popover');
    await popover.getByText(title).click();
    await page.getByTestId('message-bell-count').waitFor({ state: 'detached' });
    const memberToken = await apiLogin(member.userName, member.password);
    const log = await api(memberToken, '/rule/push_log', { page: 1, pageSize: 10, mine: true });
    assert.equal(log.unread, 0);
    assert.equal(log.list.find((m) => m.title === title)?.read, true);

    // the footer link opens the message list, which shows it read
    await popover.getByRole('link', { name: '查看全部消息' }).click();
    await page.waitForURL('**/colony/messageList');
    const messages = page.getByTestId('messages-inbox-table').filter({ visible: true });
    await messages.getByText(title).first().waitFor();
    await assertQuiet(page, 'message bell');
  } finally {
    await context.close();
  }
});

test('a webhook is added with its signing secret shown once, and the secret rotated', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page, fleetAdmin);
    await openMenu(page, '企业中心', '推送设置');
    await page.waitForURL('**/colony/pushSetting');

    await page.getByRole('button', { name: '新增 Webhook' }).click();
    const form = page.getByTestId('webhook-form');
    await form.getByLabel('地址').fill('ftp://hooks.example.com/x');
    await form.getByLabel('高压', { exact: true }).check();
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('请输入 http:// 或 https:// 开头的地址').waitFor();
    const url = `https://hooks.example.com/wheelend/${stamp}`;
    await form.getByLabel('地址').fill(url);
    await form.getByRole('button', { name: '保存' }).click();

    const shown = page.getByTestId('webhook-secret');
    const secret = (await shown.getByTestId('webhook-secret-value').textContent()).trim();
    assert.ok(secret.length >= 16, `a real secret: ${secret}`);
    await shown.getByRole('button', { name: '我已保存' }).click();
    await shown.waitFor({ state: 'detached' });

    // afterwards only its last four characters are known
    const table = page.getByTestId('webhooks-table').filter({ visible: true });
    await table.getByText(url).first().waitFor();
    await table.getByText(`…${secret.slice(-4)}`).first().waitFor();
    assert.equal((await page.locator('body').innerText()).includes(secret), false, 'the secret is not on the page any more');
    const token = await apiLogin(fleetAdmin.userName, fleetAdmin.password);
    const listed = (await api(token, '/settingUrl/list', {})).find((w) => w.url === url);
    assert.equal(listed.secret, undefined, 'the list never answers the secret');

    // rotating shows a new one, once
    await table.getByRole('button', { name: '更换密钥' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    const rotated = (await page.getByTestId('webhook-secret-value').textContent()).trim();
    assert.notEqual(rotated, secret);
    await page.getByTestId('webhook-secret').getByRole('button', { name: '我已保存' }).click();
    await table.getByText(`…${rotated.slice(-4)}`).first().waitFor();

    // the delivery log opens (nothing delivered yet: no alarm was raised)
    await table.getByRole('button', { name: '投递记录' }).first().click();
    await page.getByRole('dialog', { name: `投递记录：${listed.url}` }).getByText('暂无投递').waitFor();
    await assertQuiet(page, 'webhooks');
  } finally {
    await context.close();
  }
});

test('a reported low pressure reaches the rule member’s bell; masking it moves it to the masked list and back', async () => {
  // a vehicle of the demo fleet with a receiver, registered as platform admin; the device key is answered once
  const plate = `沪R${stamp.toUpperCase()}`;
  const imei = `86${String(Date.now()).slice(-13)}`;
  const carId = (await api(adminToken, '/web/car/updateCarInfo', { plate, axleLayout: '2,4', enterpriseId: FLEET_ID })).carId;
  const { deviceKey } = await api(adminToken, '/web/device/imei', { imei, entId: FLEET_ID });
  await api(adminToken, '/web/car/updateImei', { carId, imei });
  const ownerToken = await apiLogin(fleetAdmin.userName, fleetAdmin.password);
  const rule = await api(ownerToken, '/rule/update', { name: `低压${stamp}`, kinds: [2], minLevel: 2, channels: ['console'], allVehicles: true, enabled: true });
  await api(ownerToken, '/rule/member', { id: rule.id, memberIds: [await userIdOf(ownerToken, member.nickName)] });

  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page, member);
    await page.getByTestId('message-bell').waitFor();
    const before = (await api(await apiLogin(member.userName, member.password), '/rule/push_log', { page: 1, pageSize: 1, mine: true })).unread;

    // 6.0 bar on a drive tyre: a critical low-pressure alarm, pushed by the server itself
    const ts = Date.now() - 5000;
    const res = await fetch(`${server.url}/tapi/device/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-key': deviceKey },
      body: JSON.stringify({ imei, ts, tyres: [{ pos: 11, sensorId: '7e19f1', pressure: 9.0, temp: 30.0, battery: 80 }, { pos: 21, sensorId: '7e19f2', pressure: 6.0, temp: 30.0, battery: 80 }] }),
    });
    assert.equal((await res.json()).code, 0, 'the report is stored');
    await page.getByTestId('message-bell-count').filter({ hasText: String(before + 1) }).waitFor();

    await openMenu(page, '企业中心', '消息列表');
    await page.waitForURL('**/colony/messageList');
    const inbox = page.getByTestId('messages-inbox-table').filter({ visible: true }).getByRole('table');
    const row = inbox.getByRole('row').filter({ hasText: '低压 · 严重' }).filter({ hasText: plate });
    await row.getByRole('button', { name: '屏蔽' }).click();
    await row.waitFor({ state: 'detached' });

    await openMenu(page, '企业中心', '屏蔽消息');
    await page.waitForURL('**/colony/maskedMessageList');
    const masked = page.getByTestId('messages-masked-table').filter({ visible: true }).getByRole('table');
    await masked.getByRole('row').filter({ hasText: plate }).getByRole('button', { name: '取消屏蔽' }).click();
    await masked.getByRole('row').filter({ hasText: plate }).waitFor({ state: 'detached' });
    await openMenu(page, '企业中心', '消息列表');
    await row.waitFor();
    await assertQuiet(page, 'reported alarm');
  } finally {
    await context.close();
  }
});
