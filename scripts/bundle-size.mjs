// `npm run bundle-size`: the sign-in page's initial JavaScript, gzip, against the 150 KB budget of
// design.md. Initial means what the browser must fetch before the page can run: the entry chunk of
// index.html and every chunk it imports statically, recursively (Vite's manifest `imports`); lazy
// routes (`dynamicImports`) load later and do not count. Prints a `BENCH` line and exits 1 over budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const BUDGET_KB = 150;

ensureWebBuild();
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`Se esperaba un solo punto de entrada en el manifiesto de Vite y hay ${entries.length}.`);
  process.exit(1);
}

const initial = new Set();
const visit = (key) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const next of manifest[key].imports ?? []) visit(next);
};
visit(entries[0][0]);

// Level 9, as the build's own report and typical static gzip; the server or proxy may use less.
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const rows = [...initial].map((key) => manifest[key]).filter((chunk) => chunk.file.endsWith('.js'));
const css = new Set([...initial].flatMap((key) => manifest[key].css ?? []));
const sized = rows.map((chunk) => ({ archivo: chunk.file, 'KB gzip': Number(gzipKb(chunk.file).toFixed(1)) })).sort((a, b) => b['KB gzip'] - a['KB gzip']);
const totalKb = sized.reduce((sum, row) => sum + gzipKb(row.archivo), 0);
const cssKb = [...css].reduce((sum, file) => sum + gzipKb(file), 0);
const value = Number(totalKb.toFixed(1));
const pass = totalKb <= BUDGET_KB;

console.log(`JavaScript inicial de la página de inicio de sesión: ${sized.length} archivos, ${value} KB gzip (presupuesto ${BUDGET_KB} KB); CSS inicial ${cssKb.toFixed(1)} KB gzip.`);
console.table(sized);
console.log(`BENCH ${JSON.stringify({ figure: 'JS inicial de la página de inicio de sesión (gzip)', value, unit: 'KB', target: `<= ${BUDGET_KB} KB`, pass })}`);
if (!pass) {
  console.error(`El JavaScript inicial supera el presupuesto: ${value} KB > ${BUDGET_KB} KB gzip. Carga de forma diferida (lazy) lo que la página de inicio de sesión no usa.`);
  process.exit(1);
}
