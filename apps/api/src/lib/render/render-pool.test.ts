import { afterAll, describe, expect, it } from 'vitest';
import { closeRenderThreads, renderInWorker } from './render-pool';

/**
 * The render threads: a renderer module's bytes come back whole, and a renderer that needs more than
 * a thread's heap ends that thread with a Spanish 400, while the server (this process) goes on and the
 * next file is drawn in a new thread.
 */
const fixture = (name: string) => new URL(`../../test/fixtures/${name}`, import.meta.url);

afterAll(() => closeRenderThreads());

describe('render threads', () => {
  it("draws a file in a thread from plain data and hands its bytes back (a view's own bytes, not its whole buffer)", async () => {
    const bytes = await renderInWorker(fixture('echo-renderer.ts'), { text: 'Jornada · año 2025' });
    expect(bytes.toString('utf8')).toBe('Jornada · año 2025');
  }, 60_000);

  it('a file too big for the heap of its thread is a Spanish 400; the next one is drawn', async () => {
    const failure = await renderInWorker(fixture('greedy-renderer.ts'), {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      statusCode: 400,
      message: 'El archivo es demasiado grande para generarlo. Filtra por grupo, sede, cargo o trabajador, o acorta el periodo.',
    });
    expect((await renderInWorker(fixture('echo-renderer.ts'), { text: 'otra vez' })).toString('utf8')).toBe('otra vez');
  }, 120_000);
});
