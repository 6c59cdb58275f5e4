import type { DbOrTx } from '../../db/client';
import { apiModule } from '../../lib/api-module';
import { createPayrollAttendance } from './remunerations.attendance';
import { registerRemunerationRoutes } from './remunerations.routes';
import { createRemunerationsService } from './remunerations.service';

/** Pay variables of a month from the stored evaluation (every net overtime second, reviews and compliance problems beside it), month closing, payroll exports. */
export const remunerationsModule = apiModule('remunerations', ['attendance', 'inconsistencies', 'permissions', 'corrections', 'overtime', 'payroll-periods'], (app, { db, clock }) => {
  const payroll = createPayrollAttendance(app.attendanceReads);
  // What is still open in a month, counted by the module that owns it (asked before closing the month).
  const pending = {
    incompleteDays: (executor: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string) => payroll.incompleteDays(companyId, userIds, from, to, executor),
    openInconsistencies: app.inconsistencies.openInconsistencies,
    correctionsAwaitingWorker: app.corrections.correctionsAwaitingWorker,
    overtimeToReview: app.overtimeReads.overtimeToReview,
    pendingPermissionRequests: app.permissionReads.pendingPermissionRequests,
  };
  registerRemunerationRoutes(app, createRemunerationsService({ db, attendance: app.attendance, payroll, approvedOvertime: app.overtimeReads.approvedOvertime, overtimeCompliance: app.overtimeReads.overtimeCompliance, pending, permissions: app.permissionReads, payrollPeriods: app.payrollPeriods }), clock);
});
