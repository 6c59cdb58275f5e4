/**
 * A selection of workers and days of the stored evaluation, and its sums (what the management reports
 * read: asistencia, atrasos, ausencias, horas extra, dotación, and the workers of permisos asignados): who the caller may see, the selection's filters checked against the
 * company and the scope, the stored days brought up to date with `ensureFresh`, then SQL aggregates of
 * `attendance_days` (a page of rows, the totals of the whole selection, chart series) and the stored
 * days behind a page's rows. Nothing here evaluates a day: the engine's stored results are the figures.
 */
import type { Perfil } from '@jornada/contracts';
import type { SummedTotalKey } from '@jornada/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/access';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import * as repo from './attendance.repository';
import type { AttendanceService } from './attendance.service';

export type {
  HeadcountRow,
  HeadcountSortKey,
  ReportBucket,
  ReportDay,
  ReportDayKind,
  ReportDays,
  ReportSort,
  ReportWorker,
  WorkerFilter as ReportWorkerFilter,
} from './attendance.selection-types';

const REPORT_SELECTION_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  shiftNotFound: 'El turno no existe.',
} as const;

/** The filters of a report's selection, as the query gives them. */
export interface ReportSelectionInput {
  desde: string;
  hasta: string;
  usuarioId?: string | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
  cargo?: string | undefined;
  turnoId?: string | undefined;
}

/** A selection checked against the company and the caller's scope. */
export interface ReportSelection {
  companyId: string;
  filter: repo.WorkerFilter;
  days: repo.ReportDays;
  /** Labels of the filters in use, for headings. */
  labels: [string, string][];
}

