import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../db/client';
import { countCompanies, insertCompany } from '../modules/companies/companies.repository';
import { backupDatabase, restoreDatabase } from './backup';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function companiesIn(target: DatabaseTarget): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    const rows = await database.db.query.companies.findMany({ columns: { razonSocial: true } });
    return rows.map((r) => r.razonSocial).sort();
  } finally {
    await database.close();
  }
}

async function seed(target: DatabaseTarget, names: string[]): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    for (const [i, name] of names.entries()) {
      await insertCompany(database.db, { nombre: name, razonSocial: name, rut: `7600000${i}-${i}` });
    }
    expect(await countCompanies(database.db)).toBe(names.length);
  } finally {
    await database.close();
  }
}

describe('backup and restore (PGlite)', () => {
  it('round-trips every row and keeps the replaced database aside', async () => {
    const source: DatabaseTarget = { kind: 'pglite', dir: path.join(tmp, 'source') };
    await seed(source, ['Panadería Alfa SpA', 'Ferretería Beta Ltda.']);
    const file = await backupDatabase(source, path.join(tmp, 'backups'));
    expect(file).toMatch(/jornada-pglite-\d{8}T\d{6}Z\.tar\.gz$/);

    const target: DatabaseTarget = { kind: 'pglite', dir: path.join(tmp, 'target') };
    await seed(target, ['Otra Empresa SpA']);
    const { keptAside } = await restoreDatabase(target, file);
    expect(await companiesIn(target)).toEqual(['Ferretería Beta Ltda.', 'Panadería Alfa SpA']);
    expect(keptAside && fs.existsSync(keptAside)).toBeTruthy();
    // Two clusters on disk built from empty and opened again after the restore: several seconds each
    // when the other worker of the suite is busy too.
  }, 90_000);

  it('refuses while another process holds the database', async () => {
    const dir = path.join(tmp, 'busy');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(backupDatabase({ kind: 'pglite', dir }, path.join(tmp, 'b2'))).rejects.toThrow(/está en uso por otro proceso/);
    fs.rmSync(`${dir}.lock`);
  });

  it('says so when the file does not exist or is of the other kind', async () => {
    await expect(restoreDatabase({ kind: 'pglite', dir: path.join(tmp, 'x') }, path.join(tmp, 'nada.tar.gz'))).rejects.toThrow(/No existe/);
    const wrong = path.join(tmp, 'respaldo.dump');
    fs.writeFileSync(wrong, 'x');
    await expect(restoreDatabase({ kind: 'pglite', dir: path.join(tmp, 'x') }, wrong)).rejects.toThrow(/\.tar\.gz/);
  });
});

describe.runIf(process.env.DATABASE_URL)('backup and restore (PostgreSQL)', () => {
  it('round-trips every row through pg_dump and pg_restore', async () => {
    const server = process.env.DATABASE_URL!;
    const name = `jornada_bk_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
    try {
      await seed(target, ['Constructora Gamma SpA']);
      const file = await backupDatabase(target, path.join(tmp, 'pg'));
      const database = await openDatabase(target);
      await insertCompany(database.db, { nombre: 'Después', razonSocial: 'Después del respaldo SpA', rut: '76000009-9' });
      await database.close();
      await restoreDatabase(target, file);
      expect(await companiesIn(target)).toEqual(['Constructora Gamma SpA']);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
