/**
 * Work that must not delay or break an HTTP answer (sending e-mail). The app waits for it on close,
 * so a graceful shutdown does not drop a message half-sent.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<unknown>>();

  run(task: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const promise = task()
      .catch(onError)
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
