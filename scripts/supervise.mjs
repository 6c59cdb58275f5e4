// `npm run start:supervised`: runs Jornada and starts it again whenever it ends without being asked
// to (a crash, an out-of-memory kill, kill -9), for machines without systemd or a container runtime
// (deploy/jornada.service and docs/operations.md, «Reinicio automático», are the usual ways).
// SIGTERM and SIGINT are passed to the server, which finishes its requests and exits; then this
// process exits with the server's code. Restarts wait 0.5 s, doubling up to 30 s while the server
// keeps dying within a minute of starting. Another command can follow `--`.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const separator = process.argv.indexOf('--');
const [command, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : [process.execPath, path.join(root, 'scripts/start.mjs')];

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

let child = null;
let stopping = false;
let delay = FIRST_DELAY_MS;

function start() {
  const startedAt = Date.now();
  child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(`[supervisor] Jornada iniciada (pid ${child.pid})`);
  child.once('exit', (code, signal) => {
    if (stopping) process.exit(code ?? (signal ? 1 : 0));
    if (Date.now() - startedAt > STABLE_AFTER_MS) delay = FIRST_DELAY_MS;
    const wait = delay;
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    console.error(`[supervisor] Jornada terminó (${signal ?? `código ${code}`}); se inicia de nuevo en ${wait} ms`);
    setTimeout(start, wait);
  });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(0);
  });
}

start();
