/**
 * What every benchmark prints for `npm run bench` (scripts/bench.mjs): one `BENCH {json}` line per
 * figure, with the machine's load average at the moment the figure was measured and, for figures taken
 * over HTTP, the same figure divided by /api/health's in the same run (a figure twice as slow as health
 * on a busy machine is still twice as slow on a quiet one; the absolute value is not). These machines
 * are shared and noisy: compare ratios across runs, absolute values only within one.
 */
import os from 'node:os';

export interface BenchRow {
  figure: string;
  value: number | string;
  unit: string;
  target: string;
  pass: boolean;
  /** 1-minute load average when the figure was measured. */
  load?: number;
  /** The figure over /api/health's same statistic in the same run (latency ÷ latency, or throughput ÷ throughput). */
  vsHealth?: number;
}

/** 1-minute load average now, to one decimal. */
export function loadNow(): number {
  return Math.round(os.loadavg()[0]! * 10) / 10;
}

/** A figure measured now: the load average is attached unless the row brings its own. */
export function measured(row: BenchRow): BenchRow {
  return { load: loadNow(), ...row };
}

/** `value / health` to three significant digits (a sign-in is 0.00427 of health's rate, not 0); 0 when health is 0. */
export function relativeToHealth(value: number, health: number): number {
  return health > 0 ? Number((value / health).toPrecision(3)) : 0;
}

/** A one-line description of the machine for the top of a benchmark's output. */
export function machineLine(): string {
  return `Máquina: ${os.cpus().length} núcleos, Node ${process.versions.node}, carga media ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`;
}

export function printRows(rows: readonly BenchRow[]): void {
  for (const row of rows) console.log(`BENCH ${JSON.stringify(row)}`);
}
