import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * A loopback gRPC server speaking just enough of EventStoreDB's Streams and ServerFeatures
 * services for the real @eventstore/db-client to run against it: Read (streams, $all, both
 * directions, counts, catch-up subscriptions to $all with event-type/stream filters), Append and
 * BatchAppend with expected revisions and the idempotence check on event ids. Built from the
 * protobuf stubs the client package ships, loaded with require so that the server's messages are
 * the very classes the client's serialisers check with instanceof.
 *
 * It mirrors the server's documented behaviour, not its internals: system events ($-types in
 * $-streams) interleaved in $all, commit and prepare positions that differ, forward reads of $all
 * inclusive of their start, backward reads and subscriptions exclusive of it, stream-not-found as
 * a ReadResp message, wrong expected versions as AppendResp fields (Append) or as a Status with
 * packed WrongExpectedVersion details (BatchAppend), writes that wait for the client to read
 * (HTTP/2 flow control), and a call that stays open until its last message is sent, it is
 * cancelled, or the test ends it. Test-only: see esdbLoopback.int.test.ts.
 */

const require = createRequire(import.meta.url);
const grpc = require('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
const streamsGrpc = require('@eventstore/db-client/generated/streams_grpc_pb.js') as typeof import('@eventstore/db-client/generated/streams_grpc_pb');
const streamsPb = require('@eventstore/db-client/generated/streams_pb.js') as typeof import('@eventstore/db-client/generated/streams_pb');
const sharedPb = require('@eventstore/db-client/generated/shared_pb.js') as typeof import('@eventstore/db-client/generated/shared_pb');
const featuresGrpc = require('@eventstore/db-client/generated/serverfeatures_grpc_pb.js') as typeof import('@eventstore/db-client/generated/serverfeatures_grpc_pb');
const featuresPb = require('@eventstore/db-client/generated/serverfeatures_pb.js') as typeof import('@eventstore/db-client/generated/serverfeatures_pb');
const statusPb = require('@eventstore/db-client/generated/status_pb.js') as typeof import('@eventstore/db-client/generated/status_pb');
const codePb = require('@eventstore/db-client/generated/code_pb.js') as typeof import('@eventstore/db-client/generated/code_pb');
const { Any } = require('google-protobuf/google/protobuf/any_pb.js') as typeof import('google-protobuf/google/protobuf/any_pb');
const { Empty: ProtoEmpty } = require('google-protobuf/google/protobuf/empty_pb.js') as typeof import('google-protobuf/google/protobuf/empty_pb');

type ReadReq = import('@eventstore/db-client/generated/streams_pb').ReadReq;
type ReadResp = import('@eventstore/db-client/generated/streams_pb').ReadResp;
type AppendReq = import('@eventstore/db-client/generated/streams_pb').AppendReq;
type AppendResp = import('@eventstore/db-client/generated/streams_pb').AppendResp;
type BatchAppendReq = import('@eventstore/db-client/generated/streams_pb').BatchAppendReq;
type BatchAppendResp = import('@eventstore/db-client/generated/streams_pb').BatchAppendResp;
type ServerWritableStream<Req, Resp> = import('@grpc/grpc-js').ServerWritableStream<Req, Resp>;

interface Rec {
  streamId: string;
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
  revision: bigint;
  commit: bigint;
  prepare: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server sends `created`. */
  created: bigint;
}

interface Proposed {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

/** Expected revision as the server holds it: a revision, or the symbolic ones. */
type Expected = bigint | 'any' | 'no_stream' | 'stream_exists';

type Outcome =
  | { ok: true; revision: bigint; commit: bigint; prepare: bigint }
  | { ok: false; current: bigint | null; expected: Expected };

export interface LoopbackOptions {
  /** Advertise BatchAppend in ServerFeatures (as servers from 21.10 do). Default true. */
  batchAppend?: boolean;
}

export type SubscriptionFailure = 'unavailable' | 'not-leader' | 'internal';

export interface LoopbackEsdbServer {
  /** `esdb://127.0.0.1:<port>?tls=false` */
  readonly url: string;
  readonly port: number;
  /** Non-subscription Read calls not yet finished (neither fully sent nor cancelled). */
  openReads(): number;
  /** Subscriptions the server is serving. */
  openSubscriptions(): number;
  /** Counts the client sent with each non-subscription Read call, in order. */
  readonly readCounts: bigint[];
  /** Append and BatchAppend requests received (an append per BatchAppend correlation id). */
  readonly appends: { append: number; batchAppend: number };
  /** Ends every subscription as a server would never do: with status OK. */
  endSubscriptions(): void;
  /** Ends every subscription with an error status. */
  failSubscriptions(failure: SubscriptionFailure): void;
  /** Events of the log, system events included. */
  logSize(): number;
  stop(): Promise<void>;
}

const MAX_COUNT = 2n ** 64n - 1n;
const TICKS_PER_MS = 10_000n;

export async function startLoopbackEsdbServer(options: LoopbackOptions = {}): Promise<LoopbackEsdbServer> {
  const log: Rec[] = [];
  const streams = new Map<string, Rec[]>();
  /** The server's cache of committed event ids. */
  const byId = new Map<string, Rec>();
  const openReads = new Set<object>();
  const subscriptions = new Set<LiveSubscription>();
  const readCounts: bigint[] = [];
  const appends = { append: 0, batchAppend: 0 };
  let n = 0;
  let port = 0;

  const store = (streamId: string, p: Proposed): Rec => {
    n += 1;
    const stream = streams.get(streamId) ?? [];
    const rec: Rec = {
      ...p,
      streamId,
      revision: BigInt(stream.length),
      commit: BigInt(n * 256),
      prepare: BigInt(n * 256 - 64),
      created: BigInt(Date.now()) * TICKS_PER_MS,
    };
    stream.push(rec);
    streams.set(streamId, stream);
    log.push(rec);
    byId.set(rec.id, rec);
    return rec;
  };
  const systemEvent = (): Proposed => ({
    id: randomUUID(),
    type: '$statsCollected',
    contentType: 'application/json',
    data: Buffer.from('{}'),
    metadata: new Uint8Array(),
  });

  /** One write with ESDB's expected-revision and idempotence rules. */
  const write = (streamId: string, expected: Expected, events: Proposed[]): Outcome => {
    const stream = streams.get(streamId) ?? [];
    const current = stream.length === 0 ? null : BigInt(stream.length - 1);
    const refused: Outcome = { ok: false, current, expected };
    const answer = (rec: Rec): Outcome => ({ ok: true, revision: rec.revision, commit: rec.commit, prepare: rec.prepare });
    if (expected === 'stream_exists' && current === null) return refused;
    if (expected === 'any' || expected === 'stream_exists') {
      const found = events.map((e) => byId.get(e.id)).map((r) => (r?.streamId === streamId ? r : undefined));
      if (found[0]) return found.every(Boolean) ? answer(found.at(-1)!) : refused;
    } else {
      const from = expected === 'no_stream' ? -1n : expected;
      const at = current ?? -1n;
      if (from > at) return refused;
      if (from < at) {
        const same = events.length > 0 && events.every((e, i) => stream[Number(from) + 1 + i]?.id === e.id);
        return same ? answer(stream[Number(from) + events.length]!) : refused;
      }
    }
    if (events.length === 0) return { ok: true, revision: current ?? -1n, commit: -1n, prepare: -1n };
    let last!: Rec;
    for (const e of events) last = store(streamId, e);
    // A system event now and then, as $stats and friends appear in a real $all.
    if (log.length % 5 === 0) store(`$stats-127.0.0.1:${port}`, systemEvent());
    for (const s of subscriptions) void s.pump();
    return answer(last);
  };

  // ---- messages ------------------------------------------------------------------------------

  const uuidOf = (uuid: import('@eventstore/db-client/generated/shared_pb').UUID | undefined): string => {
    if (!uuid) throw new Error('missing id');
    if (uuid.hasString()) return uuid.getString().toLowerCase();
    const s = uuid.getStructured()!;
    const hex = (v: string) => BigInt.asUintN(64, BigInt(v)).toString(16).padStart(16, '0');
    const h = hex(s.getMostSignificantBits()) + hex(s.getLeastSignificantBits());
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const streamName = (identifier: { getStreamName(): Uint8Array | string } | undefined) =>
    Buffer.from(identifier?.getStreamName() ?? '').toString('utf8');
  const identifier = (name: string) => new sharedPb.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));
  const proposed = (m: {
    getId(): import('@eventstore/db-client/generated/shared_pb').UUID | undefined;
    getMetadataMap(): { get(key: string): string | undefined };
    getData_asU8(): Uint8Array;
    getCustomMetadata_asU8(): Uint8Array;
  }): Proposed => ({
    id: uuidOf(m.getId()),
    type: m.getMetadataMap().get('type') ?? '',
    contentType: m.getMetadataMap().get('content-type') ?? 'application/octet-stream',
    data: m.getData_asU8(),
    metadata: m.getCustomMetadata_asU8(),
  });

  const eventResp = (rec: Rec, withCommitPosition: boolean): ReadResp => {
    const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent()
      .setId(new sharedPb.UUID().setString(rec.id))
      .setStreamIdentifier(identifier(rec.streamId))
      .setStreamRevision(rec.revision.toString())
      .setCommitPosition(rec.commit.toString())
      .setPreparePosition(rec.prepare.toString())
      .setData(rec.data)
      .setCustomMetadata(rec.metadata);
    recorded.getMetadataMap().set('type', rec.type).set('content-type', rec.contentType).set('created', rec.created.toString());
    const read = new streamsPb.ReadResp.ReadEvent().setEvent(recorded);
    if (withCommitPosition) read.setCommitPosition(rec.commit.toString());
    else read.setNoPosition(new sharedPb.Empty());
    return new streamsPb.ReadResp().setEvent(read);
  };

  const cmp = (a: Rec, commit: bigint, prepare: bigint) => (a.commit === commit ? Number(a.prepare - prepare) : a.commit < commit ? -1 : 1);

  // ---- Read ----------------------------------------------------------------------------------

  /** Writes with the client's pace: waits for 'drain' when the call's buffer is full. */
  const send = async (call: ServerWritableStream<ReadReq, ReadResp>, message: ReadResp, isCancelled: () => boolean) => {
    if (call.write(message)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        call.off('drain', done);
        call.off('cancelled', done);
        resolve();
      };
      call.on('drain', done);
      call.on('cancelled', done);
      if (isCancelled()) done();
    });
  };

  class LiveSubscription {
    private next: number;
    private pumping = false;
    private cancelled = false;
    private readonly match: (rec: Rec) => boolean;

    constructor(
      private readonly call: ServerWritableStream<ReadReq, ReadResp>,
      o: import('@eventstore/db-client/generated/streams_pb').ReadReq.Options,
    ) {
      const all = o.getAll()!;
      if (all.hasStart()) this.next = 0;
      else if (all.hasEnd()) this.next = log.length;
      else {
        const p = all.getPosition()!;
        const [commit, prepare] = [BigInt(p.getCommitPosition()), BigInt(p.getPreparePosition())];
        const i = log.findIndex((r) => cmp(r, commit, prepare) > 0);
        this.next = i < 0 ? log.length : i;
      }
      this.match = () => true;
      if (o.hasFilter()) {
        const f = o.getFilter()!;
        const byType = f.hasEventType();
        const expr = byType ? f.getEventType()! : f.getStreamIdentifier()!;
        const regex = expr.getRegex() ? new RegExp(expr.getRegex()) : null;
        const prefixes = expr.getPrefixList();
        this.match = (rec) => {
          const subject = byType ? rec.type : rec.streamId;
          return (regex === null || regex.test(subject)) && (prefixes.length === 0 || prefixes.some((p) => subject.startsWith(p)));
        };
      }
      call.on('cancelled', () => {
        this.cancelled = true;
        subscriptions.delete(this);
      });
    }

    async start(): Promise<void> {
      subscriptions.add(this);
      const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
      await send(this.call, new streamsPb.ReadResp().setConfirmation(confirmation), () => this.cancelled);
      await this.pump();
    }

    async pump(): Promise<void> {
      if (this.pumping) return;
      this.pumping = true;
      try {
        while (!this.cancelled && subscriptions.has(this) && this.next < log.length) {
          const rec = log[this.next++]!;
          if (this.match(rec)) await send(this.call, eventResp(rec, true), () => this.cancelled);
        }
      } finally {
        this.pumping = false;
      }
    }

    end(): void {
      subscriptions.delete(this);
      this.call.end();
    }

    fail(failure: SubscriptionFailure): void {
      subscriptions.delete(this);
      const metadata = new grpc.Metadata();
      let code = grpc.status.UNAVAILABLE;
      let details = 'Server is shutting down';
      if (failure === 'not-leader') {
        code = grpc.status.NOT_FOUND;
        details = 'Leader info available';
        metadata.set('exception', 'not-leader');
        metadata.set('leader-endpoint-host', '127.0.0.1');
        metadata.set('leader-endpoint-port', String(port));
      } else if (failure === 'internal') {
        code = grpc.status.INTERNAL;
        details = 'Something broke in the server';
      }
      this.call.emit('error', Object.assign(new Error(details), { code, details, metadata }));
    }
  }

  const read = async (call: ServerWritableStream<ReadReq, ReadResp>) => {
    const o = call.request.getOptions()!;
    if (o.hasSubscription()) {
      if (!o.hasAll()) {
        call.emit('error', Object.assign(new Error('only $all subscriptions'), { code: grpc.status.UNIMPLEMENTED }));
        return;
      }
      await new LiveSubscription(call, o).start();
      return;
    }
    const handle = {};
    openReads.add(handle);
    let cancelled = false;
    call.on('cancelled', () => {
      cancelled = true;
      openReads.delete(handle);
    });
    try {
      const count = o.hasCount() ? BigInt(o.getCount()) : MAX_COUNT;
      readCounts.push(count);
      const backwards = o.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
      let list: Rec[];
      let fromAll = false;
      if (o.hasStream()) {
        const so = o.getStream()!;
        const name = streamName(so.getStreamIdentifier());
        const stream = streams.get(name);
        if (!stream) {
          const notFound = new streamsPb.ReadResp.StreamNotFound().setStreamIdentifier(identifier(name));
          await send(call, new streamsPb.ReadResp().setStreamNotFound(notFound), () => cancelled);
          return;
        }
        list = backwards ? [...stream].reverse() : stream;
        if (so.hasRevision()) {
          const from = BigInt(so.getRevision());
          list = list.filter((r) => (backwards ? r.revision <= from : r.revision >= from));
        } else if (so.hasEnd() && !backwards) list = [];
      } else {
        fromAll = true;
        const ao = o.getAll()!;
        list = backwards ? [...log].reverse() : log;
        if (ao.hasPosition()) {
          const p = ao.getPosition()!;
          const [commit, prepare] = [BigInt(p.getCommitPosition()), BigInt(p.getPreparePosition())];
          list = list.filter((r) => (backwards ? cmp(r, commit, prepare) < 0 : cmp(r, commit, prepare) >= 0));
        } else if (ao.hasEnd() && !backwards) list = [];
      }
      let sent = 0n;
      for (const rec of list) {
        if (cancelled || sent >= count) break;
        await send(call, eventResp(rec, fromAll), () => cancelled);
        sent += 1n;
      }
    } finally {
      openReads.delete(handle);
      if (!cancelled) call.end();
    }
  };

  // ---- Append and BatchAppend ---------------------------------------------------------------

  const append = (call: import('@grpc/grpc-js').ServerReadableStream<AppendReq, AppendResp>, callback: import('@grpc/grpc-js').sendUnaryData<AppendResp>) => {
    let name = '';
    let expected: Expected = 'any';
    const events: Proposed[] = [];
    call.on('data', (req: AppendReq) => {
      if (req.hasOptions()) {
        const o = req.getOptions()!;
        name = streamName(o.getStreamIdentifier());
        expected = o.hasRevision() ? BigInt(o.getRevision()) : o.hasNoStream() ? 'no_stream' : o.hasStreamExists() ? 'stream_exists' : 'any';
      } else events.push(proposed(req.getProposedMessage()!));
    });
    call.on('end', () => {
      appends.append += 1;
      const outcome = write(name, expected, events);
      const resp = new streamsPb.AppendResp();
      if (outcome.ok) {
        const success = new streamsPb.AppendResp.Success();
        if (outcome.revision < 0n) success.setNoStream(new sharedPb.Empty());
        else success.setCurrentRevision(outcome.revision.toString());
        if (outcome.commit < 0n) success.setNoPosition(new sharedPb.Empty());
        else success.setPosition(new streamsPb.AppendResp.Position().setCommitPosition(outcome.commit.toString()).setPreparePosition(outcome.prepare.toString()));
        resp.setSuccess(success);
      } else {
        const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
        if (outcome.current === null) wrong.setCurrentNoStream(new sharedPb.Empty());
        else wrong.setCurrentRevision(outcome.current.toString());
        const e = outcome.expected;
        if (typeof e === 'bigint') wrong.setExpectedRevision(e.toString());
        else if (e === 'any') wrong.setExpectedAny(new sharedPb.Empty());
        else if (e === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
        else wrong.setExpectedNoStream(new sharedPb.Empty());
        resp.setWrongExpectedVersion(wrong);
      }
      callback(null, resp);
    });
  };

  const batchAppend = (call: import('@grpc/grpc-js').ServerDuplexStream<BatchAppendReq, BatchAppendResp>) => {
    const pending = new Map<string, { name: string; expected: Expected; events: Proposed[] }>();
    call.on('data', (req: BatchAppendReq) => {
      const correlation = uuidOf(req.getCorrelationId());
      if (req.hasOptions()) {
        const o = req.getOptions()!;
        const expected: Expected = o.hasStreamPosition()
          ? BigInt(o.getStreamPosition())
          : o.hasNoStream()
            ? 'no_stream'
            : o.hasStreamExists()
              ? 'stream_exists'
              : 'any';
        pending.set(correlation, { name: streamName(o.getStreamIdentifier()), expected, events: [] });
      }
      const request = pending.get(correlation);
      if (!request) return;
      for (const m of req.getProposedMessagesList()) request.events.push(proposed(m));
      if (!req.getIsFinal()) return;
      pending.delete(correlation);
      appends.batchAppend += 1;
      const outcome = write(request.name, request.expected, request.events);
      const resp = new streamsPb.BatchAppendResp()
        .setCorrelationId(new sharedPb.UUID().setString(correlation))
        .setStreamIdentifier(identifier(request.name));
      if (outcome.ok) {
        const success = new streamsPb.BatchAppendResp.Success();
        if (outcome.revision < 0n) success.setNoStream(new ProtoEmpty());
        else success.setCurrentRevision(outcome.revision.toString());
        if (outcome.commit < 0n) success.setNoPosition(new ProtoEmpty());
        else success.setPosition(new sharedPb.AllStreamPosition().setCommitPosition(outcome.commit.toString()).setPreparePosition(outcome.prepare.toString()));
        resp.setSuccess(success);
      } else {
        const wrong = new sharedPb.WrongExpectedVersion();
        if (outcome.current === null) wrong.setCurrentNoStream(new ProtoEmpty());
        else wrong.setCurrentStreamRevision(outcome.current.toString());
        const e = outcome.expected;
        if (typeof e === 'bigint') wrong.setExpectedStreamPosition(e.toString());
        else if (e === 'any') wrong.setExpectedAny(new ProtoEmpty());
        else if (e === 'stream_exists') wrong.setExpectedStreamExists(new ProtoEmpty());
        else wrong.setExpectedNoStream(new ProtoEmpty());
        const details = new Any();
        details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
        resp.setError(new statusPb.Status().setCode(codePb.Code.FAILED_PRECONDITION).setMessage('Wrong expected version').setDetails(details));
      }
      call.write(resp);
    });
    call.on('end', () => call.end());
  };

  // ---- ServerFeatures ------------------------------------------------------------------------

  const supportedMethods = (_call: unknown, callback: import('@grpc/grpc-js').sendUnaryData<import('@eventstore/db-client/generated/serverfeatures_pb').SupportedMethods>) => {
    // As a real server lists them: lower-case names, features on Read and BatchAppend.
    const method = (name: string, features: string[] = []) =>
      new featuresPb.SupportedMethod().setServiceName('event_store.client.streams.streams').setMethodName(name).setFeaturesList(features);
    const methods = [method('read', ['position', 'events']), method('append'), method('delete'), method('tombstone')];
    if (options.batchAppend !== false) methods.push(method('batchappend', ['deadline_duration']));
    callback(null, new featuresPb.SupportedMethods().setEventStoreServerVersion('24.10.0').setMethodsList(methods));
  };

  const unimplemented = (_call: unknown, callback: (error: { code: number; details: string }) => void) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: 'not in the loopback server' });

  const server = new grpc.Server();
  server.addService(streamsGrpc.StreamsService, {
    read: (call: ServerWritableStream<ReadReq, ReadResp>) => {
      void read(call).catch((error: unknown) => call.emit('error', Object.assign(new Error(String(error)), { code: grpc.status.INTERNAL })));
    },
    append,
    batchAppend,
    delete: unimplemented,
    tombstone: unimplemented,
  });
  server.addService(featuresGrpc.ServerFeaturesService, { getSupportedMethods: supportedMethods });
  port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  store(`$stats-127.0.0.1:${port}`, systemEvent());

  return {
    url: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    openReads: () => openReads.size,
    openSubscriptions: () => subscriptions.size,
    readCounts,
    appends,
    endSubscriptions: () => [...subscriptions].forEach((s) => s.end()),
    failSubscriptions: (failure) => [...subscriptions].forEach((s) => s.fail(failure)),
    logSize: () => log.length,
    stop: () =>
      new Promise<void>((resolve) => {
        server.forceShutdown();
        resolve();
      }),
  };
}
