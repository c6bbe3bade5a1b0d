// ESLint 9 flat config: typescript-eslint (type-aware) for src/, plain JS rules for the Node scripts and tests.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['ol', 'ol/*', 'echarts', 'echarts/*', 'write-excel-file', 'write-excel-file/*', 'world-atlas/*', 'topojson-client'],
              message: 'OpenLayers (with the world outline), ECharts and the XLSX writer are browser-only: import them only from */lazy/* modules, loaded with import().',
            },
          ],
        },
      ],
    },
  },
  {
    // The only modules allowed to import OpenLayers / ECharts / XLSX statically; they are reached through import() only.
    files: ['src/**/lazy/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
);
