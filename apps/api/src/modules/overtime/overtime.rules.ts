/** The overtime module's pure rules: messages, date and duration formats, a pact's state, and a reviewed day's state and alerts. */
import { ALERTAS_CUMPLIMIENTO_HORAS_EXTRA, HORAS_EXTRA_FILTRO_MAX, HORAS_EXTRA_MAX_DIAS, type AlertaHorasExtra, type EstadoHorasExtra, type EstadoPacto, type RevisionHorasExtra } from '@jornada/contracts';
import { addDays, overtimeReviewFlags, type ExtensionCover, type OvertimeReviewProblem } from '@jornada/domain';
import type { z } from 'zod';
import type { FoundOvertimeDay } from '../attendance/index';
import type * as repo from './overtime.repository';

export type Input<S extends z.ZodType> = z.output<S>;

export const OVERTIME_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  pactNotFound: 'El pacto de horas extra no existe.',
  documentNotFound: 'El pacto no tiene un documento adjunto.',
  ownPact: 'No puedes registrar ni modificar tu propio pacto de horas extra.',
  ownOvertime: 'No puedes confirmar ni disputar tus propias horas extra.',
  nothingFound: 'Ese día no tiene horas extra que revisar.',
  onPaidPermission: 'Ese día tiene un permiso con goce aprobado: lo trabajado no se confirma como horas extra. Anula o acorta el permiso, o corrige las marcas.',
  tooManyInFilter: `Hay más de ${HORAS_EXTRA_FILTRO_MAX.toLocaleString('es-CL')} días pendientes en el filtro: acótalo por periodo, grupo o sede.`,
  range: 'La fecha de inicio no puede ser posterior a la de término.',
  tooLong: `El periodo no puede superar ${HORAS_EXTRA_MAX_DIAS} días.`,
  badDate: 'La fecha no es válida.',
  beforeContract: (inicioContrato: string) =>
    `El pacto de horas extra no puede comenzar antes del inicio del contrato (${inicioContrato.slice(8, 10)}-${inicioContrato.slice(5, 7)}-${inicioContrato.slice(0, 4)}).`,
} as const;

/** `aaaa-mm-dd` as the UI shows it: dd-mm-aaaa. */
export const chileanDate = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** Seconds as `h:mm:ss`. */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The first and last days of a date's month. */
export function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 8)}01`;
  const next = addDays(`${date.slice(0, 8)}28`, 4);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
}

export function pactState(pact: { desde: string; hasta: string }, today: string): EstadoPacto {
  if (pact.desde > today) return 'futuro';
  return pact.hasta < today ? 'vencido' : 'vigente';
}

export const REVIEW_PROBLEMS: Record<OvertimeReviewProblem, string> = {
  nothing_found: OVERTIME_MESSAGES.nothingFound,
  not_positive: 'Confirma al menos 1 segundo, o disputa las horas extra.',
  over_found: 'No puedes confirmar más de las horas extra encontradas ese día.',
  on_paid_permission: OVERTIME_MESSAGES.onPaidPermission,
};

export const COMPLIANCE = new Set<AlertaHorasExtra>(ALERTAS_CUMPLIMIENTO_HORAS_EXTRA);

/** A worker-day's overtime and what was decided on it, before presentation. */
export interface DayView {
  worker: repo.WorkerRow;
  fecha: string;
  found: FoundOvertimeDay | undefined;
  approval: repo.ApprovalRow | undefined;
  pact: repo.PactRow | null;
  /** What commerce's December extension explains of the day's overtime (art. 24), when its week has declared days. */
  extension?: ExtensionCover | undefined;
}

export function dayState(view: DayView): EstadoHorasExtra {
  return view.approval?.estado ?? 'pendiente';
}

/** The day's review alerts (packages/domain `overtimeReviewFlags`) and `cambio` when the figure moved after its review. */
export function alertsOf(view: DayView, thresholdSeconds: number): AlertaHorasExtra[] {
  const found = view.found?.overtimeSeconds ?? 0;
  const alerts: AlertaHorasExtra[] = overtimeReviewFlags({
    foundSeconds: found,
    pactMaxSecondsPerDay: view.pact?.maxSecondsPerDay ?? null,
    restDay: view.found?.restDay ?? false,
    thresholdSeconds,
    onPaidPermission: Boolean(view.found?.paidPermission),
    extension: view.extension,
  });
  if (view.approval && view.approval.foundSeconds !== found) alerts.push('cambio');
  return alerts;
}

/** Whether a day matches the review's `revision`: `excepciones` keeps the days with an alert. */
export const matchesRevision = (alerts: readonly AlertaHorasExtra[], revision: RevisionHorasExtra | undefined) => revision !== 'excepciones' || alerts.length > 0;
