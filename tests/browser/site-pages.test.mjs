// Browser tests of the public site pages built after /solution and /about: /truck, /saloon, the articles, /install
// and /cancellation. One server and one Chromium for the whole file.
// Run from the repo root: node --test tests/browser/site-pages.test.mjs (needs the debug binary, the app built, Chromium)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  apiLogin,
  appNameOf,
  assertQuiet,
  callApi,
  expectedTitle,
  fittedVehicle,
  launchBrowser,
  newContext,
  newPage,
  signIn,
  useLanguage,
  waitHydrated,
} from './helpers.mjs';
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
  { path: '/truck', title: { zh: '卡车与挂车轮端安全', en: 'Wheel-end safety for trucks and trailers' }, h1: { zh: '为重载长途而生的', en: 'Wheel-end monitoring built for' } },
  { path: '/saloon', title: { zh: '乘用车胎压监测', en: 'Tyre pressure monitoring for cars' }, h1: { zh: '四个轮胎的气压', en: 'Four tyres' } },
  { path: '/install', title: { zh: '安装', en: 'Installation' }, h1: { zh: '安装', en: 'Installation' } },
  { path: '/cancellation', title: { zh: '注销账号', en: 'Account cancellation' }, h1: { zh: '注销账号', en: 'Account cancellation' } },
  { path: '/article/privacy', title: { zh: '隐私政策', en: 'Privacy policy' }, h1: { zh: '隐私政策', en: 'Privacy policy' } },
  { path: '/article/terms', title: { zh: '用户协议', en: 'Terms of service' }, h1: { zh: '用户协议', en: 'Terms of service' } },
  { path: '/article/cookies', title: { zh: '数据与 Cookie 说明', en: 'Data and cookie notice' }, h1: { zh: '数据与 Cookie 说明', en: 'Data and cookie notice' } },
  { path: '/article/install-guide', title: { zh: '安装指南', en: 'Installation guide' }, h1: { zh: '安装指南', en: 'Installation guide' } },
];

describe('each page renders on the server in zh and en, with its head, and hydrates cleanly', () => {
  for (const lang of ['zh', 'en']) {
    for (const p of PAGES) {
      test(`${p.path} (${lang})`, async () => {
        const context = await newContext(browser, server.url, { locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
        await useLanguage(context, server.url, lang);
        try {
          // the HTML itself, before any script: title, description, keywords, indexable, the page's heading
          const raw = await (await context.request.get(p.path)).text();
          assert.match(raw, new RegExp(`<html lang="${lang}"`));
          assert.ok(raw.includes(p.h1[lang]), `${p.path}: server-rendered heading`);
          assert.ok(!raw.includes('noindex'), `${p.path}: indexable`);
          assert.ok(!raw.includes('data-testid="module-unavailable"'), `${p.path}: no 'not available' notice`);
          assert.match(raw, /<meta name="description" content="[^"]{20,}">/);
          assert.match(raw, /<meta name="keywords" content="[^"]{5,}">/);

          const page = await newPage(context);
          const response = await page.goto(p.path);
          assert.equal(response.status(), 200);
          await waitHydrated(page);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          assert.equal(await page.title(), expectedTitle(p.title[lang], await appNameOf(page)));
          await assertQuiet(page, `${p.path} (${lang})`);
        } finally {
          await context.close();
        }
      });
    }
  }

  test('the truck page carries the SEO terms, and /solution, /truck and /saloon share their sections', async () => {
    const context = await newContext(browser, server.url);
    try {
      const raw = await (await context.request.get('/truck')).text();
      const keywords = /<meta name="keywords" content="([^"]*)">/.exec(raw)[1];
      for (const word of ['TPMS', '胎温监测', '轴温监测', '轮端防火', '甩挂']) assert.ok(keywords.includes(word), `keyword ${word}`);
      const page = await newPage(context);
      for (const path of ['/solution', '/truck', '/saloon']) {
        await page.goto(path);
        await waitHydrated(page);
        assert.ok((await page.getByRole('link', { name: '登录控制台' }).count()) >= 1, `${path} links to the sign-in`);
      }
      await page.goto('/truck');
      await waitHydrated(page);
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '乘用车方案' }).click();
      await page.waitForURL('**/saloon');
      await page.waitForFunction(() => document.title.startsWith('乘用车胎压监测'));
      await assertQuiet(page, 'truck → saloon');
    } finally {
      await context.close();
    }
  });

  test('/article/unknown is the 404 page with a 404 status', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      const response = await page.goto('/article/unknown');
      assert.equal(response.status(), 404);
      await waitHydrated(page);
      assert.equal(await page.title(), expectedTitle('迷路了', await appNameOf(page)));
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByTestId('article').count(), 0);
      const raw = await (await context.request.get('/article/unknown')).text();
      assert.ok(raw.includes('noindex'), 'the 404 is not indexed');
      await assertQuiet(page, '/article/unknown', { expect404: `${server.url}/article/unknown` });
    } finally {
      await context.close();
    }
  });

  test("the about page's privacy policy link opens /article/privacy", async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await page.goto('/about');
      await waitHydrated(page);
      await page.getByRole('link', { name: '阅读完整的隐私政策' }).click();
      await page.waitForURL('**/article/privacy');
      await page.getByRole('heading', { level: 1, name: '隐私政策' }).waitFor();
      assert.equal(await page.getByRole('contentinfo').getByRole('link', { name: '隐私政策' }).getAttribute('href'), '/article/privacy');
    } finally {
      await context.close();
    }
  });
});

