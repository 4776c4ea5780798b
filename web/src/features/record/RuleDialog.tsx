import { useState, type FormEvent } from 'react';
import { Button, Callout, ControlGroup, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { ruleCountSources, ruleMatchFields, type RuleMatchFieldName } from '@ghg/events';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { DialogActions } from '../../core/ui/DialogActions';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { errorFields } from '../../core/ui/errorMessage';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useFormulas, type Formula } from '../settings/scopeSetting/api';
import { DetailFields } from '../settings/scopeSetting/DetailFields';
import { ALL_CATEGORIES, labelOf, lineFields, settingFields, type FormErrors } from '../settings/scopeSetting/form';
import { CategorySelect } from '../settings/scopeSetting/ScopeSettingDialog';
import { useImportRules, useSaveRule, type ImportRule } from './api';
import { actionName, countFromName, matchFieldName, ruleCodes } from './names';
import { checkRule, formKeyOfRefusal, MAX_CONDITIONS, nextPriority, ruleFormOf, targetFormOf, type CountFrom, type RuleAction, type RuleForm, type RulePrefill } from './ruleForm';

/** What the dialog does: add a rule (blank, or from the conditions of unmatched records), or change one. */
export type RuleDialogMode = { kind: 'add'; prefill?: RulePrefill } | { kind: 'edit'; rule: ImportRule };

interface Props {
  /** null: closed. */
  mode: RuleDialogMode | null;
  onClose: () => void;
  onSaved: (rule: ImportRule, mode: RuleDialogMode) => void;
}

/**
 * Add or change an import rule: the conditions a record must meet (field = value, all of them),
 * then what becomes of it — an activity line of a scope category and formula (chosen and filled in
 * with the scope-setting form's own parts), or excluded on purpose — and where its quantity and
 * section come from.
 */
export function RuleDialog({ mode, onClose, onSaved }: Props) {
  const t = useT();
  const { companyId } = useWorkspace();
  const formulas = useFormulas();
  const rules = useImportRules(companyId);
  const error = formulas.error ?? rules.error;
  return (
    <Dialog isOpen={mode !== null} onClose={onClose} title={mode ? t(mode.kind === 'edit' ? 'import.rule.edit' : 'import.rule.add') : undefined} icon={mode?.kind === 'edit' ? 'edit' : 'add'} style={{ width: 720 }}>
      {mode &&
        (formulas.data && rules.data ? (
          <RuleFormBody key={mode.kind === 'edit' ? mode.rule.ruleId : 'new'} mode={mode} formulas={formulas.data} rules={rules.data} onClose={onClose} onSaved={onSaved} />
        ) : error ? (
          <DialogBody>
            <ErrorCallout error={error} />
          </DialogBody>
        ) : (
          <DialogBody>
            <Spinner size={24} />
          </DialogBody>
        ))}
    </Dialog>
  );
}

interface BodyProps {
  mode: RuleDialogMode;
  formulas: readonly Formula[];
  rules: readonly ImportRule[];
  onClose: () => void;
  onSaved: Props['onSaved'];
}

