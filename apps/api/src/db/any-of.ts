import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1)`, the list travelling as one array parameter, where Drizzle's `inArray` writes
 * `in ($1, …, $n)`: building the SQL of thousands of parameters holds the event loop (2,000 ids took
 * 60–400 ms, and PGlite plans such a query as slowly), and PostgreSQL takes at most 65,535 parameters.
 * An empty list matches nothing.
 */
export function anyOf(column: Column, values: readonly string[], type: 'uuid' | 'text'): SQL {
  return values.length > 0 ? sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])` : sql`false`;
}
