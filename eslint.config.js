// Lint rules, including the layering of DESIGN.md: the emulator and the client never import each
// other, constructs import nothing of ours but common/, common/ imports nothing of ours, the client
// never imports the engine, the core never imports the adapters, nothing reaches into another
// folder's private/, and only tests import test/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// A relative import that names a folder and then, somewhere below it, a private/ folder: another
// folder's internals. `./private/x` and `../private/x` (the importer's own folder or an ancestor's)
// do not match.
const FOREIGN_PRIVATE = String.raw`^(\.\.?/)+([^./][^/]*/)+private/`;
// A relative import of the repository's test/ folder.
const TEST_FOLDER = String.raw`^(\.\./)+test/`;

const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});
// `forbid` plus one more pattern (a regex), in the same rule.
const forbidWith = (patterns, message, ...extra) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [...patterns.map((group) => ({ group: [group], message })), ...extra] },
  ],
});
// The rules that hold for all non-test code go through the typescript-eslint copy of the rule, so
// that they add to (instead of replacing) each folder's `no-restricted-imports` layering rule.
const boundaries = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
const PRIVATE = {
  regex: FOREIGN_PRIVATE,
  message: "Another folder's private/ is its internals: import its public module instead (STYLE.md).",
};
// A kind's folder (`kinds/<kind>/`) holds members of several layers' folders: its descriptor belongs
// with common/kinds/, its handler with provider/handlers/, its generator with provider/generators/,
// its client section (`api.ts`) with provider/cloudapi/ or provider/manta/, its construct with
// constructs/ (and its emulator/ files with the emulator, below). They share those folders'
// helpers, so those private/ folders are theirs too; every other folder's private/ stays closed.
const KIND_PRIVATE = {
  regex: String.raw`^(\.\.?/)+(?!(common/kinds|provider/handlers|provider/generators|provider/cloudapi|provider/manta|constructs)/private/)([^./][^/]*/)+private/`,
  message: PRIVATE.message,
};
// A kind's emulator files (`kinds/<kind>/emulator/`) are emulator code: they share the emulated
// services' helpers (`emulator/cloudapi/private/`, `emulator/manta/private/`) and no other private/.
const KIND_EMULATOR_PRIVATE = {
  regex: String.raw`^(\.\.?/)+(?!emulator/(cloudapi|manta)/private/)([^./][^/]*/)+private/`,
  message: PRIVATE.message,
};
// What a kind's folder holds, by file: which layer each file belongs to.
// `kinds/index.ts`, the one line per kind naming its descriptor, is common/ code like them.
const KIND_DESCRIPTOR = ['kinds/*/descriptor.ts', 'kinds/index.ts'];
const KIND_CONSTRUCT = ['kinds/*/construct.ts'];
const KIND_PROVIDER = ['kinds/*/handler.ts', 'kinds/*/generate.ts', 'kinds/*/api.ts', 'kinds/*/private/**/*.ts'];
const KIND_EMULATOR = ['kinds/*/emulator/**/*.ts'];
// Of a kind's folder, common/, constructs/ and the emulator may import only the descriptor (the
// top-level kinds/ reached by ../; common/kinds/ has only generated/ and private/ below it).
const KIND_BEYOND_DESCRIPTOR = {
  regex: String.raw`^(\.\./)+kinds/(?!generated/|private/)[^/]+/(?!descriptor\.js$)`,
  message: "Of a kind's folder, this layer may import only its descriptor (kinds/<kind>/descriptor.ts).",
};
// The emulator may import of a kind's folder its descriptor and its emulator files (the routes and
// the store, `kinds/<kind>/emulator/`), never its handler, generator or construct.
const KIND_BEYOND_EMULATOR = {
  regex: String.raw`^(\.\./)+kinds/(?!generated/|private/)[^/]+/(?!descriptor\.js$|emulator/)`,
  message: "Of a kind's folder, the emulator may import only its descriptor and its emulator/ files.",
};
// Inside kinds/, a kind's emulator files (one folder below the kind's) reach only descriptors and
// emulator files: `../x` is their kind's folder, `../../<kind>/x` another kind's.
const IN_KIND_EMULATOR = [
  { regex: String.raw`^\.\./(?!\.\./)(?!descriptor\.js$)`, message: KIND_BEYOND_EMULATOR.message },
  { regex: String.raw`^\.\./\.\./(?!\.\./)[^/]+/(?!descriptor\.js$|emulator/)`, message: KIND_BEYOND_EMULATOR.message },
];
const TEST = { regex: TEST_FOLDER, message: 'Only tests import test/: move what is needed into a real module.' };
const ADAPTERS = {
  group: ['**/adapters/**'],
  message:
    'Adapters depend on the core; the core never depends on them (DESIGN.md). The CLI loads them through cli/private/adapters.ts.',
};
// Test helpers for users' tests (`triton-iac/testing`): they sit on top of the engine, the client
// and the emulator, and nothing of the library depends on them.
const TESTING_ENTRY = {
  group: ['**/testing/**'],
  message: 'Nothing of the library depends on the testing entry (triton-iac/testing); it depends on the core.',
};
const CORE = [
  'cli/**/*.ts',
  'common/**/*.ts',
  'constructs/**/*.ts',
  'provider/**/*.ts',
  'reconciler/**/*.ts',
  'emulator/**/*.ts',
  'index.ts',
  'engine.ts',
];
const KINDS = ['kinds/**/*.ts'];
const EMULATOR_FORBIDDEN = ['**/provider/**', '**/reconciler/**', '**/constructs/**', '**/cli/**'];
const EMULATOR_MESSAGE = 'The emulator must not import the client or the engine: each checks the other (DESIGN.md).';
const CONSTRUCTS_FORBIDDEN = ['**/provider/**', '**/reconciler/**', '**/emulator/**', '**/cli/**'];
const CONSTRUCTS_MESSAGE =
  "constructs/ talks to nothing: it may import only common/ (DESIGN.md), the kinds' descriptors and constructs.";
