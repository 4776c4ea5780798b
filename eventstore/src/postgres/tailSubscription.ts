import type { LogPosition, RecordedEvent, SubscribeOptions, Subscription } from '@ghg/events';

const BATCH_SIZE = 500;

export interface TailSource {
  readAfter(after: LogPosition | null, maxCount: number): Promise<RecordedEvent[]>;
  /** Registers a wake-up called whenever new events may exist; returns the unregister function. */
  onWake(wake: () => void): () => void;
  /** Resolves when cross-process wake-ups are armed, so the first read cannot race them. */
  ready: Promise<void>;
  pollIntervalMs: number;
}

/**
 * Catch-up then live tail over `global_position > position`. Reading by position is safe only
 * because appends commit in position order (see APPEND_LOCK_KEY). Wake-ups only shorten the wait:
 * whatever their source, the loop re-reads from its own position, so a lost or duplicated
 * notification can neither skip nor repeat an event.
 */
export function startTail(source: TailSource, options: SubscribeOptions, onEnd: () => void): Subscription {
  let stopped = false;
  let signalled = false;
  let interrupt: (() => void) | null = null;
  const unregister = source.onWake(() => {
    signalled = true;
    interrupt?.();
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      };
      const timer = setTimeout(done, source.pollIntervalMs);
      interrupt = done;
    });

  const loop = (async () => {
    let position = options.after ?? null;
    let caughtUp = false;
    try {
      await source.ready;
      while (!stopped) {
        signalled = false;
        const batch = await source.readAfter(position, BATCH_SIZE);
        for (const event of batch) {
          if (stopped) return;
          await options.onEvent(event);
          position = event.globalPosition;
        }
        if (batch.length < BATCH_SIZE) {
          if (!caughtUp && !stopped) {
            caughtUp = true;
            options.onCaughtUp?.();
          }
          if (!signalled && !stopped) await sleep();
        }
      }
    } catch (error) {
      // Delivery cannot skip the failed event and stay exactly-once, so the subscription ends
      // and the owner decides (a projector restarts from its checkpoint).
      if (!stopped) {
        stopped = true;
        if (options.onError) options.onError(error);
        else console.error('event store subscription stopped:', error);
      }
    } finally {
      unregister();
      onEnd();
    }
  })();

  return {
    // Awaiting stop() inside onEvent would wait for itself: stop from outside the handler.
    async stop() {
      stopped = true;
      interrupt?.();
      await loop;
    },
  };
}
