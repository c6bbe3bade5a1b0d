#!/usr/bin/env node
// Map benchmark (issue 6, run by hand): /map with 30,000 vehicles driven by the real server's simulator (docs/live.md;
// offline base layer), measuring the time to the first frame with vehicles (performance mark `fleet-map:first-draw`)
// and frame times (requestAnimationFrame deltas) while panning and zooming: aggregated cells at low zoom, WebGL markers
// at high zoom, and panning while the simulated reports arrive over the websocket (every vehicle reports every
// INTERVAL seconds: 5,000 frames a second at 30,000). Prints the figures.
// Usage (repo root, after `cd app && npm run build`): node tests/browser/bench-map.mjs [vehicles]
import { launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

const N = Number(process.argv[2] ?? 30000);
const INTERVAL = 6;
// the simulator creates the fleet in the demo enterprise at start-up and keeps it reporting
process.env.WHEELEND_SIMULATE = '1';
process.env.WHEELEND_SIMULATE_VEHICLES = String(N);
process.env.WHEELEND_SIMULATE_INTERVAL_SECS = String(INTERVAL);
const server = await startServer();
const browser = await launchBrowser();

function stats(deltas) {
  const s = [...deltas].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  const f = (x) => x.toFixed(1).padStart(6);
  return `frames ${String(s.length).padStart(4)}  p50 ${f(q(50))} ms  p95 ${f(q(95))} ms  p99 ${f(q(99))} ms  max ${f(s.at(-1) ?? NaN)} ms  >50ms ${s.filter((d) => d > 50).length}`;
}

async function record(page, action) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__rec = true;
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (window.__rec) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await action();
  return page.evaluate(() => {
    window.__rec = false;
    return window.__frames.slice(1);
  });
}

async function pan(page, box, strokes) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let k = 0; k < strokes; k++) {
    const dx = (k % 2 === 0 ? 1 : -1) * box.width * 0.3;
    const dy = (k % 3 === 0 ? 1 : -1) * box.height * 0.2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 30; i++) await page.mouse.move(cx + (dx * i) / 30, cy + (dy * i) / 30);
    await page.mouse.up();
    await page.waitForTimeout(150);
  }
}

async function zoom(page, box, steps, direction) {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, direction * 120);
    await page.waitForTimeout(350);
  }
}

try {
  const context = await newContext(browser, server.url);
  const page = await newPage(context);
  await page.goto('/login');
  await waitHydrated(page);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码', { exact: true }).fill(server.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/map');

  await page.goto('/map?tiles=offline');
  await page.waitForFunction(() => performance.getEntriesByName('fleet-map:first-draw').length > 0, null, { timeout: 120_000 });
  const firstDraw = await page.evaluate(() => performance.getEntriesByName('fleet-map:first-draw')[0].startTime);
  const watch = await page.evaluate(() => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/web/car/watchList4'));
    return e ? { ms: e.duration, kib: e.transferSize / 1024 } : null;
  });
  const count = await page.getByTestId('vehicle-count').textContent();
  const box = await page.getByTestId('fleet-map').boundingBox();
  await page.waitForTimeout(1000);

  const results = [];
  results.push(['pan, aggregated (zoom ≤ 8)', await record(page, () => pan(page, box, 6))]);
  results.push(['zoom in to markers', await record(page, () => zoom(page, box, 6, -1))]);
  results.push(['pan, WebGL markers', await record(page, () => pan(page, box, 6))]);
  // the simulator's reports keep arriving over the websocket the whole time; this pass pans over them
  results.push([`pan while ${String(Math.round(N / INTERVAL))} reports/s arrive`, await record(page, () => pan(page, box, 6))]);
  results.push(['zoom out to cells', await record(page, () => zoom(page, box, 6, 1))]);

  const ua = await page.evaluate(() => navigator.userAgent);
  console.log(`bench-map: ${count?.trim()} vehicles drawn, viewport ${box.width}×${box.height}, ${ua.match(/(Headless)?Chrome\/[\d.]+/)?.[0]}`);
  console.log(`  watchList4 (data_volume 1): ${watch ? `${watch.ms.toFixed(0)} ms, ${watch.kib.toFixed(0)} KiB` : 'n/a'}`);
  console.log(`  first draw with vehicles: ${firstDraw.toFixed(0)} ms after navigation start`);
  for (const [label, deltas] of results) console.log(`  ${label.padEnd(36)} ${stats(deltas)}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
