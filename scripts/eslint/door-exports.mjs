// ESLint rule: a module's door (apps/api/src/modules/<name>/index.ts) exports no repository.
// The door gives other modules its plugin, types and service-level functions; the repository (the
// module's only SQL) stays behind it. Another module that needs a read or a write gets a service
// function or a port given at assembly (docs/architecture.md, «Puertas y dueños de tablas»).
// Checked: the door's own `export … from './x.repository'`, a name it imports from a repository and
// exports, and the same through the module's other files it re-exports (`export * from './x.reports'`
// where x.reports re-exports from x.repository).
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const MODULES = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;
const isRepository = (file) => /\.repository\.ts$/.test(file);

/** The module directory of a door (`…/modules/<name>/index.ts`), or null for any other file. */
function doorDirectory(file) {
  const at = file.indexOf(MODULES);
  if (at < 0) return null;
  const rest = file.slice(at + MODULES.length).split(path.sep);
  return rest.length === 2 && rest[1] === 'index.ts' ? path.dirname(file) : null;
}

/** A relative source resolved to a `.ts` file inside the module's directory, or null (another module, a package). */
function resolveIn(dir, from, source) {
  if (typeof source !== 'string' || !source.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), source);
  const file = base.endsWith('.ts') ? base : `${base}.ts`;
  return path.dirname(file) === dir || file.startsWith(`${dir}${path.sep}`) ? file : null;
}

const nameOf = (node) => (node.type === 'Literal' ? String(node.value) : node.name);

const parsed = new Map();
function programOf(file) {
  let entry = parsed.get(file);
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
  if (!entry || entry.mtime !== mtime) {
    const { ast } = tseslint.parser.parseForESLint(fs.readFileSync(file, 'utf8'), { sourceType: 'module', ecmaVersion: 'latest', range: true, loc: true });
    entry = { mtime, ast };
    parsed.set(file, entry);
  }
  return entry.ast;
}

/**
 * The repository files that names exported by `program` (file `file`) come from. `wanted` is the set
 * of exported names asked about, or '*' for all of them. Each hit: `{ name, repository, node }`, with
 * `node` in `program`.
 */
function repositoryExports(dir, file, program, wanted, seen) {
  const key = `${file}\0${wanted === '*' ? '*' : [...wanted].sort().join(',')}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const asked = (name) => wanted === '*' || wanted.has(name);
  const imports = new Map();
  for (const node of program.body) {
    if (node.type !== 'ImportDeclaration') continue;
    for (const spec of node.specifiers) {
      const imported = spec.type === 'ImportSpecifier' ? nameOf(spec.imported) : spec.type === 'ImportDefaultSpecifier' ? 'default' : '*';
      imports.set(spec.local.name, { source: node.source.value, imported });
    }
  }
  const hits = [];
  const follow = (node, target, names) => {
    if (!target) return;
    if (isRepository(target)) {
      for (const name of names === '*' ? ['*'] : names) hits.push({ name, repository: path.basename(target), node });
      return;
    }
    const next = programOf(target);
    if (!next) return;
    for (const hit of repositoryExports(dir, target, next, names, seen)) hits.push({ ...hit, node });
  };
  for (const node of program.body) {
    if (node.type === 'ExportAllDeclaration') {
      if (node.exported && !asked(nameOf(node.exported))) continue;
      follow(node, resolveIn(dir, file, node.source.value), node.exported ? [nameOf(node.exported)] : wanted);
    } else if (node.type === 'ExportNamedDeclaration' && node.specifiers.length > 0) {
      for (const spec of node.specifiers) {
        const exported = nameOf(spec.exported);
        if (!asked(exported)) continue;
        const local = nameOf(spec.local);
        if (node.source) {
          follow(node, resolveIn(dir, file, node.source.value), new Set([local]));
        } else {
          const imported = imports.get(local);
          if (imported) follow(node, resolveIn(dir, file, imported.source), imported.imported === '*' ? '*' : new Set([imported.imported]));
        }
      }
    }
  }
  return hits;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "A module's index.ts exports nothing of a repository: other modules get service functions or ports." },
    messages: {
      repositoryExport:
        "modules/{{module}}/index.ts exports '{{name}}' of {{repository}}. A door exports no repository: give other modules a service-level function or a port at assembly (docs/architecture.md, «Puertas y dueños de tablas»).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const dir = doorDirectory(file);
    if (!dir) return {};
    return {
      'Program:exit'(program) {
        const reported = new Set();
        for (const hit of repositoryExports(dir, file, program, '*', new Set())) {
          const key = `${hit.node.range?.[0]}:${hit.name}:${hit.repository}`;
          if (reported.has(key)) continue;
          reported.add(key);
          context.report({ node: hit.node, messageId: 'repositoryExport', data: { module: path.basename(dir), name: hit.name, repository: hit.repository } });
        }
      },
    };
  },
};
