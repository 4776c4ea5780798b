import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { errorFields } from '../../../core/ui/errorMessage';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { ENERGY_SECTION_TYPES, energyTypeLabel, sectionCodes, useSaveSection, type SectionForm } from './api';
import { isReserved, parentChoices, type Section } from './tree';

interface Props {
  /** null: closed; `section` null: a new section under `parentId`. */
  open: { section: Section | null; parentId: string | null } | null;
  sections: readonly Section[];
  onClose: () => void;
}

const NONE = '';

/** Add or edit a section: name, display name (blank: the name), parent, Energy Conservation Act type. */
export function SectionDialog({ open, sections, onClose }: Props) {
  const t = useT();
  const save = useSaveSection();
  const [form, setForm] = useState<SectionForm>({ name: '', displayName: '', parentSection: null, energyConservationActReportSectionType: null });
  const [nameMissing, setNameMissing] = useState(false);

  useResetOnChange([open], () => {
    if (!open) return;
    const s = open.section;
    setForm({
      ...(s ? { id: s.id } : {}),
      name: s?.name ?? '',
      displayName: s && s.displayName !== s.name ? s.displayName : '',
      parentSection: s ? s.parentSection : open.parentId,
      energyConservationActReportSectionType: s?.energyConservationActReportSectionType ?? null,
    });
    setNameMissing(false);
  });
  const resetSave = useEffectEvent(() => save.reset());
  useEffect(() => {
    if (open) resetSave();
  }, [open]);

  const reserved = open?.section ? isReserved(open.section) : false;
  const refused = errorFields(save.error, 'section.', { invalid_name: 'name', section_exists: 'name', cyclic_parent: 'parentSection', parent_not_found: 'parentSection' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return setNameMissing(true);
    try {
      await save.mutateAsync({ ...form, name: form.name.trim(), displayName: form.displayName.trim() });
      onClose();
    } catch {
      // shown below
    }
  };

  return (
    <Dialog isOpen={open !== null} onClose={onClose} title={t(open?.section ? 'companySection.edit' : 'companySection.add')} icon="diagram-tree">
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {save.error !== null && <ErrorCallout error={save.error} codes={sectionCodes} />}
          <FormGroup label={t('companySection.field.name')} labelFor="section-name" labelInfo="*" intent={nameMissing || refused.includes('name') ? Intent.DANGER : Intent.NONE} helperText={nameMissing ? t('validation.required') : reserved ? t('companySection.reservedHint') : undefined}>
            <InputGroup id="section-name" value={form.name} disabled={reserved} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} data-testid="section-name" autoFocus />
          </FormGroup>
          <FormGroup label={t('companySection.field.displayName')} labelFor="section-display-name" helperText={t('companySection.displayNameHint')}>
            <InputGroup id="section-display-name" value={form.displayName} onChange={(e) => setForm({ ...form, displayName: e.currentTarget.value })} data-testid="section-display-name" />
          </FormGroup>
          <FormGroup label={t('companySection.field.parent')} labelFor="section-parent" intent={refused.includes('parentSection') ? Intent.DANGER : Intent.NONE}>
            <HTMLSelect
              id="section-parent"
              fill
              disabled={reserved}
              value={form.parentSection ?? NONE}
              onChange={(e) => setForm({ ...form, parentSection: e.currentTarget.value || null })}
              data-testid="section-parent"
            >
              <option value={NONE}>{t('companySection.topLevel')}</option>
              {parentChoices(sections, open?.section ?? null).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.displayName}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('companySection.field.energyType')} labelFor="section-energy-type">
            <HTMLSelect
              id="section-energy-type"
              fill
              value={form.energyConservationActReportSectionType ?? NONE}
              onChange={(e) => setForm({ ...form, energyConservationActReportSectionType: e.currentTarget.value || null })}
              data-testid="section-energy-type"
            >
              <option value={NONE}>{t('companySection.energyType.none')}</option>
              {ENERGY_SECTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(energyTypeLabel[type])}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </DialogBody>
        <DialogActions onCancel={onClose} pending={save.isPending} saveTestId="section-save" />
      </form>
    </Dialog>
  );
}