describe('/install', () => {
  test('signed out, on a phone: the procedure and a sign-in that comes back', async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    try {
      const page = await newPage(context);
      await page.goto('/install');
      await waitHydrated(page);
      const steps = page.getByTestId('install-procedure').getByRole('listitem');
      assert.equal(await steps.count(), 6);
      assert.match(await page.getByTestId('install-procedure').textContent(), /N·m/);
      const signInLink = page.getByTestId('install-signin').getByRole('link');
      assert.equal(await signInLink.getAttribute('href'), '/login?redirect=%2Finstall');
      assert.equal(await page.getByTestId('install-tool').count(), 0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `no horizontal overflow (scrollWidth ${width})`);
      await assertQuiet(page, '/install signed out');
    } finally {
      await context.close();
    }
  });

  test('signed in: finds a vehicle by plate, shows its wheels and receiver, and marks it installed', async () => {
    const token = await apiLogin(server.url, 'admin', server.password);
    const vehicle = await fittedVehicle(server.url, token, { plate: '粤B7I001', imei: '861000000007001', entId: 1014 });
    await callApi(server.url, token, '/web/car/set_install', { carIds: [vehicle.carId], installState: 0 });
    const context = await newContext(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await newPage(context);
      await page.goto('/install');
      await waitHydrated(page);
      await page.getByTestId('install-signin').getByRole('link').click();
      await page.waitForURL('**/login?redirect=%2Finstall');
      await signIn(page, 'admin', server.password, { from: null, landing: '**/install', menu: false });
      const tool = page.getByTestId('install-tool');
      await tool.getByLabel('车牌或车架号').fill('7I001');
      await tool.getByRole('button', { name: '搜索' }).click();
      await tool.getByTestId('install-results').getByRole('button', { name: /粤B7I001/ }).click();
      const card = page.getByTestId('install-vehicle');
      await card.getByTestId('install-wheel').first().waitFor();
      assert.equal(await card.getByTestId('install-wheel').count(), 6, 'wheels 11, 12, 21–24');
      assert.equal(await card.getByTestId('install-receiver').textContent(), vehicle.imei);
      assert.equal(await card.getByTestId('install-state').textContent(), '未安装');
      await card.getByTestId('install-mark-1').click();
      await card.getByTestId('install-done').waitFor();
      assert.equal(await card.getByTestId('install-state').textContent(), '已安装');

      const list = await callApi(server.url, token, '/web/car/list', { keyword: '7I001', page: 1, pageSize: 10 });
      assert.equal(list.list.length, 1);
      assert.equal(list.list[0].installState, 1, 'the API reads it back as installed');
      await assertQuiet(page, '/install signed in');
    } finally {
      await context.close();
    }
  });
});

describe('/cancellation', () => {
  test('signed out: what cancelling means, and a sign-in that comes back', async () => {
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await page.goto('/cancellation');
      await waitHydrated(page);
      assert.match(await page.locator('main').textContent(), /15 天冷静期/);
      assert.equal(await page.getByTestId('cancel-signin').getByRole('link').getAttribute('href'), '/login?redirect=%2Fcancellation');
      assert.equal(await page.getByTestId('cancel-form').count(), 0);
      await assertQuiet(page, '/cancellation signed out');
    } finally {
      await context.close();
    }
  });

  test('a signed-in user cancels their own account: a wrong password is refused, then sign-in is refused', async () => {
    const admin = await apiLogin(server.url, 'admin', server.password);
    const username = `leaver_${Date.now().toString(36)}`;
    const password = 'leaver-pass-1';
    await callApi(server.url, admin, '/user/admin_register', {
      userName: username,
      passWord: password,
      nickName: 'Leaver',
      authorityId: 101,
      enterpriseId: 1014,
    });
    const context = await newContext(browser, server.url);
    try {
      const page = await newPage(context);
      await page.goto('/login?redirect=%2Fcancellation');
      await signIn(page, username, password, { from: null, landing: '**/cancellation', menu: false });
      const form = page.getByTestId('cancel-form');
      await form.waitFor();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      assert.ok(token, 'signed in');

      await form.getByLabel('当前密码').fill('not-the-password');
      await form.getByTestId('cancel-agree').check();
      await form.getByRole('button', { name: '注销账号' }).click();
      await form.getByTestId('field-error').waitFor();
      assert.match(await form.getByTestId('field-error').textContent(), /密码错误/);
      // refused: the account still signs in
      await apiLogin(server.url, username, password);

      await form.getByLabel('当前密码').fill(password);
      await form.getByLabel('注销原因（选填）').fill('browser test');
      await form.getByRole('button', { name: '注销账号' }).click();
      await page.getByTestId('cancel-done').waitFor();
      // the session is cleared (the automatic visitor may have signed in since)
      assert.notEqual(await page.evaluate(() => localStorage.getItem('token')), token, 'the session is cleared');
      const old = await (await fetch(`${server.url}/api/user/getUserInfo`, { headers: { 'x-token': token } })).json();
      assert.notEqual(old.code, 0, 'the old token is refused');

      const res = await fetch(`${server.url}/api/base/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password, type: 'system' }),
      });
      const answer = await res.json();
      assert.equal(answer.code, 7, 'sign-in is refused after cancellation');
      await assertQuiet(page, '/cancellation flow');
    } finally {
      await context.close();
    }
  });
});
