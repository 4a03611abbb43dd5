import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium against a started server; one file at a time keeps 2 cores calm.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
