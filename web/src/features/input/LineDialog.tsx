import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Callout, ControlGroup, Dialog, DialogBody, FormGroup, HTMLTable, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { MessageId } from '@ghg/locales';
import { useUser } from '../../core/auth/SessionProvider';
import { fiscalYearRange } from '../../core/fiscalYear/fiscalYear';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { DialogActions } from '../../core/ui/DialogActions';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { errorFields } from '../../core/ui/errorMessage';
import { useDialogForm } from '../../core/ui/useDialogForm';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useFormulas, useScopeSettings, type Formula, type FormulaField, type ScopeSetting } from '../settings/scopeSetting/api';
import { DetailFields } from '../settings/scopeSetting/DetailFields';
import { labelOf, type FormErrors } from '../settings/scopeSetting/form';
import { lineCodeFields, lineCodes, usePreview, useRecordLine, type InputCategory, type LedgerLine, type Preview, type PreviewBody } from './api';
import { SettingSelect, settingChoices } from './SettingSelect';
import { CHECK_FIELD, checkLine, DEAL_KEYS, formKeyOfInput, formKeyOfRefusal, lineDetailFields, lineFormOf, mappingsOf, previewInputs } from './lineForm';

/** What the dialog does: add a line, change one, or add a copy of one. */
export type LineDialogMode = { kind: 'add' } | { kind: 'edit' | 'copy'; line: LedgerLine };

interface Props {
  category: InputCategory;
  /** null: closed. */
  mode: LineDialogMode | null;
  onClose: () => void;
  onSaved: (mode: LineDialogMode) => void;
}

const TITLE = { add: 'activityInput.add', edit: 'activityInput.edit', copy: 'activityInput.copy' } as const;

