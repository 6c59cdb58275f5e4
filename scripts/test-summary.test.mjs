import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'test-summary.mjs');
let dir;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function summary(files, stepsLines) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-summary-'));
  const paths = Object.entries(files).map(([name, content]) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(content));
    return file;
  });
  const steps = path.join(dir, 'steps.jsonl');
  writeFileSync(steps, stepsLines.map((line) => JSON.stringify(line)).join('\n'));
  return execFileSync(process.execPath, [script, ...paths, path.join(dir, 'missing.json')], { env: { ...process.env, STEPS_FILE: steps }, encoding: 'utf8' });
}

describe('CI summary', () => {
  it('prints the step table, names the journeys that passed only on a retry and totals every run in one closing line', () => {
    const playwright = {
      stats: { expected: 2, flaky: 1, unexpected: 0, skipped: 1 },
      suites: [
        {
          title: 'marking.spec.ts',
          specs: [{ title: 'a worker marks', file: 'marking.spec.ts', tests: [{ status: 'expected' }] }],
          suites: [{ title: 'kiosk', specs: [{ title: 'marks with a PIN', file: 'marking.spec.ts', tests: [{ status: 'flaky' }] }] }],
        },
      ],
    };
    const vitest = { numPassedTests: 10, numFailedTests: 1, numPendingTests: 2, numTodoTests: 0 };
    const out = summary({ 'e2e.json': playwright, 'vitest.json': vitest }, [
      { name: 'lint', seconds: 41.5, ok: true },
      { name: 'API on PostgreSQL', seconds: 600, ok: false },
    ]);
    expect(out).toMatch(/^lint\s+41\.5\s+ok$/m);
    expect(out).toMatch(/^API on PostgreSQL\s+600\.0\s+falló$/m);
    expect(out).toContain('flaky: marking.spec.ts: kiosk › marks with a PIN');
    expect(out).not.toContain('flaky: marking.spec.ts: a worker marks');
    expect(out.trim().split('\n').at(-1)).toBe('tests: 13 passed, 1 failed, 3 skipped');
  });
});
