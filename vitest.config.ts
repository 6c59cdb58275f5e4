import { defineConfig } from 'vitest/config';

// In CI each run also writes a JSON summary that .ci/run totals into one closing line.
const jsonOut = process.env.VITEST_JSON_OUT;

export default defineConfig({
  test: {
    reporters: jsonOut ? ['default', ['json', { outputFile: jsonOut }]] : ['default'],
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
