// The Content-Security-Policy pages are served with allows everything the console does: hydration, the map
// (OpenLayers, tiles, the live websocket), charts (ECharts), console screens. Chromium reports each refusal as a
// console error and a `securitypolicyviolation` event; neither may happen.
// Run from the repo root: node --test tests/browser/csp.test.mjs   (needs target/debug/wheelend, app built)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
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

/** A page whose documents each record their `securitypolicyviolation` events in `window.__cspViolations`. */
async function watchedPage(context) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return newPage(context);
}

async function assertNoViolations(page, label) {
  await assertQuiet(page, label);
  assert.deepEqual(await page.evaluate(() => window.__cspViolations), [], `${label}: CSP violations`);
}

function assertPolicy(response, label) {
  const csp = response.headers()['content-security-policy'] ?? '';
  assert.match(csp, /script-src 'self';/, `${label}: a CSP is sent`);
}

test('the map hydrates under the policy, anonymous (as the visitor)', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await watchedPage(context);
    const response = await page.goto('/');
    assertPolicy(response, '/');
    await page.waitForURL('**/map');
    await waitHydrated(page);
    await page.locator('[data-map-status="ready"]').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => localStorage.getItem('token'));
    await assertNoViolations(page, '/map (visitor)');

    const about = await page.goto('/about');
    assertPolicy(about, '/about');
    await waitHydrated(page);
    await page.locator('[data-map-status]').first().scrollIntoViewIfNeeded();
    await page.locator('[data-map-status="ready"]').first().waitFor({ timeout: 20_000 });
    await assertNoViolations(page, '/about');
  } finally {
    await context.close();
  }
});

test('console screens, the live map and a chart under the policy, signed in', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await watchedPage(context);
    await page.goto('/login');
    await waitHydrated(page);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill(server.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/map');
    await page.getByTestId('side-menu').locator('[data-menu-source="server"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-map-status="ready"]').first().waitFor({ timeout: 20_000 });
    await assertNoViolations(page, '/map (admin)');

    for (const path of ['/dataManage/vehicleManage', '/equipmentManage/receiver', '/superAdmin/relationGraph']) {
      const response = await page.goto(path);
      assertPolicy(response, path);
      await waitHydrated(page);
      await page.locator('[data-testid$="-table"], [data-testid="empty-state"], [data-testid="relation-graph"]').first().waitFor({ timeout: 20_000 });
      await assertNoViolations(page, path);
    }
  } finally {
    await context.close();
  }
});
