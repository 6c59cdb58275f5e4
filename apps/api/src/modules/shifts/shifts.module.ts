import { apiModule } from '../../lib/api-module';
import { registerShiftRoutes } from './shifts.routes';
import { createShiftsService } from './shifts.service';

/** Shifts and their versions; an edited shift moves the future plan days that use it. */
export const shiftsModule = apiModule('shifts', ['planning'], (app, { db, clock }) => {
  registerShiftRoutes(app, createShiftsService(db, { retimeFuturePlanning: app.retimeFuturePlanning }), clock);
});
