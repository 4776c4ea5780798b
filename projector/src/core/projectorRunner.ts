import type { Knex } from 'knex';
import type { ChangeBus, Database } from '@ghg/eventstore';
import type { EventStore, LogPosition, Subscription } from '@ghg/events';
import type { Projection } from './projection';
import { applyInSavepoint, handledBy, makeContext, tableMapper, ProjectionFailedError } from './applying';

export { ProjectionFailedError };
import { isAfter, lockCheckpoints, reaches, readCheckpoints, sameCheckpoint, writeCheckpoints, WaitTimeoutError, type Checkpoint } from './checkpoints';
import { clearPassedFailures, describeEvent, errorText, isTransientError, markFailed, readFailures, type ProjectionFailure } from './failures';
import { NoticeCollector } from './notices';
import { stderrLogger, type Logger } from './logger';

export interface ProjectorRunnerOptions {
  db: Database;
  eventStore: EventStore;
  projections: readonly Projection[];
  changeBus?: ChangeBus | null;
  /** Events read and applied per transaction. */
  batchSize?: number;
  /**
   * Events per transaction while catching up (the batch before was full: an import of many
   * lines, a start after downtime): fewer, larger batches spare the per-batch costs (checkpoints,
   * savepoints, notices) and let projections write many rows per statement.
   */
  catchUpBatchSize?: number;
  logger?: Logger;
  /** Safety net for wake-ups that never come (another process appended, a lost subscription). */
  pollIntervalMs?: number;
  /** After a wake-up by a new event, how long to wait for more before the batch (0: none). */
  coalesceMs?: number;
  /** First retry delay after a failure; doubles per attempt up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * Failed attempts at an event before the projection is marked failed and halted (default 3).
   * Transient database errors (a lost connection, a deadlock) do not count: they are retried.
   */
  maxAttempts?: number;
}

type Outcome = 'progressed' | 'caughtUp' | 'waiting';

/** A projection that failed its last attempt (in this process). */
interface Failure {
  /** Failed attempts in a row, transient errors left out: they decide when it is marked. */
  attempts: number;
  /** Failed attempts in a row, transient errors included: they set the backoff. */
  tries: number;
  retryAt: number;
  firstFailedAt: Date;
  /** Attempts allowed before it is marked: maxAttempts, or one when found marked on start. */
  limit: number;
  /** Marked failed: not retried any more, and not waited for, until the mark goes. */
  halted: boolean;
}

/** What a failed attempt leads to, decided in the batch transaction and kept once it commits. */
interface Verdict {
  error: ProjectionFailedError;
  state: Failure;
  transient: boolean;
  /** The mark written in the transaction, when this attempt was the last one allowed. */
  mark: ProjectionFailure | null;
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
 *
 * A projection that throws is retried with backoff; after maxAttempts on the same checkpoint
 * it is marked failed in projection_failures (with the event and the error) and halted there:
 * not retried, not waited for, while the others go on. A runner starting up retries a marked
 * projection once (a fix may have been deployed); getting past the event, by that retry or a
 * rebuild, clears the mark. docs/operations.md, "Health and failed projections", has the rest.
 */
export class ProjectorRunner {
  private readonly db: Database;
  private readonly eventStore: EventStore;
  private readonly projections: readonly Projection[];
  private readonly changeBus: ChangeBus | null;
  private readonly batchSize: number;
  private readonly catchUpBatchSize: number;
  /** The last batch read was full: more are waiting. */
  private behind = false;
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly coalesceMs: number;
  private readonly maxAttempts: number;

  private readonly checkpoints = new Map<string, Checkpoint>();
  private readonly failures = new Map<string, Failure>();
  private readonly waiters = new Set<Waiter>();
  private loaded = false;
  /** When a halted projection's mark is next looked up (a rebuild elsewhere may have cleared it). */
  private nextMarkCheck = 0;
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
    this.catchUpBatchSize = Math.max(this.batchSize, options.catchUpBatchSize ?? 5000);
    this.logger = options.logger ?? stderrLogger;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.coalesceMs = options.coalesceMs ?? 0;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  }

  /** The checkpoint this runner last saw for a projection (null: nothing applied yet). */
  checkpointOf(name: string): Checkpoint {
    return this.checkpoints.get(name) ?? null;
  }

  /** Projections this runner holds as marked failed (halted), by name. */
  failedProjections(): string[] {
    return [...this.failures].filter(([, f]) => f.halted).map(([name]) => name);
  }

  /**
   * Processes batches until every projection has reached the head of the log. Throws the
   * first projection failure instead of retrying or marking it, which is what tests want.
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
   * caller can read its own write. Rejects with WaitTimeoutError after `timeoutMs`. A projection
   * marked failed is not waited for: it will not get there, and commands must not stall on it
   * (a waiter already waiting is released when the projection is marked).
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
    return names.every((n) => this.failures.get(n)?.halted || reaches(this.checkpoints.get(n) ?? null, position));
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
    const names = this.projections.map((p) => p.name);
    const stored = await readCheckpoints(this.db.knex, names);
    for (const p of this.projections) this.checkpoints.set(p.name, stored.get(p.name) ?? null);
    // A restart may come with the fix (new code, an upcaster): one more attempt each, then halted again.
    for (const mark of (await readFailures(this.db.knex, names)).values()) {
      this.failures.set(mark.name, { attempts: 0, tries: 0, retryAt: 0, firstFailedAt: mark.firstFailedAt, limit: 1, halted: false });
      this.logger.warn({ projection: mark.name, eventId: mark.eventId, error: mark.error }, `projector: ${mark.name} is marked failed; retrying it once`);
    }
    this.loaded = true;
    this.settleWaiters();
  }

  /**
   * A halted projection resumes when its mark is gone: a rebuild (here or in another process)
   * replayed past the event, another runner got past it, or an operator deleted the row.
   */
  private async recheckHalted(): Promise<void> {
    const halted = this.failedProjections();
    if (halted.length === 0 || Date.now() < this.nextMarkCheck) return;
    this.nextMarkCheck = Date.now() + this.pollIntervalMs;
    const marks = await readFailures(this.db.knex, halted);
    for (const name of halted.filter((n) => !marks.has(n))) {
      this.failures.delete(name);
      this.logger.info({ projection: name }, `projector: the failed mark of ${name} is gone; resuming it`);
    }
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
      if (outcome === 'progressed' || !this.running) {
        // A turn of the event loop between batches: on PGlite, whose queries answer at once (the
        // work is synchronous WASM), a catch-up would otherwise be one chain of promise callbacks
        // that keeps every request of the process waiting until the last batch.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await this.sleep(this.idleDelay(), true);
      // Woken by a new event: give the commands racing it a moment to append theirs too, so one
      // batch carries them all (PGlite serialises every query, and a batch costs about the same
      // for one event as for twenty).
      if (this.coalesceMs > 0 && this.running) await new Promise((resolve) => setTimeout(resolve, this.coalesceMs));
    }
  }

