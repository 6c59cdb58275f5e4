import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRut, isValidRut, normalizeRut, rutCheckDigit } from './rut';

describe('RUT (chile.md vectors)', () => {
  it.each(['12.345.678-5', '15.509.661-6', '12.678.579-8', '10.000.013-K', '10.000.004-0', '76.003.061-9', '76.201.051-8'])(
    'accepts %s',
    (rut) => expect(isValidRut(rut)).toBe(true),
  );
  it.each(['12.345.678-9', '12345678-K', 'abc', '', '   ', '-5', '0-0', '1.2345.678-5'])('rejects %j', (rut) =>
    expect(isValidRut(rut)).toBe(false),
  );
  it.each([
    ['12345678-5', '12345678-5'],
    ['123456785', '12345678-5'],
    [' 10.000.013-k ', '10000013-K'],
    ['10000013k', '10000013-K'],
  ])('normalises %j to %s', (input, out) => expect(normalizeRut(input)).toBe(out));
  it.each([
    ['12345678-5', '12.345.678-5'],
    ['10000013k', '10.000.013-K'],
    ['11111111-1', '11.111.111-1'],
    ['1-9', '1-9'],
  ])('formats %j as %s', (input, out) => expect(formatRut(input)).toBe(out));

  it('round-trips every body through its own check digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (body) => {
        const rut = `${body}-${rutCheckDigit(body)}`;
        expect(normalizeRut(formatRut(rut))).toBe(rut);
      }),
    );
  });
});
