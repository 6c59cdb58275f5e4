/**
 * Loaded with `node --import` in front of server.ts by tests that need a request stuck in the database:
 * every PGlite query whose text matches SLOW_PGLITE_MATCH (a regular expression) first holds the main
 * thread for SLOW_PGLITE_MS, as a long query of the embedded database does (PGlite runs each query
 * synchronously on the main thread, so neither timers nor signal handlers run meanwhile).
 */
import { PGlite } from '@electric-sql/pglite';

const match = process.env.SLOW_PGLITE_MATCH ? new RegExp(process.env.SLOW_PGLITE_MATCH) : null;
const holdMs = Number(process.env.SLOW_PGLITE_MS ?? 0);

if (match && holdMs > 0) {
  const query = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: Parameters<typeof query>) {
    // Atomics.wait blocks the thread without spinning the CPU of a shared machine.
    if (typeof args[0] === 'string' && match.test(args[0])) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, holdMs);
    return query.apply(this, args);
  } as typeof query;
}
