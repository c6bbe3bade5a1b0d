// ESLint 9 flat config: typescript-eslint (type-aware) for src/, plain JS rules for the Node scripts and tests.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = join(import.meta.dirname, 'src/features');
/** Every feature folder (src/features/<name>). */
const FEATURES = readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
/** How deep files sit below src/features/<name>/ (0 = the feature's own folder); one block per depth. */
const FEATURE_DEPTHS = [0, 1, 2, 3];

const BROWSER_ONLY = {
  group: ['ol', 'ol/*', 'echarts', 'echarts/*', 'write-excel-file', 'write-excel-file/*', 'world-atlas/*', 'topojson-client'],
  message: 'OpenLayers (with the world outline), ECharts and the XLSX writer are browser-only: import them only from */lazy/* modules, loaded with import().',
};
const FEATURE_INTERNALS = {
  group: ['@/features/*/**'],
  message:
    "Another feature is used only through its public entry, '@/features/<name>' (src/features/<name>/index.ts); its lazy/ views only through import(). Inside a feature, import relatively.",
};
/** A relative import from depth `depth` that climbs out of its feature folder (`../` once more than it is deep). */
const climbsOut = (depth) => ({
  regex: `^(\\.\\./){${String(depth + 1)}}`,
  message: "Leave the feature folder through '@/…': '@/lib/…', '@/components/…', or another feature's public entry '@/features/<name>'.",
});

/**
 * `no-restricted-imports` for one kind of file. A flat-config block replaces a rule's options as a whole, so every
 * block states the complete list: the browser-only libraries (except in lazy/ modules, the only ones that may import
 * them), other features' internals, and for feature files the relative climb out of the feature.
 */
function restrictedImports({ lazy, depth }) {
  const patterns = [...(lazy ? [] : [BROWSER_ONLY]), FEATURE_INTERNALS, ...(depth === undefined ? [] : [climbsOut(depth)])];
  return { 'no-restricted-imports': ['error', { patterns }] };
}

const tsFiles = (dir) => [`${dir}*.ts`, `${dir}*.tsx`];
/** The .ts files at `depth` below a feature folder that sit in a lazy/ folder (at any level above them). */
const lazyFiles = (depth) =>
  Array.from({ length: depth }, (_, above) => `src/features/*/${'*/'.repeat(above)}lazy/${'*/'.repeat(depth - 1 - above)}*.ts`);

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'src/lib/api-types/**'] },
  js.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      ...restrictedImports({ lazy: false }),
    },
  },
  {
    // The only modules allowed to import OpenLayers / ECharts / XLSX statically; they are reached through import() only.
    files: ['src/**/lazy/**/*.ts'],
    rules: restrictedImports({ lazy: true }),
  },
  // Feature files, by depth below their feature folder; each depth's lazy/ modules again without the browser-only list.
  ...FEATURE_DEPTHS.flatMap((depth) => [
    { files: tsFiles(`src/features/*/${'*/'.repeat(depth)}`), rules: restrictedImports({ lazy: false, depth }) },
    ...(depth > 0 ? [{ files: lazyFiles(depth), rules: restrictedImports({ lazy: true, depth }) }] : []),
  ]),
  // A feature does not import its own public entry (module cycles); shared code (lib, components) imports no feature.
  ...FEATURES.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: `@/features/${name}`, message: `Inside features/${name}, import its modules relatively, not through its own public entry.` }] },
      ],
    },
  })),
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features', '@/features/**'], message: 'lib/ and components/ are the shared layer: they import no feature.' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
);

