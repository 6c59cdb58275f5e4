// Runs a command as a child process, relays SIGTERM and SIGINT to it, and makes sure it is gone by
// its shutdown deadline: SHUTDOWN_TIMEOUT_SECONDS (the server's own limit for requests in flight) plus a
// margin. The server enforces its limit with a timer, but a timer cannot fire while the main thread is
// busy: PGlite runs each query synchronously on it, so during one long query the server would not even
// see the signal. This process, whose own thread is always free, kills it instead (exit code 1).
// `npm start` runs the server through it; `node scripts/with-deadline.mjs -- <command> [args]` runs any.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MARGIN_MS = 5_000;

export function shutdownDeadlineMs(env = process.env) {
  const seconds = Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? 10);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 10) * 1000 + MARGIN_MS;
}

/** Runs `command` with `args`; resolves never: this process exits with the child's code. */
export function runWithDeadline(command, args, { env = process.env, cwd = process.cwd() } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
  let killer = null;
  const relay = (signal) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    if (!killer) {
      const deadline = shutdownDeadlineMs(env);
      killer = setTimeout(() => {
        console.error(`Jornada no terminó ${deadline / 1000} s después de ${signal}: se detiene a la fuerza.`);
        child.kill('SIGKILL');
      }, deadline);
    }
  };
  process.on('SIGTERM', () => relay('SIGTERM'));
  process.on('SIGINT', () => relay('SIGINT'));
  child.once('exit', (code, signal) => {
    if (killer) clearTimeout(killer);
    process.exit(code ?? (signal ? 1 : 0));
  });
  child.once('error', (error) => {
    console.error(error.message);
    process.exit(1);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const separator = process.argv.indexOf('--');
  const [command, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : [];
  if (!command) {
    console.error('Uso: node scripts/with-deadline.mjs -- <comando> [argumentos]');
    process.exit(2);
  }
  runWithDeadline(command, args);
}
