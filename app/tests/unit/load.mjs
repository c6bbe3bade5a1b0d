// Loads TypeScript modules of src/ in the Node test runner (Node 20 cannot strip types): esbuild compiles each one
// into dist/.test/ with npm packages left as imports, then it is imported like any ES module.
import { mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import * as esbuild from 'esbuild';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(appDir, 'dist/.test');

/**
 * OpenLayers has no `exports` map, so Node's ESM resolver needs the file's extension (`ol/Feature.js`). Modules that
 * reach a map only through import() (the console registry's views) are inlined by the bundle, OpenLayers imports with
 * them.
 */
const olSubpaths = {
  name: 'ol-subpaths',
  setup(build) {
    build.onResolve({ filter: /^ol\/.+/ }, (args) => ({ path: args.path.endsWith('.js') ? args.path : `${args.path}.js`, external: true }));
  },
};

/** `load('src/lib/routes.ts')` → the module's exports. */
export async function load(relPath) {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(relPath).replace(/\.tsx?$/, '')}-${process.pid}.mjs`);
  await esbuild.build({
    absWorkingDir: appDir,
    entryPoints: [relPath],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    outfile,
    logLevel: 'warning',
    plugins: [olSubpaths],
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}
