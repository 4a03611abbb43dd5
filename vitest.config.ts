import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
