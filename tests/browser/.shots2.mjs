// scratch: interaction screenshots against the mock host (deleted before hand-off)
import { launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
import { startMockHost } from './mock-host.mjs';

const server = await startMockHost();
const browser = await launchBrowser();
const out = '/tmp/shots2';
const mobile = process.env.SHOT_MOBILE === '1';
const sfx = mobile ? '-m' : '';
try {
  const ctx = await newContext(browser, server.url, mobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 860 } });
  await ctx.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  const page = await newPage(ctx);
  await page.goto('/g/register');
  await waitHydrated(page);
  await page.waitForTimeout(500);
  await page.locator('form button[type=submit]').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/register${sfx}.png`, fullPage: true });
  await page.goto('/login');
  await waitHydrated(page);
  await page.getByRole('tab', { name: 'QR code' }).click();
  await page.locator('[data-testid="qr-code"]').waitFor();
  await page.screenshot({ path: `${out}/login-qr${sfx}.png` });
  await page.getByRole('tab', { name: 'Password' }).click();
  for (let i = 0; i < 3; i++) {
    await page.locator('input[name=username]').fill('admin');
    await page.locator('input[name=password]').fill('wrong');
    await page.locator('form button[type=submit]').click();
    await page.waitForTimeout(400);
  }
  await page.locator('[data-testid="captcha-image"]').waitFor();
  await page.screenshot({ path: `${out}/login-captcha${sfx}.png` });
  await page.locator('input[name=password]').fill(server.password);
  // captcha answer is in the mock only; sign in through the API instead
  const res = await ctx.request.post('/api/base/login', { data: { username: 'admin', password: server.password } });
  void res;
  await page.goto('/login');
  const r = await page.evaluate(async (pw) => (await fetch('/api/base/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: pw, type: 'system' }) })).json(), server.password);
  if (r.code !== 0) {
    // the IP is now asked for a captcha: read it from a fresh captcha through the mock is not possible; use a new context
    console.log('login via api refused', r.msg);
  }
  const ctx2 = await newContext(browser, server.url, mobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 860 } });
  await ctx2.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  const p2 = await newPage(ctx2);
  const cap = await (await ctx2.request.post('/api/base/captcha', { data: {} })).json();
  const answer = (await (await ctx2.request.get(`/__mock/captcha?id=${cap.data.captchaId}`)).json()).answer;
  const login = await ctx2.request.post('/api/base/login', { data: { username: 'admin', password: server.password, type: 'system', captchaId: cap.data.captchaId, captcha: answer } });
  const body = await login.json();
  if (body.code !== 0) throw new Error(`login ${body.msg}`);
  await ctx2.addCookies([{ name: 'x-token', value: body.data.token, url: server.url }]);
  await p2.addInitScript(([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('userInfo', JSON.stringify(u));
  }, [body.data.token, body.data.user]);
  await p2.goto('/superAdmin/user');
  await waitHydrated(p2);
  await p2.getByTestId('users-table').waitFor();
  await p2.screenshot({ path: `${out}/users${sfx}.png`, fullPage: mobile });
  await p2.getByRole('button', { name: 'New user' }).click();
  await p2.getByTestId('user-create').getByRole('button', { name: 'Save' }).click();
  await p2.waitForTimeout(300);
  await p2.screenshot({ path: `${out}/user-create${sfx}.png` });
  await p2.keyboard.press('Escape');
  await p2.goto('/superAdmin/authority');
  await waitHydrated(p2);
  await p2.getByTestId('authority-table').waitFor();
  await p2.getByTestId('authority-table').getByRole('button', { name: 'Permissions' }).nth(4).click();
  await p2.waitForTimeout(800);
  await p2.screenshot({ path: `${out}/role-permissions${sfx}.png` });
  await p2.getByRole('tab', { name: 'APIs' }).click();
  await p2.waitForTimeout(600);
  await p2.screenshot({ path: `${out}/role-apis${sfx}.png` });
  await p2.keyboard.press('Escape');
  await p2.goto('/person');
  await waitHydrated(p2);
  await p2.getByRole('tab', { name: 'Appearance' }).click();
  await p2.getByLabel('Side menu colour #0f3d5e').check({ force: true });
  await p2.waitForTimeout(400);
  await p2.screenshot({ path: `${out}/profile-appearance${sfx}.png` });
  // the login dialog
  const t = await p2.evaluate(() => localStorage.getItem('token'));
  await ctx2.request.post('/api/jwt/jsonInBlacklist', { headers: { 'x-token': t }, data: {} });
  await p2.goto('/superAdmin/api');
  await waitHydrated(p2);
  await p2.getByTestId('login-dialog').waitFor();
  await p2.screenshot({ path: `${out}/login-dialog${sfx}.png` });
  if (mobile) {
    await p2.keyboard.press('Escape');
  }
  console.log('problems', page.problems, p2.problems);
} finally {
  await browser.close();
  await server.stop();
}
