// The QR sign-in with two devices, the returning visitor, and the super-admin system screens (dictionaries, operation
// records, files) against the server. One server and one Chromium for the whole file.
// Run from the repo root: node --test tests/browser/
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, openConsole, signIn, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The desktop's QR tab: resolves with the key once the code is on screen. */
async function showQr(page) {
  const timeKey = page.waitForResponse('**/api/base/timeKey').then((r) => r.json());
  await page.goto('/login');
  await waitHydrated(page);
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const { data } = await timeKey;
  await page.getByTestId('qr-code').waitFor();
  assert.match(data.qrUrl, /^\/qr-login\?key=/, 'the code encodes a page of this site');
  return data;
}

describe('QR sign-in with two devices', () => {
  test('the phone signs in, confirms, and the waiting desktop lands on /map signed in', async () => {
    const desktop = await newContext(browser, server.url);
    const phone = await newContext(browser, server.url, PHONE);
    try {
      const desk = await newPage(desktop);
      const { qrUrl } = await showQr(desk);
      assert.equal(await desk.locator('[data-qr-state]').getAttribute('data-qr-state'), 'waiting');

      // the phone opens the link without a session of its own: asked to sign in, and brought back
      const mobile = await newPage(phone);
      await mobile.goto(qrUrl);
      await waitHydrated(mobile);
      await mobile.locator('[data-qr-confirm="signIn"]').waitFor();
      await mobile.getByTestId('qr-confirm-sign-in').click();
      await mobile.waitForURL('**/login?redirect=*');
      await signIn(mobile, 'admin', server.password, { from: null, landing: (url) => url.pathname === '/qr-login', menu: false });

      // back on the link, signed in: the scan is reported, the desktop shows it, the phone asks
      await mobile.locator('[data-qr-confirm="ask"]').waitFor();
      assert.match(await mobile.getByTestId('qr-confirm-title').innerText(), /以 .+ 的身份在另一台设备上登录？/);
      await desk.locator('[data-qr-state="scanned"]').waitFor();
      const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `no horizontal overflow on the phone (scrollWidth ${width})`);

      await mobile.getByRole('button', { name: '确认登录' }).click();
      await mobile.locator('[data-qr-confirm="confirmed"]').waitFor();

      // the desktop polls, receives the session and reloads into the console as the phone's user
      await desk.waitForURL('**/map', { timeout: 20_000 });
      await waitHydrated(desk);
      await desk.getByTestId('user-name').waitFor();
      assert.equal(await desk.getByTestId('visitor-label').count(), 0);
      assert.ok((await desktop.cookies()).some((c) => c.name === 'x-token' && c.value), 'the desktop holds a session');
      const raw = await (await desktop.request.get('/map')).text();
      assert.ok(raw.includes('data-testid="user-name"'), 'the server renders the desktop for its new user');
      await assertQuiet(desk, 'desktop after the QR sign-in');
      await assertQuiet(mobile, 'phone after confirming');
    } finally {
      await desktop.close();
      await phone.close();
    }
  });

  test('the phone cancels: it says so, and the desktop offers a new code', async () => {
    const desktop = await newContext(browser, server.url);
    const phone = await newContext(browser, server.url, { ...PHONE, locale: 'en-US' });
    try {
      const desk = await newPage(desktop);
      const { qrUrl } = await showQr(desk);
      const mobile = await newPage(phone);
      await mobile.goto('/login');
      await waitHydrated(mobile);
      await mobile.getByLabel('Username').fill('admin');
      await mobile.getByRole('textbox', { name: 'Password' }).fill(server.password);
      await mobile.getByRole('button', { name: 'Sign in', exact: true }).click();
      await mobile.waitForURL('**/map');
      await waitHydrated(mobile);

      await mobile.goto(qrUrl);
      await waitHydrated(mobile);
      await mobile.locator('[data-qr-confirm="ask"]').waitFor();
      assert.match(await mobile.getByTestId('qr-confirm-title').innerText(), /^Sign in on the other device as .+\?$/);
      await mobile.getByRole('button', { name: 'Cancel' }).click();
      await mobile.locator('[data-qr-confirm="cancelled"]').waitFor();
      await desk.locator('[data-qr-state="failed"]').waitFor({ timeout: 20_000 });
      await desk.getByRole('button', { name: '刷新二维码' }).waitFor();

      // the same link again: the server refuses (code 7) and the phone shows its words, not a toast
      await mobile.reload();
      await waitHydrated(mobile);
      await mobile.locator('[data-qr-confirm="refused"]').waitFor();
      assert.ok((await mobile.getByTestId('qr-confirm-title').innerText()).trim().length > 0, 'the server message is shown');
      assert.equal(await mobile.getByTestId('toasts-error').locator('*').count(), 0, 'no error toast on top');
      await assertQuiet(mobile, 'phone after cancelling');
    } finally {
      await desktop.close();
      await phone.close();
    }
  });
});

