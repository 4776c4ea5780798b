import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { login, startTestApp, type RunningApp } from './embeddedApp';
import { sendRaw, type RawRequest } from './fuzz/rawHttp';
import { toJsonText } from './fuzz/hostileInput';
import { hostileQuery, paramNames, randomSamples, requestOf, sweepSamples, validParam, type Sample } from './fuzz/routeSamples';
import { baseRequests, prepareFixture, type BaseRequest, type Fixture } from './fuzz/routeRequests';

/**
 * The fuzz suite: every route of the embedded app, over a real socket, with bodies and
 * path parameters mutated from a valid request by fast-check. For every request: never a 5xx or
 * a dropped connection; a refused request appends no event; an accepted one does not stall a
 * projection. Bounded in time (FUZZ_BUDGET_MS); FUZZ_SEED and FUZZ_RUNS reproduce or widen a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 10_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 40_000);

interface Violation {
  route: string;
  problem: string;
  status: number;
  path: string;
  body: string;
}

const hashOf = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 0);
const clip = (text: string) => (text.length > 240 ? `${text.slice(0, 240)}… (${text.length} chars)` : text);

describe('fuzzed routes', () => {
  let app: RunningApp;
  let fixture: Fixture;
  let bases: Record<string, BaseRequest>;

  beforeAll(async () => {
    app = await startTestApp();
    fixture = await prepareFixture(app, await login(app, 'admin@demo.example'));
    bases = baseRequests(fixture);
  });
  afterAll(async () => app?.stop());

  const routesOf = (commands: boolean) =>
    [...new Set(app.routes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/live' && (r.method !== 'GET') === commands).map((r) => `${r.method} ${r.url}`))].sort();

  it('knows a valid request for every command route the app registers', () => {
    expect(routesOf(true).filter((route) => !bases[route])).toEqual([]);
  });

  it('answers every fuzzed request with a status below 500, appends nothing when it refuses, and keeps the projections going', async () => {
    const violations: Violation[] = [];
    const tried = new Map<string, number>();
    // Accepted requests show that the fuzzing reaches past validation into the deciders and projections.
    const accepted = new Map<string, number>();
    // Positions hold bigints: compare their text.
    const headText = async () => JSON.stringify(await app.infra.eventStore.headPosition(), (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    let stalled = false;
    const send = async (route: string, req: RawRequest) => {
      const before = await headText();
      const res = await sendRaw(app.url, req);
      const after = await headText();
      tried.set(route, (tried.get(route) ?? 0) + 1);
      if (res.status >= 200 && res.status < 300) accepted.set(route, (accepted.get(route) ?? 0) + 1);
      const record = (problem: string) =>
        violations.push({ route, problem, status: res.status, path: clip(req.path), body: clip(req.body === undefined ? '' : req.body.toString()) });
      if (res.status === 0) record(`no answer: ${res.error}`);
      else if (res.status >= 500) record(`${res.status}: ${clip(res.text)}`);
      else if (res.status >= 400 && after !== before) record(`refused (${res.text.slice(0, 80)}) but appended events`);
      else if (after !== before && !stalled) {
        // After one stall every later command waits for it: check (and wait) only once.
        const position = (await app.infra.eventStore.headPosition())!;
        await app.runner.waitForPosition(position, { timeoutMs: 3000 }).catch(() => {
          record('accepted, and a projection has not caught up 3 s later');
          stalled = true;
        });
      }
    };

    // The plan: per route, the sweep first, then random samples; the time budget is shared out by size.
    const plan: [string, RawRequest[]][] = [];
    for (const route of [...routesOf(true), ...routesOf(false)]) {
      const [method, url] = route.split(' ') as [string, string];
      const base = bases[route] ?? {};
      const token = base.as === 'self' ? fixture.self.token : fixture.adminToken;
      const seed = SEED + hashOf(route);
      if (method === 'GET') {
        const valid: Sample = { params: Object.fromEntries(paramNames(url).map((n) => [n, validParam(base, n)])), body: { kind: 'none' } };
        const queries = fc.sample(hostileQuery, { seed, numRuns: Math.ceil(RUNS / 6) });
        plan.push([route, [...sweepSamples(url, base, false).map((s) => requestOf(method, url, token, s)), ...queries.map((q) => requestOf(method, url, token, valid, q))]]);
      } else {
        const samples = [...sweepSamples(url, base, true), ...fc.sample(randomSamples(url, base, true), { seed, numRuns: RUNS })];
        plan.push([route, samples.map((s) => requestOf(method, url, token, s, base.query))]);
      }
    }
    // Bodies over every body limit must get a readable 413, not a reset connection.
    const oversized = (route: string, megabytes: number): RawRequest => {
      const url = route.split(' ')[1]!.replace(/:(\w+)/g, (_, name: string) => bases[route]?.params?.[name] ?? 'missing-id');
      return { method: 'POST', path: url, token: fixture.adminToken, body: toJsonText({ padding: 'x'.repeat(megabytes * 2 ** 20) }) };
    };
    const planned = plan.reduce((n, [, requests]) => n + requests.length, 0);
    console.log(`fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} random samples per command route (FUZZ_RUNS), ${planned} requests planned, budget ${BUDGET_MS} ms (FUZZ_BUDGET_MS)`);
    for (const [route, requests] of plan) {
      const until = performance.now() + (BUDGET_MS * requests.length) / planned;
      for (const request of requests) {
        if (performance.now() > until) break;
        await send(route, request);
      }
    }

    await send('POST /api/currency (11 MB body)', oversized('POST /api/currency', 11));
    await send('POST /api/company-factor-sets/:id/upload (40 MB body)', oversized('POST /api/company-factor-sets/:id/upload', 40));

    // Still up, every projection still going, and no prototype polluted by a `__proto__` key.
    expect((await sendRaw(app.url, { method: 'GET', path: '/api/system-options' })).status).toBe(200);
    const health = await sendRaw(app.url, { method: 'GET', path: '/api/health' });
    if (health.status !== 404) expect({ status: health.status, body: JSON.parse(health.text).status }, health.text).toEqual({ status: 200, body: 'ok' });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();

    const total = [...tried.values()].reduce((a, b) => a + b, 0);
    console.log(`fuzz: ${total} requests on ${tried.size} routes\n${[...tried].map(([r, n]) => `  ${String(n).padStart(4)} tried ${String(accepted.get(r) ?? 0).padStart(4)} accepted  ${r}`).join('\n')}`);
    if (violations.length) console.log(`fuzz: ${violations.length} violations\n${violations.map((v) => `  ${v.route} → ${v.problem}\n      path ${v.path}\n      body ${v.body}`).join('\n')}`);
    // One line per route and kind of failure; the log above has every request.
    expect([...new Set(violations.map((v) => `${v.route}: ${v.problem}`))]).toEqual([]);
  }, BUDGET_MS + 120_000);
});