const IN_KINDS_CONSTRUCT = {
  regex: String.raw`^(\.\./)+kinds/(?!generated/|private/)[^/]+/(?!(descriptor|construct)\.js$)`,
  message: "Of a kind's folder, a construct may import only its descriptor and construct.",
};
const COMMON_FORBIDDEN = ['**/provider/**', '**/reconciler/**', '**/emulator/**', '**/cli/**', '**/constructs/**'];
const COMMON_MESSAGE = "common/ is a leaf: pure rules shared by every layer (with the kinds' descriptors).";
const TESTS = ['test/**', '**/*.test.ts', '**/fixtures/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'adapters/cdktf/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  // Type-aware rules, for the mistakes only types reveal: a promise nobody awaits (an unhandled
  // rejection, a write that races the exit), a promise where a boolean or a void callback is
  // expected, awaiting a non-promise, a switch over a union that misses a member. These four rather
  // than all of recommendedTypeChecked: that set reports about 700 findings here (mostly
  // no-unnecessary-type-assertion and no-unsafe-* on JSON from the wire), whose fixes would touch
  // most files for little gain.
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A switch with a default is a deliberate catch-all; one without must name every member.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  { files: CORE, ignores: TESTS, rules: boundaries(PRIVATE, TEST, ADAPTERS, TESTING_ENTRY) },
  {
    files: KINDS,
    ignores: [...TESTS, ...KIND_EMULATOR],
    rules: boundaries(KIND_PRIVATE, TEST, ADAPTERS, TESTING_ENTRY),
  },
  { files: KIND_EMULATOR, ignores: TESTS, rules: boundaries(KIND_EMULATOR_PRIVATE, TEST, ADAPTERS, TESTING_ENTRY) },
  { files: ['adapters/**/*.ts'], ignores: TESTS, rules: boundaries(PRIVATE, TEST, TESTING_ENTRY) },
  { files: ['bench/**/*.ts', 'scripts/**/*.ts'], ignores: TESTS, rules: boundaries(PRIVATE, TEST) },
  {
    files: ['testing/**/*.ts'],
    ignores: TESTS,
    rules: {
      ...boundaries(PRIVATE, TEST, ADAPTERS),
      ...forbid(['**/cli/**'], 'The testing entry drives the engine directly; it never imports the CLI.'),
    },
  },
  {
    files: ['emulator/**/*.ts'],
    rules: forbidWith(EMULATOR_FORBIDDEN, EMULATOR_MESSAGE, KIND_BEYOND_EMULATOR),
  },
  {
    // A kind's routes and store are emulator code; inside kinds/ they reach only descriptors and
    // emulator files.
    files: KIND_EMULATOR,
    rules: forbidWith(EMULATOR_FORBIDDEN, EMULATOR_MESSAGE, KIND_BEYOND_EMULATOR, ...IN_KIND_EMULATOR),
  },
  {
    files: ['provider/**/*.ts', ...KIND_PROVIDER],
    ignores: ['**/*.test.ts'],
    // The handler contract the handlers implement is in common/contract/, below both the client and
    // the engine, so the client loads no engine code and needs no exception.
    rules: forbid(
      ['**/emulator/**', '**/reconciler/**', '**/cli/**'],
      'The client must not import the emulator, the engine or the CLI (DESIGN.md); the handler contract is common/contract/.',
    ),
  },
  {
    files: ['reconciler/**/*.ts'],
    ignores: ['**/*.test.ts', '**/fixtures/**'],
    // The engine is handed its clients (provider/connect.ts makes them) and drives the handlers
    // through common/contract/: it names nothing of the provider, not even a type (the clients are
    // the contract's ClientsBundle, which the provider's Clients extends).
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/emulator/**', '**/cli/**'],
              message: 'The engine must not import the emulator or the CLI (DESIGN.md).',
            },
            { ...KIND_BEYOND_DESCRIPTOR, message: 'The engine imports no handler: the handlers are handed in.' },
            {
              regex: String.raw`(^|/)provider/`,
              message:
                'The engine imports no provider code: the contract is common/contract/, the clients are handed in (provider/connect.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['constructs/**/*.ts'],
    rules: forbidWith(CONSTRUCTS_FORBIDDEN, CONSTRUCTS_MESSAGE, IN_KINDS_CONSTRUCT),
  },
  {
    // A kind's construct is constructs/ code; inside kinds/ it reaches only descriptors and constructs.
    files: KIND_CONSTRUCT,
    rules: forbidWith(CONSTRUCTS_FORBIDDEN, CONSTRUCTS_MESSAGE, IN_KINDS_CONSTRUCT, {
      regex: String.raw`^\.\.?/(?!\.\./)(?!([^/]+/)?(descriptor|construct)\.js$)`,
      message: IN_KINDS_CONSTRUCT.message,
    }),
  },
  {
    files: ['common/**/*.ts'],
    rules: forbidWith(COMMON_FORBIDDEN, COMMON_MESSAGE, KIND_BEYOND_DESCRIPTOR),
  },
  {
    // A kind's descriptor is common/ code; inside kinds/ it reaches only other descriptors.
    files: KIND_DESCRIPTOR,
    rules: forbidWith(COMMON_FORBIDDEN, COMMON_MESSAGE, KIND_BEYOND_DESCRIPTOR, {
      regex: String.raw`^\.\.?/(?!\.\./)(?!([^/]+/)?descriptor\.js$)`,
      message: KIND_BEYOND_DESCRIPTOR.message,
    }),
  },
  {
    files: ['bin/**/*.js', 'bench/**/*.js', '*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
  },
);
