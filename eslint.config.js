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
// The rules that hold for all non-test code go through the typescript-eslint copy of the rule, so
// that they add to (instead of replacing) each folder's `no-restricted-imports` layering rule.
const boundaries = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
const PRIVATE = {
  regex: FOREIGN_PRIVATE,
  message: "Another folder's private/ is its internals: import its public module instead (STYLE.md).",
};
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
    rules: forbid(
      ['**/provider/**', '**/reconciler/**', '**/constructs/**', '**/cli/**'],
      'The emulator must not import the client or the engine: each checks the other (DESIGN.md).',
    ),
  },
  {
    files: ['provider/**/*.ts'],
    ignores: ['**/*.test.ts'],
    // The one exception is the handler contract: the engine owns it (DESIGN.md), the handlers here
    // implement it, and it is types only, so the client still loads no engine code.
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^|/)(emulator|cli)/|(^|/)reconciler/(?!contract/)`,
              message:
                'The client must not import the emulator, the engine or the CLI (DESIGN.md); only the handler contract (reconciler/contract/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['reconciler/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: forbid(['**/emulator/**', '**/cli/**'], 'The engine must not import the emulator or the CLI (DESIGN.md).'),
  },
  {
    files: ['constructs/**/*.ts'],
    rules: forbid(
      ['**/provider/**', '**/reconciler/**', '**/emulator/**', '**/cli/**'],
      'constructs/ talks to nothing: it may import only common/ (DESIGN.md).',
    ),
  },
  {
    files: ['common/**/*.ts'],
    rules: forbid(
      ['**/provider/**', '**/reconciler/**', '**/emulator/**', '**/cli/**', '**/constructs/**'],
      'common/ is a leaf: pure rules shared by every layer.',
    ),
  },
  {
    files: ['bin/**/*.js', 'bench/**/*.js', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
