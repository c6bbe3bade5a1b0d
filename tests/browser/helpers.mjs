// Shared browser-test plumbing: one Chromium per test file, pages that record console errors/warnings and page
// errors, and the hydration marker set by app/src/entry.client.tsx.
import assert from 'node:assert/strict';

import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.WHEELEND_CHROMIUM ?? '/usr/bin/chromium';

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

// 1×1 transparent PNG: OpenStreetMap tiles are answered locally, so tests neither need nor touch the network.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A context that speaks Chinese by default (Accept-Language zh-CN) and never leaves the machine. */
export async function newContext(browser, baseURL, options = {}) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 800 }, ...options });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    if (/tile\.openstreetmap\.org/.test(route.request().url())) {
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  return context;
}

/** A page whose console errors, console warnings and uncaught errors are kept in `page.problems`. */
export async function newPage(context) {
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      page.problems.push(`console.${msg.type()}: ${msg.text()} (${msg.location().url})`);
    }
  });
  page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  return page;
}

export async function waitHydrated(page) {
  await page.waitForFunction(() => window.__wheelendHydrated === true, null, { timeout: 20_000 });
}

/**
 * Lets lazy chunks (OpenLayers, ECharts) load and run, then checks nothing complained. `expect404` names a document
 * that is meant to answer 404 (Chromium logs that as a failed resource).
 */
export async function assertQuiet(page, label, { expect404 } = {}) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const problems = page.problems.filter(
    (p) =>
      // Chromium's software GL (headless, --disable-gpu) notes a read-back whenever a WebGL canvas (the map's
      // vehicle layer) is composited; a driver performance note, not a page problem
      !/GL Driver Message \(OpenGL, Performance, .*\): GPU stall due to ReadPixels/.test(p) &&
      !(expect404 && p.startsWith('console.error: Failed to load resource: the server responded with a status of 404') && p.endsWith(`(${expect404})`)),
  );
  assert.deepEqual(problems, [], `${label}: console errors/warnings or page errors`);
}

/** The brand name the server rendered with (titles end with it). */
export function appNameOf(page) {
  return page.evaluate(() => JSON.parse(document.getElementById('__WHEELEND_STATE__').textContent).brand.appName);
}

export function expectedTitle(routeTitle, appName) {
  return !appName || routeTitle === appName ? routeTitle : `${routeTitle} - ${appName}`;
}
