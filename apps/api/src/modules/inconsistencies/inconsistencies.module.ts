import { apiModule } from '../../lib/api-module';
import { createInconsistencyReads } from '../attendance/index';
import { registerInconsistencyRoutes } from './inconsistencies.routes';
import { createInconsistenciesService } from './inconsistencies.service';

/** The days the evaluation found that do not add up, their dismissals and corrections. */
export const inconsistenciesModule = apiModule('inconsistencies', ['attendance'], (app, { db, clock }) => {
  registerInconsistencyRoutes(app, createInconsistenciesService({ db, reads: createInconsistencyReads({ db, attendance: app.attendance }) }), clock);
});
