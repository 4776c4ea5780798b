import { describe, expect, it } from 'vitest';
import type { FormulaField } from '../settings/scopeSetting/api';
import { checkLine, formKeyOfInput, formKeyOfRefusal, isoDateOf, lineDetailFields, lineFormOf, mappingsOf, parsePasted, previewInputs } from './lineForm';

const label = (en: string) => ({ ja: en, en, zhHans: en });
const fields: FormulaField[] = [
  { key: 'fuel', type: 'STRING', label: label('fuel'), required: false, dealMapping: 'item' },
  { key: 'amount', type: 'NUMBER', label: label('fuel used'), required: true, unit: 'factor', dealMapping: 'count' },
  { key: 'emissionIntensity', type: 'EMISSSION_INTENSITY', label: label('emission intensity'), required: true },
  { key: 'share', type: 'PERCENTAGE', label: label('share'), required: false, unit: '%' },
];
const year = { start: '2025-04-01', end: '2026-03-31' };
const setting = { emissionIntensity: 'jp-shk:fuel.diesel' };

describe('the line form', () => {
  it('asks for the deal attributes the formula maps and the fields the setting left empty', () => {
    expect(mappingsOf(fields)).toEqual(['count', 'item']);
    expect(lineDetailFields(fields, setting).map((f) => f.key)).toEqual(['share']);
    expect(lineDetailFields(fields, {}).map((f) => f.key)).toEqual(['emissionIntensity', 'share']);
  });

  it('reads the deal and the line detail; unused attributes are not sent', () => {
    const form = { ...lineFormOf('set-1', { occurrenceDate: '2025-04-15' }), 'deal.count': '1,000', 'deal.countUnit': 'L', 'deal.amount': '5', 'detail.share': '50' };
    const { errors, deal, detail } = checkLine(form, fields, setting, year);
    expect(errors).toEqual({});
    expect(deal).toEqual({ occurrenceDate: '2025-04-15', count: 1000, countUnit: 'L', amount: null, currency: null, item: null, client: null });
    expect(detail).toEqual({ share: 50 });
    expect(previewInputs(fields, setting, deal, detail)).toEqual({ emissionIntensity: 'jp-shk:fuel.diesel', amount: { value: 1000, unit: 'L' }, share: 50 });
  });

  it('a line opened to change or copy starts from its own recorded fields, which read back as recorded', () => {
    const factor = { value: 0.5, unit: 'kg-CO2e/L' };
    const form = lineFormOf('set-1', { occurrenceDate: '2025-04-15', count: 1000, countUnit: 'L' }, { share: 50, emissionIntensity: factor });
    expect(form).toMatchObject({ 'detail.share': '50', 'detail.emissionIntensity': JSON.stringify(factor), 'deal.count': '1000' });
    const recorded = { share: 50, emissionIntensity: factor };
    expect(checkLine(form, fields, {}, year, recorded).detail).toEqual(recorded);
    // A field changed is read afresh.
    expect(checkLine({ ...form, 'detail.share': '40' }, fields, {}, year, recorded).detail).toEqual({ share: 40, emissionIntensity: factor });
  });

  it('refuses a date outside the fiscal year, an unreadable count and a missing setting', () => {
    const form = { ...lineFormOf('', { occurrenceDate: '2026-04-01' }), 'deal.count': 'abc' };
    expect(checkLine(form, fields, setting, year).errors).toEqual({
      scopeSettingId: 'validation.required',
      'deal.occurrenceDate': 'activityInput.dateOutsideYear',
      'deal.count': 'activityInput.invalidNumber',
    });
  });

  it('finds the form field a problem belongs to', () => {
    expect(formKeyOfInput(fields, 'amount', new Set(['share']))).toBe('deal.count');
    expect(formKeyOfInput(fields, 'share', new Set(['share']))).toBe('detail.share');
    expect(formKeyOfInput(fields, 'emissionIntensity', new Set(['share']))).toBeNull();
    expect(formKeyOfRefusal('scopeSettingDetail.share')).toBe('detail.share');
    expect(formKeyOfRefusal('deal.count')).toBe('deal.count');
    expect(formKeyOfRefusal('scopeSetting.id')).toBe('scopeSettingId');
  });

  it('reads pasted spreadsheet rows by their number', () => {
    expect(parsePasted('2025/4/1\t1000\t\n\n2025/5/1\t1,200\t300\r\n')).toEqual([
      { row: 1, occurrenceDate: '2025/4/1', count: '1000', amount: '' },
      { row: 3, occurrenceDate: '2025/5/1', count: '1,200', amount: '300' },
    ]);
    expect(isoDateOf('2025/4/1')).toBe('2025-04-01');
    expect(isoDateOf('2025-04-01')).toBe('2025-04-01');
  });
});
