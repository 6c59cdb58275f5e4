import { apiModule } from '../../lib/api-module';
import { registerCorrectionJobs } from './corrections.jobs';
import { registerCorrectionRoutes } from './corrections.routes';
import { createCorrectionsService, type CorrectionsService } from './corrections.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Corrections of marks (modules/corrections); the bell counts the pending ones. */
    corrections: CorrectionsService;
  }
}

/** Corrections of marks (DT Res. Ex. 38): proposals, the worker's objection or acceptance, consolidation at 48 h. */
export const correctionsModule = apiModule('corrections', ['marks', 'groups', 'payroll-periods'], (app, { db, mailer, config, clock, log, jobs }) => {
  const corrections = createCorrectionsService({ db, marks: () => app.marks, log, onJobQueued: () => jobs.kick(), ledGroups: app.ledGroups, payrollPeriods: app.payrollPeriods });
  registerCorrectionJobs(jobs, { db, mailer, publicUrl: config.publicUrl, corrections, clock });
  registerCorrectionRoutes(app, corrections, clock);
  app.decorate('corrections', corrections);
});
