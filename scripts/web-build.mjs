// Builds the web app when its build is missing or older than any of its sources,
// so `npm start` and the e2e runner always serve what the tree holds.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Vite is the web workspace's dependency; npm may install it under apps/web/node_modules.
const viteBin = path.join(path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')), 'bin/vite.js');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/.env', 'apps/web/vite.config.ts', 'packages/contracts/src', 'packages/domain/src'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build over 1 KB, once, so the
 * server (@fastify/static `preCompressed`) sends the smallest variant the browser accepts without
 * compressing on every request. The sign-in page's JavaScript goes from about 450 KB to under 150.
 */
export function precompress(dir = path.join(root, 'apps/web/dist')) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/** Runs `vite build` unless apps/web/dist is newer than every source; returns whether it built. */
export function ensureWebBuild({ force = false } = {}) {
  const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && built > newest) return false;
  console.log('Compilando la aplicación web…');
  execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    // Always the production build: the e2e server starts with NODE_ENV=test, and Vite would then
    // build React's development bundle (688 KB instead of 463 KB) that bundle-size and Lighthouse read.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  precompress();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild({ force: process.argv.includes('--force') });
