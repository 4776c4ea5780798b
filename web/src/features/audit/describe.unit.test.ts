import { describe, expect, it } from 'vitest';
import { changesPerDay, eventKind, eventMessage, fieldMessage } from './describe';

describe('audit log wording', () => {
  it('names known events and fields, leaves unknown ones alone', () => {
    expect(eventMessage('CurrencyRateAdded')).toBe('audit.event.CurrencyRateAdded');
    expect(eventMessage('SomethingNew')).toBeUndefined();
    expect(fieldMessage('startMonth')).toBe('audit.field.startMonth');
    expect(fieldMessage('passwordHash')).toBeUndefined();
  });

  it('tells additions, changes and removals apart', () => {
    expect(eventKind('CurrencyRateAdded')).toBe('added');
    expect(eventKind('CompanySectionCreated')).toBe('added');
    expect(eventKind('UserRegistered')).toBe('added');
    expect(eventKind('CurrencyRateRemoved')).toBe('removed');
    expect(eventKind('CompanySectionDeleted')).toBe('removed');
    expect(eventKind('FiscalYearStartMonthSet')).toBe('changed');
  });

  it('counts changes per local day, with empty days', () => {
    const today = new Date(2026, 0, 10, 15);
    const at = (d: number, h: number) => new Date(2026, 0, d, h).toISOString();
    const result = changesPerDay([at(10, 9), at(10, 11), at(8, 1), at(1, 1)], 3, today);
    expect(result).toEqual([
      { day: '2026-01-08', count: 1 },
      { day: '2026-01-09', count: 0 },
      { day: '2026-01-10', count: 2 },
    ]);
  });
});
