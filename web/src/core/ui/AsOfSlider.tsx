import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Classes } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { isPosition, useAsOf, useAsOfMoments } from '../workspace/asOf';
import { asOfOfStop, isOnStop, stopOf, stopPercent, yearTicks } from './asOfSlider';
import './asOfSlider.css';

/** How long the slider rests before its moment goes into the address (and the figures are asked for). */
export const AS_OF_SLIDER_DEBOUNCE_MS = 350;

const YEAR = new Intl.DateTimeFormat('en', { year: 'numeric' });

/**
 * The time slider of the as-of control (issue 16 §1): a range input over the selected company's
 * history, from its first change to now, that snaps to the moments something changed (its ledger
 * lines, filed reports, base-year records). Moving it puts `?asOf=<position>` in the address after a
 * short rest, so the link is shareable; the right end is now (no `asOf`). Keyboard: arrows step one
 * moment, Page Up/Down a tenth, Home/End the first moment and now. The value is read out as its date-time.
 */
export function AsOfSlider({ testId }: { testId: string }) {
  const t = useT();
  const intl = useIntl();
  const { asOf, setAsOf } = useAsOf();
  const answer = useAsOfMoments();
  const moments = useMemo(() => answer.data?.moments ?? [], [answer.data]);
  // The stop being moved to, before it is committed to the address.
  const [moving, setMoving] = useState<number | null>(null);

  useEffect(() => {
    if (moving === null) return;
    const timer = setTimeout(() => {
      setAsOf(asOfOfStop(moments, moving));
      setMoving(null);
    }, AS_OF_SLIDER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // setAsOf reads the address when called; a new one each render must not restart the pause.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moving, moments]);

  const ticks = useMemo(() => yearTicks(moments, (at) => Number(YEAR.format(new Date(at)))), [moments]);
  if (moments.length < 2) return null;

  const last = moments.length - 1;
  const committed = Math.max(0, stopOf(moments, asOf));
  const stop = moving ?? committed;
  const when = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
  // What the figures stand at: the stop's moment, or the address's own asOf when it lies between stops.
  const shown = moving !== null ? asOfOfStop(moments, moving) : asOf;
  const valueText =
    shown === null
      ? t('asOf.slider.now', { at: when(moments[last]!.at) })
      : moving !== null || isOnStop(moments, stop, shown)
        ? t('asOf.slider.moment', { at: when(moments[stop]!.at), position: moments[stop]!.position })
        : isPosition(shown)
          ? t('asOf.position', { position: shown })
          : t('asOf.at', { at: when(shown) });
  const data = answer.data!;

  return (
    <div className="ghg-as-of-slider" data-testid={`${testId}-slider-box`}>
      <div className="ghg-as-of-slider-track">
        <input
          type="range"
          className="ghg-as-of-slider-input"
          min={0}
          max={last}
          step={1}
          value={stop}
          aria-label={t('asOf.slider.label')}
          aria-valuetext={valueText}
          data-testid={`${testId}-slider`}
          data-stop={stop}
          data-stops={moments.length}
          onChange={(e) => setMoving(Number(e.currentTarget.value))}
        />
        <div className="ghg-as-of-slider-ticks" aria-hidden="true" data-testid={`${testId}-slider-ticks`}>
          {ticks.map((tick) => (
            <span key={tick.year} className="ghg-as-of-slider-tick" style={{ left: `${stopPercent(tick.stop, moments.length)}%` }}>
              {intl.formatDate(moments[tick.stop]!.at, { year: 'numeric' })}
            </span>
          ))}
        </div>
      </div>
      {/* Seen, not read out twice: the slider itself says its value (aria-valuetext). */}
      <output className="ghg-as-of-slider-value" data-testid={`${testId}-slider-value`} aria-hidden="true">
        {valueText}
      </output>
      {data.thinned && (
        <span className={`ghg-as-of-slider-thinned ${Classes.TEXT_SMALL}`} data-testid={`${testId}-slider-thinned`}>
          {t('asOf.slider.thinned', { shown: intl.formatNumber(moments.length), count: intl.formatNumber(data.count) })}
        </span>
      )}
    </div>
  );
}