/** Add, change or copy one activity line: its scope setting, its deal, the fields the setting left to each line; the emission previewed as one types. */
export function LineDialog({ category, mode, onClose, onSaved }: Props) {
  const t = useT();
  const { companyId } = useWorkspace();
  const formulas = useFormulas();
  const settings = useScopeSettings(companyId);
  const error = formulas.error ?? settings.error;
  return (
    <Dialog isOpen={mode !== null} onClose={onClose} title={mode ? t(TITLE[mode.kind]) : undefined} icon={mode?.kind === 'edit' ? 'edit' : mode?.kind === 'copy' ? 'duplicate' : 'add'} style={{ width: 720 }}>
      {mode &&
        (formulas.data && settings.data ? (
          <LineFormBody category={category} mode={mode} formulas={formulas.data} settings={settings.data} onClose={onClose} onSaved={onSaved} />
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

/** `value` once it has stopped changing for `ms` (compared by value). */
function useSettledValue<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return JSON.parse(settled ?? 'null') as T;
}

/** A date in the fiscal year to start from: today when the year is the current one, else its first day. */
function defaultDate(year: { start: string; end: string }): string {
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return today >= year.start && today <= year.end ? today : year.start;
}

interface BodyProps {
  category: InputCategory;
  mode: LineDialogMode;
  formulas: readonly Formula[];
  settings: readonly ScopeSetting[];
  onClose: () => void;
  onSaved: Props['onSaved'];
}

function LineFormBody({ category, mode, formulas, settings, onClose, onSaved }: BodyProps) {
  const t = useT();
  const { locale } = useI18n();
  const user = useUser();
  const { fiscalYear, startMonth, sections } = useWorkspace();
  const record = useRecordLine();
  const year = fiscalYearRange(fiscalYear, startMonth);
  const formulaName = (id: string) => {
    const f = formulas.find((x) => x.id === id);
    return f ? labelOf(f.name, locale) : id;
  };
  const choices = settingChoices(settings, category, user.sectionId, sections);
  const original = mode.kind === 'add' ? null : mode.line;
  const start = original ? lineFormOf(original.scopeSettingId, original.deal, original.scopeSettingDetail) : lineFormOf(choices.length === 1 ? choices[0]!.id : '', { occurrenceDate: defaultDate(year) });
  const { form, setForm, errors, setErrors, set } = useDialogForm(true, start, [record]);

  const setting = settings.find((s) => s.id === form.scopeSettingId);
  const formula = setting ? formulas.find((f) => f.id === setting.formulaId) : undefined;
  const fields = formula?.fields ?? [];
  const mappings = mappingsOf(fields);
  const perLine = setting ? lineDetailFields(fields, setting.detail) : [];
  const perLineKeys = new Set(perLine.map((f) => f.key));
  const checked = setting ? checkLine(form, fields, setting.detail, year, original?.scopeSettingDetail) : null;
  const previewBody: PreviewBody | null =
    setting && formula && checked && Object.keys(checked.errors).length === 0
      ? { fiscalYear, explain: true, lines: [{ id: 'preview', formulaId: formula.id, inputs: previewInputs(fields, setting.detail, checked.deal, checked.detail) }] }
      : null;
  const preview = usePreview(useSettledValue(previewBody, 300));
  const outcome = previewBody ? preview.data?.results[0] : undefined;
  const previewField = outcome && !outcome.ok ? formKeyOfInput(fields, outcome.field, perLineKeys) : null;
  const shownErrors: FormErrors = previewField && !errors[previewField] ? { ...errors, [previewField]: 'activityInput.previewProblem' } : errors;

  /** Another setting keeps the deal and starts the line's own fields afresh. */
  const chooseSetting = (id: string) => {
    setForm((f) => Object.fromEntries([...Object.entries(f).filter(([k]) => !k.startsWith('detail.')), ['scopeSettingId', id]]));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!setting || !checked) {
      setErrors({ scopeSettingId: 'validation.required' });
      return;
    }
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    try {
      await record.mutateAsync({
        deal: { ...checked.deal, id: mode.kind === 'edit' ? mode.line.dealId : undefined },
        scopeSetting: { id: setting.id },
        scopeSettingDetail: checked.detail,
        expectedVersion: mode.kind === 'edit' ? mode.line.version : undefined,
      });
      onSaved(mode);
    } catch (error) {
      const marked: FormErrors = {};
      for (const name of errorFields(error, '', lineCodeFields)) {
        const key = formKeyOfRefusal(name);
        if (key && (key === 'scopeSettingId' || key.startsWith('deal.') || perLineKeys.has(key.slice('detail.'.length)))) marked[key] = CHECK_FIELD;
      }
      setErrors(marked);
    }
  };

  const intentOf = (key: string) => (shownErrors[key] ? Intent.DANGER : Intent.NONE);
  const helper = (key: string, hint?: string) => (shownErrors[key] ? t(shownErrors[key]) : hint);
  const labelFor = (mapping: string, fallback: MessageId) => {
    const field = fields.find((f) => f.dealMapping === mapping);
    return field ? labelOf(field.quantityLabel ?? field.label, locale) : t(fallback);
  };
  const unitHint = (mapping: 'count' | 'amount') => {
    const unit = fields.find((f) => f.dealMapping === mapping)?.unit;
    return unit && unit !== 'factor' ? unit : '';
  };

  if (choices.length === 0 && !original) {
    return (
      <>
        <DialogBody>
          <Callout intent={Intent.WARNING} icon="layers" data-testid="line-no-settings">
            <p>{t('activityInput.noSettings')}</p>
            <Link to="/emission/setting/scope">{t('activityInput.toScopeSettings')}</Link>
          </Callout>
        </DialogBody>
        <DialogActions onCancel={onClose} pending={false} saveTestId="line-save" saveDisabled />
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="line-dialog">
      <DialogBody>
        <ErrorCallout error={record.error} codes={lineCodes} />
        <FormGroup label={t('activityInput.scopeSetting')} labelFor="line-setting" intent={intentOf('scopeSettingId')} helperText={helper('scopeSettingId')}>
          <SettingSelect
            id="line-setting"
            value={form.scopeSettingId ?? ''}
            choices={choices}
            formulaName={formulaName}
            onChange={chooseSetting}
            extra={original && { id: original.scopeSettingId, formulaId: original.formulaId, section: original.sectionName ?? original.section }}
            invalid={Boolean(shownErrors.scopeSettingId)}
          />
        </FormGroup>
        {setting && (
          <>
            <FormGroup
              label={t('activityInput.occurrenceDate')}
              labelFor="line-date"
              intent={intentOf(DEAL_KEYS.occurrenceDate)}
              helperText={helper(DEAL_KEYS.occurrenceDate, t('activityInput.dateHint', { start: year.start, end: year.end }))}
            >
              <InputGroup
                id="line-date"
                type="date"
                min={year.start}
                max={year.end}
                value={form[DEAL_KEYS.occurrenceDate]}
                intent={intentOf(DEAL_KEYS.occurrenceDate)}
                onChange={(e) => set(DEAL_KEYS.occurrenceDate, e.currentTarget.value)}
                data-testid="line-date"
              />
            </FormGroup>
            {mappings.includes('count') && (
              <FormGroup label={labelFor('count', 'activityInput.count')} labelFor="line-count" intent={intentOf(DEAL_KEYS.count) === Intent.DANGER || intentOf(DEAL_KEYS.countUnit) === Intent.DANGER ? Intent.DANGER : Intent.NONE} helperText={helper(DEAL_KEYS.count) ?? helper(DEAL_KEYS.countUnit)}>
                <ControlGroup fill>
                  <InputGroup id="line-count" inputMode="decimal" autoComplete="off" value={form[DEAL_KEYS.count]} intent={intentOf(DEAL_KEYS.count)} onChange={(e) => set(DEAL_KEYS.count, e.currentTarget.value)} data-testid="line-count" />
                  <InputGroup
                    className="ghg-unit-input"
                    aria-label={t('activityInput.countUnit')}
                    placeholder={unitHint('count') || t('activityInput.countUnit')}
                    value={form[DEAL_KEYS.countUnit]}
                    intent={intentOf(DEAL_KEYS.countUnit)}
                    onChange={(e) => set(DEAL_KEYS.countUnit, e.currentTarget.value)}
                    data-testid="line-count-unit"
                  />
                </ControlGroup>
              </FormGroup>
            )}
            {mappings.includes('amount') && (
              <FormGroup label={labelFor('amount', 'activityInput.amount')} labelFor="line-amount" intent={intentOf(DEAL_KEYS.amount)} helperText={helper(DEAL_KEYS.amount) ?? helper(DEAL_KEYS.currency)}>
                <ControlGroup fill>
                  <InputGroup id="line-amount" inputMode="decimal" autoComplete="off" value={form[DEAL_KEYS.amount]} intent={intentOf(DEAL_KEYS.amount)} onChange={(e) => set(DEAL_KEYS.amount, e.currentTarget.value)} data-testid="line-amount" />
                  <InputGroup
                    className="ghg-unit-input"
                    aria-label={t('activityInput.currency')}
                    placeholder={unitHint('amount') || 'JPY'}
                    value={form[DEAL_KEYS.currency]}
                    intent={intentOf(DEAL_KEYS.currency)}
                    onChange={(e) => set(DEAL_KEYS.currency, e.currentTarget.value)}
                    data-testid="line-currency"
                  />
                </ControlGroup>
              </FormGroup>
            )}
            {(['item', 'client'] as const)
              .filter((m) => mappings.includes(m))
              .map((m) => (
                <FormGroup key={m} label={labelFor(m, m === 'item' ? 'activityInput.item' : 'activityInput.client')} labelFor={`line-${m}`} intent={intentOf(DEAL_KEYS[m])} helperText={helper(DEAL_KEYS[m])}>
                  <InputGroup id={`line-${m}`} value={form[DEAL_KEYS[m]]} intent={intentOf(DEAL_KEYS[m])} onChange={(e) => set(DEAL_KEYS[m], e.currentTarget.value)} data-testid={`line-${m}`} />
                </FormGroup>
              ))}
            {perLine.length > 0 && (
              <>
                <p className="ghg-muted">{t('activityInput.perLineHint')}</p>
                <DetailFields category={category} fields={perLine} form={form} errors={shownErrors} set={(key, value) => set(key, value)} blank={t('activityInput.perLineBlank')} idPrefix="line-field" />
              </>
            )}
            {original && mode.kind === 'edit' && perLine.length > 0 && <p className="ghg-muted ghg-small">{t('activityInput.perLineAgain')}</p>}
            <PreviewPanel asked={previewBody !== null} pending={preview.isFetching} data={previewBody ? preview.data : undefined} error={preview.error} fields={fields} />
          </>
        )}
      </DialogBody>
      <DialogActions onCancel={onClose} pending={record.isPending} saveTestId="line-save" />
    </form>
  );
}

/** The emission as the line stands now: CO2e, the arithmetic, the factors and where they come from. */
function PreviewPanel({ asked, pending, data, error, fields }: { asked: boolean; pending: boolean; data: Preview | undefined; error: unknown; fields: readonly FormulaField[] }) {
  const t = useT();
  const intl = useIntl();
  const { locale } = useI18n();
  const kg = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const outcome = data?.results[0];
  const fieldLabel = (key: string | null | undefined) => {
    const f = key ? fields.find((x) => x.key === key) : undefined;
    return f ? labelOf(f.label, locale) : (key ?? '');
  };
  return (
    <Callout className="ghg-top-gap" icon="calculator" title={t('activityInput.preview')} data-testid="line-preview">
      {!asked ? (
        <span className="ghg-muted">{t('activityInput.previewWaiting')}</span>
      ) : error ? (
        <ErrorCallout error={error} codes={lineCodes} />
      ) : !outcome ? (
        <Spinner size={16} />
      ) : !outcome.ok ? (
        <div data-testid="line-preview-problem" className="bp6-intent-warning">
          {t(lineCodes[outcome.error] ?? 'activityInput.error.other', { code: outcome.error })}
          {outcome.field && <> — {fieldLabel(outcome.field)}</>}
        </div>
      ) : (
        <>
          <div className="ghg-preview-total" data-testid="line-preview-co2e">
            <strong>{t('activityInput.kgCo2e', { value: kg(outcome.co2eKg) })}</strong>
            {pending && <Spinner size={12} />}
          </div>
          {data.basis.isDefault && (
            <Callout intent={Intent.WARNING} className="ghg-top-gap" data-testid="line-preview-default-basis">
              {t('activityInput.basisNotFixed', { year: data.fiscalYear })}
            </Callout>
          )}
          {outcome.steps && outcome.steps.length > 0 && (
            <HTMLTable compact className="ghg-table ghg-top-gap" data-testid="line-preview-steps">
              <tbody>
                {outcome.steps.map((s, i) => (
                  <tr key={i}>
                    {/* A step named after an input shows the input's label in the user's language. */}
                    <td>{fieldLabel(s.label)}</td>
                    <td>
                      <code>{s.expression}</code>
                    </td>
                    <td className="ghg-num ghg-nowrap">
                      {kg(s.value)} {s.unit}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <ul className="ghg-plain-list ghg-top-gap" data-testid="line-preview-factors">
            {outcome.factors.map((f) => (
              <li key={f.ref + f.version}>
                {t('activityInput.factorUsed', { factor: `${f.setId}:${f.key}@${f.version}`, values: valuesText(f.values, kg) })}
                {!f.confirmed && <span className="ghg-muted"> {t('activityInput.unconfirmed')}</span>}
              </li>
            ))}
            {data.provenance.factorSets.filter((s) => outcome.factors.some((f) => f.setId === s.id && f.version === s.version)).map((s) => (
              <li key={s.id + s.version} className="ghg-muted ghg-small">
                {t('activityInput.source', { set: `${s.id}@${s.version}`, title: s.title, citation: s.citation })}
              </li>
            ))}
            <li className="ghg-muted ghg-small">{t('activityInput.gwpSet', { set: outcome.gwpSet.id, citation: data.provenance.gwpSet.citation })}</li>
          </ul>
          {outcome.warnings.length > 0 && <div className="ghg-muted ghg-small">{outcome.warnings.map((w) => w.code).join(', ')}</div>}
        </>
      )}
    </Callout>
  );
}

/** A factor's published values as text: `2.58 kg-CO2/L`, or `CO2 2.5 / CH4 0.1` for keyed values. */
export function valuesText(values: readonly { value: number; unit: string }[] | Readonly<Record<string, number>>, format: (n: number) => string): string {
  if (Array.isArray(values)) return (values as readonly { value: number; unit: string }[]).map((v) => `${format(v.value)} ${v.unit}`).join(' + ');
  return Object.entries(values)
    .map(([k, v]) => `${k} ${format(v as number)}`)
    .join(' / ');
}
