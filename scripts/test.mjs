// `npm test`: lint and types side by side, then the unit, API (PGlite) and web tests, the bundle's
// size and the journeys in Chromium; it stops at the first step that fails. Each step prints its time
// (scripts/steps.mjs).
import { step, together } from './steps.mjs';

const ok =
  (await together([
    ['lint', 'npm run --silent lint'],
    ['typecheck', 'npm run --silent typecheck'],
  ])) &&
  (await step('unit, API on PGlite and web (Vitest)', 'npm run --silent test:unit')) &&
  (await step('bundle size', 'npm run --silent bundle-size')) &&
  (await step('journeys in Chromium (Playwright)', 'npm run --silent test:e2e'));
process.exit(ok ? 0 : 1);
