#!/usr/bin/env node
// Builds everything docs/ssr-contract.md promises, from app/:
//   ../public/assets/entry-HASH.js, chunk-HASH.js (ESM, code-split, minified) and app-HASH.css (tailwind 4)
//   dist/manifest.json  {entry, css, preload}
//   dist/ssr.js         one IIFE for QuickJS that defines globalThis.__wheelendRender
// Usage: node scripts/build.mjs   (npm run build)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as esbuild from 'esbuild';

const started = performance.now();
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const assetsDir = resolve(appDir, '../public/assets');
const distDir = resolve(appDir, 'dist');
const tmpDir = resolve(distDir, '.tmp');
const require = createRequire(import.meta.url);

/** Browser-only libraries: they must never reach the SSR bundle or the entry chunk. */
const BROWSER_ONLY = [
  /node_modules\/ol\//,
  /node_modules\/echarts\//,
  /node_modules\/zrender\//,
  /node_modules\/write-excel-file\//,
  /node_modules\/world-atlas\//,
  /node_modules\/topojson-client\//,
];

const define = { 'process.env.NODE_ENV': '"production"' };

function fail(message) {
  console.error(`build: ${message}`);
  process.exit(1);
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

// --- clean --------------------------------------------------------------------------------------------------------
rmSync(assetsDir, { recursive: true, force: true });
rmSync(distDir, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });
mkdirSync(tmpDir, { recursive: true });

// --- CSS: tailwind CLI to a temp file, then a content-hashed copy ---------------------------------------------------
const tailwindPkg = require.resolve('@tailwindcss/cli/package.json');
const tailwindBin = join(dirname(tailwindPkg), JSON.parse(readFileSync(tailwindPkg, 'utf8')).bin.tailwindcss);
const tmpCss = join(tmpDir, 'app.css');
const tw = spawnSync(process.execPath, [tailwindBin, '--input', 'src/styles/app.css', '--output', tmpCss, '--minify'], {
  cwd: appDir,
  encoding: 'utf8',
});
if (tw.status !== 0) fail(`tailwind failed:\n${tw.stdout}\n${tw.stderr}`);
const css = readFileSync(tmpCss);
const cssName = `app-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
writeFileSync(join(assetsDir, cssName), css);

// --- browser bundle -----------------------------------------------------------------------------------------------
const client = await esbuild.build({
  absWorkingDir: appDir,
  entryPoints: ['src/entry.client.tsx'],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  charset: 'utf8',
  jsx: 'automatic',
  define,
  entryNames: 'entry-[hash]',
  chunkNames: 'chunk-[hash]',
  outdir: assetsDir,
  metafile: true,
  logLevel: 'warning',
});

const toUrl = (outPath) => `/assets/${relative(assetsDir, resolve(appDir, outPath)).split('\\').join('/')}`;
const outputs = client.metafile.outputs;
const entryOut = Object.keys(outputs).find((p) => outputs[p].entryPoint === 'src/entry.client.tsx');
if (!entryOut) fail('no entry output in the metafile');

// modulepreload: every chunk reachable from the entry through static imports (not the lazy ones).
const preload = [];
const seen = new Set([entryOut]);
const queue = [entryOut];
while (queue.length > 0) {
  const current = queue.shift();
  for (const imp of outputs[current].imports) {
    if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
    seen.add(imp.path);
    queue.push(imp.path);
    preload.push(toUrl(imp.path));
  }
}
for (const out of seen) {
  const bad = Object.keys(outputs[out].inputs).find((input) => BROWSER_ONLY.some((re) => re.test(input)));
  if (bad) fail(`${bad} is statically reachable from the entry chunk; load it with import() instead`);
}

const manifest = { entry: toUrl(entryOut), css: [`/assets/${cssName}`], preload };
writeFileSync(join(distDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// --- SSR bundle for QuickJS ---------------------------------------------------------------------------------------
// react-dom/server.browser re-exports the streaming renderer too, which needs TextEncoder/ReadableStream at module
// scope. renderToString lives in the legacy build alone, so the SSR bundle takes only that file.
const legacyServer = {
  name: 'react-dom-legacy-server',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server\.browser$/ }, () => ({
      path: join(dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-server-legacy.browser.production.js'),
    }));
  },
};

// Modules under a lazy/ folder (OpenLayers, ECharts) are only reached through import() in effects, which never run
// on the server. Without code splitting an IIFE would inline them, so the SSR build swaps them for a stub.
const lazyStub = {
  name: 'lazy-stub',
  setup(build) {
    build.onResolve({ filter: /(^|\/)lazy\// }, (args) => ({ path: args.path, namespace: 'lazy-stub' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-stub' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is browser-only`)});`,
      loader: 'js',
    }));
  },
};

const ssr = await esbuild.build({
  absWorkingDir: appDir,
  entryPoints: ['src/entry.server.tsx'],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  charset: 'utf8',
  jsx: 'automatic',
  define,
  plugins: [legacyServer, lazyStub],
  outfile: join(distDir, 'ssr.js'),
  sourcemap: 'external',
  metafile: true,
  logLevel: 'warning',
});

const ssrInputs = Object.keys(ssr.metafile.inputs);
const badSsr = ssrInputs.find((input) => BROWSER_ONLY.some((re) => re.test(input)));
if (badSsr) fail(`${badSsr} ended up in dist/ssr.js`);
const ssrCode = readFileSync(join(distDir, 'ssr.js'), 'utf8');
if (/^\s*(import|export)\s/m.test(ssrCode)) fail('dist/ssr.js must be a classic script (found import/export)');

rmSync(tmpDir, { recursive: true, force: true });

// --- summary ------------------------------------------------------------------------------------------------------
const gz = (file) => gzipSync(readFileSync(file)).length;
const rows = Object.keys(outputs)
  .filter((p) => p.endsWith('.js'))
  .map((p) => [toUrl(p), resolve(appDir, p), p === entryOut ? 'entry' : preload.includes(toUrl(p)) ? 'preload' : 'lazy']);
rows.push([`/assets/${cssName}`, join(assetsDir, cssName), 'css']);
rows.push(['dist/ssr.js', join(distDir, 'ssr.js'), 'ssr']);
console.log(`  ${'kind'.padEnd(8)}${'size'.padStart(11)}${'gzip'.padStart(11)}  file`);
for (const [name, file, kind] of rows) {
  console.log(`  ${kind.padEnd(8)}${kib(readFileSync(file).length).padStart(11)}${kib(gz(file)).padStart(11)}  ${name}`);
}
console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
