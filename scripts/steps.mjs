// Runs named steps (shell commands) and times them: `npm test` and `.ci/run` are lists of steps.
// Each step prints a heading and its duration; with STEPS_FILE set, each result is appended to that
// file as a JSON line, which `scripts/test-summary.mjs` turns into the closing table of a CI run.
// A group of steps runs side by side: their output is held and printed whole when each ends, so two
// tools never interleave their lines.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function record(name, ms, ok) {
  const file = process.env.STEPS_FILE;
  if (!file) return;
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ name, seconds: Math.round(ms / 100) / 10, ok })}\n`);
}

/** Runs `command` through the shell; `held` keeps its output until it ends. Resolves with its exit code. */
function run(command, { held = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const chunks = [];
    if (held) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  });
}

/** One step, its output streamed. Returns whether it passed. */
export async function step(name, command, options = {}) {
  console.log(`\n== ${name}`);
  const started = Date.now();
  const { code } = await run(command, options);
  const ms = Date.now() - started;
  record(name, ms, code === 0);
  console.log(`== ${name}: ${code === 0 ? 'ok' : `falló (código ${code})`} en ${seconds(ms)}`);
  return code === 0;
}

/** Steps side by side ([name, command] pairs); each one's output is printed whole when it ends. */
export async function together(steps) {
  console.log(`\n== ${steps.map(([name]) => name).join(' + ')} (en paralelo)`);
  const results = await Promise.all(
    steps.map(async ([name, command]) => {
      const started = Date.now();
      const { code, output } = await run(command, { held: true });
      const ms = Date.now() - started;
      record(name, ms, code === 0);
      process.stdout.write(output);
      console.log(`== ${name}: ${code === 0 ? 'ok' : `falló (código ${code})`} en ${seconds(ms)}`);
      return code === 0;
    }),
  );
  return results.every(Boolean);
}
