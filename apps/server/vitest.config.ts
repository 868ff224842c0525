import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file gets its own PostgreSQL database; two at a time suit a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
  },
});
