// `npm start`: build the web app if needed, then run the API server (which applies migrations and
// serves the SPA) as a child process under a shutdown deadline (scripts/with-deadline.mjs).
import path from 'node:path';
import { ensureWebBuild } from './web-build.mjs';
import { runWithDeadline } from './with-deadline.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();
runWithDeadline(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], { cwd: root });
