import { isPosition } from '../workspace/asOf';

/**
 * The time slider's arithmetic (AsOfSlider.tsx), pure: its stops are the company's moments
 * (GET /api/as-of/moments) in position order, the last one standing for "now".
 */

export interface SliderMoment {
  position: string;
  at: string;
}

/**
 * The stop an `asOf` stands at: now (null) → the last; a position → the last moment at or before
 * it; a date-time → the last moment at or before that time; -1 when the `asOf` is before every
 * moment (or there are none).
 */
export function stopOf(moments: readonly SliderMoment[], asOf: string | null): number {
  if (asOf === null) return moments.length - 1;
  let found = -1;
  if (isPosition(asOf)) {
    const position = BigInt(asOf);
    for (let i = 0; i < moments.length && BigInt(moments[i]!.position) <= position; i++) found = i;
  } else {
    const at = Date.parse(asOf);
    for (let i = 0; i < moments.length && Date.parse(moments[i]!.at) <= at; i++) found = i;
  }
  return found;
}

/** The `asOf` a stop puts in the address: the last stop is now (none), any other its position. */
export function asOfOfStop(moments: readonly SliderMoment[], stop: number): string | null {
  if (stop >= moments.length - 1) return null;
  return moments[Math.max(0, stop)]!.position;
}

/** Whether the figures shown are exactly the stop's: now at the last stop, or the stop's own position. */
export function isOnStop(moments: readonly SliderMoment[], stop: number, asOf: string | null): boolean {
  if (stop < 0 || stop >= moments.length) return false;
  return asOf === null ? stop === moments.length - 1 : asOf === moments[stop]!.position;
}

/** The tick of each year the moments span: at the first moment of that year (`yearOf` reads a time on the user's calendar). */
export function yearTicks(moments: readonly SliderMoment[], yearOf: (at: string) => number): { stop: number; year: number }[] {
  const ticks: { stop: number; year: number }[] = [];
  for (let i = 0; i < moments.length; i++) {
    const year = yearOf(moments[i]!.at);
    if (ticks.at(-1)?.year !== year) ticks.push({ stop: i, year });
  }
  return ticks;
}

/** Where a stop sits along the track, 0 to 100 (%). */
export const stopPercent = (stop: number, stops: number) => (stops <= 1 ? 0 : (stop / (stops - 1)) * 100);
