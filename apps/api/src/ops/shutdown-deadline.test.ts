import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/app';
import { uniqueRut } from '../test/factories';
import { freePort } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const WITH_DEADLINE = path.join(ROOT, 'scripts/with-deadline.mjs');
const SERVER = path.resolve(import.meta.dirname, '../server.ts');
const SLOW_PGLITE = path.resolve(import.meta.dirname, '../test/slow-pglite.ts');

let data: ReturnType<typeof tempDir> | undefined;
afterEach(() => {
  data?.remove();
  data = undefined;
});

/** Runs `args` (a Node command line) under scripts/with-deadline.mjs, as `npm start` runs the server. */
function underDeadline(args: string[], env: Record<string, string>) {
  const parent = spawn(process.execPath, [WITH_DEADLINE, '--', process.execPath, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  parent.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  parent.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => parent.once('exit', (code) => resolve(code)));
  const ready = (text: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const giveUp = Date.now() + timeoutMs;
      const check = () => {
        if (output.includes(text)) resolve();
        else if (Date.now() > giveUp || parent.exitCode !== null) reject(new Error(`No inició:\n${output}`));
        else setTimeout(check, 20);
      };
      check();
    });
  const stop = async () => {
    const signalledAt = Date.now();
    parent.kill('SIGTERM');
    const code = await exited;
    return { code, seconds: (Date.now() - signalledAt) / 1000, output: () => output };
  };
  return { ready, stop, exited, kill: () => parent.kill('SIGKILL') };
}

describe('npm start under a shutdown deadline', () => {
  it('passes SIGTERM on and exits with the server as soon as it has closed', async () => {
    const run = underDeadline(['-e', "process.on('SIGTERM', () => process.exit(0)); console.log('listo'); setInterval(() => {}, 1000);"], { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    await run.ready('listo', 10_000);
    const result = await run.stop();
    expect(result.code).toBe(0);
    expect(result.seconds).toBeLessThan(2);
  }, 20_000);

  it('stops the server within SHUTDOWN_TIMEOUT_SECONDS plus the margin while a request holds PGlite on the main thread', async () => {
    data = tempDir('jornada-deadline-');
    const port = await freePort();
    // The real server on PGlite; its sign-in look-up (the logins table) holds the thread for a minute,
    // as a heavy query on a large company does: the server's own shutdown timer cannot fire meanwhile.
    const run = underDeadline(['--import', 'tsx', '--import', SLOW_PGLITE, SERVER], {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: data.dir,
      WEB_DIST: `${data.dir}/sin-web`,
      DATABASE_URL: '',
      SHUTDOWN_TIMEOUT_SECONDS: '1',
      SLOW_PGLITE_MATCH: '"logins"',
      SLOW_PGLITE_MS: '60000',
    });
    try {
      await run.ready('Jornada lista en', 60_000);
      const request = fetch(`http://127.0.0.1:${port}/api/usuarios/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rut: uniqueRut(), password: 'una-clave-cualquiera' }),
      }).then(
        (response) => `respondió ${response.status}`,
        () => 'conexión cortada',
      );
      // The request reaches its query (the server no longer answers anything else) before the signal.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const result = await run.stop();
      expect(result.code).toBe(1);
      // SHUTDOWN_TIMEOUT_SECONDS=1 plus the 5-second margin, well before the query would have ended.
      expect(result.seconds).toBeGreaterThanOrEqual(5.5);
      expect(result.seconds).toBeLessThan(15);
      expect(result.output()).toContain('se detiene a la fuerza');
      expect(await request).toBe('conexión cortada');
    } finally {
      run.kill();
    }
  }, 120_000);
});
