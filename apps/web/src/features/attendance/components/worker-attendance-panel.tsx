import { WorkerMonth } from './worker-month';

/**
 * The «Asistencia» tab of a person's record: their month day by day (status, plan, marks, lateness,
 * overtime and the totals), with the month and the day in the address (`?mes=&dia=`) as on the
 * attendance page. The record's header already says who: no person line here.
 */
export function WorkerAttendancePanel({ workerId }: { workerId: string }) {
  return <WorkerMonth usuarioId={workerId} showPerson={false} />;
}
