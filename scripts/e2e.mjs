// `npm run test:e2e`: Playwright journeys in Debian's Chromium against the built app.
// Without Chromium a user's machine skips only these journeys (and says how to get it);
// in CI (CI=true) or with E2E_REQUIRED=1 its absence is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = process.env.CI === 'true' || process.env.E2E_REQUIRED === '1';

if (!existsSync(chromium)) {
  const how = 'Instálalo con `sudo apt-get install chromium` (Debian/Ubuntu) o indica su ruta en CHROMIUM_PATH.';
  if (required) {
    console.error(`No se encontró Chromium en ${chromium}; las pruebas de extremo a extremo son obligatorias aquí. ${how}`);
    process.exit(1);
  }
  console.warn(`Se omiten las pruebas de extremo a extremo: no se encontró Chromium en ${chromium}. ${how}`);
  process.exit(0);
}

ensureWebBuild();
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(result.status ?? 1);
