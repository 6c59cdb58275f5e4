import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { companyBody } from '../test/factories';

const root = path.resolve(import.meta.dirname, '../../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', TRUST_PROXY: 'true', DATABASE_URL: '' },
    stdio: 'ignore',
  });
}

async function waitUntilUp(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('el servidor no arrancó');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-crash-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database after a crash', () => {
  it('keeps every write that was acknowledged before kill -9', async () => {
    const port = await freePort();
    const server = startServer(dataDir, port);
    const exited = new Promise((resolve) => server.once('exit', resolve));
    await waitUntilUp(port);

    const acknowledged: string[] = [];
    let stop = false;
    let sent = 0;
    const writer = async (lane: number) => {
      while (!stop) {
        sent += 1;
        const body = companyBody();
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/empresa/crear`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${lane}.${Math.floor(sent / 250)}.${sent % 250}` },
            body: JSON.stringify(body),
          });
          if (response.status === 200) acknowledged.push(((await response.json()) as { _id: string })._id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [1, 2, 3, 4].map(writer);
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(lanes);
    await exited;

    // A killed process leaves its lock behind; the next open must take over the stale lock.
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db.query.companies.findMany({ columns: { id: true } });
      const stored = new Set(rows.map((row) => row.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);
      expect(lost).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
