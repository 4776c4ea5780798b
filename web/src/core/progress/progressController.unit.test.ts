import { describe, expect, it } from 'vitest';
import { PROGRESS_DURATION_MS, PROGRESS_HIDE_MS, PROGRESS_THROTTLE_MS, ProgressController, type ProgressState } from './progressController';

function setup() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const states: ProgressState[] = [];
  const controller = new ProgressController((s) => states.push(s), {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => (timers = timers.filter((t) => t.id !== id)),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((x) => x !== t);
      t.fn();
    }
  };
  return { controller, states, advance, last: () => states.at(-1) };
}

describe('navigation progress bar', () => {
  it('uses a 200 ms throttle, a 5000 ms duration and a 500 ms hide delay', () => {
    expect([PROGRESS_THROTTLE_MS, PROGRESS_DURATION_MS, PROGRESS_HIDE_MS]).toEqual([200, 5000, 500]);
  });

  it('shows nothing for navigations shorter than 200 ms', () => {
    const t = setup();
    t.controller.start();
    t.advance(199);
    t.controller.finish();
    t.advance(1000);
    expect(t.states).toEqual([]);
  });

  it('shows after 200 ms, fills over 5000 ms, completes and hides 500 ms after finishing', () => {
    const t = setup();
    t.controller.start();
    t.advance(200);
    expect(t.last()).toEqual({ visible: true, value: 0 });
    t.advance(2500);
    expect(t.controller.value()).toBeCloseTo(0.5);
    t.advance(10_000);
    expect(t.controller.value()).toBe(0.95);
    t.controller.finish();
    expect(t.last()).toEqual({ visible: true, value: 1 });
    t.advance(499);
    expect(t.last()!.visible).toBe(true);
    t.advance(1);
    expect(t.last()).toEqual({ visible: false, value: 0 });
  });

  it('restarts when a navigation begins while the bar is hiding', () => {
    const t = setup();
    t.controller.start();
    t.advance(300);
    t.controller.finish();
    t.advance(100);
    t.controller.start();
    expect(t.last()).toEqual({ visible: true, value: 0 });
    t.advance(1000);
    expect(t.last()!.visible).toBe(true);
  });
});
