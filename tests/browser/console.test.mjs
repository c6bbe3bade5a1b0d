// Browser tests of the server-rendered, hydrated console. One server and one Chromium for the whole file.
// Run from the repo root: node --test tests/browser/   (needs target/debug/wheelend, app built, /usr/bin/chromium)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { appNameOf, assertQuiet, expectedTitle, launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
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

const PAGES = [
  { path: '/', finalPath: '/map', status: 200, title: { zh: '轮端预警', en: 'wheel-end warning' } },
  { path: '/solution', status: 200, title: { zh: '轮端安全解决方案', en: 'Wheel-end safety solution' } },
  { path: '/about', status: 200, title: { zh: '关于我们', en: 'About us' } },
  { path: '/login', status: 200, title: { zh: '登录', en: 'Sign in' } },
  { path: '/map', status: 200, title: { zh: '轮端预警', en: 'wheel-end warning' } },
  { path: '/nope', status: 404, title: { zh: '迷路了', en: 'lost' } },
];

describe('every page renders on the server and hydrates cleanly', () => {
  for (const lang of ['zh', 'en']) {
    for (const p of PAGES) {
      test(`${p.path} (${lang})`, async () => {
        const context = await newContext(browser, server.url, { locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
        try {
          const page = await newPage(context);
          const response = await page.goto(p.path);
          assert.equal(response.status(), p.status, 'HTTP status');
          assert.equal(new URL(page.url()).pathname, p.finalPath ?? p.path);
          await waitHydrated(page);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          assert.equal(await page.title(), expectedTitle(p.title[lang], await appNameOf(page)));
          if (p.finalPath === '/map' || p.path === '/map' || p.path === '/about') {
            // the map of /about loads when scrolled to
            await page.locator('[data-map-status]').first().scrollIntoViewIfNeeded();
            await page.locator('[data-map-status="ready"]').first().waitFor({ timeout: 20_000 });
          }
          await assertQuiet(page, `${p.path} (${lang})`, { expect404: p.status === 404 ? `${server.url}${p.path}` : undefined });
        } finally {
          await context.close();
        }
      });
    }
  }

  test('/nope links back to /map', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await page.goto('/nope');
      await waitHydrated(page);
      await page.getByRole('link', { name: '返回地图' }).click();
      await page.waitForURL('**/map');
      await assertQuiet(page, '/nope → /map', { expect404: `${server.url}/nope` });
    } finally {
      await context.close();
    }
  });
});

test('links navigate on the client and update the title and description', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await page.goto('/solution');
    await waitHydrated(page);
    const appName = await appNameOf(page);
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '关于我们' }).click();
    await page.waitForURL('**/about');
    await page.waitForFunction((t) => document.title === t, expectedTitle('关于我们', appName));
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the navigation reloaded the page');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    assert.match(description, /30,000/);
    await assertQuiet(page, 'client navigation');
  } finally {
    await context.close();
  }
});

test('the language switch on /map changes the text, and survives a reload rendered by the server', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await page.goto('/map');
    await waitHydrated(page);
    const appName = await appNameOf(page);
    const filters = page.getByTestId('map-filters');
    await filters.getByRole('button', { name: /全部/ }).waitFor();

    await page.getByRole('button', { name: 'English' }).click();
    await filters.getByRole('button', { name: /All/ }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.waitForFunction((t) => document.title === t, expectedTitle('wheel-end warning', appName));
    assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'en');
    const langCookie = (await context.cookies()).find((c) => c.name === 'lang');
    assert.equal(langCookie?.value, 'en');
    assert.ok(langCookie.expires > Date.now() / 1000 + 364 * 86400, 'the lang cookie lasts a year');

    // The server reads the cookie: the HTML itself is English before any script runs.
    const raw = await (await context.request.get('/map')).text();
    assert.match(raw, /<html lang="en"/);
    assert.ok(raw.includes('Live map') && !raw.includes('实时地图'), 'server-rendered HTML is not English');

    await page.reload();
    await waitHydrated(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await filters.getByRole('button', { name: /All/ }).waitFor();
    assert.equal(await page.title(), expectedTitle('wheel-end warning', appName));

    await page.getByRole('button', { name: '中文' }).click();
    await filters.getByRole('button', { name: /全部/ }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh');
    await assertQuiet(page, 'language switch');
  } finally {
    await context.close();
  }
});

