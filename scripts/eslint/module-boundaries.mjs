// ESLint rule: a capability's internals are its own.
// - API: a file may import a module (apps/api/src/modules/<name>/) only through its index.ts; the
//   module itself, tests, the shared fixtures of apps/api/src/test and the demo builder of
//   apps/api/src/demo may use its internals. The benchmarks (bench/) are no exception: they measure
//   through the same door the API uses (the app as buildApp assembles it: its routes, its decorations)
//   and set up their data with those shared fixtures, as tests do.
// - Web: a feature (apps/web/src/features/<name>/) never imports another feature; the app shell
//   (apps/web/src/app) imports features, through any file (routes load pages lazily). The shared code
//   (apps/web/src/components, lib and config) never imports a feature or the app shell: it is what they
//   build on, so it depends on neither (tests may render with the app's theme).
import path from 'node:path';

const API_MODULES = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const WEB_FEATURES = `${WEB_SRC}features${path.sep}`;
/** The web's shared code, and what it must not import. */
const WEB_SHARED = ['components', 'lib', 'config'];
const WEB_UPPER = ['features', 'app'];

/** `{ root, name, rest }` when `file` lies under `marker` (rest: the path inside the unit, no extension). */
function unitOf(file, marker) {
  const at = file.indexOf(marker);
  if (at < 0) return null;
  const [name, ...rest] = file.slice(at + marker.length).split(path.sep);
  if (!name || rest.length === 0) return null;
  return { root: file.slice(0, at + marker.length), name, rest: rest.join('/').replace(/\.(ts|tsx|mts|js|mjs)$/, '') };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Modules are used only through their index; web features never import each other; web shared code imports neither.' },
    messages: {
      apiInternal:
        "'{{source}}' reaches into module '{{target}}'. Import it through modules/{{target}}/index.ts (export what you need there).",
      webFeature: "Feature '{{from}}' imports feature '{{target}}' ('{{source}}'). Move what both need to components/ or lib/.",
      webShared:
        "Shared code ({{from}}/) imports {{target}}/ ('{{source}}'). components/, lib/ and config/ never depend on a feature or the app shell: move what they need down, or pass it in.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    // Tests, the shared test fixtures (apps/api/src/test) and the demo builder (apps/api/src/demo) write
    // any module's data directly, through its repository.
    const apiSrc = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}`;
    const testCode = /\.test\.tsx?$/.test(file) || file.includes(`${apiSrc}test${path.sep}`) || file.includes(`${apiSrc}demo${path.sep}`);
    const fromApi = unitOf(file, API_MODULES);
    const fromWeb = unitOf(file, WEB_FEATURES);
    const fromWebZone = unitOf(file, WEB_SRC)?.name;
    const fromShared = !testCode && WEB_SHARED.includes(fromWebZone) ? fromWebZone : null;
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      // A source may name its file's extension (`../modules/marks/index.ts`, from a script run by tsx).
      const resolved = path.resolve(path.dirname(file), source).replace(/\.(ts|tsx|mts|js|mjs)$/, '');
      const api = unitOf(`${resolved}.ts`, API_MODULES);
      if (api && !testCode && api.name !== fromApi?.name && api.rest !== 'index') {
        context.report({ node: node.source, messageId: 'apiInternal', data: { source, target: api.name } });
        return;
      }
      const web = unitOf(`${resolved}.ts`, WEB_FEATURES);
      if (web && fromWeb && web.name !== fromWeb.name) {
        context.report({ node: node.source, messageId: 'webFeature', data: { source, from: fromWeb.name, target: web.name } });
        return;
      }
      const zone = unitOf(`${resolved}.ts`, WEB_SRC)?.name;
      if (fromShared && WEB_UPPER.includes(zone)) {
        context.report({ node: node.source, messageId: 'webShared', data: { source, from: fromShared, target: zone } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check({ source: node.source });
      },
    };
  },
};
