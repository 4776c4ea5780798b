import { describe, expect, it } from 'vitest';
import { causeOfEvent, classifyLineEvents, summariseCauses, type ReportedLineState } from './differenceCauses';

const state = (co2eKg: string, p: Partial<ReportedLineState> = {}): ReportedLineState => ({
  sectionId: 'plant',
  scopeCategory: '1',
  formulaId: 's1.fuel',
  co2eKg,
  locationKg: null,
  marketKg: null,
  ...p,
});
const none = new Set<string>();

describe('the cause of one event of a line', () => {
  it('given a line not in the report at filing, when it is recorded, then it is a late entry', () => {
    expect(causeOfEvent('ActivityLineRecorded', null, state('500'), none)).toBe('lateEntry');
  });
  it('given a line in the report, when it is changed, recalculated or removed, then a correction, a restatement, a removal', () => {
    expect(causeOfEvent('ActivityLineChanged', state('500'), state('600'), none)).toBe('correction');
    expect(causeOfEvent('ActivityLineRecalculated', state('500'), state('520'), none)).toBe('restatement');
    expect(causeOfEvent('ActivityLineRemoved', state('500'), null, none)).toBe('removal');
  });
  it('given a section created after the filing, when a line is recorded in it or moved into it, then it is an organisation change', () => {
    const added = new Set(['new-plant']);
    expect(causeOfEvent('ActivityLineRecorded', null, state('500', { sectionId: 'new-plant' }), added)).toBe('organisation');
    expect(causeOfEvent('ActivityLineChanged', state('500'), state('500', { sectionId: 'new-plant' }), added)).toBe('organisation');
    // A change of a line already in the new section is a correction of it.
    expect(causeOfEvent('ActivityLineChanged', state('500', { sectionId: 'new-plant' }), state('450', { sectionId: 'new-plant' }), added)).toBe('correction');
  });
  it('given an event that changed nothing the report shows (the same figures under a new basis), then it is no cause', () => {
    expect(causeOfEvent('ActivityLineRecalculated', state('500.000000'), state('500'), none)).toBeNull();
    // A scope-2 figure on the other basis is shown: its change is a cause.
    expect(causeOfEvent('ActivityLineRecalculated', state('434', { locationKg: '434', marketKg: '390' }), state('434', { locationKg: '434', marketKg: '380' }), none)).toBe('restatement');
  });
});

describe('the events of a line, and the summary by cause', () => {
  it('gives each event the kg it changed, starting from the line as filed, so they add up to the line’s difference', () => {
    // Recorded late at 1,000 L × 2.58 = 2,580 kg; restated to 1,000 L × 2.62 = 2,620 kg (+40); a recalculation with the same figure (no cause).
    const events = classifyLineEvents(
      null,
      [
        { type: 'ActivityLineRecorded', after: state('2580') },
        { type: 'ActivityLineRecalculated', after: state('2620') },
        { type: 'ActivityLineRecalculated', after: state('2620') },
      ],
      none,
    );
    expect(events).toEqual([
      { cause: 'lateEntry', differenceKg: '2580.000000' },
      { cause: 'restatement', differenceKg: '40.000000' },
      { cause: null, differenceKg: '0.000000' },
    ]);
  });

  it('counts lines and adds kg by cause, in a fixed order, leaving out causes no event had', () => {
    // d1: late 500 kg. d2: filed 2,000 kg, restated to 2,500 (+500). d3: filed 1,200, restated to 1,500 (+300),
    // then corrected to 1,000 (−500). d4: filed 800, removed (−800). d5: moved to another fiscal year (out of the report): −100.
    const lines = [
      { dealId: 'd1', events: classifyLineEvents(null, [{ type: 'ActivityLineRecorded', after: state('500') }], none) },
      { dealId: 'd2', events: classifyLineEvents(state('2000'), [{ type: 'ActivityLineRecalculated', after: state('2500') }], none) },
      {
        dealId: 'd3',
        events: classifyLineEvents(
          state('1200'),
          [
            { type: 'ActivityLineRecalculated', after: state('1500') },
            { type: 'ActivityLineChanged', after: state('1000') },
          ],
          none,
        ),
      },
      { dealId: 'd4', events: classifyLineEvents(state('800'), [{ type: 'ActivityLineRemoved', after: null }], none) },
      { dealId: 'd5', events: classifyLineEvents(state('100'), [{ type: 'ActivityLineChanged', after: null }], none) },
    ];
    expect(summariseCauses(lines)).toEqual([
      { cause: 'lateEntry', lines: 1, differenceKg: '500.000000' },
      { cause: 'correction', lines: 2, differenceKg: '-600.000000' }, // d3 −500, d5 −100
      { cause: 'removal', lines: 1, differenceKg: '-800.000000' },
      { cause: 'restatement', lines: 2, differenceKg: '800.000000' }, // d2 +500, d3 +300
    ]);
    // The causes add up to the lines' differences: +500 + 500 + (1,000 − 1,200) − 800 − 100 = −100.
    const total = summariseCauses(lines).reduce((sum, r) => sum + Number(r.differenceKg), 0);
    expect(total).toBe(500 + 500 + (1000 - 1200) - 800 - 100);
  });

  it('summarises nothing when no line differs', () => {
    expect(summariseCauses([])).toEqual([]);
  });
});
