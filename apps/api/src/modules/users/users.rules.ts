import { weeklyHoursLimit } from '@jornada/domain';

/**
 * The legal weekly limit that binds a contract: the one in force when it started and, while it is
 * current, also today's (Ley 21.561 lowers it by date: 45, 44, 42, 40).
 */
export function weeklyHoursCap(inicio: string, fin: string | null, today: string): number {
  const atStart = weeklyHoursLimit(inicio);
  const current = fin === null || fin >= today;
  return current ? Math.min(atStart, weeklyHoursLimit(today)) : atStart;
}

/** The Spanish message when the agreed hours exceed the cap, or null. */
export function weeklyHoursProblem(horas: number, inicio: string, fin: string | null, today: string): string | null {
  const cap = weeklyHoursCap(inicio, fin, today);
  return horas > cap ? `Las horas semanales no pueden superar el máximo legal de ${cap} horas para este contrato (Ley 21.561).` : null;
}
