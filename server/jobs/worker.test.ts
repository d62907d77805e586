import { afterEach, describe, expect, it } from "vitest";
import { type FetchedJob, type QueueClient, QueueWorker } from "./worker";

/** A queue in memory with pg-boss's fetch/complete/fail, recording what the worker did. */
function memoryQueue(count: number) {
  const waiting: FetchedJob[] = Array.from({ length: count }, (_, i) => ({
    id: `job-${i}`,
    data: { n: i },
    retryCount: 0,
    retryLimit: 2,
    expireInSeconds: 60,
  }));
  const completed: string[] = [];
  const failed: { id: string; message: string }[] = [];
  const fetched: number[] = [];
  const client: QueueClient = {
    async fetch(_name, { batchSize }) {
      const batch = waiting.splice(0, batchSize);
      fetched.push(batch.length);
      return batch;
    },
    async complete(_name, ids) {
      completed.push(...ids);
    },
    async fail(_name, id, error) {
      failed.push({ id, message: error.message });
    },
  };
  return { waiting, completed, failed, fetched, client };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

const HOUR = 60 * 60 * 1000;
const workers: QueueWorker[] = [];
const worker = (...args: ConstructorParameters<typeof QueueWorker>) => {
  const w = new QueueWorker(...args);
  workers.push(w);
  return w;
};
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop(1000)));
});

describe("the work loop of a queue", () => {
  it("works a backlog through in batches without waiting for the poll while batches come back full", async () => {
    const q = memoryQueue(25);
    const seen: unknown[] = [];
    // The poll interval is an hour: the backlog can only drain if full batches are followed at once.
    worker(q.client, "q", async (job) => void seen.push(job.data), {
      concurrency: 3,
      batchSize: 10,
      pollMs: HOUR,
      onError: (err) => {
        throw err;
      },
    }).start();
    await until(() => q.completed.length === 25);
    expect(q.fetched).toEqual([10, 10, 5]);
    expect(new Set(q.completed).size).toBe(25);
    expect(seen).toHaveLength(25);
    expect(q.failed).toEqual([]);
  });

  it("fails only the job that threw; the rest of its batch completes", async () => {
    const q = memoryQueue(6);
    worker(
      q.client,
      "q",
      async (job) => {
        if (job.id === "job-2") throw new Error("smtp down");
      },
      { concurrency: 2, batchSize: 6, pollMs: HOUR, onError: () => undefined },
    ).start();
    await until(() => q.completed.length + q.failed.length === 6);
    expect(q.failed).toEqual([{ id: "job-2", message: "smtp down" }]);
    expect(q.completed.sort()).toEqual(["job-0", "job-1", "job-3", "job-4", "job-5"]);
  });

  it("runs at most `concurrency` jobs at once, and uses all of them", async () => {
    const q = memoryQueue(12);
    let running = 0;
    let most = 0;
    worker(
      q.client,
      "q",
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
      },
      { concurrency: 4, batchSize: 12, pollMs: HOUR, onError: () => undefined },
    ).start();
    await until(() => q.completed.length === 12);
    expect(most).toBe(4);
  });

  it("an idle queue fetches at once when woken instead of at its next poll", async () => {
    const q = memoryQueue(0);
    const w = worker(q.client, "q", async () => undefined, {
      concurrency: 1,
      batchSize: 2,
      pollMs: HOUR,
      onError: () => undefined,
    });
    w.start();
    await until(() => q.fetched.length === 1);
    q.waiting.push({ id: "late", data: {}, retryCount: 0, retryLimit: 0, expireInSeconds: 60 });
    w.wake();
    await until(() => q.completed.includes("late"));
  });

  it("stops fetching once stopped", async () => {
    const q = memoryQueue(0);
    const w = worker(q.client, "q", async () => undefined, {
      concurrency: 1,
      batchSize: 1,
      pollMs: HOUR,
      onError: () => undefined,
    });
    w.start();
    await until(() => q.fetched.length === 1);
    await w.stop(1000);
    q.waiting.push({ id: "after", data: {}, retryCount: 0, retryLimit: 0, expireInSeconds: 60 });
    w.wake();
    await new Promise((r) => setTimeout(r, 20));
    expect(q.fetched).toHaveLength(1);
    expect(q.completed).toEqual([]);
  });
});
