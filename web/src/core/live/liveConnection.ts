import type { ChangeNotice } from '../api/types';

export type LiveStatus = 'connecting' | 'open' | 'disconnected' | 'unauthorized' | 'stopped';

/** The server closes with 4401 when the token is not valid: log in again, do not retry. */
export const CLOSE_UNAUTHORIZED = 4401;
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/** Exponential backoff with ±25 % jitter so many tabs do not reconnect in step: ~1 s, 2 s, 4 s … 30 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.min(BACKOFF_MAX_MS, Math.round(base * (0.75 + random() * 0.5)));
}

export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/live?token=${encodeURIComponent(token)}`;
}

interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

/** A browser WebSocket behind the narrow interface the connection (and its tests' fakes) use. */
function openWebSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = { onopen: null, onmessage: null, onclose: null, onerror: null, close: (code, reason) => ws.close(code, reason) };
  ws.onopen = (ev) => socket.onopen?.(ev);
  ws.onmessage = (ev) => socket.onmessage?.(ev);
  ws.onclose = (ev) => socket.onclose?.(ev);
  ws.onerror = (ev) => socket.onerror?.(ev);
  return socket;
}

export interface LiveConnectionOptions {
  url: () => string | null;
  onNotices: (notices: ChangeNotice[]) => void;
  /** After a reconnection: whatever happened while disconnected was missed, so refetch. */
  onReconnected: () => void;
  onStatus: (status: LiveStatus) => void;
  onUnauthorized: () => void;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}

/** One WebSocket to /api/live, reconnecting with backoff until stopped. */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private everOpened = false;
  private stopped = false;
  status: LiveStatus = 'connecting';

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.close(1000, 'client stopped');
    }
    this.setStatus('stopped');
  }

  /** Try now instead of waiting for the backoff (the browser came back online, the tab is visible). */
  reconnectNow(): void {
    if (this.stopped || this.status === 'open' || this.status === 'connecting' || this.status === 'unauthorized') return;
    this.clearTimer();
    this.connect();
  }

  private connect(): void {
    const url = this.options.url();
    if (!url) {
      this.setStatus('unauthorized');
      return;
    }
    this.setStatus('connecting');
    const create = this.options.createSocket ?? openWebSocket;
    let socket: SocketLike;
    try {
      socket = create(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      /* the close event follows and decides */
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (event.code === CLOSE_UNAUTHORIZED) {
        this.setStatus('unauthorized');
        this.options.onUnauthorized();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    let message: { type?: string; notices?: ChangeNotice[] };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message.type === 'hello') {
      this.attempt = 0;
      this.setStatus('open');
      if (this.everOpened) this.options.onReconnected();
      this.everOpened = true;
    } else if (message.type === 'notices' && Array.isArray(message.notices)) {
      this.options.onNotices(message.notices);
    }
  }

  private scheduleReconnect(): void {
    this.setStatus('disconnected');
    const delay = backoffDelay(this.attempt++, this.options.random);
    this.clearTimer();
    const set = this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.timer = set(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    (this.options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}
