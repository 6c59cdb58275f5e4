/** What the overtime use cases share: the session's scope, the company's review threshold, the workers and filters it may use, and the period of a list. */
import { HORAS_EXTRA_MAX_DIAS, UMBRAL_REVISION_MINUTOS_OMISION } from '@jornada/contracts';
import { diffDays } from '@jornada/domain';
import type { Db } from '../../db/client';
import { fieldError, notFound, requireId } from '../../lib/access';
import { approvalScope, decidesFor, type ApprovalScope } from '../../lib/approvals';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import type { AttendanceReads, AttendanceService } from '../attendance/index';
import type { LedGroupsPort } from '../groups/index';
import type { PayrollPeriodsPort } from '../payroll-periods/index';
import type { PlanReader } from '../planning/index';
import * as repo from './overtime.repository';
import { monthOf, OVERTIME_MESSAGES } from './overtime.rules';

export interface OvertimeDeps {
  db: Db;
  attendance: Pick<AttendanceService, 'ensureFresh'>;
  /** A supervisor's groups (modules/groups' `app.ledGroups`). */
  ledGroups: LedGroupsPort;
  /** The check of closed payroll months (modules/payroll-periods' `app.payrollPeriods`). */
  payrollPeriods: PayrollPeriodsPort;
  /** The overtime the evaluation found (modules/attendance's `app.attendanceReads.days.withOvertime`). */
  foundOvertime: AttendanceReads['days']['withOvertime'];
  /** Commerce's declared December extension days (modules/planning's `app.plan.decemberExtensions`, art. 24). */
  decemberExtensions: PlanReader['decemberExtensions'];
}

export type Scope = ApprovalScope;

export function createOvertimeContext({ db, attendance, ledGroups, payrollPeriods, foundOvertime, decemberExtensions }: OvertimeDeps) {

  /** What the session manages: administrador everyone, supervisor the members of the groups they lead. */
  const scopeOf = (session: RequestSession): Promise<Scope> => approvalScope(session, () => ledGroups.ledGroupIds(session.companyId, session.userId));

  /** The company's review threshold in seconds (the default when it never set one). */
  async function thresholdOf(companyId: string): Promise<number> {
    return (await repo.reviewSettings(db, companyId))?.reviewThresholdSeconds ?? UMBRAL_REVISION_MINUTOS_OMISION * 60;
  }

  const manages = decidesFor;
  const filterOf = (scope: Scope): repo.WorkerFilter => (scope.all ? {} : { scopeGroupIds: scope.groupIds });

  /** A worker the session manages; anyone else (another group's, another company's, a bad id) is a 404. */
  async function managedWorker(session: RequestSession, scope: Scope, userId: string): Promise<repo.WorkerRow> {
    requireId(userId, OVERTIME_MESSAGES.workerNotFound);
    const worker = await repo.findWorker(db, session.companyId, userId);
    if (!worker || worker.perfil === 'fiscalizador' || !manages(scope, worker.groupId)) throw notFound(OVERTIME_MESSAGES.workerNotFound);
    return worker;
  }

  /** A list filter's worker, group and site must exist within the caller's scope: 404 otherwise. */
  async function checkFilters(session: RequestSession, scope: Scope, q: { usuarioId?: string | undefined; grupoId?: string | undefined; sedeId?: string | undefined }) {
    if (q.usuarioId !== undefined) await managedWorker(session, scope, q.usuarioId);
    if (q.grupoId !== undefined) {
      const visible = isUuid(q.grupoId) && (await repo.groupExists(db, session.companyId, q.grupoId)) && (scope.all || scope.groupIds.includes(q.grupoId));
      if (!visible) throw notFound(OVERTIME_MESSAGES.groupNotFound);
    }
    if (q.sedeId !== undefined && !(isUuid(q.sedeId) && (await repo.siteExists(db, session.companyId, q.sedeId)))) throw notFound(OVERTIME_MESSAGES.siteNotFound);
  }

  function period(q: { desde?: string | undefined; hasta?: string | undefined }, today: string): { desde: string; hasta: string } {
    const month = monthOf(today);
    const desde = q.desde ?? (q.hasta ? monthOf(q.hasta).from : month.from);
    const hasta = q.hasta ?? (q.desde ? monthOf(q.desde).to : month.to);
    if (hasta < desde) throw fieldError('hasta', OVERTIME_MESSAGES.range);
    if (diffDays(desde, hasta) + 1 > HORAS_EXTRA_MAX_DIAS) throw fieldError('hasta', OVERTIME_MESSAGES.tooLong);
    return { desde, hasta };
  }

  return { db, attendance, payrollPeriods, foundOvertime, decemberExtensions, scopeOf, thresholdOf, manages, filterOf, managedWorker, checkFilters, period };
}

export type OvertimeContext = ReturnType<typeof createOvertimeContext>;
