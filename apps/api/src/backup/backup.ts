import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseTarget } from '../db/client';
import { acquireDirectoryLock } from '../db/client';
import { SYSTEM, TENANT_SETTING } from '../db/tenant-context';

/** Where `npm run backup` writes by default: beside the data, never inside the PGlite directory. */
export function defaultBackupDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`No se encontró ${command}. Instala el cliente de PostgreSQL (paquete postgresql-client).`)
          : error,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} terminó con código ${code}: ${stderr.trim()}`))));
  });
}

/**
 * Writes a full copy of the database to `outDir` and returns its path.
 * PGlite: a gzipped tarball of its data directory (the server must be stopped: one process owns it).
 * PostgreSQL: pg_dump's custom format, taken online in one consistent snapshot.
 */
export async function backupDatabase(target: DatabaseTarget, outDir: string, now = new Date()): Promise<string> {
  fs.mkdirSync(outDir, { recursive: true });
  if (target.kind === 'postgres') {
    const file = path.join(outDir, `jornada-postgres-${stamp(now)}.dump`);
    // As an ordinary role (docs/operations.md) the tenant policies apply to pg_dump too: it reads in
    // system mode (every company) and with row security on, or it would refuse the tables.
    const env = { ...process.env, PGOPTIONS: `${process.env.PGOPTIONS ?? ''} -c ${TENANT_SETTING}=${SYSTEM}`.trim() };
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--enable-row-security', `--file=${file}`, '--dbname', target.url], env);
    return file;
  }
  if (!target.dir || !fs.existsSync(target.dir)) throw new Error('No hay una base de datos PGlite que respaldar en esa carpeta.');
  const release = acquireDirectoryLock(target.dir);
  try {
    const client = await PGlite.create(target.dir);
    try {
      const dump = await client.dumpDataDir('gzip');
      const file = path.join(outDir, `jornada-pglite-${stamp(now)}.tar.gz`);
      fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(`${file}.partial`, file);
      return file;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Restores a backup made by `backupDatabase` into the target.
 * PGlite: into an empty directory; an existing one is kept aside (renamed), never deleted.
 * PostgreSQL: pg_restore with --clean, so the target ends up exactly as the backup.
 */
export async function restoreDatabase(target: DatabaseTarget, file: string, now = new Date()): Promise<{ keptAside?: string }> {
  if (!fs.existsSync(file)) throw new Error(`No existe el archivo de respaldo ${file}.`);
  if (target.kind === 'postgres') {
    if (!file.endsWith('.dump')) throw new Error('Para PostgreSQL se necesita un respaldo .dump hecho con npm run backup.');
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', target.url, file]);
    return {};
  }
  if (!file.endsWith('.tar.gz')) throw new Error('Para PGlite se necesita un respaldo .tar.gz hecho con npm run backup.');
  if (!target.dir) throw new Error('Indica la carpeta de datos (DATA_DIR) donde restaurar.');
  let keptAside: string | undefined;
  const release = acquireDirectoryLock(target.dir);
  try {
    if (fs.readdirSync(target.dir).length > 0) {
      keptAside = `${target.dir}.antes-de-restaurar-${stamp(now)}`;
      fs.renameSync(target.dir, keptAside);
      fs.mkdirSync(target.dir, { recursive: true });
    }
    const blob = new Blob([fs.readFileSync(file)]);
    const client = await PGlite.create(target.dir, { loadDataDir: blob });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return keptAside ? { keptAside } : {};
}
