import { randomInt } from 'node:crypto';

/**
 * Work done after the answer was sent. A route that must answer the same whatever the outcome
 * (forgot-password: known or unknown address) queues its work here, so nothing that depends on
 * the outcome happens before the answer. Each job starts after a random delay, so the load it
 * causes cannot be lined up with the request by timing a second request right after it.
 * Bounded: when `maxPending` jobs wait, further jobs are dropped (and reported) rather than
 * growing memory without limit.
 */
export interface BackgroundQueue {
  /** Queues a job; false if it was dropped because the queue is full. */
  push(job: () => Promise<void>): boolean;
  /** Resolves when every job queued so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function backgroundQueue(
  onError: (error: unknown) => void,
  options: { maxPending?: number; delayMs?: { min: number; max: number } } = {},
): BackgroundQueue {
  const { maxPending = 1000, delayMs = { min: 0, max: 0 } } = options;
  const running = new Set<Promise<void>>();
  return {
    push(job) {
      if (running.size >= maxPending) return false;
      const delay = delayMs.max > delayMs.min ? randomInt(delayMs.min, delayMs.max) : delayMs.min;
      const run: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, delay))
        .then(job)
        .catch(onError)
        .finally(() => running.delete(run));
      running.add(run);
      return true;
    },
    idle: async () => {
      await Promise.all(running);
    },
  };
}
