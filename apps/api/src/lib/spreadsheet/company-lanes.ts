import { AppError } from '../errors';
import { LIMIT_MESSAGES } from './limits';

export interface LaneLimits {
  /** Files read at once, whatever their company (the reader threads). */
  running: number;
  /** Files of one company waiting behind its file being read; one more is told to come back (429). */
  waitingPerCompany: number;
  /** Files waiting in all, each holding its upload in memory; one more is told to come back (429). */
  waitingTotal: number;
}

const busy = () => new AppError('RATE_LIMITED', LIMIT_MESSAGES.busy, undefined, { 'retry-after': '5' });

/**
 * Who reads next in the reader threads: at most one file per company at a time, and a free thread
 * goes to the company that has waited longest (round robin), so one company's files, slow or many,
 * never hold another company's upload behind them. A company's own files wait in its own short
 * queue; past it, or past the total, the upload gets the 429 «Hay muchas planillas…».
 */
export class CompanyLanes {
  private running = 0;
  private waitingTotal = 0;
  /** Companies with a file being read or waiting: whether one is being read, and the waiting ones' wake-ups in order. */
  private readonly lanes = new Map<string, { reading: boolean; waiting: (() => void)[] }>();
  /** Companies with files waiting and none being read, in the order they got in line. */
  private readonly ready: string[] = [];

  constructor(private readonly limits: LaneLimits) {}

  /** Runs `read` when it is this company's turn and a thread is free; a full queue is a 429 at once. */
  async run<T>(company: string, read: () => Promise<T>): Promise<T> {
    await this.enter(company);
    try {
      return await read();
    } finally {
      this.leave(company);
    }
  }

  private enter(company: string): Promise<void> {
    let lane = this.lanes.get(company);
    if (!lane) {
      lane = { reading: false, waiting: [] };
      this.lanes.set(company, lane);
    }
    if (!lane.reading && lane.waiting.length === 0 && this.running < this.limits.running) {
      lane.reading = true;
      this.running += 1;
      return Promise.resolve();
    }
    if (lane.waiting.length >= this.limits.waitingPerCompany || this.waitingTotal >= this.limits.waitingTotal) {
      if (!lane.reading && lane.waiting.length === 0) this.lanes.delete(company);
      return Promise.reject(busy());
    }
    const waiting = lane.waiting;
    return new Promise((resolve) => {
      waiting.push(resolve);
      this.waitingTotal += 1;
      if (!lane.reading && !this.ready.includes(company)) this.ready.push(company);
    });
  }

  private leave(company: string): void {
    const lane = this.lanes.get(company);
    if (lane) {
      lane.reading = false;
      if (lane.waiting.length > 0) this.ready.push(company);
      else this.lanes.delete(company);
    }
    this.running -= 1;
    this.dispatch();
  }

  /** Hands free threads to the companies at the front of the line, one file each. */
  private dispatch(): void {
    while (this.running < this.limits.running) {
      const company = this.ready.shift();
      if (company === undefined) return;
      const lane = this.lanes.get(company);
      const next = lane?.waiting.shift();
      if (!lane || !next) continue;
      lane.reading = true;
      this.running += 1;
      this.waitingTotal -= 1;
      next();
    }
  }
}
