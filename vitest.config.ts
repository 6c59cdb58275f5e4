import os from 'node:os';
import { defineConfig } from 'vitest/config';

// In CI each run also writes a JSON summary that .ci/run totals into one closing line.
const jsonOut = process.env.VITEST_JSON_OUT;

/**
 * API test files whose result cannot depend on which database the suite runs on: they open none, or
 * they start a server process that is given PGlite explicitly. They form the `api-unit` project and run
 * once; the `api` project (everything else) runs on PGlite in `npm test` and again on PostgreSQL in CI.
 * A file that starts using `DATABASE_URL`'s database belongs in `api`: remove it from here.
 */
const DATABASE_INDEPENDENT_API_TESTS = [
  'apps/api/src/architecture/table-ownership.test.ts',
  'apps/api/src/config.test.ts',
  'apps/api/src/lib/api-module.test.ts',
  'apps/api/src/modules/attendance/attendance.model.test.ts',
  'apps/api/src/modules/legal-reports/legal-reports.export.test.ts',
  'apps/api/src/lib/batch-loader.test.ts',
  'apps/api/src/lib/mail-text.test.ts',
  'apps/api/src/lib/spreadsheet/spreadsheet.test.ts',
  'apps/api/src/modules/clock-devices/iclock-protocol.test.ts',
  'apps/api/src/modules/marks/marks-plan.test.ts',
  'apps/api/src/modules/users/invitation-mail.test.ts',
  'apps/api/src/lib/render/pace.test.ts',
  'apps/api/src/lib/render/render-pool.test.ts',
  'apps/api/src/plugins/auth.test.ts',
  'apps/api/src/ops/shutdown-deadline.test.ts',
  'apps/api/src/reliability/crash.test.ts',
  'apps/api/src/reliability/restart.test.ts',
];
/**
 * API test files that time the server's event loop or its health answers while it works. They run in
 * the `api-timing` project, one fresh process per file: in the shared worker of `api` a file inherits the
 * heap of every file before it, and one major garbage collection of that heap (a 378 ms pause in CI's
 * PostgreSQL pass) is then measured as if the upload under test had held the loop.
 */
const EVENT_LOOP_TIMING_TESTS = [
  'apps/api/src/modules/reports/marks-report.stream.test.ts',
  'apps/api/src/reliability/bulk-fairness.test.ts',
  'apps/api/src/reliability/bulk-uploads-event-loop.test.ts',
  'apps/api/src/reliability/hostile-spreadsheets.test.ts',
  'apps/api/src/reliability/spreadsheet-fairness.test.ts',
];
const apiTestOptions = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    // Vitest's default leaves one core of two idle; most API files wait on PGlite in their own thread or
    // on PostgreSQL in another process, so two files at a time use the machine without starving either.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: jsonOut ? ['default', ['json', { outputFile: jsonOut }]] : ['default'],
    projects: [
      // Property tests are CPU-bound (hundreds of random months or zone conversions): on a busy two-core
      // machine Vitest's 5 s default fails them for the machine, not for the rules.
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      // Each roster test runs HiGHS on a small model; the property test solves dozens, so its budget is generous.
      { test: { name: 'roster', include: ['packages/roster/src/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [...DATABASE_INDEPENDENT_API_TESTS, ...EVENT_LOOP_TIMING_TESTS],
          // Migrates one template database per run; each file copies it (apps/api/src/test/template-database.ts).
          globalSetup: ['apps/api/src/test/template-database.ts'],
          // Each file builds its own app on its own database copy, so files share nothing but loaded code:
          // a worker keeps the modules it loaded instead of loading the whole server again for every file
          // (about 4 s a file on two cores). Measured on the api project, same machine, one after the other:
          // 642 s isolated, 391 s not (docs/performance.md, «Tiempo de CI»).
          isolate: false,
          ...apiTestOptions,
        },
      },
      { test: { name: 'api-timing', include: EVENT_LOOP_TIMING_TESTS, globalSetup: ['apps/api/src/test/template-database.ts'], ...apiTestOptions } },
      { test: { name: 'api-unit', include: DATABASE_INDEPENDENT_API_TESTS, ...apiTestOptions } },
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