  private idleDelay(): number {
    let delay = this.pollIntervalMs;
    for (const f of this.failures.values()) if (!f.halted) delay = Math.min(delay, Math.max(0, f.retryAt - Date.now()));
    return delay;
  }

  private isDue(name: string, now: number): boolean {
    const failure = this.failures.get(name);
    return !failure || (!failure.halted && failure.retryAt <= now);
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
    if (!throwOnFailure) await this.recheckHalted();
    const now = Date.now();
    const active = this.projections.filter((p) => throwOnFailure || this.isDue(p.name, now));
    if (active.length === 0) return this.projections.length === 0 ? 'caughtUp' : 'waiting';

    const from = this.minCheckpoint(active);
    // Read before the transaction: PGlite has one connection, and the event store shares it.
    const maxCount = this.behind ? this.catchUpBatchSize : this.batchSize;
    const events = await this.eventStore.readAll({ after: from, maxCount });
    this.behind = events.length === maxCount;
    if (events.length === 0) return active.length === this.projections.length ? 'caughtUp' : 'waiting';
    const last = events.at(-1)!.globalPosition;
    const participants = active.filter((p) => isAfter(last, this.checkpointOf(p.name)));

    const notices = new NoticeCollector();
    const failed: ProjectionFailedError[] = [];
    let verdicts: Verdict[] = [];
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
          const mapper = tableMapper(p, (t) => t);
          try {
            // A savepoint per projection: one failing projection must not hold back the others.
            await applyInSavepoint(trx, p, todo, (sp) => makeContext(sp, mapper, own));
          } catch (error) {
            if (!(error instanceof ProjectionFailedError)) throw error;
            failed.push(error);
            continue;
          }
          notices.addAll(own);
        }
        done.push(p);
      }
      const names = done.map((p) => p.name);
      await writeCheckpoints(trx, names, last);
      // Only a projection this runner holds as failing can have a mark to clear (one query less per batch).
      await clearPassedFailures(trx, names.filter((n) => this.failures.has(n)), last);
      if (!throwOnFailure) verdicts = await this.judge(trx, failed);
      return done;
    });

    for (const p of advanced) {
      this.checkpoints.set(p.name, last);
      this.failures.delete(p.name);
    }
    for (const verdict of verdicts) this.keep(verdict);
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

  /**
   * Decides, inside the batch transaction, what each failed attempt means: another retry after a
   * backoff, or (the last attempt allowed, and not a transient error) a mark written with the
   * batch, so a mark never survives a batch that rolled back.
   */
  private async judge(trx: Knex.Transaction, failed: readonly ProjectionFailedError[]): Promise<Verdict[]> {
    const verdicts: Verdict[] = [];
    for (const error of failed) {
      const now = new Date();
      const previous = this.failures.get(error.projection);
      const transient = isTransientError(error.cause);
      const attempts = (previous?.attempts ?? 0) + (transient ? 0 : 1);
      const tries = (previous?.tries ?? 0) + 1;
      const limit = previous?.limit ?? this.maxAttempts;
      const firstFailedAt = previous?.firstFailedAt ?? now;
      const halted = !transient && attempts >= limit;
      const state: Failure = { attempts, tries, limit, firstFailedAt, halted, retryAt: halted ? Infinity : now.getTime() + this.backoff(tries) };
      const mark = halted
        ? await markFailed(trx, { name: error.projection, ...describeEvent(error.event), error: errorText(error.cause), attempts, firstFailedAt, lastFailedAt: now })
        : null;
      verdicts.push({ error, state, transient, mark });
    }
    return verdicts;
  }

  private keep({ error, state, transient, mark }: Verdict): void {
    this.failures.set(error.projection, state);
    if (mark) {
      // Once, loudly: from here on nothing retries it until a restart or a rebuild.
      this.logger.error(
        { err: error.cause, projection: error.projection, eventId: mark.eventId, eventType: mark.eventType, attempts: mark.attempts },
        `projector: ${error.message}; marked FAILED after ${state.attempts} attempt(s) and halted at its checkpoint. ` +
          'Commands no longer wait for it and GET /api/health reports it; to repair it see docs/operations.md, "Health and failed projections"',
      );
      return;
    }
    const retryInMs = Math.max(0, state.retryAt - Date.now());
    this.logger.warn(
      { err: error.cause, projection: error.projection, attempt: state.attempts, of: state.limit, transient, retryInMs },
      `projector: ${error.message}; ${transient ? 'a transient error, ' : `attempt ${state.attempts} of ${state.limit}, `}retrying`,
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
