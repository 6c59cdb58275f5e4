/**
 * Automatic roster benchmark: seeded synthetic sites solved with HiGHS, timed, with the proven gap, the
 * uncovered person-hours, the peak resident memory and the domain's own plan alerts on the result (any
 * alert is a defect). Each case runs in a process of its own. Run: npx tsx bench/roster.ts (or with the start of a
 * case's name, e.g. `npx tsx bench/roster.ts 300`, to run only that one in this process).
 */
import { execFileSync } from 'node:child_process';
import { loadHighs, solveRoster, buildRosterModel, partitionRoster } from '@jornada/roster';
import { rosterDefects } from '../packages/roster/src/test/check';
import { rosterInstance, type InstanceSpec } from './_roster-instances';

interface Case {
  name: string;
  spec: InstanceSpec;
  timeLimitSeconds: number;
  target: string;
}

const CASES: Case[] = [
  { name: '50 trabajadores × 4 semanas, demanda por hora', spec: { seed: 7, groups: 1, workersPerGroup: 50, from: '2026-09-07', days: 28 }, timeLimitSeconds: 9, target: 'gap ≤ 1 % en 10 s' },
  { name: '300 trabajadores × 4 semanas, 12 grupos', spec: { seed: 11, groups: 12, workersPerGroup: 25, from: '2026-09-07', days: 28 }, timeLimitSeconds: 55, target: 'gap ≤ 2 % en 60 s, RSS ≤ 300 MB' },
];

const HEADER = ['Instancia', 'Partes', 'Columnas', 'Estado', 'Gap', 'Objetivo', 'Horas-persona sin cubrir', 'Segundos', 'RSS máx. MB', 'Alertas', 'Meta'];
/** Prefix of the line a case run in its own process answers with. */
const ROW = 'fila: ';

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join(' | '));
}

const only = process.argv[2];
if (only === undefined) {
  // Each case in a process of its own, so the peak resident memory of one is not the other's.
  const rows = [HEADER];
  for (const c of CASES) {
    const out = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, c.name], { encoding: 'utf8', env: { ...process.env, ROSTER_BENCH_CHILD: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
    for (const line of out.split('\n')) {
      if (line.startsWith(ROW)) rows.push(JSON.parse(line.slice(ROW.length)) as string[]);
      else if (line) console.log(line);
    }
  }
  printTable(rows);
  process.exit(0);
}
const highs = await loadHighs();
const rows: string[][] = [HEADER];
for (const c of CASES) {
  if (!c.name.startsWith(only)) continue;
  const input = { ...rosterInstance(c.spec), options: { timeLimitSeconds: c.timeLimitSeconds, mipRelGap: 0.005 } };
  let columns = 0;
  const families = new Map<string, { rows: number; nonzeros: number }>();
  for (const part of partitionRoster(input)) {
    const model = buildRosterModel(part);
    columns += model.variables.size;
    for (const [family, counts] of model.families ?? []) {
      const total = families.get(family) ?? { rows: 0, nonzeros: 0 };
      total.rows += counts.rows;
      total.nonzeros += counts.nonzeros;
      families.set(family, total);
    }
  }
  console.log(`${c.name}: filas y no ceros por familia de restricciones`);
  for (const [family, { rows, nonzeros }] of families) console.log(`  ${family.padEnd(16)} ${String(rows).padStart(6)} filas ${String(nonzeros).padStart(7)} no ceros`);
  const proposal = solveRoster(input, highs);
  const shortHours = proposal.shortfalls.reduce((n, s) => n + s.missing, 0);
  const defects = rosterDefects(input, proposal);
  rows.push([
    c.name,
    String(proposal.parts),
    String(columns),
    proposal.status,
    proposal.gap === null ? '—' : `${(proposal.gap * 100).toFixed(2)} %`,
    proposal.objective.toFixed(0),
    String(shortHours),
    proposal.seconds.toFixed(1),
    (process.resourceUsage().maxRSS / 1024).toFixed(0),
    String(defects.length),
    c.target,
  ]);
  if (defects.length > 0) console.error(defects.slice(0, 5));
}
if (process.env.ROSTER_BENCH_CHILD) for (const r of rows.slice(1)) console.log(`${ROW}${JSON.stringify(r)}`);
else printTable(rows);
