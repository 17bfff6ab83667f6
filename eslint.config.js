import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The import directions the layout keeps (docs/ARCHITECTURE.md): shared imports nothing of ours; web and server never
 * import each other; web components, hooks and lib never import features or the app; a feature uses another feature
 * only through its public entry (its index or its api); server infrastructure never imports the modules.
 */
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
const features = fs.readdirSync(new URL('./src/web/features', import.meta.url)).filter((name) => !name.includes('.'));
const layering = [
  restrict(
    ['src/shared/**'],
    [
      {
        group: ['**/server/**', '**/web/**', '@/**', '@shared/**'],
        message: 'src/shared imports nothing of ours but src/shared.',
      },
    ],
  ),
  restrict(['src/server/**'], [{ group: ['**/web/**', '@/**', '@shared/**'], message: 'The server never imports the web app.' }]),
  restrict(
    ['src/server/{db,http,storage,auth,jobs,mail,realtime}/**'],
    [
      { group: ['**/web/**', '@/**', '@shared/**'], message: 'The server never imports the web app.' },
      { group: ['**/modules/**'], message: 'Server infrastructure never imports the modules; app.ts passes what it needs.' },
    ],
  ),
  restrict(['src/web/**'], [{ group: ['**/server/**'], message: 'The web app never imports the server.' }]),
  restrict(
    ['src/web/{components,hooks,lib}/**'],
    [
      { group: ['**/server/**'], message: 'The web app never imports the server.' },
      {
        group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'],
        message: 'Shared web code never imports features or the app.',
      },
    ],
  ),
  ...features.map((feature) =>
    restrict(
      [`src/web/features/${feature}/**`],
      [
        { group: ['**/server/**'], message: 'The web app never imports the server.' },
        {
          group: ['@/features/*/**', `!@/features/${feature}/**`, '!@/features/*/api', '@/app/**'],
          message: 'A feature uses another feature only through its index or its api, and never imports the app.',
        },
      ],
    ),
  ),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'src/web/public', 'src/server/db/tables.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/web/components/ui/**/*.tsx'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  ...layering,
);
