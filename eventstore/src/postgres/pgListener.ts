import pg from 'pg';

const RECONNECT_DELAY_MS = 1000;

/**
 * LISTEN on a dedicated connection (a pooled one would drop the LISTEN when returned to the
 * pool). Reconnects after a failure; `onReconnect` lets callers recover what they may have missed
 * while disconnected. `ready` never rejects: callers that also poll keep working without it.
 */
export class PgListener {
  readonly ready: Promise<void>;
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onNotification: (payload: string) => void,
    private readonly onReconnect: () => void = () => {},
  ) {
    this.ready = this.connect(false);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(isReconnect: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.onNotification(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
    } catch {
      fail();
      return;
    }
    if (this.closed) {
      failed = true;
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    if (isReconnect) this.onReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.closed) void this.connect(true);
    }, RECONNECT_DELAY_MS);
    this.retry.unref();
  }
}
