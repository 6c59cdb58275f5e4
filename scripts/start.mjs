// `npm start`: build the web app if needed, then run the API server (which applies
// migrations and serves the SPA) in this same process through tsx's loader.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
register();
await import('../apps/api/src/server.ts');
