// Identity and access in the browser: sign-in and the menu, user management and role-limited menus, the visitor,
// 404, the loading overlay and the login dialog. One server and one Chromium for the whole file.
// Run from the repo root: node --test tests/browser/
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, signIn, waitHydrated } from './helpers.mjs';
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

/** Opens a menu entry from the side menu (opening its group first). */
async function openMenu(page, group, entry) {
  const menu = page.getByTestId('side-menu');
  const link = menu.getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: group, exact: true }).click();
  await link.click();
}

/** Failed-resource logs of calls that are meant to fail in a test (the browser logs 4xx/5xx documents). */
function dropExpected(page, pattern) {
  page.problems = page.problems.filter((p) => !(/Failed to load resource/.test(p) && pattern.test(p)));
}

describe('identity and access', () => {
  const newUser = `e2e${Date.now().toString(36)}`;
  const newPassword = 'Pa55word!e2e';

  test('admin signs in, sees the menu, opens users and creates a user with a role', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, 'admin', server.password);
      const menu = page.getByTestId('side-menu');
      assert.equal(await menu.getByRole('button', { name: '超级管理员', exact: true }).isVisible(), true, 'super admin group');

      await openMenu(page, '超级管理员', '用户管理');
      await page.waitForURL('**/superAdmin/user');
      const table = page.getByTestId('users-table');
      await table.getByRole('link', { name: 'admin', exact: true }).first().waitFor();
      assert.equal(await page.title().then((t) => t.startsWith('用户管理')), true, 'title from the menu meta');
      assert.ok(await page.getByTestId('console-tabs').getByRole('link', { name: '用户管理' }).isVisible(), 'a history tab');
      // phone numbers are masked in the list
      const text = await table.innerText();
      assert.ok(!/1\d{10}/.test(text), 'no full phone number in the list');

      await page.getByRole('button', { name: '新增用户' }).click();
      const dialog = page.getByTestId('user-create');
      await dialog.waitFor();
      // required fields are checked before anything is sent
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.getByText('请输入用户名').waitFor();
      await dialog.getByLabel('用户名').fill(newUser);
      await dialog.getByLabel('密码', { exact: true }).fill(newPassword);
      await dialog.getByLabel('昵称').fill('端到端用户');
      await dialog.getByLabel('角色', { exact: true }).selectOption('101');
      await dialog.getByLabel('手机号').fill('13912345678');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('status').getByText('操作成功').first().waitFor();
      const row = table.getByRole('row').filter({ hasText: newUser });
      await row.waitFor();
      assert.match(await row.innerText(), /139\*\*\*\*5678/);
      await assertQuiet(page, 'create a user');
    } finally {
      await context.close();
    }
  });

  test('the new user signs in and sees only their role’s menus', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await signIn(page, newUser, newPassword);
      const menu = page.getByTestId('side-menu');
      assert.equal(await menu.getByRole('button', { name: '超级管理员', exact: true }).count(), 0, 'no super admin menus');
      assert.equal(await menu.getByRole('button', { name: '企业中心', exact: true }).isVisible(), true, 'the enterprise group of role 101');
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('roleList') ?? '[]').some((r) => r.authorityId === 101)), true, 'role list stored');

      // a menu route the role does not have is a 404 for them
      await page.goto('/superAdmin/user');
      await waitHydrated(page);
      await page.getByRole('heading', { name: '迷路了' }).waitFor();
      await assertQuiet(page, 'role-limited menus');
    } finally {
      await context.close();
    }
  });
});

test('a visitor lands on the map without signing in (automatic visitor login)', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    const visitorLogin = page.waitForRequest((r) => r.url().endsWith('/api/base/login') && r.postDataJSON()?.type === 'visitorLogin');
    await page.goto('/map');
    await waitHydrated(page);
    const req = await visitorLogin;
    assert.equal(req.postDataJSON().username, 'visitor');
    await page.waitForFunction(() => localStorage.getItem('token'));
    await page.getByTestId('visitor-label').waitFor();
    assert.equal(new URL(page.url()).pathname, '/map');
    assert.equal(await page.evaluate(() => localStorage.getItem('roleList')), null, 'visitors have no role list');
    await page.getByTestId('side-menu').locator('[data-menu-source="server"]').waitFor();
    // the login page itself does not sign the visitor in again, and stays reachable
    await page.goto('/login');
    await waitHydrated(page);
    await page.getByLabel('用户名').waitFor();
    await assertQuiet(page, 'visitor');
  } finally {
    await context.close();
  }
});

