import fc from 'fast-check';
import type { RawRequest } from './rawHttp';
import { fieldExtremes, hostilePathParam, hostileRawBody, hostileValue, mutatedBody, PATH_EXTREMES, toJsonText } from './hostileInput';
import type { BaseRequest } from './routeRequests';

/** What the fuzz suite sends to one route, derived from the route's valid request. */
export interface Sample {
  params: Record<string, string>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; body: string | Buffer; contentType?: string };
}

export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Random samples near the route's valid request: mostly one to three fields changed, some wholly hostile bodies and path ids. */
export function randomSamples(url: string, base: BaseRequest, withBody: boolean): fc.Arbitrary<Sample> {
  const params = Object.fromEntries(
    paramNames(url).map((name) => [name, fc.oneof({ weight: 3, arbitrary: fc.constant(validParam(base, name)) }, { weight: 2, arbitrary: hostilePathParam })]),
  );
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => ({ kind: 'json' as const, value: v }));
  const file = base.file;
  const bodies: fc.Arbitrary<Sample['body']> = file
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constant({ kind: 'raw' as const, ...file }) },
        { weight: 12, arbitrary: mutatedFile(file.body).map((body) => ({ kind: 'raw' as const, body, contentType: file.contentType })) },
        { weight: 2, arbitrary: json(hostileValue) },
        { weight: 2, arbitrary: hostileRawBody.map((r) => ({ kind: 'raw' as const, ...r })) },
      )
    : withBody
    ? fc.oneof(
        { weight: 1, arbitrary: json(fc.constant(base.body ?? {})) },
        { weight: 12, arbitrary: json(mutatedBody(base.body ?? {})) },
        { weight: 2, arbitrary: json(hostileValue) },
        { weight: 2, arbitrary: hostileRawBody.map((r) => ({ kind: 'raw' as const, ...r })) },
      )
    : fc.constant({ kind: 'none' as const });
  return fc.record({ params: fc.record(params), body: bodies });
}

/** A file with bytes cut, inserted or overwritten (hostile text, invalid UTF-8, a cell of NULs, a cut mid-character). */
function mutatedFile(file: Buffer): fc.Arbitrary<Buffer> {
  const at = fc.nat({ max: file.length });
  const inserted = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }).map((t) => Buffer.from(t, 'utf8')),
    fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(',,,,,,,,,,,,', '\r\n', '"', '\u0000', '1e308', '-1', '99999999999999999999', '=1+1', '令和99年13月40日').map((t) => Buffer.from(t, 'utf8')),
  );
  return fc.oneof(
    at.map((n) => file.subarray(0, n)),
    fc.tuple(at, inserted).map(([n, bytes]) => Buffer.concat([file.subarray(0, n), bytes, file.subarray(n)])),
    fc.tuple(at, inserted).map(([n, bytes]) => Buffer.concat([file.subarray(0, n), bytes, file.subarray(Math.min(file.length, n + bytes.length))])),
  );
}

export const validParam = (base: BaseRequest, name: string) => base.params?.[name] ?? 'missing-id';

/** The systematic part: every field with every extreme, every path parameter with every hostile id. */
export function sweepSamples(url: string, base: BaseRequest, withBody: boolean): Sample[] {
  const valid = Object.fromEntries(paramNames(url).map((name) => [name, validParam(base, name)]));
  if (base.file) return [{ params: valid, body: { kind: 'raw', ...base.file } }];
  const body: Sample['body'] = withBody ? { kind: 'json', value: base.body ?? {} } : { kind: 'none' };
  return [
    ...(withBody ? fieldExtremes(base.body ?? {}).map((value) => ({ params: valid, body: { kind: 'json' as const, value } })) : []),
    ...paramNames(url).flatMap((name) => PATH_EXTREMES.map((bad) => ({ params: { ...valid, [name]: bad }, body }))),
  ];
}

/** A query string of numeric extremes and control characters, for the GET routes. */
export const hostileQuery = fc
  .array(fc.tuple(fc.constantFrom('fiscalYear', 'goalYear', 'before', 'limit', 'version', 'companyId', 'id', 'scope', 'q'), hostilePathParam), { minLength: 1, maxLength: 3 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

export const requestOf = (method: string, url: string, token: string, sample: Sample, query = ''): RawRequest => {
  const body = sample.body;
  return {
    method,
    path: url.replace(/:(\w+)/g, (_, name: string) => sample.params[name]!) + (query ? `?${query}` : ''),
    token,
    ...(body.kind === 'json' ? { body: toJsonText(body.value) } : body.kind === 'raw' ? { body: body.body, ...(body.contentType ? { contentType: body.contentType } : {}) } : {}),
  };
};

