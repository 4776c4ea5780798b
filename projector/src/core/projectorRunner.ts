import type { ChangeBus, Database, EventStore, LogPosition, RecordedEvent, Subscription } from '@ghg/events';
import type { Projection } from './projection';
import { applyEvents, handledBy, makeContext, tableMapper, ProjectionFailedError, type ApplyProgress } from './applying';

export { ProjectionFailedError };
import { isAfter, lockCheckpoints, reaches, readCheckpoints, sameCheckpoint, writeCheckpoints, WaitTimeoutError, type Checkpoint } from './checkpoints';
import { NoticeCollector } from './notices';
import { stderrLogger, type Logger } from './logger';

export interface ProjectorRunnerOptions {
  db: Database;
  eventStore: EventStore;
  projections: readonly Projection[];
  changeBus?: ChangeBus | null;
  /** Events read and applied per transaction. */
  batchSize?: number;
  logger?: Logger;
  /** Safety net for wake-ups that never come (another process appended, a lost subscription). */
  pollIntervalMs?: number;
  /** First retry delay after a failure; doubles per attempt up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

type Outcome = 'progressed' | 'caughtUp' | 'waiting';

interface Failure {
  attempts: number;
  retryAt: number;
}

interface Waiter {
  position: LogPosition;
  names: readonly string[];
  resolve: () => void;
}

/**
 * Tails the global log into the read models. Each batch is read first and applied in one
 * transaction that also moves the checkpoints, so a crash never leaves rows without their
 * checkpoint (or the reverse). Several runners (processes) may tail the same database: the
 * checkpoint rows are locked and re-checked, and a runner that finds them moved drops its
 * batch instead of applying it twice.
 */
export class ProjectorRunner {
  private readonly db: Database;
  private readonly eventStore: EventStore;
  private readonly projections: readonly Projection[];
  private readonly changeBus: ChangeBus | null;
  private readonly batchSize: number;
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;

  private readonly checkpoints = new Map<string, Checkpoint>();
  private readonly failures = new Map<string, Failure>();
  private readonly waiters = new Set<Waiter>();
  private loaded = false;
  private queue: Promise<unknown> = Promise.resolve();

  private running = false;
  private loop: Promise<void> | null = null;
  private subscription: Subscription | null = null;
  private dirty = false;
  private wakeLoop: (() => void) | null = null;

  constructor(options: ProjectorRunnerOptions) {
    const names = new Set<string>();
    for (const p of options.projections) {
      if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
      names.add(p.name);
    }
    this.db = options.db;
    this.eventStore = options.eventStore;
    this.projections = options.projections;
    this.changeBus = options.changeBus ?? null;
    this.batchSize = options.batchSize ?? 500;
    this.logger = options.logger ?? stderrLogger;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  }

  /** The checkpoint this runner last saw for a projection (null: nothing applied yet). */
  checkpointOf(name: string): Checkpoint {
    return this.checkpoints.get(name) ?? null;
  }

  /**
   * Processes batches until every projection has reached the head of the log. Throws the
   * first projection failure instead of retrying, which is what seeding and tests want.
   */
  async runUntilCaughtUp(): Promise<void> {
    while ((await this.exclusive(() => this.processBatch(true))) !== 'caughtUp');
  }

  /** Starts tailing: live events wake the loop at once, a slow poll covers everything else. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.exclusive(() => this.load());
    } catch (error) {
      this.running = false;
      throw error;
    }
    await this.subscribe();
    this.loop = this.runLoop();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    const subscription = this.subscription;
    this.subscription = null;
    await Promise.all([this.loop, subscription?.stop()]);
    this.loop = null;
  }

  /** Asks for an immediate batch, for example right after this process appended events. */
  wake(): void {
    this.dirty = true;
    this.wakeLoop?.();
  }

