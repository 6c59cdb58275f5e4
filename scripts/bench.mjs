// `npm run bench`: runs every bench/*.ts, collects their `BENCH {json}` lines (bench/_report.ts) and
// prints one table of figure, value, target, pass/fail, the load average when the figure was measured
// and, for figures taken over HTTP, the figure relative to /api/health in the same run. Exits non-zero
// when a target is missed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const files = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
const rows = [];
for (const file of files) {
  console.log(`\n▶ bench/${file}`);
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join('bench', file)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(run.stdout.split('\n').filter((l) => !l.startsWith('BENCH ')).join('\n'));
  process.stderr.write(run.stderr);
  const found = run.stdout.split('\n').filter((l) => l.startsWith('BENCH ')).map((l) => JSON.parse(l.slice(6)));
  const loadAfter = Math.round(os.loadavg()[0] * 10) / 10;
  if (run.status !== 0 || found.length === 0) rows.push({ figure: file, value: 'error', unit: '', target: '-', pass: false, load: loadAfter });
  rows.push(...found.map((row) => ({ load: loadAfter, ...row })));
}
const number = (value, digits = 1) => value.toLocaleString('es-CL', { maximumFractionDigits: digits });
const table = rows.map((r) => ({
  Cifra: r.figure,
  Valor: `${typeof r.value === 'number' ? number(r.value) : r.value} ${r.unit}`.trim(),
  Meta: r.target,
  Resultado: r.pass ? 'cumple' : 'NO CUMPLE',
  Carga: typeof r.load === 'number' ? number(r.load) : '',
  '÷ health': typeof r.vsHealth === 'number' ? r.vsHealth.toLocaleString('es-CL', { maximumSignificantDigits: 3 }) : '',
}));
console.log(`\nResumen de rendimiento (${os.cpus().length} núcleos; «Carga»: carga media de 1 minuto al medir; «÷ health»: la cifra dividida por la de /api/health en la misma corrida)`);
console.table(table);
process.exit(rows.every((r) => r.pass) ? 0 : 1);
