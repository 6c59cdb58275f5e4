import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which company's rows the database may show to the code running now: the second wall between
 * companies, under the `company_id` filters of every repository (docs/decisions.md, «Seguridad a nivel
 * de filas»). PostgreSQL's row-level security policies (migration `tenant_rls`) compare each row's
 * `company_id` with the connection's `jornada.company_id` setting; the pool in `db/client.ts` sets it
 * on every checked-out connection from the scope below.
 *
 * - a company's uuid: only that company's rows (a request with a session);
 * - `SYSTEM` (`'*'`): every company, for the paths that find the company from a global key
 *   (sign-in by RUT, session by token, public verification by hash, kiosk and clock devices by their
 *   token or serial, onboarding, the job loop, migrations, demo and backups);
 * - `NONE` (`''`, also outside any scope): no tenant row at all.
 */
export const SYSTEM = '*';
export const NONE = '';

/** The name of the PostgreSQL setting the policies read. */
export const TENANT_SETTING = 'jornada.company_id';

interface TenantScope {
  setting: string;
  /** Work no request waits for (jobs, periodic tasks): it takes its connections from its own pool. */
  background?: boolean;
}

const storage = new AsyncLocalStorage<TenantScope>();

function companySetting(companyId: string): string {
  // A company id can never mean "every company" or "none"; anything else that is not a uuid makes the
  // policies' cast fail, so the query errs instead of showing rows.
  if (companyId === SYSTEM || companyId.trim() === NONE) throw new Error(`Id de empresa no válido para la base de datos: ${JSON.stringify(companyId)}`);
  return companyId;
}

/** The setting the database must have for the code running now (`''` outside any scope). */
export function currentTenantSetting(): string {
  return storage.getStore()?.setting ?? NONE;
}

/** Whether the code running now is background work (`runInBackground`). */
export function inBackground(): boolean {
  return storage.getStore()?.background === true;
}

/**
 * Runs `fn` as background work, in the current company scope: the PostgreSQL pool gives it connections
 * of its own (db/client.ts), so jobs never queue behind a burst of requests for a connection, and a
 * long job never holds one a request is waiting for. Scopes opened inside keep the mark.
 */
export function runInBackground<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ setting: currentTenantSetting(), background: true }, async () => fn());
}

/**
 * Runs `fn` seeing only `companyId`'s rows (and everything it starts: promises, background tasks).
 * Drizzle's query builders run when awaited, so the result is awaited inside the scope: pass the
 * builder itself (`runAsCompany(id, () => db.select()...)`) and await what this returns.
 */
export function runAsCompany<T>(companyId: string, fn: () => T | PromiseLike<T>): Promise<T> {
  const scope = { setting: companySetting(companyId), background: inBackground() };
  return storage.run(scope, async () => fn());
}

/** Runs `fn` seeing every company: only for paths that find the company themselves from a global key. */
export function runAsSystem<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ setting: SYSTEM, background: inBackground() }, async () => fn());
}

/**
 * Opens a scope and calls `next` inside it, synchronously (for Fastify's callback-style hooks, which
 * continue the request inside). `none` sees nothing until `enterCompany`.
 */
export function openScope(mode: 'system' | 'none', next: () => void): void {
  storage.run({ setting: mode === 'system' ? SYSTEM : NONE }, next);
}

/**
 * Narrows the current scope to one company from here on (the rest of a request, once its session, kiosk
 * or clock device says whose it is). Moving from one company to another is a bug and throws.
 * Queries inside a transaction already open keep the setting they started with.
 */
export function enterCompany(companyId: string): void {
  const scope = storage.getStore();
  if (!scope) throw new Error('enterCompany necesita un contexto de empresa abierto (openScope, runAsSystem).');
  const setting = companySetting(companyId);
  if (scope.setting !== NONE && scope.setting !== SYSTEM && scope.setting !== setting) {
    throw new Error('El contexto de la base de datos ya pertenece a otra empresa.');
  }
  scope.setting = setting;
}