test('an unknown path shows 404, for visitors and signed-in users alike', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    const res = await page.goto('/definitely/not/here');
    assert.equal(res.status(), 404);
    await waitHydrated(page);
    await page.getByRole('heading', { name: '迷路了' }).waitFor();
    assert.ok((await page.title()).startsWith('迷路了'));
    await assertQuiet(page, '404 anonymous', { expect404: `${server.url}/definitely/not/here` });
    page.problems = [];

    await signIn(page, 'admin', server.password);
    await page.goto('/superAdmin/definitely-not');
    await waitHydrated(page);
    await page.getByRole('heading', { name: '迷路了' }).waitFor();
    await assertQuiet(page, '404 signed in');
  } finally {
    await context.close();
  }
});

test('a fast call does not flash the loading overlay; a slow one shows it and it closes', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await page.addInitScript(() => {
      window.__overlaySeen = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-overlay"]')) window.__overlaySeen += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await signIn(page, 'admin', server.password);
    await page.goto('/superAdmin/user');
    await waitHydrated(page);
    await page.getByTestId('users-table').waitFor();
    await page.waitForTimeout(600);
    await page.evaluate(() => {
      window.__overlaySeen = 0;
    });

    const fast = page.waitForResponse('**/api/user/getUserList_recons');
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    await fast;
    await page.waitForTimeout(700);
    assert.equal(await page.evaluate(() => window.__overlaySeen), 0, 'the overlay flashed for a fast call');

    await page.route('**/api/user/getUserList_recons', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.getByRole('search').getByRole('button', { name: '查询' }).click();
    await page.getByTestId('loading-overlay').waitFor({ timeout: 5000 });
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 10_000 });
    await assertQuiet(page, 'overlay');
  } finally {
    await context.close();
  }
});

test('an expired token opens the login dialog; signing in there keeps the page', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await page.goto('/superAdmin/user');
    await waitHydrated(page);
    await page.getByTestId('users-table').waitFor();

    // the session ends behind the page's back
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const revoked = await context.request.post('/api/jwt/jsonInBlacklist', { headers: { 'x-token': token, 'content-type': 'application/json' }, data: {} });
    assert.equal((await revoked.json()).code, 0);

    await page.getByRole('button', { name: '刷新' }).click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'code 100 clears the token');
    assert.equal(new URL(page.url()).pathname, '/superAdmin/user', 'the page stays');

    await dialog.getByLabel('用户名').fill('admin');
    await dialog.getByLabel('密码', { exact: true }).fill(server.password);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('users-table').getByRole('link', { name: 'admin', exact: true }).first().waitFor();
    assert.ok(await page.evaluate(() => localStorage.getItem('token')));
    await assertQuiet(page, 'login dialog');
  } finally {
    await context.close();
  }
});

test('keep-alive views keep their state between tabs; a closeTab view loses its tab', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    await openMenu(page, '超级管理员', '用户管理');
    await page.waitForURL('**/superAdmin/user');
    const search = page.getByRole('search').getByLabel('用户名');
    await search.fill('kept-alive');
    await openMenu(page, '超级管理员', '角色管理');
    await page.waitForURL('**/superAdmin/authority');
    await page.getByTestId('console-tabs').getByRole('link', { name: '用户管理' }).click();
    await page.waitForURL('**/superAdmin/user');
    assert.equal(await page.getByRole('search').getByLabel('用户名').inputValue(), 'kept-alive', 'the users view kept its state');

    // user detail has closeTab: its tab goes once left
    await page.getByTestId('users-table').getByRole('link', { name: 'admin', exact: true }).first().click();
    await page.waitForURL('**/superAdmin/userDetail/**');
    const tabs = page.getByTestId('console-tabs');
    await tabs.getByRole('link', { name: '用户详情' }).waitFor();
    await tabs.getByRole('link', { name: '角色管理' }).click();
    await page.waitForURL('**/superAdmin/authority');
    // the tab closes in an effect after the navigation commits
    await tabs.getByRole('link', { name: '用户详情' }).waitFor({ state: 'detached', timeout: 5_000 });
    assert.equal(await tabs.getByRole('link', { name: '用户详情' }).count(), 0);
    await assertQuiet(page, 'tabs');
  } finally {
    await context.close();
  }
});

test('the user list on a 375 px phone: cards, no horizontal overflow', async () => {
  const context = await newContext(browser, server.url, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  try {
    const page = await newPage(context);
    await page.goto('/login');
    await waitHydrated(page);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill(server.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/map');
    await page.goto('/superAdmin/user');
    await waitHydrated(page);
    const cards = page.getByTestId('users-table').getByRole('list');
    await cards.waitFor();
    assert.ok((await cards.getByRole('listitem').count()) > 0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no horizontal overflow (scrollWidth ${width})`);
    dropExpected(page, /favicon/);
    await assertQuiet(page, 'mobile users');
  } finally {
    await context.close();
  }
});
