/**
 * Group commit: jobs that arrive while a batch is being written wait and go together in the next
 * one, so many orders share one transaction and one disk flush, and each is acknowledged only after
 * the commit that holds it. A batch that fails as a whole (a wallet found lower than the engine
 * thought) is written again one job at a time, so that only the job at fault fails.
 */
export class GroupCommit<Job, Result> {
  private queue: { job: Job; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private writing = 0;
  private draining = false;

  constructor(
    /** Writes the jobs in one transaction; a job's own refusal is its Error in the answer. */
    private readonly batch: (jobs: Job[]) => Promise<(Result | Error)[]>,
    /** Writes one job in a transaction of its own, the careful way. */
    private readonly alone: (job: Job) => Promise<Result>,
    /**
     * Batches written at once. More than one only where the store has several connections and
     * no two batches can touch the same rows (the engine sends one job per account at a time).
     */
    private readonly writers = 1,
    private readonly maxBatch = 256,
  ) {}

  run(job: Job): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.drainSoon();
    });
  }

  /**
   * Drains once the jobs of this turn of the event loop are in: many accounts ordering at the same
   * moment go in one batch, not one alone, one alone and the rest after both.
   */
  private drainSoon(): void {
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => {
      this.draining = false;
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing >= this.writers) return;
    this.writing += 1;
    try {
      while (this.queue.length > 0) {
        const taken = this.queue.splice(0, this.maxBatch);
        const results = await this.batch(taken.map((t) => t.job)).catch(() => undefined);
        if (results) {
          taken.forEach((t, i) => (results[i] instanceof Error ? t.reject(results[i]) : t.resolve(results[i] as Result)));
          continue;
        }
        for (const t of taken) await this.alone(t.job).then(t.resolve, t.reject);
      }
    } finally {
      this.writing -= 1;
    }
  }
}
