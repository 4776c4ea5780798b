import { describe, expect, it } from 'vitest';
import type { FormulaField } from './api';
import { checkForm, formOf, inputOf, lineFields, settingFields, summaryOf, type SettingForm } from './form';

const label = (en: string) => ({ ja: en, en, zhHans: en });
const fields: FormulaField[] = [
  { key: 'fuel', type: 'STRING', label: label('fuel'), required: false, dealMapping: 'item' },
  { key: 'amount', type: 'NUMBER', label: label('fuel used'), required: true, unit: 'factor', dealMapping: 'count' },
  { key: 'emissionIntensity', type: 'EMISSSION_INTENSITY', label: label('emission intensity'), required: true },
  { key: 'heating', type: 'NUMBER', label: label('heating value'), required: true, unit: 'GJ/kL' },
  { key: 'share', type: 'PERCENTAGE', label: label('share'), required: false, unit: '%' },
  { key: 'travel', type: 'TRAVEL_TYPE', label: label('travel'), required: true, options: ['overseas'], optionLabels: { overseas: label('abroad') } },
  { key: 'gas', type: 'GWP', label: label('gas'), required: true },
  { key: 'total', type: 'DISABLED', label: label('total'), required: false },
];
const start = { scopeCategory: '1', formulaId: 's1.fuel', section: 's1' };

describe('the setting form generated from a formula', () => {
  it('shows each field by its type; deal-mapped fields come from the line, computed ones not at all', () => {
    expect(fields.map((f) => inputOf(f).kind)).toEqual(['fromLine', 'fromLine', 'factor', 'number', 'number', 'select', 'gwp', 'hidden']);
    expect(inputOf(fields[4]!)).toEqual({ kind: 'number', unit: '%' });
    expect(settingFields(fields).map((f) => f.key)).toEqual(['emissionIntensity', 'heating', 'share', 'travel', 'gas']);
    expect(lineFields(fields).map((f) => f.key)).toEqual(['fuel', 'amount']);
  });

  it('saves numbers as numbers, leaves empty fields to the line and keeps unchanged structured values', () => {
    const stored = { fuel: 'diesel', gas: { gas: 'X', gwp: 3 } };
    const form: SettingForm = { ...formOf({ ...start, detail: stored }, fields), 'detail.heating': ' 37.7 ', 'detail.emissionIntensity': 'jp-shk:fuel.diesel' };
    expect(form['detail.gas']).toBe('{"gas":"X","gwp":3}');
    const { errors, detail } = checkForm(form, fields, stored);
    expect(errors).toEqual({});
    expect(detail).toEqual({ fuel: 'diesel', emissionIntensity: 'jp-shk:fuel.diesel', heating: 37.7, gas: { gas: 'X', gwp: 3 } });
  });

  it('marks unreadable numbers, percentages outside 0–100 and missing choices', () => {
    const form: SettingForm = { ...formOf({ scopeCategory: '1', formulaId: '', section: '', detail: {} }, fields), 'detail.heating': 'abc', 'detail.share': '120' };
    expect(checkForm(form, fields, {}).errors).toEqual({
      'detail.heating': 'scopeSetting.invalidNumber',
      'detail.share': 'scopeSetting.invalidPercentage',
      formulaId: 'validation.required',
      section: 'validation.required',
    });
  });

  it('summarises the values a setting holds, options by their label', () => {
    const detail = { emissionIntensity: 'jp-shk:fuel.diesel', heating: 37.7, travel: 'overseas', share: 50 };
    expect(summaryOf(fields, detail, 'en', String)).toEqual(['emission intensity: jp-shk:fuel.diesel', 'heating value: 37.7 GJ/kL', 'share: 50 %']);
    expect(summaryOf(fields, detail, 'en', String, 5)).toContain('travel: abroad');
  });
});
