import type { FormEvent } from 'react';
import { Callout, Dialog, DialogBody, FormGroup, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { categoryName } from '../../../core/router/categories';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { errorFields } from '../../../core/ui/errorMessage';
import { useDialogForm } from '../../../core/ui/useDialogForm';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { scopeSettingCodeFields, scopeSettingCodes, useFormulas, useSaveScopeSetting, type Formula, type SavedScopeSetting, type ScopeCategory, type ScopeSetting } from './api';
import { DetailFields } from './DetailFields';
import { ALL_CATEGORIES, checkForm, formOf, labelOf, lineFields, settingFields, type FormErrors, type SettingForm } from './form';

/** What the dialog does: add a setting to a category, change one, or add a copy of one. */
export type ScopeSettingDialogMode = { kind: 'add'; category: ScopeCategory } | { kind: 'edit' | 'copy'; setting: ScopeSetting };

interface Props {
  /** null: closed. */
  mode: ScopeSettingDialogMode | null;
  onClose: () => void;
  onSaved: (saved: SavedScopeSetting, mode: ScopeSettingDialogMode) => void;
}

const TITLE = { add: 'scopeSetting.add', edit: 'scopeSetting.edit', copy: 'scopeSetting.copy' } as const;

/** Add, change or copy one scope setting: category → formula → section → the formula's own fields. */
export function ScopeSettingDialog({ mode, onClose, onSaved }: Props) {
  const t = useT();
  const formulas = useFormulas();
  return (
    <Dialog isOpen={mode !== null} onClose={onClose} title={mode ? t(TITLE[mode.kind]) : undefined} icon={mode?.kind === 'edit' ? 'edit' : mode?.kind === 'copy' ? 'duplicate' : 'add'} style={{ width: 640 }}>
      {mode &&
        (formulas.data ? (
          <SettingForm mode={mode} formulas={formulas.data} onClose={onClose} onSaved={onSaved} />
        ) : formulas.isError ? (
          <DialogBody>
            <ErrorCallout error={formulas.error} />
          </DialogBody>
        ) : (
          <DialogBody>
            <Spinner size={24} />
          </DialogBody>
        ))}
    </Dialog>
  );
}

function SettingForm({ mode, formulas, onClose, onSaved }: { mode: ScopeSettingDialogMode; formulas: readonly Formula[]; onClose: () => void; onSaved: Props['onSaved'] }) {
  const t = useT();
  const { locale } = useI18n();
  const { sections } = useWorkspace();
  const save = useSaveScopeSetting();
  const original = mode.kind === 'add' ? null : mode.setting;
  const formulaById = new Map(formulas.map((f) => [f.id, f]));
  const fieldsOf = (formulaId: string) => formulaById.get(formulaId)?.fields ?? [];
  /** The stored detail counts only while the formula is the one it was stored for. */
  const storedFor = (formulaId: string) => (original && original.formulaId === formulaId ? original.detail : {});

  const start: SettingForm = original
    ? formOf(original, fieldsOf(original.formulaId))
    : { scopeCategory: mode.kind === 'add' ? mode.category : '', formulaId: '', section: sections.length === 1 ? sections[0]!.id : '' };
  const { form, setForm, errors, setErrors, set } = useDialogForm(true, start, [save]);

  const formula = formulaById.get(form.formulaId ?? '');
  const inCategory = formulas.filter((f) => f.scope === form.scopeCategory);
  const shown = formula ? settingFields(formula.fields) : [];
  const fromLine = formula ? lineFields(formula.fields) : [];

  /** A new category or formula starts the detail afresh (the stored values where the formula is the stored one). */
  const choose = (scopeCategory: string, formulaId: string) => {
    setForm((f) => ({ ...formOf({ scopeCategory, formulaId, section: f.section ?? '', detail: storedFor(formulaId) }, fieldsOf(formulaId)) }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const stored = storedFor(form.formulaId ?? '');
    const { errors: found, detail } = checkForm(form, formula?.fields ?? [], stored);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const row = {
      scopeCategory: form.scopeCategory as ScopeCategory,
      formulaId: form.formulaId!,
      section: form.section!,
      detail,
      dealId: mode.kind === 'edit' ? mode.setting.dealId : null,
    };
    try {
      const saved = await save.mutateAsync({ row, edit: mode.kind === 'edit' ? { id: mode.setting.id, expectedVersion: mode.setting.version } : null });
      onSaved(saved, mode);
    } catch (error) {
      const marked: FormErrors = {};
      for (const name of errorFields(error, 'scopeSettings.0.', scopeSettingCodeFields)) if (name in form) marked[name] = 'scopeSetting.checkField';
      setErrors(marked);
    }
  };

  const intentOf = (key: string) => (errors[key] ? Intent.DANGER : Intent.NONE);
  const helper = (key: string) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <form onSubmit={submit} noValidate data-testid="scope-setting-dialog">
      <DialogBody>
        <ErrorCallout error={save.error} codes={scopeSettingCodes} />
        <FormGroup label={t('scopeSetting.category')} labelFor="scope-setting-category" intent={intentOf('scopeCategory')} helperText={helper('scopeCategory')}>
          <CategorySelect id="scope-setting-category" categories={ALL_CATEGORIES} value={form.scopeCategory ?? ''} none={t('scopeSetting.choose')} onChange={(c) => choose(c, '')} />
        </FormGroup>
        <FormGroup label={t('scopeSetting.formula')} labelFor="scope-setting-formula" intent={intentOf('formulaId')} helperText={helper('formulaId')}>
          <HTMLSelect
            id="scope-setting-formula"
            fill
            value={form.formulaId}
            disabled={!form.scopeCategory}
            onChange={(e) => choose(form.scopeCategory ?? '', e.currentTarget.value)}
            aria-invalid={Boolean(errors.formulaId)}
            data-testid="scope-setting-formula"
          >
            <option value="">{t('scopeSetting.choose')}</option>
            {inCategory.map((f) => (
              <option key={f.id} value={f.id}>
                {labelOf(f.name, locale)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {formula && (
          <Callout icon="function" className="ghg-page-callout" data-testid="scope-setting-description">
            {labelOf(formula.description, locale)}
          </Callout>
        )}
        <FormGroup label={t('scopeSetting.section')} labelFor="scope-setting-section" intent={intentOf('section')} helperText={helper('section') ?? t('scopeSetting.sectionHint')}>
          <HTMLSelect id="scope-setting-section" fill value={form.section} onChange={(e) => set('section', e.currentTarget.value)} aria-invalid={Boolean(errors.section)} data-testid="scope-setting-section">
            <option value="">{t('scopeSetting.choose')}</option>
            {original && !sections.some((s) => s.id === original.section) && <option value={original.section}>{original.sectionDisplayName ?? original.section}</option>}
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {'　'.repeat(s.depth)}
                {s.displayName}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {formula && shown.length > 0 && <DetailFields category={form.scopeCategory ?? ''} fields={shown} form={form} errors={errors} set={(key, value) => set(key, value)} />}
        {formula && fromLine.length > 0 && (
          <p className="ghg-muted" data-testid="scope-setting-from-line">
            {t('scopeSetting.fromLineHint', { fields: fromLine.map((f) => labelOf(f.label, locale)).join(t('scopeSetting.listSeparator')) })}
          </p>
        )}
        {formula && shown.length === 0 && <p className="ghg-muted">{t('scopeSetting.noFields')}</p>}
      </DialogBody>
      <DialogActions onCancel={onClose} pending={save.isPending} saveTestId="scope-setting-save" />
    </form>
  );
}


/** A select of scope categories, the first option (`none`) choosing none. */
export function CategorySelect(props: { id?: string; categories: readonly ScopeCategory[]; value: string; none: string; onChange: (category: ScopeCategory | '') => void }) {
  const t = useT();
  const testId = props.id ?? 'scope-setting-category-filter';
  return (
    <HTMLSelect id={props.id} fill={Boolean(props.id)} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as ScopeCategory | '')} aria-label={t('scopeSetting.category')} data-testid={testId}>
      <option value="">{props.none}</option>
      {props.categories.map((c) => (
        <option key={c} value={c}>
          {t(categoryName[c])}
        </option>
      ))}
    </HTMLSelect>
  );
}