test('/map: filters, the visitor menu, settings drawer', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await page.goto('/map');
    await waitHydrated(page);

    const list = page.getByTestId('vehicle-list').getByRole('listitem');
    const all = await list.count();
    assert.ok(all > 0, 'sample vehicles are listed');
    await page.getByTestId('map-filters').getByRole('button', { name: /告警/ }).click();
    const alarms = await list.count();
    assert.ok(alarms > 0 && alarms < all, 'the alarm filter narrows the list');

    // The automatic visitor sign-in brings the visitor's menu; home shows the sample fleet's counters.
    const sideMenu = page.getByTestId('side-menu');
    await sideMenu.locator('[data-menu-source="server"]').waitFor();
    await sideMenu.locator('[data-menu-id="home"]').click();
    await page.waitForURL('**/home');
    await page.getByTestId('home-fleet').waitFor();
    assert.equal(Number(await page.getByTestId('home-count-all').textContent()), all, 'home counts the vehicles the map lists');
    await page.getByTestId('console-tabs').getByRole('link', { name: '实时地图' }).click();
    await page.waitForURL('**/map');

    // Full screen: whatever headless Chromium allows, the toggle must not throw or log.
    const fullscreen = page.getByRole('button', { name: '全屏' });
    await fullscreen.click();
    await page.waitForTimeout(300);
    if (await page.evaluate(() => document.fullscreenElement !== null)) {
      await page.getByRole('button', { name: '退出全屏' }).click();
      await page.waitForFunction(() => document.fullscreenElement === null);
    }

    await page.getByRole('button', { name: '系统设置' }).click();
    const dialog = page.getByRole('dialog', { name: '系统设置' });
    await dialog.waitFor();
    await dialog.getByText('浅色').click();
    await page.getByRole('status').getByText('设置成功').waitFor();
    assert.equal(await page.locator('[data-side-mode]').getAttribute('data-side-mode'), 'light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await assertQuiet(page, '/map interactions');
  } finally {
    await context.close();
  }
});

test('a 375 px viewport gets the mobile layout with a hamburger menu', async () => {
  const context = await newContext(browser, server.url, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  try {
    const page = await newPage(context);
    await page.goto('/map');
    await waitHydrated(page);
    assert.equal(await page.getByTestId('side-menu').isVisible(), false, 'the side menu is a drawer on mobile');
    const burger = page.getByTestId('console-menu-button');
    assert.equal(await burger.isVisible(), true);
    await burger.click();
    const drawer = page.getByRole('dialog', { name: '控制台菜单' });
    await drawer.waitFor();
    assert.equal(await drawer.getByRole('link', { name: '实时地图' }).isVisible(), true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.goto('/solution');
    await waitHydrated(page);
    assert.equal(await page.getByTestId('site-menu-button').isVisible(), true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no horizontal overflow (scrollWidth ${width})`);
    await assertQuiet(page, 'mobile');
  } finally {
    await context.close();
  }
});

describe('sign-in', () => {
  test('a wrong password shows the server message', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await page.goto('/login');
      await waitHydrated(page);
      await page.getByLabel('用户名').fill('admin');
      await page.getByLabel('密码', { exact: true }).fill('definitely-wrong');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: /\S/ });
      await alert.waitFor();
      assert.ok((await alert.innerText()).trim().length > 0);
      assert.equal(await page.getByRole('button', { name: '登录', exact: true }).isEnabled(), true);
      // the failed call itself may be logged by the browser as a failed resource when the server answers 4xx
      page.problems = page.problems.filter((p) => !(/Failed to load resource/.test(p) && p.includes('/api/base/login')));
      await assertQuiet(page, 'wrong password');
    } finally {
      await context.close();
    }
  });

  test('admin signs in, lands on /map and sees their name', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      // Slow the call down a little so the busy state can be seen.
      await page.route('**/api/base/login', async (route) => {
        await new Promise((r) => setTimeout(r, 600));
        await route.continue();
      });
      await page.goto('/login');
      await waitHydrated(page);
      await page.getByLabel('用户名').fill('admin');
      await page.getByLabel('密码', { exact: true }).fill(server.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      const busy = page.getByRole('button', { name: '登录中，请稍候' });
      await busy.waitFor();
      assert.equal(await busy.isDisabled(), true);

      await page.waitForURL('**/map');
      await waitHydrated(page);
      const name = page.getByTestId('user-name');
      await name.waitFor();
      assert.ok((await name.innerText()).trim().length > 0, 'user name shown');
      assert.equal(await page.getByTestId('visitor-label').count(), 0);
      assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'token stored');
      assert.ok(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')), 'userInfo stored');
      assert.ok((await context.cookies()).some((c) => c.name === 'x-token' && c.value), 'x-token cookie set');

      // The server knows the user from the cookie: the name is in the server-rendered HTML.
      const raw = await (await context.request.get('/map')).text();
      assert.ok(raw.includes('data-testid="user-name"'), 'server render does not know the signed-in user');
      await assertQuiet(page, 'sign-in');
    } finally {
      await context.close();
    }
  });
});
