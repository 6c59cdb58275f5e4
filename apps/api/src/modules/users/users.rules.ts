import { PRINCIPAL_OWN_FIELDS } from '@jornada/contracts';
import { weeklyHoursLimit } from '@jornada/domain';
import type { NewUser, UserRow } from './users.repository';

/**
 * The legal weekly limit that binds a contract: the one in force when it started and, while it is
 * current, also today's (Ley 21.561 lowers it by date: 45, 44, 42, 40).
 */
function weeklyHoursCap(inicio: string, fin: string | null, today: string): number {
  const atStart = weeklyHoursLimit(inicio);
  const current = fin === null || fin >= today;
  return current ? Math.min(atStart, weeklyHoursLimit(today)) : atStart;
}

/** The Spanish message when the agreed hours exceed the cap, or null. */
export function weeklyHoursProblem(horas: number, inicio: string, fin: string | null, today: string): string | null {
  const cap = weeklyHoursCap(inicio, fin, today);
  return horas > cap ? `Las horas semanales no pueden superar el máximo legal de ${cap} horas para este contrato (Ley 21.561).` : null;
}

/** Refusal when another administrator touches what only the principal administrator changes of their own. */
export const PRINCIPAL_OWN_DATA = 'Solo el administrador principal puede cambiar sus propios datos de identidad, contrato y correo.';

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && [...a].sort().join() === [...b].sort().join() : a === b;

/** The principal-only fields that `changes` really changes (resending the current value is no change). */
export function principalOwnChanges(current: UserRow, changes: Partial<NewUser>): (typeof PRINCIPAL_OWN_FIELDS)[number][] {
  return PRINCIPAL_OWN_FIELDS.filter((key) => columnsOf(key).some((c) => changes[c] !== undefined && !sameValue(changes[c], current[c])));
}

/** The columns a principal-only field is stored in: its own, or the averaged-distribution pact's three. */
function columnsOf(field: (typeof PRINCIPAL_OWN_FIELDS)[number]): (keyof NewUser & keyof UserRow)[] {
  return field === 'jornadaPromedio' ? ['jornadaPromedioSemanas', 'jornadaPromedioDesde', 'jornadaPromedioHasta'] : [field];
}

/**
 * Whether `changes` removes access the user's open sessions still carry: a new perfil, or a contract
 * that now ends today or earlier. Their sessions are then revoked in the same transaction.
 */
export function removesAccess(current: UserRow, changes: Partial<NewUser>, today: string): boolean {
  if (changes.perfil !== undefined && changes.perfil !== current.perfil) return true;
  const fin = changes.finContrato;
  return fin !== undefined && fin !== null && fin !== current.finContrato && fin <= today;
}
