import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    // A budget, not a check: end-to-end tests run the CLI and the vendor tools many times, and each
    // run can take several seconds on a loaded 2-core machine. No test's verdict is its duration.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Integration suites start real servers and child processes; two cores is all CI has.
    maxWorkers: 2,
    // Modules are loaded once per worker, not once per test file: re-importing the product for each
    // of ~330 files cost about a sixth of the suite's time on 2 cores (the whole suite passes either
    // way; no test mocks modules, and the few that set environment variables restore them).
    isolate: false,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
