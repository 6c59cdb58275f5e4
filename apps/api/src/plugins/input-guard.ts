import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { REFUSED_REQUEST_MESSAGES } from './errors';

/**
 * Text PostgreSQL cannot store reaches no route: a NUL character (U+0000; `text` refuses it) or a
 * lone UTF-16 surrogate (JSON can carry `"\ud800"`, which has no UTF-8 form) anywhere in the query,
 * the path parameters, the headers or the parsed body (keys included, at any depth) is answered with
 * a 400 that names each field, before authentication, validation or any handler runs. So is a query
 * string whose percent escapes are not UTF-8.
 */

/** NUL or a surrogate that is not half of a pair (with the `u` flag a pair is one code point, not `Cs`). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const FORBIDDEN = /[\u0000\p{Cs}]/u;

const INPUT_GUARD_MESSAGES = {
  field: 'Contiene un carácter no permitido (carácter nulo o Unicode incompleto).',
  one: (field: string) => `El campo «${field}» contiene un carácter no permitido (carácter nulo o Unicode incompleto). Corrígelo e inténtalo de nuevo.`,
  many: (fields: string[]) => `Hay caracteres no permitidos (carácter nulo o Unicode incompleto) en: ${fields.map((f) => `«${f}»`).join(', ')}.`,
} as const;

/** A field's name as the error shows it: the offending characters themselves replaced. */
const printable = (name: string) => name.replace(new RegExp(FORBIDDEN.source, 'gu'), '\ufffd');

const MAX_DEPTH = 64;

/** Collects the path (`nombre`, `grupoIds.0`, `direccion.comuna`) of every bad string or key. */
function scan(value: unknown, path: string, found: string[], depth = 0): void {
  if (found.length >= 20 || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (FORBIDDEN.test(value)) found.push(path || 'cuerpo');
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => scan(item, path ? `${path}.${index}` : String(index), found, depth + 1));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = path ? `${path}.${printable(key)}` : printable(key);
    if (FORBIDDEN.test(key)) found.push(name);
    scan(item, name, found, depth + 1);
  }
}

function refuse(found: string[]): never {
  const fields = Object.fromEntries(found.map((name) => [name, INPUT_GUARD_MESSAGES.field]));
  throw new AppError('VALIDATION', found.length === 1 ? INPUT_GUARD_MESSAGES.one(found[0]!) : INPUT_GUARD_MESSAGES.many(found), fields);
}

function scanEnvelope(request: FastifyRequest): string[] {
  const found: string[] = [];
  scan(request.query, '', found);
  scan(request.params, '', found);
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' ? FORBIDDEN.test(value) : Array.isArray(value) && value.some((v) => FORBIDDEN.test(v))) found.push(name);
  }
  return found;
}

/** A run of percent escapes (`%C3%B1`); a `%` that starts no escape is a literal and stays acceptable. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Whether the query string has percent escapes that are not UTF-8 (`?q=%FF`, `?q=%C3%28`): Fastify's
 * query parser would hand them on as U+FFFD or as the escapes themselves. (The router already refuses
 * such a path parameter, FST_ERR_BAD_URL.)
 */
function badlyEncodedQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0) return false;
  for (const [run] of url.slice(start + 1).matchAll(ESCAPE_RUN)) {
    try {
      decodeURIComponent(run);
    } catch {
      return true;
    }
  }
  return false;
}

/** Registered before authentication and every route, so it applies to all of them (the /iclock device protocol too). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (badlyEncodedQuery(request.url)) throw new AppError('VALIDATION', REFUSED_REQUEST_MESSAGES.badUrl);
    const found = scanEnvelope(request);
    if (found.length > 0) refuse(found);
  });
  app.addHook('preValidation', async (request) => {
    const found: string[] = [];
    scan(request.body, '', found);
    if (found.length > 0) refuse(found);
  });
}
