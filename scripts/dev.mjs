// `npm run dev`: the API with reload on API_PORT (3000) and Vite's dev server on PORT (5173),
// which proxies /api to the API. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Vite is the web workspace's dependency; npm may install it under apps/web/node_modules.
const viteBin = path.join(path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')), 'bin/vite.js');
const apiPort = process.env.API_PORT ?? '3000';
const webPort = process.env.PORT ?? '5173';
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}` },
  }),
  spawn(process.execPath, [viteBin, '--port', webPort, '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode ||= code ?? 0; });
