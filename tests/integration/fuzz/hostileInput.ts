import fc from 'fast-check';

/**
 * What a careless or hostile client sends instead of a valid value: wrong types, numeric
 * extremes, NUL and lone surrogates, huge strings, deep nesting, prototype keys.
 */

/** A JSON token written into the body text as is (JSON.stringify cannot say -0, 1e400 or 2^53+1 exactly). */
const raw = (token: string) => `\u0001raw:${token}\u0001`;
const RAW_TOKEN = /"\\u0001raw:([^"\\]*)\\u0001"/g;

/** JSON text of a body, with the raw tokens put in place. */
export const toJsonText = (value: unknown): string => JSON.stringify(value).replace(RAW_TOKEN, '$1');

const DEPTH = 5000;
/** Nested arrays 5000 deep, as raw text: JSON.stringify itself runs out of stack on them. */
const deeplyNested = () => raw(`${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`);

/** An object with `__proto__` as an own key, as JSON.parse would make it. */
const withOwnKey = (key: string, value: unknown) => Object.defineProperty({}, key, { value, enumerable: true, writable: true, configurable: true });

const scalars = [
  true, false, null, 0, 1, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 5e-324, 1e-320,
  raw('-0'), raw('1e400'), raw('-1e400'), raw('99999999999999999999999'), raw('9007199254740993'), raw('1E-400'),
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\ufeff', '\u202e', '%00', '../../etc/passwd',
  '__proto__', 'constructor', 'NaN', 'Infinity', 'true', '1e308', '0x10', '2024-13-45', '<script>alert(1)</script>', "'; drop table es_events; --",
];
// Objects are made afresh for every sample: a later mutation of the same body may write inside one.
const objects: (() => unknown)[] = [
  () => [], () => ({}), () => [null], () => [1e308], () => ({ ja: '\u0000' }), () => withOwnKey('__proto__', { isAdmin: true }),
  () => Array.from({ length: 10_000 }, (_, i) => i), deeplyNested,
];
const hugeStrings = ['x'.repeat(100_000), '\u0000'.repeat(10_000), 'é'.repeat(50_000)];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...scalars) },
  { weight: 1, arbitrary: fc.constantFrom(...hugeStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 3, arbitrary: fc.constantFrom(...objects).map((make) => make()) },
);

type Path = (string | number)[];

/** Every path to a value inside a JSON value (the root excluded). */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  return [];
}

const containerAt = (root: unknown, path: Path): Record<string | number, unknown> | null => {
  let node = root;
  // An earlier mutation of the same body may have removed or replaced an ancestor.
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined;
  return node && typeof node === 'object' ? (node as Record<string | number, unknown>) : null;
};

const define = (target: Record<string | number, unknown>, key: string | number, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

type Mutation = { op: 'set' | 'remove'; path: Path; value?: unknown } | { op: 'add'; at: Path; key: string; value: unknown };

function applyMutation(root: unknown, m: Mutation): void {
  if (m.op === 'add') {
    const target = containerAt(root, m.at);
    if (target && !Array.isArray(target)) define(target, m.key, m.value);
    return;
  }
  const target = containerAt(root, m.path.slice(0, -1));
  const key = m.path[m.path.length - 1]!;
  if (!target) return;
  if (m.op === 'set') define(target, key, m.value);
  else if (Array.isArray(target)) target.splice(Number(key), 1);
  else delete target[key];
}

const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'isAdmin', 'companyId', 'tenantId'), fc.string({ maxLength: 8 }));

/** Bodies near a valid one: one to three fields replaced, removed or added. */
export function mutatedBody(base: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(base);
  const isPlainObject = (p: Path) => {
    const v = containerAt(base, p);
    return v !== null && !Array.isArray(v);
  };
  const objects = [[], ...paths].filter(isPlainObject);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    ...(paths.length ? [
      { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), path: fc.constantFrom(...paths), value: hostileValue }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), path: fc.constantFrom(...paths) }) },
    ] : []),
    ...(objects.length ? [{ weight: 2, arbitrary: fc.record({ op: fc.constant('add' as const), at: fc.constantFrom(...objects), key: extraKey, value: hostileValue }) }] : []),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => {
    const copy = structuredClone(base);
    for (const m of ms) applyMutation(copy, m);
    return copy;
  });
}

/** Bodies that are not JSON objects at all, or not JSON. */
export const hostileRawBody: fc.Arbitrary<{ body: string | Buffer; contentType?: string }> = fc.constantFrom(
  { body: '{' },
  { body: '{"a":' },
  { body: 'null' },
  { body: '[]' },
  { body: '"\\ud800"' },
  { body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' },
  { body: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}` },
  { body: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}` },
  { body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]) },
  { body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
  { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { body: 'plain text', contentType: 'text/plain' },
  { body: '{"a":1}', contentType: 'application/json; charset=latin1' },
  { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
  { body: '' },
);

/** Path parameters a hostile client writes into the URL (already URL-encoded, sent verbatim). */
export const hostilePathParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%ZZ', '%', '%ED%A0%80', '%F0%9F', '%C0%80', '%EF%BF%BF', '__proto__', 'constructor', 'x'.repeat(5000), '%20', 'null', '-1', '99999999999999999999999'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeURIComponentLoose),
);

/** encodeURIComponent that does not throw on lone surrogates (it encodes them as the bytes a lax client would send). */
function encodeURIComponentLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return [...Buffer.from(ch, 'utf16le')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
      }
    }).join('');
  }
}

/** The values every field of every route is tried with once, whatever the random samples hit. */
const EXTREMES: (() => unknown)[] = [
  () => '\u0000', () => 'a\ud800b', () => 'x'.repeat(100_000), () => 1e308, () => -1e308, () => raw('1e400'), () => 2 ** 53 + 1, () => true, () => null, () => ({}),
];

/** Each leaf of the valid body replaced by each extreme in turn, plus a `__proto__` key at the top. */
export function fieldExtremes(base: unknown): unknown[] {
  const leaves = pathsOf(base).filter((p) => containerAt(base, p) === null);
  const bodies = leaves.flatMap((path) =>
    EXTREMES.map((make) => {
      const copy = structuredClone(base);
      applyMutation(copy, { op: 'set', path, value: make() });
      return copy;
    }),
  );
  if (base && typeof base === 'object' && !Array.isArray(base)) bodies.push(Object.assign(withOwnKey('__proto__', { isAdmin: true }), structuredClone(base)));
  return bodies;
}

/** Path parameters every route with one is tried with. */
export const PATH_EXTREMES = ['%00', '%ED%A0%80', '%ZZ', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(5000), '99999999999999999999999'];
