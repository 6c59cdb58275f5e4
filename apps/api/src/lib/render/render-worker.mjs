// Entry of a render thread (lib/render/render-pool.ts). The server runs its TypeScript through tsx's
// loader, and a new thread has no loader of its own: register it here, then load the renderer.
import { register } from 'tsx/esm/api';

register();
const { default: render } = await import('./render.worker.ts');

export default render;
