import { Agent, request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent exactly as written (no URL normalisation), so '../', '%00' and malformed escapes reach the server. */
  path: string;
  body?: string | Buffer;
  contentType?: string;
  token?: string;
}

export interface RawResponse {
  /** 0 when the connection failed or was reset before an answer. */
  status: number;
  text: string;
  error?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request over a real socket with node:http rather than fetch: fetch normalises the path
 * and refuses some bodies, and the point here is to send what a hostile client would.
 */
export function sendRaw(baseUrl: string, req: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {};
    if (req.token) headers.authorization = `Bearer ${req.token}`;
    if (req.body !== undefined) {
      headers['content-type'] = req.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(req.body);
    }
    const outgoing = request({ agent, hostname, port, method: req.method, path: req.path, headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (e) => resolve({ status: 0, text: '', error: e.message }));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (e) => resolve({ status: 0, text: '', error: e.message }));
    outgoing.end(req.body);
  });
}
