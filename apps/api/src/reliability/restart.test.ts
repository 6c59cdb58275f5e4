import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { runAsSystem } from '../db/tenant-context';
import { runMarkingLoad } from '../test/marking-load';
import { companyBody, userBody } from '../test/factories';

/**
 * `npm start` alone does not come back after a crash: the repository ships the supervised ways
 * (deploy/jornada.service for systemd, scripts/supervise.mjs where there is none). Here the server
 * runs under the shipped supervisor, is killed with SIGKILL in the middle of marking, and must answer
 * /api/health again by itself, with every mark it acknowledged stored exactly once.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Generous: on a loaded two-core machine a cold start (tsx, PGlite, migrations) has taken over a minute. */
async function waitForHealth(base: string, timeoutMs = 150_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return performance.now() - started;
    } catch {
      // not listening (yet, or any more)
    }
    await sleep(100);
  }
  throw new Error('el servidor no respondió /api/health');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-restart-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the supervised server', () => {
  it('ships a systemd unit that always restarts the server it starts', () => {
    const unit = fs.readFileSync(path.join(root, 'deploy/jornada.service'), 'utf8');
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node \S+\/scripts\/start\.mjs$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/jornada\.env$/m);
    expect(unit).toMatch(/^StartLimitIntervalSec=0$/m);
  });

  it('comes back after kill -9 by itself, and keeps every acknowledged mark exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const supervisor = spawn(process.execPath, ['scripts/supervise.mjs', '--', process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: '', WEB_DIST: path.join(dataDir, 'sin-web') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pids: number[] = [];
    let output = '';
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      for (const match of chunk.toString().matchAll(/Jornada iniciada \(pid (\d+)\)/g)) pids.push(Number(match[1]));
    };
    supervisor.stdout.on('data', onOutput);
    supervisor.stderr.on('data', onOutput);
    const supervisorExit = new Promise<number | null>((resolve) => supervisor.once('exit', resolve));
    try {
      await waitForHealth(base);
      const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
      const company = companyBody();
      const created = (await (await post('/api/empresa/crear', company)).json()) as { onboardingToken: string };
      const admin = userBody(company.razonSocial);
      expect((await post('/api/usuarios/crear', admin, { 'x-onboarding-token': created.onboardingToken })).status).toBe(200);
      const { tokenSesion } = (await (await post('/api/usuarios/auth', { rut: admin.rut, password: admin.password })).json()) as { tokenSesion: string };

      const loading = runMarkingLoad({ base, tokens: [tokenSesion, tokenSesion], durationMs: 4_000, retryDelayMs: 100 });
      await sleep(1_500);
      expect(pids).toHaveLength(1);
      process.kill(pids[0]!, 'SIGKILL');
      const killedAt = performance.now();
      const downFor = await waitForHealth(base);
      const backAfterMs = performance.now() - killedAt;
      const result = await loading;
      expect(pids).toHaveLength(2);
      expect(output).toContain('Jornada terminó (SIGKILL)');
      expect(result.retries).toBeGreaterThan(0);

      // A graceful stop of the supervisor stops the server too.
      supervisor.kill('SIGTERM');
      expect(await supervisorExit).toBe(0);

      const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
      try {
        const rows = await runAsSystem(() => database.db.execute(sql`select client_id, count(*)::int as n from marks group by client_id`));
        const stored = (rows as unknown as { rows: { client_id: string; n: number }[] }).rows;
        expect(stored.filter((row) => row.n > 1)).toEqual([]);
        const storedIds = new Set(stored.map((row) => row.client_id));
        expect(result.acked.filter((id) => !storedIds.has(id))).toEqual([]);
        console.info(
          `reinicio supervisado tras kill -9: /api/health de nuevo en ${Math.round(backAfterMs)} ms (sondeo ${Math.round(downFor)} ms); ${result.acked.length} marcas confirmadas, todas guardadas una vez; ${result.retries} reintentos del cliente`,
        );
      } finally {
        await database.close();
      }
    } finally {
      if (supervisor.exitCode === null) supervisor.kill('SIGKILL');
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }, 330_000);
});
