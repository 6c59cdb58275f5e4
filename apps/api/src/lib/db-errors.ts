/**
 * What the API makes of database errors (pg, PGlite, wrapped by Drizzle): outages, values the database
 * refuses, unique violations, and what of an error may be logged.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
  routine?: unknown;
  table?: unknown;
  constraint?: unknown;
  column?: unknown;
  schema?: unknown;
  severity?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Drizzle wraps driver errors (`cause`); walk down the chain a few steps. */
function* chain(error: unknown): Generator<DriverError & Record<string, unknown>> {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    yield current as DriverError & Record<string, unknown>;
  }
}

/** The driver's own error (the one with a SQLSTATE), if the failure came from the database. */
function databaseErrorOf(error: unknown): (DriverError & { code: string }) | null {
  for (const current of chain(error)) {
    if (typeof current.code === 'string' && SQLSTATE.test(current.code) && ('severity' in current || 'routine' in current)) return current as DriverError & { code: string };
  }
  return null;
}

/** PostgreSQL's unique_violation, as raised by pg or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const current of chain(error)) {
    if (current.code === '23505') return constraint === undefined || current.constraint === constraint;
  }
  return false;
}

/** PostgreSQL's foreign_key_violation (a row still referenced), as raised by pg or PGlite, possibly wrapped by Drizzle. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  for (const current of chain(error)) {
    if (current.code === '23503') return constraint === undefined || current.constraint === constraint;
  }
  return false;
}

/** Set on an error raised while a connection was being opened: whatever its code, the database cannot be reached now. */
const CONNECTING = Symbol.for('jornada.db.connecting');

/**
 * Marks an error the server or the network gave while a connection was being opened (db/client.ts
 * does, for every checkout). Errors without a code (a pool already closed by this process) are ours,
 * not an outage, and stay unmarked.
 */
export function markConnectionError<E>(error: E): E {
  if (error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string') {
    Object.defineProperty(error, CONNECTING, { value: true });
  }
  return error;
}

/**
 * SQLSTATEs of "the database cannot take us now": the server starting, stopping or in recovery
 * (57P01-57P05), too many connections (53300), out of resources (53000, 53200), a database not
 * accepting connections (55000 from the connection start-up), and every connection exception (08).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53000', '53200', '53300']);
/** 55000 is also "an object in the wrong state" in ordinary statements; only the start-up's is an outage. */
const CONNECTION_ROUTINES = new Set(['CheckMyDatabase', 'InitPostgres', 'ProcessStartupPacket']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect|not currently accepting connections/i;

/** A lost, refused or not-yet-possible database connection: answered 503 with Retry-After, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of chain(error)) {
    if ((current as Record<symbol, unknown>)[CONNECTING]) return true;
    const { code, message, routine } = current;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code) || /^08/.test(code)) return true;
      if (code === '55000' && typeof routine === 'string' && CONNECTION_ROUTINES.has(routine)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/**
 * Class 22 (data exception: a value out of range, text the encoding refuses, a date that overflows):
 * the request carried a value the database cannot store. Schemas should stop these first; this is the
 * net under them, answered 400.
 */
export function isDataException(error: unknown): boolean {
  const database = databaseErrorOf(error);
  return database !== null && database.code.startsWith('22');
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The stack without its message lines (Drizzle's message holds the statement and its parameters). */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * The log form of an error (pino's `err`). A database error is logged by its SQLSTATE and where it
 * happened (table, constraint, column, routine) and never by its message, detail or statement: those
 * carry the parameters (a key hash, a RUT, a password hash). Other errors keep their message and code.
 */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const database = databaseErrorOf(error);
  if (database) {
    return {
      type: error.name,
      message: `error de la base de datos (SQLSTATE ${database.code})`,
      sqlstate: database.code,
      table: text(database.table),
      constraint: text(database.constraint),
      column: text(database.column),
      routine: text(database.routine),
      stack: framesOf(error.stack),
    };
  }
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: error.message.replace(/\nparams: [\s\S]*$/, ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: framesOf(error.stack),
    ...(cause instanceof Error && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}
