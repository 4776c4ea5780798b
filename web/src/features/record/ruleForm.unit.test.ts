import { describe, expect, it } from 'vitest';
import type { FormulaField } from '../settings/scopeSetting/api';
import type { ImportRule } from './api';
import { checkRule, formKeyOfRefusal, MAX_CONDITIONS, nextPriority, ruleFormOf, type RuleForm } from './ruleForm';

/** A fuel formula's fields as the catalogue gives them: a fuel (options), a factor, and the count from each line. */
const FIELDS = [
  { key: 'fuel', label: { ja: '燃料', en: 'Fuel', zhHans: '燃料' }, type: 'TEXT', options: ['軽油', 'ガソリン'], required: true },
  { key: 'emissionIntensity', label: { ja: '排出原単位', en: 'Factor', zhHans: '排放因子' }, type: 'EMISSSION_INTENSITY', required: true },
  { key: 'ratio', label: { ja: '比率', en: 'Ratio', zhHans: '比率' }, type: 'PERCENTAGE' },
  { key: 'quantity', label: { ja: '使用量', en: 'Quantity', zhHans: '用量' }, type: 'NUMBER', dealMapping: 'count' },
] as unknown as FormulaField[];
const fieldsOf = (id: string) => (id === 's1.fuel' ? FIELDS : []);

const RULE: ImportRule = {
  ruleId: 'r1',
  name: '軽油',
  priority: 20,
  conditions: [{ field: 'energyType', value: '軽油' }],
  action: 'record',
  scopeCategory: '1',
  formulaId: 's1.fuel',
  detail: { fuel: '軽油', emissionIntensity: { value: 2.58, unit: 'kg-CO2/L', label: 'test' } },
  sectionId: null,
  countFrom: 'volume',
  version: 3,
  updatedAt: '2025-06-01T00:00:00.000Z',
};

describe('the rule form', () => {
  it('starts from a rule as it is, structured values as their JSON text', () => {
    const form = ruleFormOf(RULE, null, 100, fieldsOf);
    expect(form).toMatchObject({ name: '軽油', priority: '20', action: 'record', countFrom: 'volume', sectionId: '', conditions: [{ field: 'energyType', value: '軽油' }] });
    expect(form.target).toEqual({
      scopeCategory: '1',
      formulaId: 's1.fuel',
      'detail.fuel': '軽油',
      'detail.emissionIntensity': JSON.stringify(RULE.detail.emissionIntensity),
      'detail.ratio': '',
    });
  });

  it('starts a new rule from the conditions of unmatched records, or with one blank condition', () => {
    const prefilled = ruleFormOf(null, { name: '勘定科目コード 5110', conditions: [{ field: 'accountCode', value: '5110' }] }, 130, fieldsOf);
    expect(prefilled).toMatchObject({ name: '勘定科目コード 5110', priority: '130', action: 'record', countFrom: 'volume', conditions: [{ field: 'accountCode', value: '5110' }] });
    expect(prefilled.target).toEqual({ scopeCategory: '', formulaId: '' });
    expect(ruleFormOf(null, null, 100, fieldsOf).conditions).toEqual([{ field: 'accountCode', value: '' }]);
  });

  it('numbers a new rule after the last one', () => {
    expect(nextPriority([])).toBe(100);
    expect(nextPriority([{ priority: 10 }, { priority: 40 }])).toBe(50);
    expect(nextPriority([{ priority: 1_000_000 }])).toBe(1_000_000);
  });

  it('sends a changed rule with its id and the version shown; an unchanged structured value is kept as stored', () => {
    const form: RuleForm = { ...ruleFormOf(RULE, null, 100, fieldsOf), name: ' 軽油（社用車） ' };
    const { errors, body } = checkRule(form, FIELDS, RULE.detail, RULE);
    expect(errors).toEqual({});
    expect(body).toEqual({
      ruleId: 'r1',
      name: '軽油（社用車）',
      priority: 20,
      conditions: [{ field: 'energyType', value: '軽油' }],
      action: 'record',
      scopeCategory: '1',
      formulaId: 's1.fuel',
      detail: RULE.detail,
      sectionId: null,
      countFrom: 'volume',
      expectedVersion: 3,
    });
  });

  it('sends a new rule expecting none to exist; an exclusion has no target', () => {
    const form: RuleForm = { ...ruleFormOf(null, { name: '寄付', conditions: [{ field: 'accountCode', value: ' 9999 ' }] }, 100, fieldsOf), action: 'exclude', sectionId: 's-1' };
    const { body } = checkRule(form, [], {}, null);
    expect(body).toEqual({
      name: '寄付',
      priority: 100,
      conditions: [{ field: 'accountCode', value: '9999' }],
      action: 'exclude',
      scopeCategory: null,
      formulaId: null,
      detail: {},
      sectionId: 's-1',
      countFrom: 'volume',
      expectedVersion: -1,
    });
  });

  it('marks what is missing or wrong, each by its form key', () => {
    const form: RuleForm = {
      name: ' ',
      priority: '12.5',
      action: 'record',
      conditions: [
        { field: 'accountCode', value: '5110' },
        { field: 'energyType', value: '  ' },
      ],
      countFrom: 'volume',
      sectionId: '',
      target: { scopeCategory: '1', formulaId: 's1.fuel', 'detail.ratio': '120' },
    };
    expect(checkRule(form, FIELDS, {}, null)).toEqual({
      errors: { name: 'validation.required', priority: 'import.rule.invalidPriority', 'condition.1': 'validation.required', 'detail.ratio': 'scopeSetting.invalidPercentage' },
    });
    const noTarget = checkRule({ ...form, name: 'x', priority: '', conditions: [], target: { scopeCategory: '', formulaId: '' } }, [], {}, null).errors;
    expect(noTarget).toEqual({ priority: 'validation.required', conditions: 'import.rule.needsCondition', scopeCategory: 'validation.required', formulaId: 'validation.required' });
    const many = Array.from({ length: MAX_CONDITIONS + 1 }, (_, i) => ({ field: 'contents' as const, value: String(i) }));
    expect(checkRule({ ...form, name: 'x', priority: '1', conditions: many, action: 'exclude' }, [], {}, null).errors).toEqual({ conditions: 'import.rule.tooManyConditions' });
    expect(checkRule({ ...form, name: 'x', priority: '1000001', conditions: many.slice(0, 1), action: 'exclude' }, [], {}, null).errors).toEqual({ priority: 'import.rule.invalidPriority' });
  });

  it('finds the form field a refusal names', () => {
    expect(formKeyOfRefusal('conditions.2.value')).toBe('condition.2');
    expect(formKeyOfRefusal('sectionId')).toBe('sectionId');
    expect(formKeyOfRefusal('formulaId')).toBe('formulaId');
    expect(formKeyOfRefusal('detail.fuel')).toBe('detail.fuel');
    expect(formKeyOfRefusal('expectedVersion')).toBeNull();
  });
});