test('a returning visitor: the server renders the anonymous page, the client still knows the visitor session', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await page.goto('/map');
    await waitHydrated(page);
    await page.waitForFunction(() => localStorage.getItem('token'));
    await page.getByTestId('side-menu').locator('[data-menu-source="server"]').waitFor();

    // the next visit carries the visitor's cookie; the host renders exactly what it renders for nobody
    const visitorLogins = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/base/login')) visitorLogins.push(r.postDataJSON()?.type);
    });
    const withCookie = await (await context.request.get('/map')).text();
    const anonymous = await (await fetch(`${server.url}/map`, { headers: { cookie: 'lang=zh' } })).text();
    assert.ok(withCookie.includes('"user":null'), 'the visitor is rendered as nobody');
    assert.equal(withCookie.replace(/"url":"[^"]*"/, ''), anonymous.replace(/"url":"[^"]*"/, ''), 'the same document as an anonymous visit');

    await page.reload();
    await waitHydrated(page);
    // after hydration: the visitor's menu from the server, the visitor label, and no second visitor sign-in
    await page.getByTestId('side-menu').locator('[data-menu-source="server"]').waitFor();
    await page.getByTestId('visitor-label').waitFor();
    await page.getByTestId('side-menu').locator('[data-menu-id="home"]').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(visitorLogins, [], 'the stored visitor session is used, not replaced');
    await assertQuiet(page, 'returning visitor (no hydration warnings)');

    // a QR link opened by the visitor: asked to sign in with an own account, and nothing is sent for the key
    const recons = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/recons')) recons.push(r.url());
    });
    await page.goto('/qr-login?key=abc123');
    await waitHydrated(page);
    await page.locator('[data-qr-confirm="signIn"]').waitFor();
    await page.getByText('您当前是访客身份，请用自己的账号登录。').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(recons, []);
    assert.deepEqual(visitorLogins, []);
    await assertQuiet(page, 'visitor on /qr-login');
  } finally {
    await context.close();
  }
});

