import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { inBackground } from '../db/tenant-context';

/**
 * Whether the code running now serves a page of evaluated attendance (a route with
 * `config.deferEvaluation`): there, a first evaluation too big for a request is queued and the route
 * answers 202 (modules/attendance, attendance.calculations.ts). Everywhere else (writes, exports, jobs,
 * a payroll close) the evaluation stays inline, as the caller expects the figures it asked for.
 */
const storage = new AsyncLocalStorage<true>();

/** True inside a page read, never in background work (jobs, periodic tasks) started from one. */
export function inPageRead(): boolean {
  return storage.getStore() === true && !inBackground();
}

/**
 * Marks the rest of each request of a route with `config.deferEvaluation` as a page read. A callback
 * hook continues the request inside the scope (as the auth plugin's tenant scope does).
 */
export function registerPageReads(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.routeOptions.config.deferEvaluation) storage.run(true, done);
    else done();
  });
}
