import { startServer } from './server.mjs';
import { launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
import { mkdirSync } from 'node:fs';
mkdirSync('/tmp/shots', { recursive: true });
const s = await startServer(); const b = await launchBrowser();
try {
  for (const [w, h, tag] of [[1280, 800, 'd'], [375, 812, 'm']]) {
    const ctx = await newContext(b, s.url, { viewport: { width: w, height: h } });
    if (process.env.SHOT_LANG) await ctx.addCookies([{ name: 'lang', value: process.env.SHOT_LANG, url: s.url }]);
    const page = await newPage(ctx);
    for (const path of process.argv.slice(2)) {
      await page.goto(path); await waitHydrated(page); await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/shots/${tag}${path.replace(/\W/g, '_')}.png`, fullPage: path !== '/map' });
    }
    await ctx.close();
  }
} finally { await b.close(); await s.stop(); }
