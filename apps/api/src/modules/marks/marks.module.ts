import { apiModule } from '../../lib/api-module';
import { registerMarkRoutes } from './marks.routes';
import { createMarksReadService } from './marks.read';
import { createMarksService, RECEIPT_JOB, type MarksService } from './marks.service';
import { registerReceiptJobs } from './receipt-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records marks and attempts (web marking, kiosk, fingerprint, clock devices): see marks.service.ts. */
    marks: MarksService;
  }
}

/** Marks: their hash chain, receipts by e-mail, and the reads of one's marks. */
export const marksModule = apiModule('marks', ['planning', 'groups', 'holidays', 'permissions'], (app, { db, config, clock, mailer, metrics, jobs }) => {
  registerReceiptJobs(jobs, { db, mailer, publicUrl: config.publicUrl });
  metrics.trackJobQueue(RECEIPT_JOB, () => jobs.depth(RECEIPT_JOB));
  const marks = createMarksService({ db, publicUrl: config.publicUrl, metrics, onJobQueued: () => jobs.kick() });
  registerMarkRoutes(app, marks, createMarksReadService({ db, publicUrl: config.publicUrl, plan: app.plan, planning: app.planning, ledGroups: app.ledGroups, holidays: app.companyHolidays, permissions: app.permissionReads }), clock);
  app.decorate('marks', marks);
});
