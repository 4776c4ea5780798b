import { describe, expect, it } from 'vitest';
import { ProgressBar, formatCount, formatProgressBar, formatProgressLine, percentOf } from './progressBar';

describe('progress formatting', () => {
  it('draws the bar, percentage, counts and rate', () => {
    expect(formatProgressBar({ done: 52_000, total: 100_000, rate: 41_000.4, width: 10 })).toBe(
      '[#####-----] 52% 52,000/100,000 events 41,000 ev/s',
    );
  });

  it('handles the ends: nothing to do, done, and a head that moved past the total', () => {
    expect(formatProgressBar({ done: 0, total: 0, rate: 0, width: 4 })).toBe('[####] 100% 0/0 events 0 ev/s');
    expect(formatProgressBar({ done: 0, total: 10, rate: 0, width: 4 })).toBe('[----] 0% 0/10 events 0 ev/s');
    expect(formatProgressBar({ done: 12, total: 10, rate: 3, width: 4 })).toBe('[####] 100% 12/12 events 3 ev/s');
    expect(percentOf(999, 1000)).toBe(99);
  });

  it('groups thousands and writes plain lines for logs', () => {
    expect(formatCount(1234567.6)).toBe('1,234,568');
    expect(formatProgressLine({ done: 1500, total: 3000, rate: 750 })).toBe('50% 1,500/3,000 events 750 ev/s');
  });
});

describe('ProgressBar', () => {
  function output(isTTY: boolean) {
    const writes: string[] = [];
    return { writes, out: { isTTY, write: (s: string) => writes.push(s) } };
  }

  it('redraws one line in place on a terminal', () => {
    let now = 0;
    const { writes, out } = output(true);
    const bar = new ProgressBar(out, { now: () => now });
    now = 1000;
    bar.update(500, 1000);
    now = 1050;
    bar.update(600, 1000); // throttled
    now = 2000;
    bar.finish(1000, 1000);
    expect(writes).toHaveLength(3);
    // The line ends by erasing the rest of the terminal line (ESC [ K).
    const eraseLine = '\x1b[K';
    expect(writes[0]?.endsWith(eraseLine)).toBe(true);
    expect(writes[0]?.slice(0, -eraseLine.length)).toMatch(/^\r\[#+-+\] 50% 500\/1,000 events 500 ev\/s$/);
    expect(writes[1]).toContain('100% 1,000/1,000 events 500 ev/s');
    expect(writes[2]).toBe('\n');
  });

  it('writes occasional plain lines when not a terminal', () => {
    let now = 0;
    const { writes, out } = output(false);
    const bar = new ProgressBar(out, { now: () => now, label: 'rebuild' });
    for (now = 100; now <= 5000; now += 100) bar.update(now, 5000);
    now = 5000;
    bar.finish(5000, 5000);
    expect(writes.length).toBe(4);
    expect(writes.every((w) => w.endsWith('\n') && !w.includes('\r') && w.startsWith('rebuild '))).toBe(true);
    expect(writes.at(-1)).toBe('rebuild 100% 5,000/5,000 events 1,000 ev/s\n');
  });
});
