#!/usr/bin/env node
// Builds everything docs/ssr-contract.md promises, from app/:
//   ../public/assets/entry-site-HASH.js and entry-console-HASH.js (the two client bundles), chunk-HASH.js (ESM,
//                       code-split, minified, one per translation namespace and language too) and app-HASH.css (tailwind 4)
//   dist/manifest.json  {site: {entry, css, preload}, console: {entry, css, preload}}
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

/**
 * The client bundles: their entry modules, and what each must never carry up front. The public site's bundle has no
 * console, no query layer (@tanstack) and no realtime layer (the live socket and its stores).
 */
const BUNDLES = {
  site: {
    entry: 'src/entry.site.tsx',
    excluded: [
      /^src\/console-app\.tsx$/,
      /^src\/features\/console\//,
      /node_modules\/@tanstack\//,
      /^src\/features\/live\/(live-socket|live-hub|reconnect|fleet-store|alarm-store)\.ts$/,
    ],
  },
  console: { entry: 'src/entry.console.tsx', excluded: [] },
};

const define = { 'process.env.NODE_ENV': '"production"' };
// react-router's package exports name its development build only; production code ships its production build.
const alias = { 'react-router': join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs') };

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

// --- browser bundles ----------------------------------------------------------------------------------------------
// One esbuild run per bundle: tree shaking then sees only what that bundle's pages use. (One run with both entries
// would split per module, and a module either bundle needs would drag all it imports into the shared chunks.)
const builds = await Promise.all(
  Object.entries(BUNDLES).map(async ([name, { entry }]) => {
    const result = await esbuild.build({
      absWorkingDir: appDir,
      entryPoints: [{ in: entry, out: name }],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      minify: true,
      charset: 'utf8',
      jsx: 'automatic',
      define,
      alias,
      entryNames: 'entry-[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      outdir: assetsDir,
      metafile: true,
      logLevel: 'warning',
    });
    return [name, result.metafile.outputs];
  }),
);

const toUrl = (outPath) => `/assets/${relative(assetsDir, resolve(appDir, outPath)).split('\\').join('/')}`;

/** An entry's output and every chunk reachable from it through static imports (not the lazy ones), in load order. */
function staticGraph(outputs, entryModule) {
  const entryOut = Object.keys(outputs).find((p) => outputs[p].entryPoint === entryModule);
  if (!entryOut) fail(`no output for ${entryModule} in the metafile`);
  const chunks = [];
  const seen = new Set([entryOut]);
  const queue = [entryOut];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const imp of outputs[current].imports) {
      if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      queue.push(imp.path);
      chunks.push(imp.path);
    }
  }
  return { entryOut, chunks };
}

