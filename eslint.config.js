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
const serverAreas = fs.readdirSync(new URL('./src/server/modules', import.meta.url)).filter((name) => !name.includes('.'));
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
    ['src/server/{db,http,net,storage,auth,jobs,mail,realtime,platform}/**'],
    [
      { group: ['**/web/**', '@/**', '@shared/**'], message: 'The server never imports the web app.' },
      {
        group: ['**/modules/**'],
        message: 'The platform and the infrastructure never import an area; app.ts passes what they need.',
      },
    ],
  ),
  // An area reaches another only through its front door (`../<area>/index.js`); nothing of the web app either.
  ...serverAreas.map((area) =>
    restrict(
      [`src/server/modules/${area}/**`],
      [
        { group: ['**/web/**', '@/**', '@shared/**'], message: 'The server never imports the web app.' },
        {
          // `../<other area>/<file>` from the area's own folder; the front door `../<area>/index.js` passes.
          regex: `^\\.\\./(?!${area}/)[^./][^/]*/(?!index\\.js$)`,
          message: 'An area uses another area only through its index.ts; what both need belongs in the platform.',
        },
      ],
    ),
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

/**
 * Patterns that keep coming back, refused by selector (tested in tests/unit/guards.test.ts). ESLint keeps one
 * `no-restricted-syntax` list per file, so each group of files below lists every guard that applies to it.
 */
const guard = (selector, message) => ({ selector, message });
const noDoubleCast = [
  guard(
    'TSAsExpression > TSAsExpression.expression[typeAnnotation.type="TSUnknownKeyword"]',
    '`as unknown as` hides a type error: give the value its real type (a narrower schema, an overload, a type guard).',
  ),
];
const moneyMessage = 'Money goes through src/shared/money.ts (toCents, toDollars, toWholeDollars, dollarsText, formatDollars).';
const moneyOnlyThroughMoneyTs = [
  guard('BinaryExpression:matches([operator="*"], [operator="/"])[right.value=100][left.name=/cents$/i]', moneyMessage),
  guard('BinaryExpression:matches([operator="*"], [operator="/"])[right.value=100][left.property.name=/cents$/i]', moneyMessage),
  guard(
    'CallExpression[callee.object.name="Math"][callee.property.name=/^(round|trunc|floor|ceil)$/] > BinaryExpression:matches([operator="*"], [operator="/"])[right.value=100]',
    moneyMessage,
  ),
  guard('CallExpression[callee.property.name="toFixed"][callee.object.callee.name="toDollars"]', moneyMessage),
  guard('Property[key.name="style"][value.value="currency"]', moneyMessage),
];
const queryKeysMessage =
  "Query keys come from the area's contract (keyOf, queryOf, areaKey in src/web/lib/contract.ts), never an array written in place.";
const queryKeysFromContracts = [
  guard('Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression.value', queryKeysMessage),
  guard(
    'CallExpression[callee.property.name=/^(get|set|ensure|fetch|prefetch|invalidate|refetch|remove|cancel|reset)Quer(y|ies)(Data|State)?$/] > ArrayExpression.arguments',
    queryKeysMessage,
  ),
];
const apiPathMessage =
  "The web app calls the API through its area's contract (src/shared/<area>/api.ts, with src/web/lib/contract.ts), never a path written out.";
const noApiPaths = [
  guard('Literal[value=/^\\/api\\//]', apiPathMessage),
  guard('TemplateElement[value.raw=/^\\/api\\//]', apiPathMessage),
];
const restrictSyntax = (files, ignores, selectors) => ({
  files,
  ignores,
  rules: { 'no-restricted-syntax': ['error', ...selectors] },
});
const guards = [
  restrictSyntax(['src/**/*.{ts,tsx}'], ['src/shared/money.ts'], [...noDoubleCast, ...moneyOnlyThroughMoneyTs]),
  restrictSyntax(['src/shared/money.ts'], [], noDoubleCast),
  restrictSyntax(
    ['src/web/**/*.{ts,tsx}'],
    ['src/web/lib/contract.ts', 'src/web/{features,app}/**/*.{ts,tsx}'],
    [...noDoubleCast, ...moneyOnlyThroughMoneyTs, ...queryKeysFromContracts],
  ),
  // Every feature and the app call the API through the contracts.
  restrictSyntax(
    ['src/web/{features,app}/**/*.{ts,tsx}'],
    [],
    [...noDoubleCast, ...moneyOnlyThroughMoneyTs, ...queryKeysFromContracts, ...noApiPaths],
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
  ...guards,
);
