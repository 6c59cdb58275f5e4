import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, SMTP_PORT } from './support/env';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './journeys',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../test-results/e2e-results.json' }]] : 'list',
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    // As a person who asks for less motion (the theme honours it): a menu's items are where they end up when
    // clicked, never mid-animation (the navigation's «Reportes → Marcas» click once landed while «Reportes»
    // was still opening).
    reducedMotion: 'reduce',
    // A trace records every action's DOM snapshot and screencast: on every journey it cost about a third of
    // the run's CPU on a 2-core machine. Recorded on the retry of a failed journey instead (CI retries once).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node e2e/support/serve.mjs',
    cwd: '..',
    url: `${E2E_BASE_URL}/api/docs/json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: E2E_BASE_URL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every journey creates its people from this one address; the limits themselves are tested in the API suite.
      RATE_LIMIT_ALLOW: '127.0.0.1,::1',
    },
  },
});
