import { apiModule } from '../../lib/api-module';
import { registerInconsistencyRoutes } from './inconsistencies.routes';
import { createInconsistenciesService, type InconsistenciesService } from './inconsistencies.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Inconsistencies and their dismissals (modules/inconsistencies); payroll counts the open ones before a close. */
    inconsistencies: InconsistenciesService;
  }
}

/** The days the evaluation found that do not add up, their dismissals and corrections. */
export const inconsistenciesModule = apiModule('inconsistencies', ['attendance'], (app, { db, clock }) => {
  const inconsistencies = createInconsistenciesService({ db, reads: app.attendanceReads.inconsistencies });
  registerInconsistencyRoutes(app, inconsistencies, clock);
  app.decorate('inconsistencies', inconsistencies);
});
