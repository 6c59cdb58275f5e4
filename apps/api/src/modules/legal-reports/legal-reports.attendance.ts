/**
 * What the DT's legal reports and the daily e-mail (e: the day's marks) read of attendance: a page of
 * the workers a report covers, and their stored days (`app.attendanceReads`), brought up to date first
 * with `ensureFresh`; a day whose shift has not ended with nothing marked yet is pending, not an absence,
 * by the board's own reading (`boardStatus`). Nothing here evaluates a day another way. Access (perfil,
 * company) is checked by the caller; every read is scoped to the company given.
 */
import { boardStatus, type AttendanceReads, type AttendanceService, type AttendanceWorker, type AttendanceWorkerFilter, type StoredDay, type StoredWeek } from '../attendance/index';

export type LegalWorker = AttendanceWorker;
export type LegalWorkerFilter = AttendanceWorkerFilter;

/** A worker's stored day as the legal reports read it. */
export interface LegalDay {
  fecha: string;
  status: StoredDay['estadoDia'];
  day: StoredDay;
  /** The week's settlement, on the week's Sunday. */
  week: StoredWeek | null;
  /** The shift has not ended and nothing is marked yet: not an absence (yet). */
  pending: boolean;
}

export function createLegalAttendance({ reads, attendance }: { reads: AttendanceReads; attendance: Pick<AttendanceService, 'ensureFresh'> }) {
  return {
    /** A page of the workers a legal report covers (active at some point of the range), and the total. */
    workers(companyId: string, filter: LegalWorkerFilter, paging: { limit: number; offset: number } | null) {
      return reads.workers(companyId, filter, paging);
    },

    /** Each worker's stored days over `from`..`to`, evaluated first when missing or stale. */
    async days(companyId: string, userIds: readonly string[], from: string, to: string, now: Date): Promise<Map<string, LegalDay[]>> {
      const out = new Map<string, LegalDay[]>();
      if (userIds.length === 0 || to < from) return out;
      await attendance.ensureFresh(companyId, userIds, from, to, now);
      for (const r of await reads.days.whole(companyId, userIds, from, to)) {
        const shiftEnd = r.result.turno && r.result.segundos.planificado > 0 ? new Date(r.result.turno.finInstante) : null;
        const firstEntry = r.result.primeraEntrada ? new Date(r.result.primeraEntrada) : null;
        const codes = r.result.inconsistencias.map((i) => i.codigo);
        const { estado } = boardStatus({ status: r.status, lateSeconds: r.result.segundos.atraso, shiftEnd, firstEntry, codes }, now);
        let list = out.get(r.userId);
        if (!list) out.set(r.userId, (list = []));
        list.push({ fecha: r.fecha, status: r.status, day: r.result, week: r.week, pending: estado === 'sin_marcar' });
      }
      return out;
    },
  };
}

export type LegalAttendance = ReturnType<typeof createLegalAttendance>;
