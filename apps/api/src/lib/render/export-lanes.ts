import type { Readable } from 'node:stream';
import { CompanyLanes } from '../company-lanes';
import { AppError } from '../errors';
import { EXPORT_LANES, EXPORT_MESSAGES } from './limits';

const busy = () => new AppError('RATE_LIMITED', EXPORT_MESSAGES.busy, undefined, { 'retry-after': '5' });

/**
 * Every export (legal, management and marks reports, remunerations, inconsistencies, users) takes a
 * place here from its first query to its last byte: one per company at a time, EXPORT_LANES.running in
 * all, a free place to the company that has waited longest. A fiscalizador or an administrator asking
 * for file after file queues behind their own company's export and never ahead of another company's;
 * past the short queue the answer is a 429 «Hay otras exportaciones en curso…» with Retry-After.
 */
const lanes = new CompanyLanes(EXPORT_LANES, busy);

/** Builds a file in `company`'s turn (a 429 at once when its queue is full). */
export function runExport<T>(company: string, build: () => Promise<T>): Promise<T> {
  return lanes.run(company, build);
}

/** Opens a streamed file in `company`'s turn; the place is held until the stream closes (sent, cancelled or failed). */
export async function runStreamedExport<T extends { stream: Readable }>(company: string, open: () => Promise<T>): Promise<T> {
  const release = await lanes.acquire(company);
  try {
    const file = await open();
    if (file.stream.destroyed) release();
    else file.stream.once('close', release);
    return file;
  } catch (error) {
    release();
    throw error;
  }
}
