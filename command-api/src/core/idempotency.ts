import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { canonicalJson } from '@ghg/domain';
import { Refusal } from './httpErrors';
import type { Session } from './session';

/**
 * `Idempotency-Key` on every command (docs/api.md, "API clients"; the IETF draft "The
 * Idempotency-Key HTTP Header Field"). The first request with a key reserves it before its command
 * runs, and its answer is kept; a retry with the same key and the same request gets that answer
 * again (header `Idempotent-Replayed: true`) and appends nothing. The same key with another
 * request is 422; a retry while the first is still running is 409. Keys are per caller (user or API
 * token) and kept for KEY_TTL_HOURS. An answer of 500 or more, or a streamed one (a download),
 * is not kept: the key is released, so the request may be retried.
 */
const TABLE = 'command_idempotency';
export const KEY_TTL_HOURS = 24;
/** Printable ASCII without spaces, as the draft's examples and Stripe's keys are; long enough for a UUID or a hash. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Answers larger than this are not kept (a command's answer is small; a large one is a download). */
const MAX_KEPT_BYTES = 1024 * 1024;
const PURGE_EVERY_MS = 10 * 60 * 1000;

export async function ensureIdempotencyTable(knex: Knex): Promise<void> {
  await knex.raw(
    `create table if not exists ${TABLE} (caller text not null, key text not null, request_sha256 text not null, status integer, content_type text, body text, created_at timestamptz not null default now(), primary key (caller, key))`,
  );
}

interface Reserved {
  caller: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Reserved;
  }
}

/**
 * The request's Idempotency-Key, or null without one; a malformed key is refused (400) before the
 * arguments are looked at, on every command route, including those that honour the key themselves.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new Refusal('invalid_idempotency_key', { fields: ['Idempotency-Key'] });
  return header;
}

const callerOf = (session: Session) => `${session.tenantId}:${session.apiTokenId ? `token:${session.apiTokenId}` : `user:${session.userId}`}`;

/** What makes two requests the same: method, path and query, the company, and the parsed body. */
function requestHash(request: FastifyRequest, session: Session): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${session.selectedCompanyId}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

const perDatabase = new WeakMap<Knex, ReturnType<typeof makeIdempotency>>();

/** The hooks of one database's keys (one purge schedule however many routes use them). */
export function idempotency(knex: Knex): ReturnType<typeof makeIdempotency> {
  let hooks = perDatabase.get(knex);
  if (!hooks) perDatabase.set(knex, (hooks = makeIdempotency(knex)));
  return hooks;
}

function makeIdempotency(knex: Knex) {
  let lastPurge = 0;
  const purge = async () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await knex(TABLE).where('created_at', '<', knex.raw(`now() - interval '${KEY_TTL_HOURS} hours'`)).delete();
  };

  /**
   * preHandler (after the arguments were validated: a request refused as malformed keeps no answer,
   * as Stripe's keys do not): reserve the key, or answer a retry from what was kept.
   */
  const reserve = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const header = idempotencyKeyOf(request);
    if (header === null || !request.session) return undefined;
    await purge();
    const caller = callerOf(request.session);
    const hash = requestHash(request, request.session);
    const inserted = await knex(TABLE).insert({ caller, key: header, request_sha256: hash }).onConflict(['caller', 'key']).ignore().returning('key');
    if (inserted.length > 0) {
      request.idempotency = { caller, key: header };
      return undefined;
    }
    const kept = (await knex(TABLE).where({ caller, key: header }).first()) as { request_sha256: string; status: number | null; content_type: string | null; body: string | null } | undefined;
    // Released between the two statements (the first answer failed): the client may try again.
    if (!kept || kept.status === null) throw new Refusal('idempotency_in_progress', { fields: ['Idempotency-Key'] });
    if (kept.request_sha256 !== hash) throw new Refusal('idempotency_key_reused', { fields: ['Idempotency-Key'] });
    return reply
      .status(kept.status)
      .header('idempotent-replayed', 'true')
      .header('content-type', kept.content_type ?? 'application/json; charset=utf-8')
      .send(kept.body ?? '');
  };

  /** onSend: keep the first answer under its key, or release the key. */
  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const reserved = request.idempotency;
    if (!reserved) return payload;
    request.idempotency = undefined;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const where = knex(TABLE).where({ caller: reserved.caller, key: reserved.key });
    if (reply.statusCode >= 500 || text === null || Buffer.byteLength(text) > MAX_KEPT_BYTES) await where.delete();
    else await where.update({ status: reply.statusCode, content_type: String(reply.getHeader('content-type') ?? ''), body: text });
    return payload;
  };

  return { reserve, keep };
}
