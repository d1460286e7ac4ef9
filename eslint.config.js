import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Web feature boundaries (docs/ARCHITECTURE.md, "Web layout"): a feature imports only itself,
 * `lib` and `components`; what two features share moves down to those, and pages that compose
 * several features live in `src/app`. `lib` and `components` import no feature and nothing of
 * `app`.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The members' portal (src/portal) is a second app of the same build: nothing else imports it. */
const portalPattern = {
  group: ['@/portal/*', '@/portal/**'],
  message: 'The back office does not import the members portal (src/portal), a separate app.',
};
const crossFeaturePatterns = (feature) => [
  portalPattern,
  {
    group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
    message: `Features do not import each other: move what ${feature} shares down to src/lib or src/components, or compose the features in a page under src/app.`,
  },
  {
    // A relative path that climbs out of this feature into another one.
    regex: `^(\\.\\./){2,}(?!${feature}/)[a-z-]+/(api|components|pages|utils)(/|$)`,
    message: 'Features do not import each other: share through src/lib or src/components.',
  },
];
const appShellPattern = {
  group: ['@/app/*', '@/app/**'],
  message: 'Features do not import the app shell; the app imports features.',
};
// One block per feature and kind of file: a later block would replace the rule's options, not add.
const featureBoundaries = webFeatures.flatMap((feature) => [
  {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...crossFeaturePatterns(feature), appShellPattern] },
      ],
    },
  },
  {
    // A component test may wrap what it renders in the app's providers.
    files: [`apps/web/src/features/${feature}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: crossFeaturePatterns(feature) }],
    },
  },
]);

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
  ...featureBoundaries,
  {
    // The members' portal is the build's second app: like a feature, it builds on lib and
    // components only, so its first load never pulls the back office's code.
    files: ['apps/web/src/portal/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/features/**', '@/app/*', '@/app/**', '@/config/*'],
              message:
                'The portal imports no back-office code: share through src/lib or src/components.',
            },
            {
              regex: '^(\\.\\./){2,}(features|app|config)(/|$)',
              message: 'The portal imports no back-office code.',
            },
          ],
        },
      ],
    },
  },
  {
    // …and the back office's shell never imports the portal (features: crossFeaturePatterns).
    files: ['apps/web/src/{app,config}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [portalPattern] }] },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                '@/features/**',
                '@/app/*',
                '@/app/**',
                '@/portal/*',
                '@/portal/**',
              ],
              message: 'lib and components sit below every feature, the app shell and the portal.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
