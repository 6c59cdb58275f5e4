import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER = path.resolve(import.meta.dirname, '../server.ts');

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process ends. */
  exited: Promise<number | string>;
}

/**
 * Runs `apps/api/src/server.ts` as its own process, as `npm start` does, and resolves once it
 * listens. Used by the tests that need a real process: signals, exit codes, sockets.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`El servidor no inició en ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      if (output.includes('Jornada lista en')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`El servidor terminó al iniciar (código ${code}):\n${output}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}
