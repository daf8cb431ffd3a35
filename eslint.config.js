// ESLint flat config. What each rule protects and why: docs/contributing.md.
// Syntax-only rules (no type information), so `npm run lint` stays fast.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The parts of the repository, by folder (patterns from the root; first match wins).
 * A folder with a captured name (`domain`, `feature`) is one element per name, so imports
 * inside one domain or one feature are internal and always allowed. functions/groups is one
 * element; its files may not import each other (the `quizbank/groups` block below).
 */
const ELEMENTS = [
  { type: 'shared', pattern: 'shared' },
  // The Markdown rule shared by the browser app and the Lambdas (D263): packages and shared/, no DOM, no Node.
  { type: 'markdown', pattern: 'markdown' },
  { type: 'functions-runtime', pattern: 'functions/runtime' },
  { type: 'functions-domain', pattern: 'functions/domains/*', capture: ['domain'] },
  { type: 'functions-group', pattern: 'functions/groups' },
  { type: 'functions-job', pattern: 'functions/jobs' },
  { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'] },
  { type: 'web-app', pattern: 'web/src/app' },
  { type: 'web-core', pattern: 'web/src/*', capture: ['layer'] },
  // What is left of web/src: main.tsx and vite-env.d.ts, the app's entry.
  { type: 'web-app', pattern: 'web/src' },
  { type: 'infra', pattern: 'infra' },
  { type: 'local', pattern: 'local' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'bench', pattern: 'bench' },
  { type: 'tests', pattern: 'tests' },
  { type: 'types', pattern: 'types' },
].map((element) => ({ partialMatch: false, ...element }));

/**
 * The server's domains, lowest first (docs/architecture.md §1.6): a domain imports only domains
 * before it in this list, and only through their public entries. No cycle can be written.
 */
const DOMAINS = [
  'secret-rotation',
  'users',
  'tags',
  'files',
  'learning',
  'exams',
  'notes',
  'studies',
  'results',
  'links',
  'mail',
  'accounts',
];

/**
 * A domain's public entries: index.ts, and sheets.ts for the spreadsheet use cases, which only the
 * `*-sheets` Lambdas import, so no other Lambda carries SheetJS (D73); on-demand.ts for what the
 * route groups wire or load on first use without the domain's index (its module-level caches and
 * clients) entering every group's init (D478).
 */
const DOMAIN_ENTRIES = ['index.ts', 'sheets.ts', 'on-demand.ts'];

/** Files that are no element but known: tool configs (they import packages and scripts/build helpers). */
const FILES = [{ category: 'tool-config', pattern: '**/*.config.{js,ts}' }];

const element = (...types) => ({ to: { element: { types } } });
/** The public entries of the named domains. */
const domainEntries = (domains) => ({
  to: { element: { type: 'functions-domain', captured: { domain: domains }, fileInternalPath: DOMAIN_ENTRIES } },
});

/** Who may import whom. Anything not allowed here is refused (default: 'disallow'). */
const DEPENDENCY_POLICIES = [
  // Packages and Node built-ins: everyone, except shared/ (below).
  { allow: { to: { module: { origin: ['external', 'core'] } } } },
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { module: { origin: ['external', 'core'] } } },
    message:
      'shared/ is compiled into the browser app and every Lambda: it imports only zod (and shared/domain ts-fsrs, D385).',
  },
  { from: { element: { type: 'shared' } }, allow: { to: { module: { origin: 'external', source: 'zod' } } } },
  // D385: FSRS scheduling is one rule for the server and the offline Review screen; ts-fsrs is a pure algorithm (no I/O).
  {
    from: { element: { type: 'shared', fileInternalPath: 'domain/**' } },
    allow: { to: { module: { origin: 'external', source: 'ts-fsrs' } } },
  },

  { from: { element: { type: 'functions-runtime' } }, allow: element('functions-runtime', 'shared') },
  // A domain: the runtime, shared/, markdown/, and the public entry of a domain below it.
  { from: { element: { type: 'functions-domain' } }, allow: element('functions-runtime', 'shared', 'markdown') },
  ...DOMAINS.slice(1).map((domain, rank) => ({
    from: { element: { type: 'functions-domain', captured: { domain } } },
    allow: domainEntries(DOMAINS.slice(0, rank + 1)),
  })),
  // Groups and jobs are packaging: they bind contracts (or schedules) to domain use cases.
  {
    from: { element: { types: ['functions-group', 'functions-job'] } },
    allow: [element('functions-runtime', 'shared'), domainEntries(DOMAINS)],
  },
  { from: { element: { type: 'web-core' } }, allow: element('web-core', 'shared', 'markdown') },
  { from: { element: { type: 'markdown' } }, allow: element('shared') },
  { from: { element: { type: 'web-feature' } }, allow: element('web-core', 'shared') },
  { from: { element: { type: 'web-app' } }, allow: element('web-app', 'web-feature', 'web-core', 'shared') },
  { from: { element: { type: 'infra' } }, allow: element('infra', 'shared') },
  {
    from: { element: { type: 'local' } },
    allow: [
      element('local', 'functions-group', 'functions-job', 'functions-runtime', 'infra', 'shared'),
      domainEntries(DOMAINS),
    ],
  },
  {
    from: { element: { type: 'scripts' } },
    allow: [
      element('scripts', 'local', 'functions-group', 'functions-job', 'functions-runtime', 'infra', 'shared'),
      domainEntries(DOMAINS),
    ],
  },
  {
    from: { element: { type: 'bench' } },
    allow: [
      element('bench', 'local', 'functions-group', 'functions-job', 'functions-runtime', 'infra', 'shared'),
      domainEntries(DOMAINS),
    ],
  },
  // The web build's own helpers (e.g. the Korean font trim, D102), so they are typed and unit-tested.
  { from: { file: { categories: 'tool-config' } }, allow: element('scripts') },
  {
    from: { element: { type: 'tests' } },
    allow: element(
      'tests',
      'shared',
      'markdown',
      'functions-runtime',
      'functions-domain',
      'functions-group',
      'functions-job',
      'web-core',
      'web-feature',
      'web-app',
      'infra',
      'local',
      'scripts',
      'bench',
    ),
  },

  // The refusals people meet most, restated with the reason (the last matching policy decides).
  {
    from: { element: { type: 'functions-domain' } },
    disallow: element('functions-group', 'functions-job'),
    message: 'A domain is below the route groups and jobs, which bind it: it never imports one.',
  },
  {
    from: { element: { type: 'functions-runtime' } },
    disallow: element('functions-domain', 'functions-group', 'functions-job'),
    message:
      'functions/runtime imports no domain: what it needs of one (the caller lookup) is passed in by functions/groups/group-handler.ts.',
  },
  {
    from: { element: { types: ['functions-domain', 'functions-group', 'functions-job', 'local', 'scripts', 'bench'] } },
    disallow: { to: { element: { type: 'functions-domain', fileInternalPath: `!{${DOMAIN_ENTRIES.join(',')}}` } } },
    message:
      "Another domain's files are reached only through its index.ts (sheets.ts for spreadsheet use cases): export what you need there.",
  },
  ...DOMAINS.slice(0, -1).map((domain, rank) => ({
    from: { element: { type: 'functions-domain', captured: { domain } } },
    disallow: { to: { element: { type: 'functions-domain', captured: { domain: DOMAINS.slice(rank + 1) } } } },
    message: `A domain imports only the domains below it (${DOMAINS.join(' < ')}): ${domain} may not import a domain above it. Move the rule to the higher domain, or pass it in.`,
  })),
  {
    from: { element: { type: 'web-feature' } },
    disallow: element('web-feature'),
    message:
      "Web features do not import each other except through a feature's declared public entry (features/<name>/index.ts); shared state and UI belong in web/src/lib or web/src/components.",
  },
  // The one exception: a feature's declared public entry, its index.ts (docs/contributing.md lists the entries and why).
  {
    from: { element: { type: 'web-feature' } },
    allow: { to: { element: { type: 'web-feature', fileInternalPath: 'index.ts' } } },
  },
  {
    from: { element: { types: ['web-core', 'web-feature', 'web-app'] } },
    disallow: [
      element(
        'functions-runtime',
        'functions-domain',
        'functions-group',
        'functions-job',
        'infra',
        'local',
        'scripts',
        'bench',
      ),
      { to: { module: { origin: 'core' } } },
    ],
    message:
      'The browser app imports only web/src, shared/, markdown/ and browser packages: no server code, no Node built-ins.',
  },
  {
    from: { element: { type: 'markdown' } },
    disallow: [
      {
        to: {
          element: { types: ELEMENTS.map(({ type }) => type).filter((type) => !['markdown', 'shared'].includes(type)) },
        },
      },
      { to: { module: { origin: 'core' } } },
    ],
    message:
      'markdown/ runs in the browser and in the Lambdas: it imports packages and shared/ only, no Node built-ins.',
  },
  {
    from: { element: { type: '!tests' } },
    disallow: element('tests'),
    message: 'Nothing outside tests/ imports from tests/.',
  },
];

