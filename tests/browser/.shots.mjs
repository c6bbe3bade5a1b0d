// scratch: screenshots against the mock host (not a test; deleted before hand-off)
import { launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
import { startMockHost } from './mock-host.mjs';

const server = await startMockHost();
const browser = await launchBrowser();
const out = process.argv[2] ?? '/tmp/shots';
const only = process.argv[3];
try {
  const mobile = process.env.SHOT_MOBILE === '1';
  const ctx = await newContext(browser, server.url, mobile ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 860 } });
  if (process.env.SHOT_LANG === 'en') await ctx.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  const page = await newPage(ctx);
  await page.goto('/login');
  await waitHydrated(page);
  if (!only || only === 'login') await page.screenshot({ path: `${out}/login.png` });
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(server.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/map');
  await waitHydrated(page);
  await page.locator('[data-menu-source="server"]').first().waitFor();
  await page.waitForTimeout(800);
  if (!only || only === 'map') await page.screenshot({ path: `${out}/map-admin.png` });
  for (const p of (only && only.startsWith('/') ? [only] : ['/superAdmin/user', '/superAdmin/authority', '/superAdmin/menu', '/superAdmin/api', '/superAdmin/dictionary', '/superAdmin/dictionaryDetail/1', '/superAdmin/operation', '/superAdmin/file', '/person', '/permissionSetting', '/colony/customerManage', '/superAdmin/userDetail/1'])) {
    await page.goto(p);
    await waitHydrated(page);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/${p.replace(/\//g, '_')}.png` });
  }
  console.log('problems:', page.problems);
  await ctx.close();
} finally {
  await browser.close();
  await server.stop();
}
