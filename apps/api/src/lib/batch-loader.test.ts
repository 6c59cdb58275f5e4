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

  it('with gather, waits for the end of the turn: requests resumed one after another by one answer go in one batch', async () => {
    const calls: string[][] = [];
    const loader = createBatchLoader(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key]));
    }, (key) => key, { gather: true });
    // Each request starts a microtask after the one before, as callers resumed by one group write.
    let turn: Promise<void> = Promise.resolve();
    const answers = ['a', 'b', 'c'].map((key) => {
      turn = turn.then(() => undefined);
      return turn.then(() => loader.load(key));
    });
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });
});
