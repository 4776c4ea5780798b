import { useDeferredValue, useState } from 'react';
import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import type { Locale } from '@ghg/locales';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useFactorChoices, useGwpCatalogue, type FormulaField } from './api';
import { detailKey, inputOf, labelOf, type FormErrors, type SettingForm } from './form';

interface Props {
  category: string;
  fields: readonly FormulaField[];
  form: SettingForm;
  errors: FormErrors;
  set: (key: string, value: string) => void;
  /** What an empty field says (default: that each line supplies it). */
  blank?: string;
  /** Prefix of the inputs' ids and test ids. */
  idPrefix?: string;
}

/** The inputs of a formula's fields, generated from its catalogue entry (see form.ts inputOf). */
export function DetailFields({ category, fields, form, errors, set, blank, idPrefix = 'scope-setting-field' }: Props) {
  const t = useT();
  const { locale } = useI18n();
  return (
    <>
      {fields.map((f) => {
        const key = detailKey(f.key);
        const error = errors[key];
        const id = `${idPrefix}-${f.key}`;
        return (
          <FormGroup
            key={f.key}
            label={labelOf(f.label, locale)}
            labelFor={id}
            labelInfo={f.required ? t('scopeSetting.neededForCalculation') : undefined}
            intent={error ? Intent.DANGER : Intent.NONE}
            helperText={error ? t(error) : undefined}
          >
            <FieldInput field={f} id={id} category={category} value={form[key] ?? ''} invalid={Boolean(error)} locale={locale} blank={blank ?? t('scopeSetting.leaveToLine')} onChange={(v) => set(key, v)} />
          </FormGroup>
        );
      })}
    </>
  );
}

interface InputProps {
  field: FormulaField;
  id: string;
  category: string;
  value: string;
  invalid: boolean;
  locale: Locale;
  blank: string;
  onChange: (value: string) => void;
}

function FieldInput({ field, id, category, value, invalid, locale, blank, onChange }: InputProps) {
  const t = useT();
  const input = inputOf(field);
  const intent = invalid ? Intent.DANGER : Intent.NONE;
  if (input.kind === 'factor') return <FactorPicker id={id} category={category} value={value} locale={locale} blank={blank} onChange={onChange} />;
  if (input.kind === 'gwp') return <GwpPicker id={id} value={value} locale={locale} blank={blank} onChange={onChange} />;
  if (input.kind === 'select') {
    return (
      <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-invalid={invalid} data-testid={id}>
        <option value="">{blank}</option>
        {input.options.map((o) => {
          const labels = field.optionLabels?.[o];
          return (
            <option key={o} value={o}>
              {labels ? labelOf(labels, locale) : o}
            </option>
          );
        })}
      </HTMLSelect>
    );
  }
  const unit = input.kind === 'number' ? (input.unit === 'factor' ? t('scopeSetting.factorUnit') : input.unit) : undefined;
  return (
    <InputGroup
      id={id}
      value={value}
      inputMode={input.kind === 'number' ? 'decimal' : undefined}
      autoComplete="off"
      placeholder={blank}
      rightElement={unit ? <span className="ghg-input-suffix">{unit}</span> : undefined}
      intent={intent}
      aria-invalid={invalid}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={id}
    />
  );
}

/** A factor of the library meant for the category, found by a search; none leaves it to each line. */
function FactorPicker({ id, category, value, locale, blank, onChange }: { id: string; category: string; value: string; locale: Locale; blank: string; onChange: (v: string) => void }) {
  const t = useT();
  const { companyId } = useWorkspace();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const choices = useFactorChoices(companyId, category, query, locale);
  const factors = choices.data ?? [];
  const known = value === '' || factors.some((f) => f.ref === value);
  return (
    <div className="ghg-field-stack">
      <InputGroup
        leftIcon="search"
        type="search"
        value={search}
        placeholder={t('scopeSetting.factorSearch')}
        aria-label={t('scopeSetting.factorSearch')}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid={`${id}-search`}
      />
      <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id}>
        <option value="">{blank}</option>
        {!known && <option value={value}>{value}</option>}
        {factors.map((f) => (
          <option key={`${f.ref}@${f.version}`} value={f.ref}>
            {t('scopeSetting.factorOption', {
              set: f.setId,
              version: f.version,
              label: labelOf(f.label, locale),
              value: f.values.map((v) => `${v.value} ${v.unit}`).join(' + '),
            })}
          </option>
        ))}
      </HTMLSelect>
      <div className="ghg-muted ghg-small">
        {choices.isPending ? t('scopeSetting.factorLoading') : t('scopeSetting.factorCount', { n: factors.length })}
      </div>
    </div>
  );
}

/** A gas or a shipped blend; none leaves it to each line. */
function GwpPicker({ id, value, locale, blank, onChange }: { id: string; value: string; locale: Locale; blank: string; onChange: (v: string) => void }) {
  const t = useT();
  const catalogue = useGwpCatalogue(true);
  const gases = [...new Set((catalogue.data?.gwpSets ?? []).flatMap((s) => Object.keys(s.values)))].sort();
  const blends = catalogue.data?.blends ?? [];
  const known = value === '' || gases.includes(value) || blends.some((b) => b.id === value);
  return (
    <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id}>
      <option value="">{blank}</option>
      {!known && <option value={value}>{value}</option>}
      <optgroup label={t('scopeSetting.gases')}>
        {gases.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('scopeSetting.blends')}>
        {blends.map((b) => (
          <option key={b.id} value={b.id}>
            {t('scopeSetting.blendOption', { id: b.id, label: labelOf(b.label, locale) })}
          </option>
        ))}
      </optgroup>
    </HTMLSelect>
  );
}
