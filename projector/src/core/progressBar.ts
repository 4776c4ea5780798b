/**
 * A dependency-free progress display for long runs such as rebuilds. On a terminal it redraws
 * one line in place; into a file or CI log it writes a plain line now and then, because
 * carriage returns there turn into thousands of lines.
 */
export interface ProgressFigures {
  done: number;
  total: number;
  /** Items per second. */
  rate: number;
  unit?: string;
  width?: number;
}

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(n: number): string {
  return grouping.format(Math.round(n));
}

export function percentOf(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** `[#####-----] 52% 52,000/100,000 events 41,000 ev/s` */
export function formatProgressBar({ done, total, rate, unit = 'events', width = 30 }: ProgressFigures): string {
  const pct = percentOf(done, total);
  const filled = Math.round((pct / 100) * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  return `${bar} ${pct}% ${formatCount(done)}/${formatCount(Math.max(total, done))} ${unit} ${formatCount(rate)} ev/s`;
}

/** The same figures without the bar, for logs. */
export function formatProgressLine({ done, total, rate, unit = 'events' }: ProgressFigures): string {
  return `${percentOf(done, total)}% ${formatCount(done)}/${formatCount(Math.max(total, done))} ${unit} ${formatCount(rate)} ev/s`;
}

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export class ProgressBar {
  private readonly startedAt: number;
  private lastDraw = -Infinity;

  constructor(
    private readonly out: ProgressOutput = process.stderr,
    private readonly options: { label?: string; unit?: string; ttyIntervalMs?: number; plainIntervalMs?: number; now?: () => number } = {},
  ) {
    this.startedAt = this.now();
  }

  update(done: number, total: number): void {
    const interval = this.out.isTTY ? (this.options.ttyIntervalMs ?? 100) : (this.options.plainIntervalMs ?? 2000);
    if (this.now() - this.lastDraw < interval) return;
    this.draw(done, total);
  }

  /** Draws the final state and ends the line. */
  finish(done: number, total: number): void {
    this.draw(done, total);
    if (this.out.isTTY) this.out.write('\n');
  }

  private draw(done: number, total: number): void {
    this.lastDraw = this.now();
    const seconds = Math.max((this.lastDraw - this.startedAt) / 1000, 1e-3);
    const figures = { done, total, rate: done / seconds, ...(this.options.unit ? { unit: this.options.unit } : {}) };
    const label = this.options.label ? `${this.options.label} ` : '';
    if (this.out.isTTY) {
      this.out.write(`\r${label}${formatProgressBar(figures)}\x1b[K`);
    } else {
      this.out.write(`${label}${formatProgressLine(figures)}\n`);
    }
  }

  private now(): number {
    return this.options.now ? this.options.now() : performance.now();
  }
}
