import { describe, expect, it, vi } from 'vitest';
import { BACKOFF_MAX_MS, LiveConnection, backoffDelay, liveUrl } from './liveConnection';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  send(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup() {
  FakeSocket.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events = { notices: vi.fn(), reconnected: vi.fn(), unauthorized: vi.fn(), statuses: [] as string[] };
  const connection = new LiveConnection({
    url: () => 'ws://x/api/live?token=t',
    onNotices: events.notices,
    onReconnected: events.reconnected,
    onUnauthorized: events.unauthorized,
    onStatus: (s) => events.statuses.push(s),
    createSocket: (url) => new FakeSocket(url),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
    random: () => 0.5,
  });
  return { connection, timers, events, socket: () => FakeSocket.all.at(-1)! };
}

describe('live connection', () => {
  it('backs off exponentially up to 30 s', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, mid))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(20, () => 0.999)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
    expect(backoffDelay(0, () => 0)).toBe(750);
  });

  it('builds the ws or wss URL with the token', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' }, 'a.b c')).toBe('ws://localhost:3000/api/live?token=a.b%20c');
    expect(liveUrl({ protocol: 'https:', host: 'ghg.example' }, 't')).toBe('wss://ghg.example/api/live?token=t');
  });

  it('is open after hello and passes notices on', () => {
    const t = setup();
    t.connection.start();
    expect(t.connection.status).toBe('connecting');
    t.socket().send({ type: 'hello' });
    expect(t.connection.status).toBe('open');
    const notice = { topic: 'settings/currency', companyId: 'c1', ids: ['r1'] };
    t.socket().send({ type: 'notices', notices: [notice] });
    expect(t.events.notices).toHaveBeenCalledWith([notice]);
    expect(t.events.reconnected).not.toHaveBeenCalled();
  });

  it('reconnects with backoff after a drop and refetches once reconnected', () => {
    const t = setup();
    t.connection.start();
    t.socket().send({ type: 'hello' });
    t.socket().onclose?.({ code: 1006 });
    expect(t.connection.status).toBe('disconnected');
    expect(t.timers.at(-1)!.ms).toBe(1000);
    t.timers.at(-1)!.fn();
    t.socket().onclose?.({ code: 1006 });
    expect(t.timers.at(-1)!.ms).toBe(2000);
    t.timers.at(-1)!.fn();
    expect(FakeSocket.all).toHaveLength(3);
    t.socket().send({ type: 'hello' });
    expect(t.connection.status).toBe('open');
    expect(t.events.reconnected).toHaveBeenCalledTimes(1);
    // The backoff starts over after a successful connection.
    t.socket().onclose?.({ code: 1006 });
    expect(t.timers.at(-1)!.ms).toBe(1000);
  });

  it('stops retrying when the server refuses the token', () => {
    const t = setup();
    t.connection.start();
    t.socket().onclose?.({ code: 4401 });
    expect(t.connection.status).toBe('unauthorized');
    expect(t.events.unauthorized).toHaveBeenCalled();
    expect(t.timers).toHaveLength(0);
  });

  it('closes the socket and stays quiet when stopped', () => {
    const t = setup();
    t.connection.start();
    const socket = t.socket();
    t.connection.stop();
    expect(socket.closed).toBe(true);
    expect(t.connection.status).toBe('stopped');
    expect(t.timers).toHaveLength(0);
  });
});
