import type { AppError } from './errors';

interface LaneLimits {
  /** Tasks running at once, whatever their company (the threads, or the exports, the server affords). */
  running: number;
  /** Tasks of one company waiting behind its running one; one more is told to come back (429). */
  waitingPerCompany: number;
  /** Tasks waiting in all; one more is told to come back (429). */
  waitingTotal: number;
}

/**
 * Who runs next when work is bounded (the spreadsheet reader threads, the exports): at most one task per
 * company at a time, and a free place goes to the company that has waited longest (round robin), so one
 * company's tasks, slow or many, never hold another company's behind them. A company's own tasks wait in
 * its own short queue; past it, or past the total, the caller gets `busy()` (a 429 with Retry-After).
 */
export class CompanyLanes {
  private running = 0;
  private waitingTotal = 0;
  /** Companies with a task running or waiting: whether one is running (`active`), and the waiting ones' wake-ups in order. */
  private readonly lanes = new Map<string, { active: boolean; waiting: (() => void)[] }>();
  /** Companies with tasks waiting and none running, in the order they got in line. */
  private readonly ready: string[] = [];

  constructor(
    private readonly limits: LaneLimits,
    private readonly busy: () => AppError,
  ) {}

  /** Runs `task` when it is this company's turn and a place is free; a full queue is a 429 at once. */
  async run<T>(company: string, task: () => Promise<T>): Promise<T> {
    const release = await this.acquire(company);
    try {
      return await task();
    } finally {
      release();
    }
  }

  /**
   * Waits for this company's turn and returns the function that gives the place back, for work that
   * outlives a call (a streamed file holds its place until its stream closes). Calling it twice is harmless.
   */
  async acquire(company: string): Promise<() => void> {
    await this.enter(company);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.leave(company);
    };
  }

  private enter(company: string): Promise<void> {
    let lane = this.lanes.get(company);
    if (!lane) {
      lane = { active: false, waiting: [] };
      this.lanes.set(company, lane);
    }
    if (!lane.active && lane.waiting.length === 0 && this.running < this.limits.running) {
      lane.active = true;
      this.running += 1;
      return Promise.resolve();
    }
    if (lane.waiting.length >= this.limits.waitingPerCompany || this.waitingTotal >= this.limits.waitingTotal) {
      if (!lane.active && lane.waiting.length === 0) this.lanes.delete(company);
      return Promise.reject(this.busy());
    }
    const waiting = lane.waiting;
    return new Promise((resolve) => {
      waiting.push(resolve);
      this.waitingTotal += 1;
      if (!lane.active && !this.ready.includes(company)) this.ready.push(company);
    });
  }

  private leave(company: string): void {
    const lane = this.lanes.get(company);
    if (lane) {
      lane.active = false;
      if (lane.waiting.length > 0) this.ready.push(company);
      else this.lanes.delete(company);
    }
    this.running -= 1;
    this.dispatch();
  }

  /** Hands free places to the companies at the front of the line, one task each. */
  private dispatch(): void {
    while (this.running < this.limits.running) {
      const company = this.ready.shift();
      if (company === undefined) return;
      const lane = this.lanes.get(company);
      const next = lane?.waiting.shift();
      if (!lane || !next) continue;
      lane.active = true;
      this.running += 1;
      this.waitingTotal -= 1;
      next();
    }
  }
}
