/**
 * The overtime service: pacts and the review of found overtime are use-case families of their own files
 * (overtime.pacts.ts, overtime.review.ts), put together here; the reads other modules take (given at
 * assembly as `app.overtimeReads`, overtime.port.ts) are in overtime.reads.ts.
 */
import { createOvertimeContext, type OvertimeDeps } from './overtime.context';
import { createOvertimePactUseCases } from './overtime.pacts';
import { createOvertimeReviewUseCases } from './overtime.review';

export type { OvertimeDeps } from './overtime.context';

export function createOvertimeService(deps: OvertimeDeps) {
  const ctx = createOvertimeContext(deps);
  return {
    ...createOvertimePactUseCases(ctx),
    ...createOvertimeReviewUseCases(ctx),
  };
}

export type OvertimeService = ReturnType<typeof createOvertimeService>;
