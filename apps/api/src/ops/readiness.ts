import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Db } from '../db/client';

export interface ReadinessProbe {
  db: Db;
  /** Creation stamps (`when`) of the migrations this version ships; drizzle stores them as `created_at`. */
  expectedMigrations: readonly number[];
  /** A database that does not answer within this time counts as down. */
  timeoutMs?: number;
}

type Readiness = { ok: true; applied: number } | { ok: false; message: string };

export const READINESS_MESSAGES = {
  unreachable: 'La base de datos no responde. Revisa que esté en marcha y que DATABASE_URL sea correcta.',
  notMigrated: 'La base de datos no tiene las migraciones aplicadas. Reinicia el servidor para aplicarlas.',
  pending: (missing: number) =>
    `Faltan ${missing} ${missing === 1 ? 'migración' : 'migraciones'} por aplicar en la base de datos. Reinicia el servidor para aplicarlas.`,
} as const;

/** The migrations of this build, from drizzle-kit's journal. */
export function shippedMigrations(dir = MIGRATIONS_DIR): number[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** PostgreSQL's undefined_table, as raised by pg or PGlite, possibly wrapped by Drizzle. */
function isUndefinedTable(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '42P01') return true;
  }
  return false;
}

export async function checkReadiness(probe: ReadinessProbe): Promise<Readiness> {
  const timeoutMs = probe.timeoutMs ?? 3000;
  try {
    await withTimeout(probe.db.execute(sql`select 1`), timeoutMs);
  } catch {
    return { ok: false, message: READINESS_MESSAGES.unreachable };
  }
  let applied: Set<number>;
  try {
    const result = await withTimeout(probe.db.execute(sql`select created_at from drizzle.__drizzle_migrations`), timeoutMs);
    applied = new Set(rowsOf(result).map((row) => Number(row.created_at)));
  } catch (error) {
    return { ok: false, message: isUndefinedTable(error) ? READINESS_MESSAGES.notMigrated : READINESS_MESSAGES.unreachable };
  }
  const missing = probe.expectedMigrations.filter((when) => !applied.has(when)).length;
  if (missing > 0) return { ok: false, message: READINESS_MESSAGES.pending(missing) };
  return { ok: true, applied: applied.size };
}
