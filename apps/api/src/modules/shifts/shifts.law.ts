/**
 * The law on a shift template as the shift screens and the shifts upload apply it: the domain's
 * warnings (`shiftLegalWarnings`) by today's law, and the rule on what they block.
 */
import type { AdvertenciaTurno } from '@jornada/contracts';
import { shiftLegalWarnings } from '@jornada/domain';
import { localDate } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { templateOf, type ShiftRow } from './shifts.model';

type LawTiming = Pick<ShiftRow, 'startTime' | 'endTime' | 'breakKind' | 'breakStart' | 'breakEnd' | 'breakMinutes' | 'lateToleranceMin' | 'earlyToleranceMin' | 'daysPerWeek'>;

/** The rules of the law a shift breaks at its days per week, by the law in force today (Chilean date). */
export function shiftAdvertencias(timing: LawTiming, now: Date): AdvertenciaTurno[] {
  return shiftLegalWarnings(templateOf(timing), { date: localDate(now), daysPerWeek: timing.daysPerWeek }).map((w) => ({ codigo: w.code, mensaje: w.message }));
}

/**
 * Whether a change touches what the law judges of a shift (times, colación, days per week): only such a
 * change asks again, so renaming an older shift or changing its tolerances is never refused.
 */
export function lawJudgedChange(current: LawTiming, next: LawTiming): boolean {
  return (
    current.startTime !== next.startTime ||
    current.endTime !== next.endTime ||
    current.breakKind !== next.breakKind ||
    (current.breakStart ?? null) !== (next.breakStart ?? null) ||
    (current.breakEnd ?? null) !== (next.breakEnd ?? null) ||
    (current.breakMinutes ?? null) !== (next.breakMinutes ?? null) ||
    current.daysPerWeek !== next.daysPerWeek
  );
}

/**
 * Whether a shift with these warnings may be saved. The law allows more than 10 ordinary hours, another
 * colación or a longer week only under an exceptional system authorised by the Dirección del Trabajo
 * (art. 38 inc. final), or for workers the template cannot see (art. 22 inc. 2, part-time contracts,
 * continuous processes): a company with a resolución saves them as it always did; any other must say it
 * knows (`confirmarAdvertencias`), so nobody creates such a shift without being told.
 */
export function mayBreakTheLaw(advertencias: readonly unknown[], exceptionalSystem: boolean, confirmed: boolean): boolean {
  return advertencias.length === 0 || exceptionalSystem || confirmed;
}

/** The request field a refusal's message lands on: the form's «Entiendo…» checkbox. */
const SHIFT_LAW_FIELD = 'confirmarAdvertencias';

/** Spanish sentence of a refusal: every rule broken, and how to save the shift anyway. */
function lawRefusalMessage(advertencias: readonly AdvertenciaTurno[]): string {
  return `El turno no cumple la ley: ${advertencias.map((a) => a.mensaje).join(' ')} Para guardarlo igual, confirma que conoces estas advertencias.`;
}

/** 400 `TURNO_FUERA_DE_LA_LEY`: the rules broken in the message, and on `fields.confirmarAdvertencias` for the form's checkbox. */
export function lawRefusal(advertencias: readonly AdvertenciaTurno[]): AppError {
  const message = lawRefusalMessage(advertencias);
  return new AppError('TURNO_FUERA_DE_LA_LEY', message, { [SHIFT_LAW_FIELD]: message });
}
