/** A Chilean RUT split into its numeric body and its check digit ('0'-'9' or 'K'). */
interface Rut {
  body: number;
  dv: string;
}

/** Computes the modulo-11 check digit of a RUT body, as the SII defines it. */
export function rutCheckDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let n = Math.trunc(body); n > 0; n = Math.trunc(n / 10)) {
    sum += (n % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

const RUT_SHAPE = /^(\d{1,3}(?:\.\d{3})*|\d+)-?([\dkK])$/;

/** Parses a RUT in any usual format (dots or not, dash or not, lower-case k); null when malformed or the check digit is wrong. */
function parseRut(input: unknown): Rut | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const match = RUT_SHAPE.exec(text);
  if (!match) return null;
  const digits = match[1]!.replaceAll('.', '');
  if (digits.length > 9) return null;
  const body = Number(digits);
  if (!Number.isSafeInteger(body) || body <= 0) return null;
  const dv = match[2]!.toUpperCase();
  return rutCheckDigit(body) === dv ? { body, dv } : null;
}

/** True when the text is a RUT with a correct check digit. */
export function isValidRut(input: unknown): boolean {
  return parseRut(input) !== null;
}

/** The stored form of a RUT (`12345678-5`), or null when invalid. */
export function normalizeRut(input: unknown): string | null {
  const rut = parseRut(input);
  return rut ? `${rut.body}-${rut.dv}` : null;
}

/** The displayed form of a RUT with thousands dots (`12.345.678-5`), or null when invalid. */
export function formatRut(input: unknown): string | null {
  const rut = parseRut(input);
  if (!rut) return null;
  const dotted = String(rut.body).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${dotted}-${rut.dv}`;
}
