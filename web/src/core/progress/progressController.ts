/** The progress bar, with a 200 ms throttle, 5000 ms duration, hidden 500 ms after finishing. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_MS = 500;

export interface ProgressState {
  visible: boolean;
  /** 0..1 */
  value: number;
}

interface Clock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Navigation progress: nothing shows for navigations shorter than the throttle; once shown the bar
 * fills over the duration (never quite reaching the end on its own), jumps to full when the
 * navigation finishes, and hides after the hide delay.
 */
export class ProgressController {
  private showTimer: unknown = null;
  private hideTimer: unknown = null;
  private shownAt: number | null = null;
  private finished = false;
  private running = false;

  constructor(
    private readonly onChange: (state: ProgressState) => void,
    private readonly clock: Clock = realClock,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.hideTimer !== null) {
      // A new navigation while the finished bar was still fading: continue from the start.
      this.clock.clearTimeout(this.hideTimer);
      this.hideTimer = null;
      this.show();
      return;
    }
    this.showTimer = this.clock.setTimeout(() => {
      this.showTimer = null;
      this.show();
    }, PROGRESS_THROTTLE_MS);
  }

  finish(): void {
    if (!this.running) return;
    this.running = false;
    if (this.showTimer !== null) {
      this.clock.clearTimeout(this.showTimer);
      this.showTimer = null;
      return;
    }
    this.finished = true;
    this.onChange({ visible: true, value: 1 });
    this.hideTimer = this.clock.setTimeout(() => {
      this.hideTimer = null;
      this.shownAt = null;
      this.finished = false;
      this.onChange({ visible: false, value: 0 });
    }, PROGRESS_HIDE_MS);
  }

  /** The bar's value now: linear over the duration, held at 95 % until the navigation finishes. */
  value(): number {
    if (this.finished) return 1;
    if (this.shownAt === null) return 0;
    return Math.min(0.95, (this.clock.now() - this.shownAt) / PROGRESS_DURATION_MS);
  }

  dispose(): void {
    if (this.showTimer !== null) this.clock.clearTimeout(this.showTimer);
    if (this.hideTimer !== null) this.clock.clearTimeout(this.hideTimer);
    this.showTimer = this.hideTimer = null;
  }

  private show(): void {
    this.shownAt = this.clock.now();
    this.finished = false;
    this.onChange({ visible: true, value: 0 });
  }
}