const manifest = {};
const rows = []; // [url, file, kind] for the summary
for (const [name, outputs] of builds) {
  const { entry, excluded } = BUNDLES[name];
  const { entryOut, chunks } = staticGraph(outputs, entry);
  for (const out of [entryOut, ...chunks]) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[out].inputs)) {
      if (BROWSER_ONLY.some((re) => re.test(input))) fail(`${input} is statically reachable from ${entry}; load it with import() instead`);
      // code, not a barrel module whose re-exports tree shaking left empty
      if (bytesInOutput > 0 && excluded.some((re) => re.test(input))) fail(`${entry} carries ${input}, which it must not`);
    }
  }
  // modulepreload: the static graph, fetched in parallel with the entry instead of one import level after another
  manifest[name] = { entry: toUrl(entryOut), css: [`/assets/${cssName}`], preload: chunks.map(toUrl) };
  for (const out of Object.keys(outputs).filter((p) => p.endsWith('.js'))) {
    const kind = out === entryOut ? 'entry' : chunks.includes(out) ? 'preload' : 'lazy';
    rows.push([toUrl(out), resolve(appDir, out), `${name} ${kind}`]);
  }
}
writeFileSync(join(distDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// --- SSR bundle for QuickJS ---------------------------------------------------------------------------------------
// react-dom/server.browser re-exports the streaming renderer too, which needs TextEncoder/ReadableStream at module
// scope. renderToString lives in the legacy build alone, so the SSR bundle takes only that file, with two changes
// for QuickJS that leave its output as it was (each patch must match exactly once, or the build fails):
const legacyServerFile = join(dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-server-legacy.browser.production.js');
const LEGACY_SERVER_PATCHES = [
  // renderToString appends every chunk to one string; in QuickJS each append copies the rope's last piece (twice the
  // bytes once the page holds a CJK character), about 9% of a /solution render. Collect the chunks, join them once.
  ['result = "",', 'result = [],'],
  ['null !== chunk && (result += chunk);', 'null !== chunk && result.push(chunk);'],
  ['  return result;\n}\nexports.renderToStaticMarkup', '  return result.join("");\n}\nexports.renderToStaticMarkup'],
  // Every text and attribute value is escaped, each scanned by a regular expression that QuickJS runs at some 200
  // instructions a character (7% of a render). A worker renders the same class names and texts again and again:
  // remember what each string escaped to (bounded).
  [
    'function escapeTextForBrowser(text) {',
    `var escapedTexts = new Map();
function escapeTextForBrowser(text) {
  if ("string" !== typeof text) return escapeTextForBrowserUncached(text);
  var escaped = escapedTexts.get(text);
  if (void 0 === escaped) {
    escaped = escapeTextForBrowserUncached(text);
    4096 <= escapedTexts.size && escapedTexts.clear();
    escapedTexts.set(text, escaped);
  }
  return escaped;
}
function escapeTextForBrowserUncached(text) {`,
  ],
];
const legacyServer = {
  name: 'react-dom-legacy-server',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/server\.browser$/ }, () => ({ path: legacyServerFile }));
    build.onLoad({ filter: /react-dom-server-legacy\.browser\.production\.js$/ }, (args) => {
      let contents = readFileSync(args.path, 'utf8');
      for (const [from, to] of LEGACY_SERVER_PATCHES) {
        if (contents.split(from).length !== 2) fail(`react-dom's server build changed: cannot find ${JSON.stringify(from)} once`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: 'js' };
    });
  },
};

// react-router, on the server: a compiled route path and a location encoded by the static router depend on their
// arguments alone, yet are made again on every render (every route's path is compiled to a regular expression when
// a <Routes> matches, every match's pathname goes through `new URL`), and in QuickJS the string replacements and the
// URL parse cost more than the match. Remember them (bounded); a matcher has no state (no g or y flag), and the
// encoded location is copied for each caller.
const ROUTER_PATCHES = [
  [
    'function compilePath(path, caseSensitive = false, end = true) {',
    `var compiledPaths = new Map();
function compilePath(path, caseSensitive = false, end = true) {
  let key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathUncached(path, caseSensitive, end);
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive = false, end = true) {`,
  ],
  [
    'function encodeLocation(to) {',
    `var encodedLocations = new Map();
function encodeLocation(to) {
  let href = typeof to === "string" ? to : createPath(to);
  let encoded = encodedLocations.get(href);
  if (!encoded) {
    encoded = encodeLocationUncached(href);
    if (encodedLocations.size >= 1000) encodedLocations.clear();
    encodedLocations.set(href, encoded);
  }
  return { ...encoded };
}
function encodeLocationUncached(to) {`,
  ],
];
const routerProductionDir = dirname(alias['react-router']);
const routerPatched = new Map();
const routerMemo = {
  name: 'react-router-memo',
  setup(build) {
    build.onLoad({ filter: /react-router\/dist\/production\/chunk-[^/]*\.mjs$/ }, (args) => {
      if (dirname(args.path) !== routerProductionDir) return undefined;
      let contents = readFileSync(args.path, 'utf8');
      for (const [from, to] of ROUTER_PATCHES) {
        const found = contents.split(from).length - 1;
        if (found === 0) continue;
        if (found !== 1 || routerPatched.has(from)) fail(`react-router changed: ${JSON.stringify(from)} is there more than once`);
        routerPatched.set(from, args.path);
        contents = contents.replace(from, to);
      }
      return { contents, loader: 'js' };
    });
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

// The server bundle takes a render-only react-i18next (src/ssr/react-i18next.ts): no subscriptions, one instance per
// language, lookups remembered.
const serverI18n = {
  name: 'server-react-i18next',
  setup(build) {
    build.onResolve({ filter: /^react-i18next$/ }, () => ({ path: join(appDir, 'src/ssr/react-i18next.ts') }));
  },
};

// The server bundle takes render-only <Link>, <NavLink> and <Routes> (src/ssr/react-router.tsx, which re-exports the
// rest of react-router): react-router's markup, without the handlers and hooks a server render never uses.
const serverRouterFile = join(appDir, 'src/ssr/react-router.tsx');
const serverRouter = {
  name: 'server-react-router',
  setup(build) {
    build.onResolve({ filter: /^react-router$/ }, (args) => ({ path: args.importer === serverRouterFile ? alias['react-router'] : serverRouterFile }));
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
  alias,
  plugins: [legacyServer, lazyStub, serverI18n, serverRouter, routerMemo],
  outfile: join(distDir, 'ssr.js'),
  sourcemap: 'external',
  metafile: true,
  logLevel: 'warning',
});

for (const [from] of ROUTER_PATCHES) if (!routerPatched.has(from)) fail(`react-router changed: cannot find ${JSON.stringify(from)}`);
const ssrInputs = Object.keys(ssr.metafile.inputs);
const badSsr = ssrInputs.find((input) => BROWSER_ONLY.some((re) => re.test(input)));
if (badSsr) fail(`${badSsr} ended up in dist/ssr.js`);
const ssrCode = readFileSync(join(distDir, 'ssr.js'), 'utf8');
if (/^\s*(import|export)\s/m.test(ssrCode)) fail('dist/ssr.js must be a classic script (found import/export)');

rmSync(tmpDir, { recursive: true, force: true });

// --- summary ------------------------------------------------------------------------------------------------------
const gz = (file) => gzipSync(readFileSync(file)).length;
rows.push([`/assets/${cssName}`, join(assetsDir, cssName), 'css']);
rows.push(['dist/ssr.js', join(distDir, 'ssr.js'), 'ssr']);
console.log(`  ${'kind'.padEnd(16)}${'size'.padStart(11)}${'gzip'.padStart(11)}  file`);
for (const [name, file, kind] of rows) {
  console.log(`  ${kind.padEnd(16)}${kib(readFileSync(file).length).padStart(11)}${kib(gz(file)).padStart(11)}  ${name}`);
}
// what a page of each bundle loads before its translations: entry, modulepreloads, CSS
for (const [name, { entry, preload, css: sheets }] of Object.entries(manifest)) {
  const files = [entry, ...preload, ...sheets].map((url) => join(assetsDir, url.replace(/^\/assets\//, '')));
  const total = files.reduce((sum, file) => sum + readFileSync(file).length, 0);
  const totalGz = files.reduce((sum, file) => sum + gz(file), 0);
  console.log(`  ${name}: ${files.length} files up front, ${kib(total)} (${kib(totalGz)} gzip)`);
}
console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
