import { microOf } from './decimalKg';

/**
 * The change of an energy intensity over the five fiscal years of the 省エネ法 periodic report, as its
 * table of the intensity's change (定期報告書 特定-第4表 style: エネルギー消費原単位の変化状況) states it:
 * each year's 対前年度比 (this year's intensity ÷ last year's, in %) and the 5年度間平均原単位変化 (the
 * geometric mean of the four year-on-year ratios, in %). Percentages to one decimal, half away from
 * zero. docs/energy-report.md.
 */

/** This year's intensity ÷ last year's × 100, one decimal ('98.5'); null without both, or when last year's is not positive. */
export function yearOnYearPercent(previous: string | null, current: string | null): string | null {
  if (previous === null || current === null) return null;
  const before = microOf(previous);
  const now = microOf(current);
  if (before <= 0n || now < 0n) return null;
  // tenths of a percent = now ÷ before × 1000, rounded half up (both ≥ 0).
  const tenths = (now * 2000n + before) / (2n * before);
  return `${tenths / 10n}.${tenths % 10n}`;
}

/**
 * (product of the four year-on-year ratios)^(1/4) × 100 = (last ÷ first)^(1/4) × 100, one decimal;
 * null unless all five intensities are given and positive (a year-on-year ratio needs both years).
 */
export function fiveYearAveragePercent(intensities: readonly (string | null)[]): string | null {
  if (intensities.length !== 5 || intensities.some((v) => v === null || microOf(v) <= 0n)) return null;
  const first = Number(microOf(intensities[0]!));
  const last = Number(microOf(intensities[4]!));
  const percent = Math.pow(last / first, 1 / 4) * 100;
  return (Math.round(percent * 10) / 10).toFixed(1);
}