describe('system screens against the server', () => {
  const stamp = Date.now().toString(36);
  const dictType = `e2e_${stamp}`;

  test('dictionaries: create a dictionary, then an entry with both labels', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      await openConsole(page, '/superAdmin/dictionary');
      const table = page.getByTestId('dictionary-table');
      await table.getByRole('cell', { name: 'pressure_unit', exact: true }).waitFor();

      await page.getByRole('button', { name: '新增字典' }).click();
      const form = page.getByTestId('dictionary-form');
      await form.waitFor();
      await form.getByLabel('字典名称').fill(`端到端字典 ${stamp}`);
      await form.getByLabel('字典类型').fill(dictType);
      await form.getByLabel('描述').fill('created by the browser test');
      const created = page.waitForResponse((r) => r.url().endsWith('/api/sysDictionary/createSysDictionary'));
      await form.getByRole('button', { name: '保存' }).click();
      const answer = await (await created).json();
      assert.equal(answer.code, 0, answer.msg);
      assert.equal(answer.data.type, dictType, 'the write answers the written row');
      await form.waitFor({ state: 'detached' });
      const row = table.getByRole('row').filter({ hasText: dictType });
      await row.waitFor();

      await row.getByRole('link', { name: `端到端字典 ${stamp}` }).click();
      await page.waitForURL(`**/superAdmin/dictionaryDetail/${answer.data.ID}`);
      await page.getByRole('heading', { name: new RegExp(`端到端字典 ${stamp}`) }).waitFor();
      await page.getByRole('button', { name: '新增条目' }).click();
      const detailForm = page.getByTestId('dictionary-detail-form');
      await detailForm.waitFor();
      await detailForm.getByLabel('中文名称').fill('前轴');
      await detailForm.getByLabel('英文名称').fill('Front axle');
      await detailForm.getByLabel('字典值').fill('1');
      const createdDetail = page.waitForResponse((r) => r.url().endsWith('/api/sysDictionaryDetail/createSysDictionaryDetail'));
      await detailForm.getByRole('button', { name: '保存' }).click();
      const detail = await (await createdDetail).json();
      assert.equal(detail.code, 0, detail.msg);
      assert.deepEqual([detail.data.label, detail.data.labelEn, detail.data.value, detail.data.level], ['前轴', 'Front axle', '1', 0]);
      await detailForm.waitFor({ state: 'detached' });
      const entry = page.getByTestId('dictionary-detail-table').getByRole('row').filter({ hasText: 'Front axle' });
      await entry.waitFor();
      assert.match(await entry.innerText(), /前轴/);
      await assertQuiet(page, 'dictionaries');
    } finally {
      await context.close();
    }
  });

  test('link settings: a brand profile’s domain link is edited; a malformed domain is caught in the form', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      await openConsole(page, '/superAdmin/linkConfig');
      const row = page.getByTestId('link-config-table').getByRole('row').filter({ hasText: 'tyresafe.cn' });
      await row.waitFor();
      await row.getByRole('button', { name: '编辑' }).click();
      const form = page.getByTestId('link-config-form');
      await form.waitFor();
      await form.getByLabel('域名').fill('bad domain!');
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('域名只能由字母、数字、连字符和点组成').waitFor();
      await form.getByLabel('域名').fill('tyresafe.cn');
      await form.getByLabel('应用名称').fill(`胎安云 ${stamp}`);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/brand/update'));
      await form.getByRole('button', { name: '保存' }).click();
      const answer = await (await saved).json();
      assert.equal(answer.code, 0, answer.msg);
      assert.equal(answer.data.appName, `胎安云 ${stamp}`);
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('link-config-table').getByRole('cell', { name: `胎安云 ${stamp}` }).waitFor();
      await assertQuiet(page, 'link settings');
    } finally {
      await context.close();
    }
  });

  test('operation records: the creation of that dictionary is listed, with its caller', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      await openConsole(page, '/superAdmin/operation');
      const table = page.getByTestId('operation-table');
      await table.waitFor();
      const search = page.getByRole('search', { name: '查询操作记录' });
      await search.getByLabel('请求路径').fill('createSysDictionary');
      const listed = page.waitForResponse((r) => r.url().includes('/api/sysOperationRecord/getSysOperationRecordList') && r.url().includes('createSysDictionary'));
      await search.getByRole('button', { name: '查询' }).click();
      const answer = await (await listed).json();
      assert.equal(answer.code, 0, answer.msg);
      const record = answer.data.list.find((r) => r.body.includes(dictType));
      assert.ok(record, 'the creation was recorded');
      assert.equal(record.method, 'POST');
      assert.equal(record.user?.userName, 'admin');

      const row = table.getByRole('row').filter({ hasText: '/api/sysDictionary/createSysDictionary' }).first();
      await row.waitFor();
      await row.getByRole('button', { name: '详情' }).click();
      const dialog = page.getByRole('dialog', { name: 'POST /api/sysDictionary/createSysDictionary' });
      await dialog.waitFor();
      assert.ok((await dialog.innerText()).includes(dictType), 'the request body is shown');
      await page.keyboard.press('Escape');
      await assertQuiet(page, 'operation records');
    } finally {
      await context.close();
    }
  });

  test('files: a PNG is uploaded, listed and served at /uploads/…', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      await openConsole(page, '/superAdmin/file');
      const name = `e2e-${stamp}.png`;
      // 1×1 transparent PNG
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/fileUploadAndDownload/upload'));
      await page.getByTestId('file-upload-input').setInputFiles({ name, mimeType: 'image/png', buffer: png });
      const answer = await (await uploaded).json();
      assert.equal(answer.code, 0, answer.msg);
      assert.equal(answer.data.file.name, name);
      assert.match(answer.data.file.url, /^\/uploads\/\d{4}\/\d{2}\/[\w-]+\.png$/, 'stored under a new name');
      await page.getByRole('status').getByText(`已上传 ${name}`).waitFor();

      const row = page.getByTestId('file-table').getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const href = await row.getByRole('link', { name }).getAttribute('href');
      assert.equal(href, answer.data.file.url);
      const served = await context.request.get(href);
      assert.equal(served.status(), 200);
      assert.match(served.headers()['content-type'], /^image\/png/);
      await row.locator('img').evaluate((img) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true }))));
      assert.ok(await row.locator('img').evaluate((img) => img.naturalWidth > 0), 'the preview loads');
      await assertQuiet(page, 'files');
    } finally {
      await context.close();
    }
  });
});