function RuleFormBody({ mode, formulas, rules, onClose, onSaved }: BodyProps) {
  const t = useT();
  const { locale } = useI18n();
  const { sections } = useWorkspace();
  const save = useSaveRule();
  const original = mode.kind === 'edit' ? mode.rule : null;
  const formulaById = new Map(formulas.map((f) => [f.id, f]));
  const fieldsOf = (formulaId: string) => formulaById.get(formulaId)?.fields ?? [];
  /** The stored detail counts only while the formula is the one it was stored for. */
  const storedFor = (formulaId: string) => (original && original.formulaId === formulaId ? original.detail : {});
  const [form, setForm] = useState<RuleForm>(() => ruleFormOf(original, mode.kind === 'add' ? (mode.prefill ?? null) : null, nextPriority(rules), fieldsOf));
  const [errors, setErrors] = useState<FormErrors>({});

  const formulaId = form.target.formulaId ?? '';
  const category = form.target.scopeCategory ?? '';
  const formula = formulaById.get(formulaId);
  const inCategory = formulas.filter((f) => f.scope === category);
  const shown = formula ? settingFields(formula.fields) : [];
  const fromRecord = formula ? lineFields(formula.fields) : [];

  const unmark = (...keys: string[]) => setErrors((e) => (keys.some((k) => e[k]) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e));
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    unmark(key);
  };
  /** A new category or formula starts the formula's fields afresh (the stored values where the formula is the stored one). */
  const chooseTarget = (scopeCategory: string, nextFormula: string) => {
    setForm((f) => ({ ...f, target: targetFormOf(scopeCategory, nextFormula, storedFor(nextFormula), fieldsOf) }));
    unmark('scopeCategory', 'formulaId', ...Object.keys(errors).filter((k) => k.startsWith('detail.')));
  };
  const setDetail = (key: string, value: string) => {
    setForm((f) => ({ ...f, target: { ...f.target, [key]: value } }));
    unmark(key);
  };
  const setCondition = (index: number, change: Partial<RuleForm['conditions'][number]>) => {
    setForm((f) => ({ ...f, conditions: f.conditions.map((c, i) => (i === index ? { ...c, ...change } : c)) }));
    unmark(`condition.${index}`, 'conditions');
  };
  const addCondition = () => setForm((f) => ({ ...f, conditions: [...f.conditions, { field: 'accountCode', value: '' }] }));
  const removeCondition = (index: number) => {
    setForm((f) => ({ ...f, conditions: f.conditions.filter((_, i) => i !== index) }));
    // The marks of the conditions after it would point at the wrong rows now.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('condition.'))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRule(form, formula?.fields ?? [], storedFor(formulaId), original);
    setErrors(checked.errors);
    if (!checked.body) return;
    try {
      const saved = await save.mutateAsync(checked.body);
      onSaved(saved, mode);
    } catch (error) {
      const marked: FormErrors = {};
      for (const name of errorFields(error)) {
        const key = formKeyOfRefusal(name);
        if (key) marked[key] = 'import.rule.checkField';
      }
      setErrors(marked);
    }
  };

  const intentOf = (key: string) => (errors[key] ? Intent.DANGER : Intent.NONE);
  const helper = (key: string, hint?: string) => (errors[key] ? t(errors[key]) : hint);

  return (
    <form onSubmit={submit} noValidate data-testid="rule-dialog">
      <DialogBody>
        <ErrorCallout error={save.error} codes={ruleCodes} />
        <div className="ghg-two-column" style={{ gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 1fr)' }}>
          <FormGroup label={t('import.rule.name')} labelFor="rule-name" intent={intentOf('name')} helperText={helper('name')}>
            <InputGroup id="rule-name" value={form.name} intent={intentOf('name')} onChange={(e) => set('name', e.currentTarget.value)} data-testid="rule-name" />
          </FormGroup>
          <FormGroup label={t('import.rule.priority')} labelFor="rule-priority" intent={intentOf('priority')} helperText={helper('priority', t('import.rule.priorityHint'))}>
            <InputGroup id="rule-priority" inputMode="numeric" value={form.priority} intent={intentOf('priority')} onChange={(e) => set('priority', e.currentTarget.value)} data-testid="rule-priority" />
          </FormGroup>
        </div>

        <FormGroup label={t('import.rule.conditions')} intent={intentOf('conditions')} helperText={helper('conditions', t('import.rule.conditionsHint'))}>
          {form.conditions.map((c, i) => (
            <div key={i} className="ghg-top-gap" data-testid="rule-condition">
              <ControlGroup fill>
                <HTMLSelect
                  value={c.field}
                  aria-label={t('import.rule.conditionField', { n: i + 1 })}
                  onChange={(e) => setCondition(i, { field: e.currentTarget.value as RuleMatchFieldName })}
                  data-testid={`rule-condition-field-${i}`}
                >
                  {ruleMatchFields.map((f) => (
                    <option key={f} value={f}>
                      {t(matchFieldName[f])}
                    </option>
                  ))}
                </HTMLSelect>
                <InputGroup
                  value={c.value}
                  placeholder={t('import.rule.conditionValue')}
                  aria-label={t('import.rule.conditionValueOf', { n: i + 1 })}
                  intent={intentOf(`condition.${i}`)}
                  onChange={(e) => setCondition(i, { value: e.currentTarget.value })}
                  data-testid={`rule-condition-value-${i}`}
                />
                <Button
                  icon="cross"
                  variant="minimal"
                  disabled={form.conditions.length <= 1}
                  aria-label={t('import.rule.removeCondition', { n: i + 1 })}
                  onClick={() => removeCondition(i)}
                  data-testid={`rule-condition-remove-${i}`}
                />
              </ControlGroup>
              {errors[`condition.${i}`] && <div className="ghg-field-error">{t(errors[`condition.${i}`]!)}</div>}
            </div>
          ))}
          <Button className="ghg-top-gap" icon="add" variant="minimal" disabled={form.conditions.length >= MAX_CONDITIONS} onClick={addCondition} data-testid="rule-condition-add">
            {t('import.rule.addCondition', { max: MAX_CONDITIONS })}
          </Button>
        </FormGroup>

        <RadioGroup label={t('import.rule.action')} selectedValue={form.action} onChange={(e) => set('action', e.currentTarget.value as RuleAction)} inline>
          {(['record', 'exclude'] as const).map((a) => (
            <Radio key={a} value={a} label={t(actionName[a])} data-testid={`rule-action-${a}`} />
          ))}
        </RadioGroup>

        {form.action === 'record' ? (
          <>
            <FormGroup label={t('scopeSetting.category')} labelFor="rule-category" intent={intentOf('scopeCategory')} helperText={helper('scopeCategory')}>
              <CategorySelect id="rule-category" categories={ALL_CATEGORIES} value={category} none={t('scopeSetting.choose')} onChange={(c) => chooseTarget(c, '')} />
            </FormGroup>
            <FormGroup label={t('scopeSetting.formula')} labelFor="rule-formula" intent={intentOf('formulaId')} helperText={helper('formulaId')}>
              <HTMLSelect id="rule-formula" fill value={formulaId} disabled={!category} onChange={(e) => chooseTarget(category, e.currentTarget.value)} aria-invalid={Boolean(errors.formulaId)} data-testid="rule-formula">
                <option value="">{t('scopeSetting.choose')}</option>
                {inCategory.map((f) => (
                  <option key={f.id} value={f.id}>
                    {labelOf(f.name, locale)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {formula && (
              <Callout icon="function" className="ghg-page-callout" data-testid="rule-formula-description">
                {labelOf(formula.description, locale)}
              </Callout>
            )}
            {formula && shown.length > 0 && <DetailFields category={category} fields={shown} form={form.target} errors={errors} set={setDetail} blank={t('import.rule.detailBlank')} idPrefix="rule-field" />}
            {formula && fromRecord.length > 0 && (
              <p className="ghg-muted" data-testid="rule-from-record">
                {t('import.rule.fromRecordHint', { fields: fromRecord.map((f) => labelOf(f.label, locale)).join(t('scopeSetting.listSeparator')) })}
              </p>
            )}
            <FormGroup label={t('import.rule.countFrom')} labelFor="rule-count-from" helperText={t('import.rule.countFromHint')}>
              <HTMLSelect id="rule-count-from" fill value={form.countFrom} onChange={(e) => set('countFrom', e.currentTarget.value as CountFrom)} data-testid="rule-count-from">
                {ruleCountSources.map((c) => (
                  <option key={c} value={c}>
                    {t(countFromName[c])}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          </>
        ) : (
          <Callout intent={Intent.WARNING} icon="disable" className="ghg-page-callout" data-testid="rule-exclude-hint">
            {t('import.rule.excludeHint')}
          </Callout>
        )}

        <FormGroup label={t('import.rule.section')} labelFor="rule-section" intent={intentOf('sectionId')} helperText={helper('sectionId', t('import.rule.sectionHint'))}>
          <HTMLSelect id="rule-section" fill value={form.sectionId} onChange={(e) => set('sectionId', e.currentTarget.value)} aria-invalid={Boolean(errors.sectionId)} data-testid="rule-section">
            <option value="">{t('import.rule.noSection')}</option>
            {original?.sectionId && !sections.some((s) => s.id === original.sectionId) && <option value={original.sectionId}>{original.sectionId}</option>}
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {'　'.repeat(s.depth)}
                {s.displayName}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogActions onCancel={onClose} pending={save.isPending} saveTestId="rule-save" />
    </form>
  );
}
