import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column written with its table (`"sites"."id"`). In the select list of a query on one table,
 * Drizzle writes a column bare, and a bare name inside a correlated subquery binds to the subquery's
 * own table (`users.company_id = company_id` is always true): an outer column that a subquery in a
 * select list refers to goes through this.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
