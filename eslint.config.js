import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/db/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through config.ts (loadConfig), not process.env.',
        },
      ],
    },
  },
  {
    // The places allowed to read the environment: config parsing, test set-up and tooling.
    files: [
      'apps/api/src/config.ts',
      'apps/api/test/**',
      'apps/api/scripts/**',
      'apps/web/playwright.config.ts',
      'apps/web/e2e/**',
      'scripts/**',
      '**/*.config.{ts,js,mjs}',
      'bench/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Module augmentation (Fastify, @fastify/jwt, vitest) only works with interfaces.
    files: ['**/*.d.ts', 'apps/api/test/global-setup.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
