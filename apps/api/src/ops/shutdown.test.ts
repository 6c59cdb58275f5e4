import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/app';
import { uniqueRut } from '../test/factories';
import { startServerProcess, type ServerProcess } from './server-process';

let server: ServerProcess | undefined;
let data: ReturnType<typeof tempDir> | undefined;

afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  server = undefined;
  data?.remove();
  data = undefined;
});

async function failedSignIn(baseUrl: string, rut: string) {
  const response = await fetch(`${baseUrl}/api/usuarios/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rut, password: 'no-es-la-clave' }),
  });
  return { status: response.status, body: (await response.json()) as { error: { code: string } }, at: Date.now() };
}

describe('graceful shutdown of the server process', () => {
  it('on SIGTERM finishes the requests in flight, refuses new connections and exits 0', async () => {
    data = tempDir('jornada-shutdown-');
    // PGlite in a real DATA_DIR, as `npm start`; no web build so only the API is served.
    server = await startServerProcess({ DATA_DIR: data.dir, WEB_DIST: `${data.dir}/sin-web` });
    const { baseUrl } = server;
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);

    // Five failures for one RUT make every later attempt for it wait a second before answering
    // (the brute-force slow-down): real requests that are still running when the signal arrives.
    const rut = uniqueRut();
    for (let i = 0; i < 5; i++) expect((await failedSignIn(baseUrl, rut)).status).toBe(401);

    const inFlight = Array.from({ length: 6 }, () => failedSignIn(baseUrl, rut));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      // The lock at the tenth failure may already apply to the last ones; either way they were answered.
      expect([401, 429]).toContain(answer.status);
      expect(['INVALID_CREDENTIALS', 'RATE_LIMITED']).toContain(answer.body.error.code);
      expect(answer.at).toBeGreaterThan(signalledAt);
    }

    expect(await server.exited).toBe(0);
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
  }, 60_000);
});
