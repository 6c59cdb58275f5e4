// Compiles the API server into one ES module, apps/api/dist/server.mjs, which `npm start` runs with plain
// Node. Running the TypeScript through tsx's loader costs the server about 80 MB of RSS for good (the
// loader's thread and the transformed sources it keeps) and the compilation of every file at each start;
// the bundle (docs/decisions.md) costs one esbuild pass of about a second, done before every start so it
// is never older than the tree. Packages stay in node_modules; only the repository's own TypeScript
// (apps/api/src, packages/*/src) goes in.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_BUNDLE = path.join(root, 'apps/api/dist/server.mjs');
const outDir = path.dirname(API_BUNDLE);

/**
 * V8 options of the server process (docs/performance.md, «Memoria del servidor»). By default V8 lets the
 * old generation grow to about four times what survived the last full collection before collecting
 * again, and gives the young generation 16 MB semispaces; evaluating a month of attendance then leaves
 * the process at 580 MB although less than 100 MB is alive. Growing by half of what is alive and 4 MB
 * semispaces keep the same work under 300 MB; a bulk evaluation takes about a quarter longer (measured
 * +23 %), reads and exports the same. Source maps
 * are written beside the bundle but not loaded (`--enable-source-maps` costs 25 MB): stack traces keep
 * the functions' names and point into server.mjs.
 */
export const SERVER_NODE_OPTIONS = ['--heap-growing-percent=50', '--max-semi-space-size=4'];

/**
 * Each source keeps the meaning of `import.meta.dirname` and `import.meta.url` it has when run from the
 * tree (migrations, the spreadsheet reader's thread, package.json and the web build are found beside
 * it): they become that file's own directory, written relative to the bundle so the checkout can move.
 */
const ownLocation = {
  name: 'own-location',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.(ts|mts)$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      const relative = JSON.stringify(path.relative(outDir, path.dirname(args.path)));
      const file = JSON.stringify(path.basename(args.path));
      const contents = source
        .replaceAll('import.meta.dirname', `__sourceDir(${relative})`)
        .replaceAll('import.meta.url', `__sourceUrl(${relative}, ${file})`);
      return { contents, loader: 'ts' };
    });
  },
};

const banner = [
  "import { resolve as __resolvePath, join as __joinPath } from 'node:path';",
  "import { pathToFileURL as __pathToFileURL } from 'node:url';",
  'const __sourceDir = (relative) => __resolvePath(import.meta.dirname, relative);',
  'const __sourceUrl = (relative, file) => __pathToFileURL(__joinPath(__sourceDir(relative), file)).href;',
].join('\n');

/** Packages load from node_modules at run time; the workspace's own (@jornada/*, TypeScript) go in. */
const packagesOutside = {
  name: 'packages-outside',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@jornada/') ? undefined : { path: args.path, external: true }));
  },
};

/** Writes apps/api/dist/server.mjs (and its source map); returns its path. */
export async function buildApi() {
  await build({
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    banner: { js: banner },
    plugins: [packagesOutside, ownLocation],
  });
  return API_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildApi();
  console.log(`API compilada en ${path.relative(root, API_BUNDLE)} (${Math.round(performance.now() - started)} ms); se ejecuta con ${pathToFileURL(API_BUNDLE).href}`);
}
