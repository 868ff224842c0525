import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/no-leaks.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file gets its own PostgreSQL database; two at a time suit a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
    // Files share each worker's modules (the app is imported once per worker, not once per file):
    // the suite takes ~3.5 minutes instead of ~7 on two cores, and passes in shuffled file order
    // (`--sequence.shuffle.files`). Module state is kept per database or app instance; what is
    // process-wide (parsed SQL, password lists, valid zones) holds no test's data.
    isolate: false,
  },
});
