import type { JobQueue } from '../../lib/jobs';
import { ATTENDANCE_RECOMPUTE_JOB, type AttendanceService } from './attendance.service';

/**
 * The recompute job: the invalidation triggers queue one per company when they mark stored days
 * stale; it evaluates the stale weeks again (idempotent: nothing stale, nothing done).
 */
export function registerAttendanceJobs(queue: JobQueue, deps: { attendance: AttendanceService; clock: () => Date }): void {
  queue.handle(ATTENDANCE_RECOMPUTE_JOB, async (payload) => {
    const { companyId } = payload as { companyId: string };
    await deps.attendance.recomputeStale(companyId, deps.clock());
  });
}
