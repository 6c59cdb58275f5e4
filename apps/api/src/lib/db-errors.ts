/** PostgreSQL's unique_violation, as raised by pg or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint;
  }
  return false;
}
