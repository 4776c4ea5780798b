/**
 * A steady mix of real commands over HTTP, shared by the crash test and the command benchmark:
 * what the company's users do all day (rates, offsets, goals, intensities, flags, section names).
 */

export interface LoadTarget {
  baseUrl: string;
  token: string;
  /** Existing rows the edits change, from `prepareLoad`. */
  rateId: string;
  goalId: string;
  section: { id: string; name: string; parentSection: string | null };
}

export interface Command {
  kind: string;
  method: string;
  path: string;
  body: unknown;
  /** Where the answer names the new or changed row, and the read-model table that must hold it. */
  answerKey: string;
  table: string;
}

/** Letters for the i-th distinct three-letter currency code (the domain accepts [A-Z]{3}). */
const currencyCode = (i: number) => ['Q', String.fromCharCode(65 + Math.floor(i / 26) % 26), String.fromCharCode(65 + (i % 26))].join('');

const adds = (i: number): Command[] => [
  { kind: 'currency add', method: 'POST', path: '/api/currency', body: { fiscalYear: 2100 + Math.floor(i / 676), currencyUnit: currencyCode(i), rate: 100 + (i % 50) }, answerKey: 'currency', table: 'currency_rates' },
  { kind: 'offset add', method: 'POST', path: '/api/offset', body: { type: 'J-クレジット', particularNumberFrom: `L-${i}-1`, particularNumberTo: `L-${i}-9`, invalidOrRelocationQuantity: 1 + (i % 9), invalidOrRelocationDate: '2025-06-30', authType: '無効化' }, answerKey: 'offset', table: 'offsets' },
  { kind: 'intensity add', method: 'POST', path: '/api/intensity', body: { name: `load ${i}`, unit: '千円' }, answerKey: 'intensity', table: 'intensities' },
  { kind: 'group flag add', method: 'POST', path: '/api/group-flag', body: { name: `load ${i}` }, answerKey: 'groupFlag', table: 'group_flags' },
];

const edits = (i: number, t: LoadTarget): Command[] => [
  { kind: 'currency edit', method: 'POST', path: '/api/currency', body: { id: t.rateId, fiscalYear: 2099, currencyUnit: 'CHF', rate: 170 + (i % 100) / 100 }, answerKey: 'currency', table: 'currency_rates' },
  { kind: 'goal edit', method: 'POST', path: '/api/reduction-goal', body: { reductionGoals: [{ id: t.goalId, scopeCategory: '1', goalYear: 2099, goalEmission: 500 + (i % 100), targetYear: 2013, targetEmission: 1000 }] }, answerKey: 'reductionGoals', table: 'reduction_goals' },
  { kind: 'section rename', method: 'POST', path: '/api/company-section', body: { section: { id: t.section.id, name: `${t.section.name} ${i % 7}`, parentSection: t.section.parentSection } }, answerKey: 'companySection', table: 'company_sections' },
];

/** The i-th command of the mix; `addsOnly` keeps the ones that create a row (each acknowledged one must then exist). */
export function mixedCommand(i: number, target: LoadTarget, addsOnly = false): Command {
  const all = addsOnly ? adds(i) : [...adds(i), ...edits(i, target)];
  return all[i % all.length]!;
}

/** A parsed JSON answer (JSON.parse's own type): the tests read the fields they expect, and a wrong guess fails the test. */
export type JsonAnswer = ReturnType<typeof JSON.parse>;

export async function send(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: JsonAnswer }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function loginOver(baseUrl: string, email = 'admin@demo.example', password = 'demo-ledger'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Logs in and creates the rows the edits change. */
export async function prepareLoad(baseUrl: string): Promise<LoadTarget> {
  const token = await loginOver(baseUrl);
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await send(baseUrl, token, method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const rate = (await ok('POST', '/api/currency', { fiscalYear: 2099, currencyUnit: 'CHF', rate: 170 })).currency;
  const goal = (await ok('POST', '/api/reduction-goal', { reductionGoals: [{ scopeCategory: '1', goalYear: 2099, goalEmission: 500, targetYear: 2013, targetEmission: 1000 }] })).reductionGoals[0];
  const sections = (await ok('GET', '/api/company-section')).companySections as LoadTarget['section'][];
  return { baseUrl, token, rateId: rate.id, goalId: goal.id, section: sections.find((s) => s.name === '総務部')! };
}

export interface CommandResult {
  command: Command;
  status: number;
  ms: number;
  body: JsonAnswer;
}

/**
 * `clients` concurrent clients, each sending its next command as soon as the previous answer
 * arrives, until `total` commands were sent or `stop()` says so. A request that fails without an
 * answer (the server was killed) counts as status 0.
 */
export async function runClients(opts: {
  target: LoadTarget;
  clients: number;
  total?: number;
  /** Index of the first command: runs on one server take distinct ranges, or their adds would clash (409). */
  from?: number;
  addsOnly?: boolean;
  stop?: () => boolean;
  onResult?: (r: CommandResult) => void;
}): Promise<CommandResult[]> {
  const results: CommandResult[] = [];
  const from = opts.from ?? 0;
  let next = from;
  const client = async () => {
    while ((opts.total === undefined || next < from + opts.total) && !opts.stop?.()) {
      const command = mixedCommand(next++, opts.target, opts.addsOnly);
      const started = performance.now();
      const answer = await send(opts.target.baseUrl, opts.target.token, command.method, command.path, command.body).catch(() => ({ status: 0, body: null }));
      const result = { command, status: answer.status, ms: performance.now() - started, body: answer.body };
      results.push(result);
      opts.onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  return results;
}