export function createAttendanceReports({ db, attendance }: { db: Db; attendance: AttendanceService }) {
  /** Everyone (administrador), the workers of the groups they lead (supervisor), themselves (trabajador). */
  const scopeOf = (session: RequestSession, perfiles: readonly Perfil[]): Promise<repo.WorkerFilter> => attendance.scopeWithin(session, perfiles);

  return {
    /**
     * Checks the selection's ids (another company's, or outside the caller's scope: 404) and builds the
     * worker filter: workers whose contract touches the period. `closedTo` is the last day added up.
     */
    async select(session: RequestSession, perfiles: readonly Perfil[], input: ReportSelectionInput, closedTo: string): Promise<ReportSelection> {
      const companyId = session.companyId;
      const scope = await scopeOf(session, perfiles);
      const { usuarioId, grupoId, sedeId, turnoId } = input;
      if (usuarioId !== undefined) {
        const inScope = isUuid(usuarioId) && (scope.userId === undefined || scope.userId === usuarioId);
        if (!inScope || (await repo.listWorkers(db, companyId, { ...scope, userId: usuarioId })).length === 0) throw notFound(REPORT_SELECTION_MESSAGES.workerNotFound);
      }
      if (grupoId !== undefined) {
        const visible = isUuid(grupoId) && (await repo.groupExists(db, companyId, grupoId)) && (scope.scopeGroupIds === undefined || scope.scopeGroupIds.includes(grupoId));
        if (!visible) throw notFound(REPORT_SELECTION_MESSAGES.groupNotFound);
      }
      if (sedeId !== undefined && !(isUuid(sedeId) && (await repo.siteExists(db, companyId, sedeId)))) throw notFound(REPORT_SELECTION_MESSAGES.siteNotFound);
      if (turnoId !== undefined && !(isUuid(turnoId) && (await repo.shiftExists(db, companyId, turnoId)))) throw notFound(REPORT_SELECTION_MESSAGES.shiftNotFound);
      const filter: repo.WorkerFilter = {
        ...scope,
        ...(usuarioId !== undefined ? { userId: usuarioId } : {}),
        grupoId,
        sedeId,
        cargo: input.cargo || undefined,
        activeFrom: input.desde,
        activeTo: input.hasta,
      };
      const names = await repo.reportFilterNames(db, companyId, { userId: usuarioId, groupId: grupoId, siteId: sedeId, shiftId: turnoId });
      const labels: [string, string][] = [];
      if (names.trabajador) labels.push(['Trabajador', names.trabajador]);
      if (names.grupo) labels.push(['Grupo', names.grupo]);
      if (names.sede) labels.push(['Sede', names.sede]);
      if (input.cargo) labels.push(['Cargo', input.cargo]);
      if (names.turno) labels.push(['Turno', names.turno]);
      return { companyId, filter, days: { from: input.desde, to: closedTo, shiftId: turnoId }, labels };
    },

    /** Brings every stored day of the selection up to date (one count when the recompute job already has). */
    async refresh(selection: ReportSelection, now: Date): Promise<void> {
      if (selection.days.to < selection.days.from) return;
      if (repo.rollupServes(selection.filter, selection.days)) {
        await attendance.ensureFreshFilter(selection.companyId, selection.filter, selection.days.from, selection.days.to, now);
        return;
      }
      const ids = await repo.reportWorkerIds(db, selection.companyId, selection.filter, selection.days);
      await attendance.ensureFresh(selection.companyId, ids, selection.days.from, selection.days.to, now);
    },

    /** A page of workers with their sums; `keys` narrows the sums added up to the report's columns (the others read 0). */
    workerPage(selection: ReportSelection, kind: repo.ReportDayKind, sort: repo.ReportSort, paging: { limit: number; offset: number } | null, keys?: readonly SummedTotalKey[]) {
      // Every worker in name order, for the whole company: a page of workers, the count and the rollups' totals.
      if (kind === 'todos' && sort.key === 'trabajador' && repo.rollupServes(selection.filter, selection.days) && selection.days.from <= selection.days.to) {
        return repo.rollupWorkerPage(db, selection.companyId, selection.filter, selection.days, sort.direction, paging, keys);
      }
      return repo.reportWorkerPage(db, selection.companyId, selection.filter, selection.days, kind, sort, paging, keys);
    },

    daysOf(selection: ReportSelection, userIds: readonly string[], kind: repo.ReportDayKind) {
      return repo.reportDaysOf(db, selection.companyId, userIds, selection.days, kind);
    },

    /** Sums per period bucket; `keys` narrows them to the chart's series (the others read 0). */
    series(selection: ReportSelection, bucket: repo.ReportBucket, keys?: readonly SummedTotalKey[]) {
      if (repo.rollupServes(selection.filter, selection.days)) return repo.rollupSeries(db, selection.companyId, selection.filter, selection.days, bucket, keys);
      return repo.reportSeries(db, selection.companyId, selection.filter, selection.days, bucket, keys);
    },

    /** Sums per group of the worker; `keys` narrows them (the others read 0). */
    sumsByGroup(selection: ReportSelection, keys?: readonly SummedTotalKey[]) {
      return repo.reportSumsByGroup(db, selection.companyId, selection.filter, selection.days, keys);
    },

    /** Headcount rows; `keys` narrows the sums added up to the report's columns (the others read 0). */
    headcount(
      selection: ReportSelection,
      sort: { key: repo.HeadcountSortKey; direction: 'asc' | 'desc' },
      paging: { limit: number; offset: number } | null,
      keys?: readonly SummedTotalKey[],
    ) {
      return repo.reportHeadcount(db, selection.companyId, selection.filter, selection.days, sort, paging, keys);
    },

    /** Ids of the selection's workers (whose permissions the permisos report reads). */
    workerIds(selection: ReportSelection) {
      return repo.reportWorkerIds(db, selection.companyId, selection.filter, { ...selection.days, to: selection.filter.activeTo ?? selection.days.to });
    },

    workersByIds(selection: ReportSelection, ids: readonly string[]) {
      return repo.reportWorkersByIds(db, selection.companyId, ids);
    },

    /** Groups, sites, cargos and shifts within the caller's scope. */
    async options(session: RequestSession, perfiles: readonly Perfil[]) {
      const scope = await scopeOf(session, perfiles);
      return repo.reportOptions(db, session.companyId, scope);
    },
  };
}

export type AttendanceReports = ReturnType<typeof createAttendanceReports>;
