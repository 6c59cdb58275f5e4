import type { JobQueue } from '../../lib/jobs';
import { ATTENDANCE_CALCULATION_JOB } from './attendance.calculations';
import { ATTENDANCE_RECOMPUTE_JOB, type AttendanceService } from './attendance.service';

/**
 * The recompute job: the invalidation triggers queue one per company when they mark stored days
 * stale; it evaluates the stale weeks again (idempotent: nothing stale, nothing done).
 * The calculation job: a period's first evaluation queued by a page read (attendance.calculations.ts),
 * in batches, with its progress reported where the page reads it.
 */
export function registerAttendanceJobs(queue: JobQueue, deps: { attendance: AttendanceService; clock: () => Date }): void {
  queue.handle(ATTENDANCE_RECOMPUTE_JOB, async (payload) => {
    const { companyId } = payload as { companyId: string };
    await deps.attendance.recomputeStale(companyId, deps.clock());
  });
  queue.handle(ATTENDANCE_CALCULATION_JOB, (payload, _job, context) => deps.attendance.calculations.run(payload, deps.clock, context.report));
}
