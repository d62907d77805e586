// The work loop of one queue in one process. pg-boss's own work() acknowledges a whole batch at once
// (one failure fails every job of it) and waits a poll interval after every fetch, so a backlog
// moved at one batch a second. This loop fetches a batch, runs its jobs a few at a time, completes
// the ones that succeeded and fails only the ones that threw, and fetches again at once while
// batches come back full. An idle queue is polled, and woken early when this process queues a job.

/** A job as fetched with its metadata: how often it was tried and how often it may be. */
export type FetchedJob = {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number;
};

/** The part of pg-boss the loop uses (a fake in unit tests). */
export type QueueClient = {
  fetch(name: string, opts: { batchSize: number; includeMetadata: true }): Promise<FetchedJob[]>;
  complete(name: string, ids: string[]): Promise<unknown>;
  fail(name: string, id: string, error: Error): Promise<unknown>;
};

export type WorkerOptions = {
  /** Jobs run at the same time. */
  concurrency: number;
  /** Jobs fetched by one query; more than the concurrency keeps every lane busy through a batch. */
  batchSize: number;
  /** How long an empty queue waits before it is asked again. */
  pollMs: number;
  onError(err: Error): void;
};

export class QueueWorker {
  private stopping = false;
  private wakeRequested = false;
  private wakeIdle: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly client: QueueClient,
    readonly name: string,
    private readonly run: (job: FetchedJob) => Promise<void>,
    private readonly opts: WorkerOptions,
  ) {}

  start() {
    this.loop ??= this.work();
  }

  /** More work was queued: an idle loop fetches now instead of at its next poll. */
  wake() {
    this.wakeRequested = true;
    this.wakeIdle?.();
  }

  /** Stops fetching and waits (up to the timeout) for the batch in hand; unfinished jobs expire and retry. */
  async stop(timeoutMs: number) {
    this.stopping = true;
    this.wakeIdle?.();
    if (!this.loop) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.loop, new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }

  private async work() {
    while (!this.stopping) {
      this.wakeRequested = false;
      let batch: FetchedJob[] = [];
      try {
        batch = await this.client.fetch(this.name, { batchSize: this.opts.batchSize, includeMetadata: true });
      } catch (err) {
        this.opts.onError(err as Error);
      }
      if (batch.length > 0) await this.runBatch(batch);
      // A full batch means more is probably waiting: no pause then.
      if (batch.length < this.opts.batchSize) await this.idle();
    }
  }

  private idle() {
    if (this.stopping || this.wakeRequested) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wakeIdle?.(), this.opts.pollMs);
      this.wakeIdle = () => {
        clearTimeout(timer);
        this.wakeIdle = null;
        resolve();
      };
    });
  }

  private async runBatch(batch: FetchedJob[]) {
    const succeeded: string[] = [];
    const failed: { id: string; error: Error }[] = [];
    let next = 0;
    const lane = async () => {
      while (next < batch.length) {
        const job = batch[next++];
        try {
          await withinSeconds(
            Promise.resolve().then(() => this.run(job)),
            job.expireInSeconds,
          );
          succeeded.push(job.id);
        } catch (err) {
          failed.push({ id: job.id, error: err instanceof Error ? err : new Error(String(err)) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, batch.length) }, lane));
    try {
      if (succeeded.length > 0) await this.client.complete(this.name, succeeded);
      for (const f of failed) await this.client.fail(this.name, f.id, f.error);
    } catch (err) {
      // The jobs stay active and expire into a retry; their handlers are safe to run again.
      this.opts.onError(err as Error);
    }
  }
}

/** A handler that outlives its job's expiry counts as failed (pg-boss would retry it anyway). */
function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the job ran longer than its ${seconds} s expiry`)),
      Math.max(1, seconds) * 1000,
    );
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
