import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium against a started server; one file at a time keeps 2 cores calm.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    // The server bundle the suite starts loads in Node as `npm start` loads it, not through Vite's transform.
    server: { deps: { external: [/\/dist\/server\//] } },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A polled check waits as long as a locator does (15 s): a debounced search's answer can take
    // more than expect.poll's default second on a busy machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
