import { sql, type SQL } from 'drizzle-orm';
import { groups } from './schema/groups';

/**
 * The id of the exceptional schedule (DT resolution, art. 38 inc. final) in force for the worker row `user`
 * (an alias, or `users` itself): their own, else their group's; null under the ordinary limits. The one
 * place that rule is written: the engines (evaluation, plan alerts, alerts, receipts, report b)), the
 * user's page and the resolutions' counts all read it through here, so they agree.
 */
export function scheduleInForceId(user: string): SQL {
  const u = sql.identifier(user);
  return sql`coalesce(${u}.jornada_excepcional_id, (select g_je.jornada_excepcional_id from ${groups} g_je
    where g_je.company_id = ${u}.company_id and g_je.id = ${u}.group_id))`;
}
