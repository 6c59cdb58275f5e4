// `npm start`: build the web app if needed and compile the API (scripts/api-build.mjs), then run the
// compiled server (which applies migrations and serves the SPA) with its V8 options as a child process
// under a shutdown deadline (scripts/with-deadline.mjs).
import path from 'node:path';
import { buildApi, SERVER_NODE_OPTIONS } from './api-build.mjs';
import { ensureWebBuild } from './web-build.mjs';
import { runWithDeadline } from './with-deadline.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();
const server = await buildApi();
runWithDeadline(process.execPath, [...SERVER_NODE_OPTIONS, server], { cwd: root });
