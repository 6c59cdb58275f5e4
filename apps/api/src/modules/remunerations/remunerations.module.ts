import { overtimeRestForMonth, overtimeRestLedger } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { apiModule } from '../../lib/api-module';
import { localDate } from '../../lib/clock';
import { createPayrollAttendance } from './remunerations.attendance';
import { registerRemunerationRoutes } from './remunerations.routes';
import { createRemunerationsService, PAY_CALCULATION_JOB, type OvertimeRestReader } from './remunerations.service';

/** Pay variables of a month from the stored evaluation (every net overtime second, reviews and compliance problems beside it), month closing, payroll exports. */
export const remunerationsModule = apiModule('remunerations', ['attendance', 'inconsistencies', 'permissions', 'corrections', 'overtime', 'payroll-periods'], (app, { db, clock, jobs, payInlineWorkers }) => {
  const payroll = createPayrollAttendance(app.attendanceReads);
  // What is still open in a month, counted by the module that owns it (asked before closing the month).
  const pending = {
    incompleteDays: (executor: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string) => payroll.incompleteDays(companyId, userIds, from, to, executor),
    openInconsistencies: app.inconsistencies.openInconsistencies,
    correctionsAwaitingWorker: app.corrections.correctionsAwaitingWorker,
    overtimeToReview: app.overtimeReads.overtimeToReview,
    pendingPermissionRequests: app.permissionReads.pendingPermissionRequests,
  };
  // Overtime compensated with vacation days (art. 32 inc. 4): the overtime module's stored days and pacts, the
  // permissions module's days taken, the domain's ledger.
  const overtimeRest: OvertimeRestReader = async (companyId, userIds, month, to, now, { executor, fresh }) => {
    const sources = await app.overtimeReads.restInputs(companyId, userIds, now, to, { executor, fresh });
    const out = new Map<string, { compensatedSeconds: number; payoutSeconds: number }>();
    if (sources.size === 0) return out;
    const uses = await app.permissionReads.overtimeRestUses(executor, companyId, sources);
    for (const [id, source] of sources) out.set(id, overtimeRestForMonth(overtimeRestLedger({ ...source, uses: uses.get(id) ?? [], today: localDate(now) }), month));
    return out;
  };
  const service = createRemunerationsService({
    db,
    attendance: app.attendance,
    payroll,
    approvedOvertime: app.overtimeReads.approvedOvertime,
    overtimeCompliance: app.overtimeReads.overtimeCompliance,
    pending,
    permissions: app.permissionReads,
    payrollPeriods: app.payrollPeriods,
    overtimeRest,
    kickJobs: () => jobs.kick(),
    ...(payInlineWorkers === undefined ? {} : { payInlineWorkers }),
  });
  // A page read that would compute too many workers' pay queues it; the pages follow its progress as they follow a first evaluation.
  jobs.handle(PAY_CALCULATION_JOB, (payload, _job, context) => service.calculatePay(payload, clock(), context.report));
  app.attendance.calculations.followKind(PAY_CALCULATION_JOB);
  registerRemunerationRoutes(app, service, clock);
});
