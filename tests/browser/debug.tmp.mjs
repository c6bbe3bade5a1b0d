import { startServer } from './server.mjs';
import { launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
const s = await startServer(); const b = await launchBrowser();
try {
for (const path of process.argv.slice(2)) {
  const ctx = await newContext(b, s.url); const page = await newPage(ctx);
  page.on('console', m => { if (m.type()==='error'||m.type()==='warning') console.log(path, m.type(), m.text(), JSON.stringify(m.location())); });
  await page.goto(path); await waitHydrated(page); await page.waitForTimeout(1500);
  console.log(path, 'size', await page.evaluate(() => { const el = document.querySelector('[data-map-status]'); return el ? [el.clientWidth, el.clientHeight, el.dataset.mapStatus] : null; }));
  await ctx.close();
}
} finally { await b.close(); await s.stop(); }
