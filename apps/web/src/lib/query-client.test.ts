import { describe, expect, it } from 'vitest';
import { createQueryClient, queryClientFor } from './query-client';

describe('queryClientFor', () => {
  it('keeps the cache for the same session and empties it when the token changes or the session ends', () => {
    const client = createQueryClient();
    queryClientFor('ana', client);
    client.setQueryData(['sedes', 'opciones'], ['Casa matriz']);
    expect(queryClientFor('ana', client).getQueryData(['sedes', 'opciones'])).toEqual(['Casa matriz']);
    expect(queryClientFor(null, client).getQueryData(['sedes', 'opciones'])).toBeUndefined();
    client.setQueryData(['sedes', 'opciones'], ['Kiosco']);
    expect(queryClientFor('bruno', client).getQueryData(['sedes', 'opciones'])).toBeUndefined();
  });
});
