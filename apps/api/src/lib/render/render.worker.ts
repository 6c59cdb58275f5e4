import type { MessagePort } from 'node:worker_threads';
import Tinypool from 'tinypool';

/**
 * A renderer module: its default export draws one file from a plain, structured-cloneable input (no
 * functions, no class instances but Date) and returns its bytes. It runs in a render thread, so it may
 * take as long as it needs without holding the server's event loop.
 */
type Renderer<I> = (input: I) => Promise<Uint8Array> | Uint8Array;

/** What a render thread is handed: the renderer module's file URL, its input, and a port on which it says when it starts (its time limit counts from then). */
export interface RenderTask {
  renderer: string;
  input: unknown;
  started?: MessagePort;
}

const renderers = new Map<string, Promise<Renderer<unknown>>>();

function rendererOf(url: string): Promise<Renderer<unknown>> {
  let loaded = renderers.get(url);
  if (!loaded) {
    loaded = import(url).then((module: { default?: unknown }) => {
      if (typeof module.default !== 'function') throw new Error(`${url} no exporta un renderizador por omisión`);
      return module.default as Renderer<unknown>;
    });
    renderers.set(url, loaded);
  }
  return loaded;
}

/** Runs in a render thread: draws one file and hands its bytes back without copying them. */
export default async function render({ renderer, input, started }: RenderTask): Promise<unknown> {
  const draw = await rendererOf(renderer);
  started?.postMessage('started');
  const bytes = await draw(input);
  // A Buffer may be a view into a shared pool: move a buffer of its own.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  return Tinypool.move(own);
}
