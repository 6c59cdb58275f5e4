import { apiModule } from '../../lib/api-module';
import { incompleteDays } from '../attendance/index';
import { correctionsAwaitingWorker } from '../corrections/index';
import { approvedOvertime, overtimeCompliance, overtimeToReview } from '../overtime/index';
import { pendingPermissionRequests } from '../permissions/index';
import { registerRemunerationRoutes } from './remunerations.routes';
import { createRemunerationsService } from './remunerations.service';

/** Pay variables of a month from the stored evaluation (every net overtime second, reviews and compliance problems beside it), month closing, payroll exports. */
export const remunerationsModule = apiModule('remunerations', ['attendance', 'inconsistencies'], (app, { db, clock }) => {
  // What is still open in a month, counted by the module that owns it (asked before closing the month).
  const pending = {
    incompleteDays,
    openInconsistencies: app.inconsistencies.openInconsistencies,
    correctionsAwaitingWorker,
    overtimeToReview,
    pendingPermissionRequests,
  };
  registerRemunerationRoutes(app, createRemunerationsService({ db, attendance: app.attendance, approvedOvertime, overtimeCompliance, pending }), clock);
});
