import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { findMark, loadWorkerContext } from './marks.repository';
import { RECEIPT_JOB, receiptSource } from './marks.service';
import { buildComprobante, receiptEmail } from './receipt';

/**
 * The receipt e-mail of each mark, to the worker's personal address (the work one when absent), sent
 * from the system sender (the mailer's `MAIL_FROM`). A failure throws, so the queue retries it.
 */
export function registerReceiptJobs(queue: JobQueue, deps: { db: Db; mailer: Mailer; publicUrl: string }): void {
  queue.handle(RECEIPT_JOB, async (payload) => {
    const { companyId, markId } = payload as { companyId: string; markId: string };
    const mark = await findMark(deps.db, companyId, markId);
    // A mark never disappears (insert-only), but a company deleted with its data has nothing left to send.
    if (!mark) return;
    const ctx = await loadWorkerContext(deps.db, companyId, mark.userId, mark.siteId);
    if (!ctx) return;
    const comprobante = buildComprobante(receiptSource(ctx, mark, deps.publicUrl));
    await deps.mailer.send(receiptEmail(comprobante, ctx.user.emailPersonal ?? ctx.user.email));
  });
}