  /**
   * Resolves once every projection (or the named ones) reflects the event at `position`, so a
   * caller can read its own write. Rejects with WaitTimeoutError after `timeoutMs`.
   */
  waitForPosition(position: LogPosition, options: { timeoutMs?: number; projections?: readonly string[] } = {}): Promise<void> {
    const names = options.projections ?? this.projections.map((p) => p.name);
    if (this.reachedBy(position, names)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { position, names, resolve };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new WaitTimeoutError(position));
      }, options.timeoutMs ?? 10_000);
      waiter.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.add(waiter);
    });
  }

  private reachedBy(position: LogPosition, names: readonly string[]): boolean {
    return names.every((n) => reaches(this.checkpoints.get(n) ?? null, position));
  }

  private settleWaiters(): void {
    for (const w of [...this.waiters]) {
      if (this.reachedBy(w.position, w.names)) {
        this.waiters.delete(w);
        w.resolve();
      }
    }
  }

  /** One batch at a time per runner, whether from the loop or from runUntilCaughtUp. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(): Promise<void> {
    const stored = await readCheckpoints(this.db.knex, this.projections.map((p) => p.name));
    for (const p of this.projections) this.checkpoints.set(p.name, stored.get(p.name) ?? null);
    this.loaded = true;
    this.settleWaiters();
  }

  private async subscribe(): Promise<void> {
    try {
      // Only new events matter here: they are wake-up calls, the batch itself is read with readAll.
      const head = await this.eventStore.headPosition();
      this.subscription = this.eventStore.subscribeToAll({
        after: head,
        onEvent: () => this.wake(),
        onError: (error) => {
          this.logger.warn({ err: error }, 'projector: event subscription failed; polling until it is restored');
          this.subscription = null;
        },
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'projector: cannot subscribe to the event log; polling');
      this.subscription = null;
    }
  }

  private async runLoop(): Promise<void> {
    let errors = 0;
    while (this.running) {
      this.dirty = false;
      let outcome: Outcome;
      try {
        if (!this.subscription) await this.subscribe();
        outcome = await this.exclusive(() => this.processBatch(false));
        errors = 0;
      } catch (error) {
        errors += 1;
        this.logger.error({ err: error, attempt: errors }, 'projector: batch failed; retrying');
        await this.sleep(this.backoff(errors), false);
        continue;
      }
      if (outcome === 'progressed' || !this.running) continue;
      await this.sleep(this.idleDelay(), true);
    }
  }

  private idleDelay(): number {
    let delay = this.pollIntervalMs;
    for (const f of this.failures.values()) delay = Math.min(delay, Math.max(0, f.retryAt - Date.now()));
    return delay;
  }

  private backoff(attempts: number): number {
    return Math.min(this.maxRetryDelayMs, this.retryDelayMs * 2 ** Math.min(attempts - 1, 20));
  }

  /** Waits `ms`; a wake-up cuts it short when `wakeable` (not during error backoff), stop() always. */
  private sleep(ms: number, wakeable: boolean): Promise<void> {
    if (!this.running || (wakeable && this.dirty)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wakeLoop = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeLoop = () => {
        if (wakeable || !this.running) finish();
      };
    });
  }

  private async processBatch(throwOnFailure: boolean): Promise<Outcome> {
    if (!this.loaded) await this.load();
    const now = Date.now();
    const active = this.projections.filter((p) => throwOnFailure || (this.failures.get(p.name)?.retryAt ?? 0) <= now);
    if (active.length === 0) return this.projections.length === 0 ? 'caughtUp' : 'waiting';

    const from = this.minCheckpoint(active);
    // Read before the transaction: PGlite has one connection, and the event store shares it.
    const events = await this.eventStore.readAll({ after: from, maxCount: this.batchSize });
    if (events.length === 0) return active.length === this.projections.length ? 'caughtUp' : 'waiting';
    const last = events.at(-1)!.globalPosition;
    const participants = active.filter((p) => isAfter(last, this.checkpointOf(p.name)));

    const notices = new NoticeCollector();
    const failed: ProjectionFailedError[] = [];
    const advanced = await this.db.knex.transaction(async (trx) => {
      const locked = await lockCheckpoints(trx, participants.map((p) => p.name));
      const done: Projection[] = [];
      for (const p of participants) {
        const stored = locked.get(p.name) ?? null;
        if (!sameCheckpoint(stored, this.checkpointOf(p.name))) {
          // Someone else (another process, a rebuild) moved it: this batch is stale for p.
          this.checkpoints.set(p.name, stored);
          continue;
        }
        const todo = handledBy(p, events.filter((e) => isAfter(e.globalPosition, stored)));
        if (todo.length > 0) {
          const own = new NoticeCollector();
          const progress: ApplyProgress = { current: null };
          try {
            // A savepoint per projection: one failing projection must not hold back the others.
            await trx.transaction(async (sp) => {
              await applyEvents(p, todo, makeContext(sp, tableMapper(p, (t) => t), own), progress);
            });
          } catch (error) {
            failed.push(new ProjectionFailedError(p.name, progress.current, error));
            continue;
          }
          notices.addAll(own);
        }
        done.push(p);
      }
      await writeCheckpoints(trx, done.map((p) => p.name), last);
      return done;
    });

    for (const p of advanced) {
      this.checkpoints.set(p.name, last);
      this.failures.delete(p.name);
    }
    for (const f of failed) this.recordFailure(f);
    this.settleWaiters();
    if (notices.size > 0) await this.publish(notices.toNotices(last));
    if (throwOnFailure && failed.length > 0) throw failed[0];
    return 'progressed';
  }

  private minCheckpoint(projections: readonly Projection[]): Checkpoint {
    let min: Checkpoint | undefined;
    for (const p of projections) {
      const cp = this.checkpointOf(p.name);
      if (cp === null) return null;
      if (min === undefined || min === null || isAfter(min, cp)) min = cp;
    }
    return min ?? null;
  }

  private recordFailure(error: ProjectionFailedError): void {
    const attempts = (this.failures.get(error.projection)?.attempts ?? 0) + 1;
    const delay = this.backoff(attempts);
    this.failures.set(error.projection, { attempts, retryAt: Date.now() + delay });
    this.logger.error(
      { err: error.cause, projection: error.projection, attempt: attempts, retryInMs: delay },
      `projector: ${error.message}; its events are kept and retried`,
    );
  }

  private async publish(notices: Parameters<ChangeBus['publish']>[0]): Promise<void> {
    if (!this.changeBus) return;
    try {
      await this.changeBus.publish(notices);
    } catch (error) {
      // The read models are committed; a lost notice only delays a browser refresh.
      this.logger.warn({ err: error }, 'projector: could not publish change notices');
    }
  }
}
