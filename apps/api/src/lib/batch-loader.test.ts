import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader';

describe('createBatchLoader', () => {
  it('answers the first request alone and the ones that arrive meanwhile together, each with its own value', async () => {
    const calls: string[][] = [];
    const loader = createBatchLoader(
      async (keys: string[]) => {
        calls.push(keys);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return new Map(keys.filter((key) => key !== 'nobody').map((key) => [key, key.toUpperCase()]));
      },
      (key) => key,
      { maxInFlight: 1 },
    );
    const answers = await Promise.all(['a', 'b', 'c', 'b', 'nobody'].map((key) => loader.load(key)));
    expect(answers).toEqual(['A', 'B', 'C', 'B', undefined]);
    expect(calls).toEqual([['a'], ['b', 'c', 'b', 'nobody']]);
  });

  it('fails the requests of a failed batch and serves the next batch normally', async () => {
    let fail = true;
    const loader = createBatchLoader(
      async (keys: number[]) => {
        if (fail) {
          fail = false;
          throw new Error('base de datos no disponible');
        }
        return new Map(keys.map((key) => [String(key), key * 2]));
      },
      (key) => String(key),
    );
    await expect(loader.load(1)).rejects.toThrow('base de datos no disponible');
    expect(await loader.load(2)).toBe(4);
  });
});
