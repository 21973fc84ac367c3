// Flat config shared by every workspace: typescript-eslint's recommended rules with type-free linting,
// so `npm run lint` stays fast on a 2-core machine; typecheck is its own script.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The front end's areas meet only through components/, lib/ and i18n/ (frontend/README.md): the owner's and the
// admin's screens never import each other, and the diner's page and the landing page import neither, so no area's code
// is tied to another's or pulled into its chunk. A path is matched with `@/` or relative (`../owner/...` from a sibling
// area); static imports and re-exports by no-restricted-imports, `import()` by no-restricted-syntax.
function areaBoundary(files, forbidden) {
  const message = `belongs to another area: share through components/, lib/ or i18n/ instead`;
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((area) => ({
            regex: `(^|/)features/${area}(/|$)|^(\\.\\./)+${area}(/|$)`,
            caseSensitive: true,
            message: `features/${area} ${message}.`,
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...forbidden.map((area) => ({
          selector: `ImportExpression > Literal.source[value=/(^|\\W)features\\W${area}(\\W|$)|^(\\.\\.\\W)+${area}(\\W|$)/]`,
          message: `features/${area} ${message}.`,
        })),
      ],
    },
  };
}

// Product files stay readable in one sitting (issue 30): at most 400 lines. Tests, migrations, generated files and
// data tables are not product code in this sense.
const PRODUCT_FILES = ['{backend,contracts,agent}/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'];
const NOT_PRODUCT_FILES = [
  '**/*.spec.ts',
  '**/*.test.{ts,tsx}',
  'contracts/src/israel/localities-data.ts',
  'frontend/src/routeTree.gen.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'frontend/prerender/**',
      '**/data/**',
      '**/coverage/**',
      'frontend/src/routeTree.gen.ts',
      'backend/src/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // NestJS resolves constructor parameters through emitted decorator metadata: a type-only import would erase it.
    files: ['backend/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  areaBoundary(['frontend/src/features/owner/**/*.{ts,tsx}'], ['admin']),
  areaBoundary(['frontend/src/features/admin/**/*.{ts,tsx}'], ['owner']),
  areaBoundary(
    [
      'frontend/src/diner/**/*.{ts,tsx}',
      'frontend/src/landing/**/*.{ts,tsx}',
      'frontend/src/features/landing/**/*.{ts,tsx}',
    ],
    ['owner', 'admin'],
  ),
  {
    files: PRODUCT_FILES,
    ignores: NOT_PRODUCT_FILES,
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
