// Lint rules, including the layering of DESIGN.md: the emulator and the client never import each
// other, constructs import nothing of ours but common/, and common/ imports nothing of ours.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/fixtures/**', 'adapters/cdktf/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['emulator/**/*.ts'],
    rules: forbid(['**/provider/**', '**/reconciler/**', '**/constructs/**', '**/cli/**'], 'The emulator must not import the client or the engine: each checks the other (DESIGN.md).'),
  },
  {
    files: ['provider/**/*.ts', 'reconciler/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: forbid(['**/emulator/**', '**/cli/**'], 'The client and engine must not import the emulator or the CLI (DESIGN.md).'),
  },
  {
    files: ['constructs/**/*.ts'],
    rules: forbid(['**/provider/**', '**/reconciler/**', '**/emulator/**', '**/cli/**'], 'constructs/ talks to nothing: it may import only common/ (DESIGN.md).'),
  },
  {
    files: ['common/**/*.ts'],
    rules: forbid(['**/provider/**', '**/reconciler/**', '**/emulator/**', '**/cli/**', '**/constructs/**'], 'common/ is a leaf: pure rules shared by every layer.'),
  },
  {
    files: ['bin/**/*.js', 'bench/**/*.js', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
