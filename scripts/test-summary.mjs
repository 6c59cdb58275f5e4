// The close of a CI run: the table of step times (the JSON lines scripts/steps.mjs appended to
// STEPS_FILE), the journeys that passed only on a retry, and one line totalling the JSON results of the
// test runs (Vitest and Playwright) given as arguments.
import { existsSync, readFileSync } from 'node:fs';

const stepsFile = process.env.STEPS_FILE;
if (stepsFile && existsSync(stepsFile)) {
  const steps = readFileSync(stepsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const width = Math.max(4, ...steps.map((s) => s.name.length));
  console.log(`\n${'paso'.padEnd(width)}  ${'segundos'.padStart(8)}  resultado`);
  for (const s of steps) console.log(`${s.name.padEnd(width)}  ${s.seconds.toFixed(1).padStart(8)}  ${s.ok ? 'ok' : 'falló'}`);
}

/** Playwright's JSON report: every test whose outcome is `flaky` (failed, then passed on a retry). */
function flakyJourneys(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') names.push(`${spec.file}: ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + (report.numTodoTests ?? 0)} skipped`);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky.push(...flakyJourneys(report));
    console.log(`${file}: ${report.stats.expected + report.stats.flaky} passed (${report.stats.flaky} on a retry), ${report.stats.unexpected} failed, ${report.stats.skipped} skipped`);
  }
}
if (flaky.length > 0) {
  console.log(`\nRecorridos inestables (pasaron solo al reintentar): ${flaky.length}`);
  for (const name of flaky) console.log(`  flaky: ${name}`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
