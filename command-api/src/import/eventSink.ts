import type { EventStore, LogPosition, StreamWrite } from '@ghg/events';
import { SpillFile } from './spillFile';

/**
 * Where an import's decided events go while its rows are read, until all of them are appended as
 * one atomic batch (`commit`) or none is (`abandon`). Memory stays bounded by a chunk either way.
 */
export interface EventSink {
  write(writes: readonly StreamWrite[]): Promise<void>;
  /** Appends everything written, all or nothing. */
  commit(): Promise<{ written: number; lastPosition: LogPosition | null }>;
  /** Drops everything written; nothing reaches the log. Nothing to do once `commit` was called. */
  abandon(): Promise<void>;
}

/**
 * The sink for `store`: where the store stages a streamed append (PostgreSQL, PGlite), the events
 * go straight into it while the rows are still being read, and the log's lock is held only for
 * the final insert; elsewhere (EventStoreDB's chunk-by-chunk append, which is not atomic) they
 * are spilled to a file and appended once the whole file has been read and found good.
 */
export function eventSinkFor(store: EventStore): EventSink {
  return store.stagesStreamedAppends ? new StagedSink(store) : new SpillSink(store);
}

class SpillSink implements EventSink {
  private readonly spill = new SpillFile();
  private committed = false;
  constructor(private readonly store: EventStore) {}

  write(writes: readonly StreamWrite[]): Promise<void> {
    return this.spill.write(writes);
  }

  async commit() {
    this.committed = true;
    try {
      await this.spill.finish();
      return await this.store.appendStreamed(this.spill.read());
    } finally {
      await this.spill.remove();
    }
  }

  async abandon(): Promise<void> {
    if (!this.committed) await this.spill.remove();
  }
}

/** Thrown into a staged append that is abandoned, so its transaction rolls back. */
class Abandoned extends Error {
  constructor() {
    super('import abandoned');
  }
}

class StagedSink implements EventSink {
  private readonly channel = new ChunkChannel<readonly StreamWrite[]>();
  private readonly appending: Promise<{ written: number; lastPosition: LogPosition | null }>;
  private committed = false;

  constructor(store: EventStore) {
    this.appending = store.appendStreamed(this.channel);
    // Awaited by commit or abandon; a failure before then surfaces through write.
    this.appending.catch(() => undefined);
  }

  write(writes: readonly StreamWrite[]): Promise<void> {
    return this.channel.push(writes);
  }

  commit() {
    this.committed = true;
    this.channel.end();
    return this.appending;
  }

  async abandon(): Promise<void> {
    if (this.committed) return;
    this.channel.fail(new Abandoned());
    await this.appending.catch((error: unknown) => {
      if (!(error instanceof Abandoned)) throw error;
    });
  }
}

/**
 * An async iterable fed by `push`, one item at a time: a push resolves when the consumer has
 * taken its item, so the producer is never more than one chunk ahead. If the consumer stops (it
 * failed), pushes reject with its error.
 */
export class ChunkChannel<T> implements AsyncIterable<T> {
  private item: { value: T; taken: () => void; refused: (error: unknown) => void } | null = null;
  private waiting: (() => void) | null = null;
  private closed: { error: unknown } | 'ended' | null = null;
  private stopped: unknown = null;

  push(value: T): Promise<void> {
    if (this.stopped !== null) return Promise.reject(this.stopped);
    if (this.closed) return Promise.reject(new Error('channel closed'));
    return new Promise<void>((taken, refused) => {
      this.item = { value, taken, refused };
      this.wake();
    });
  }

  end(): void {
    this.closed ??= 'ended';
    this.wake();
  }

  fail(error: unknown): void {
    this.closed ??= { error };
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    try {
      for (;;) {
        while (!this.item && !this.closed) await new Promise<void>((resolve) => (this.waiting = resolve));
        if (this.item) {
          const { value, taken } = this.item;
          this.item = null;
          taken();
          yield value;
          continue;
        }
        if (this.closed !== 'ended') throw this.closed!.error;
        return;
      }
    } catch (error) {
      this.stopped = error;
      throw error;
    } finally {
      // The consumer stopped (done, failed or gave up): a push still waiting is refused.
      this.stopped ??= new Error('channel consumer stopped');
      this.item?.refused(this.stopped);
      this.item = null;
    }
  }
}
