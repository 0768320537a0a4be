// Lint (npm run lint, run by npm test): typescript-eslint's recommended rules, chiefly to
// catch dead code (unused variables, imports and parameters). Exports not imported outside
// their file are found by knip (knip.json), which sees the whole program.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/', 'samples/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a value kept on purpose (a skipped tuple element, a
      // parameter a callback's signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      // Two spaces in a pattern match a report's aligned columns as printed.
      'no-regex-spaces': 'off',
    },
  },
  // The JavaScript files run in Node: the entry point (CommonJS) and Jest's helpers.
  { files: ['**/*.js', '**/*.cjs'], languageOptions: { globals: globals.node } },
  // CommonJS by necessity: the entry point, and Jest's module loader (jest.config.js `runtime`,
  // which Jest loads with require()).
  {
    files: ['bin/**/*.js', 'test/**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