/** D100: zod classic costs every Lambda's cold start. */
const ZOD_CLASSIC = {
  regex: '^zod(/v4|/v3|/v4/classic(/.*)?)?$',
  message: "Use `import * as z from 'zod/mini'` here (D100): zod classic costs every Lambda's cold start.",
};

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'cdk.out/',
    'web/dist/',
    '.data/',
    'bench/results/',
    'test-results/',
    'coverage/',
  ]),

  {
    name: 'quizbank/base',
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are the house spelling of "deliberately unused" (a kept parameter, a key dropped by rest
      // destructuring): 18 such sites today, all intended.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    name: 'quizbank/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    name: 'quizbank/tests',
    files: ['tests/**/*.ts'],
    rules: {
      // Tests walk untyped JSON on purpose (CDK templates, raw HTTP bodies); 26 sites today, none outside tests.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  {
    name: 'quizbank/web',
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two classic hook rules. The plugin's React Compiler rules (set-state-in-effect, refs, purity, …)
      // check code for a compiler this build does not run; they are left off (22 sites today, see the docs).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    // A function past ~80 lines splits along its steps (docs/contributing.md). Enforced on the server, the shared
    // rules, the infrastructure and the local cloud, where every function is within it; the web app's components
    // answer to their own size rule, and tests and benches are not held to it.
    name: 'quizbank/function-size',
    files: ['shared/**/*.ts', 'functions/**/*.ts', 'infra/**/*.ts', 'local/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },

  {
    // D100: every Lambda bundle is zod/mini only; one classic import (it is also what `zod` and `zod/v4` are) brings
    // the classic module and its per-schema methods back into a cold start. tests/infra/lambda-bundles-zod-mini.test.ts
    // checks the bundles themselves.
    name: 'quizbank/zod-mini',
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ZOD_CLASSIC] }],
    },
  },

  {
    // functions/groups/ is one element for the architecture rules; each file in it is one Lambda's
    // packaging, and a group importing another would carry that group's bindings into its bundle.
    name: 'quizbank/groups',
    files: ['functions/groups/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ZOD_CLASSIC,
            {
              regex: '^\\./(?!group-handler\\.js$)',
              message:
                'A route group imports no other group (only ./group-handler.js): what two groups share is a domain use case.',
            },
          ],
        },
      ],
    },
  },

  {
    name: 'quizbank/architecture',
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/files': FILES,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'boundaries/legacy-templates': false,
      // Resolve like tsc does (`.js` specifiers of `.ts` files, `#shared/*`); see the resolver's header.
      'import/resolver': { [new URL('./scripts/lint/typescript-resolver.cjs', import.meta.url).pathname]: {} },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkAllOrigins: true, policies: DEPENDENCY_POLICIES },
      ],
      // Every linted file belongs to a part above, so a new top-level folder cannot slip past the rules.
      'boundaries/no-unknown-files': 'error',
    },
  },
]);
