import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs on API_PORT during `npm run dev`; Vite proxies /api to it.
const apiPort = process.env.API_PORT ?? '3000';

/*
 * Fewer, larger chunks on the two first screens. The server speaks HTTP/1.1 (six connections per
 * origin), so each extra file on the critical path costs a round trip: Rolldown's automatic
 * splitting gave the dashboard home about 40 files (tiny shared chunks such as `clsx` or `use-id`)
 * and Lighthouse's dashboard score sat at 0.87-0.91. Three groups keep it to a handful:
 * - `$initial`: everything index.html loads statically goes into the entry chunk (one file).
 * - `query`: the query layout and TanStack Query, wanted by every page but sign-in.
 * - `private-area`: the private layout and the dashboard home with the Mantine pieces they use,
 *   loaded on every /dashboard page; other pages that share those pieces import them from it.
 * Every other lazy page keeps Rolldown's automatic chunks. See docs/performance.md.
 */
const chunkGroups = [
  { name: 'index', tags: ['$initial' as const], priority: 3 },
  { name: 'query', test: /src[\\/]app[\\/]layouts[\\/]query-layout|src[\\/]lib[\\/]query-client|node_modules[\\/]@tanstack[\\/]/, priority: 2 },
  { name: 'private-area', test: /src[\\/](app[\\/]layouts[\\/]private-layout|features[\\/]dashboard-home[\\/])/, priority: 1 },
];

/*
 * React Router 7's package.json sends every condition to its development build (remix-run/react-router
 * #14102, open): with dev-only warnings and checks on, its code was the second-largest cost of the
 * dashboard's first render. The production build sits beside it; production bundles use that one.
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '../production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads the sign-in page's static imports from it.
    manifest: true,
    rolldownOptions: {
      // Our contracts and domain packages only declare schemas and functions: a page that uses one
      // schema of the barrel does not carry (and evaluate) the others. The sign-in page's validation
      // chunk went from every contract (39.6 KB gzip) to the session's (29.2 KB, most of it zod).
      treeshake: { moduleSideEffects: [{ test: /packages[\\/](contracts|domain)[\\/]src[\\/]/, sideEffects: false }] },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
