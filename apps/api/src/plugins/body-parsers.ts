import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { REFUSED_REQUEST_MESSAGES } from './errors';

/** `fatal`: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. A leading BOM is dropped. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The bodies the API reads, for every route but the ones that set their own (the iclock device
 * protocol reads text, multipart uploads their files):
 * - JSON must be valid UTF-8. Fastify's parser decodes the bytes leniently, so `Sede \xC3\x28` would be
 *   stored as `Sede �(`; here such a body is a 400 before any hook or handler runs, nothing written.
 *   Parsing itself is Fastify's (prototype poisoning refused, an empty body reported as such).
 * - Plain text is not an API format: without its parser a `text/plain` body is a 415 like any other
 *   unsupported type, instead of a string that fails the route's schema.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new AppError('VALIDATION', REFUSED_REQUEST_MESSAGES.bodyNotUtf8), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
