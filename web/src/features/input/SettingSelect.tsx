import { HTMLSelect } from '@blueprintjs/core';
import { useT } from '../../core/i18n/I18nProvider';
import type { CompanySection } from '../../core/api/types';
import type { ScopeSetting } from '../settings/scopeSetting/api';

/** The settings of a category a user may record lines for: a section editor only those of their sections (the server checks the same). */
export const settingChoices = (settings: readonly ScopeSetting[], category: string, userSectionId: string | null | undefined, sections: readonly CompanySection[]) =>
  settings.filter((s) => s.scopeCategory === category && (!userSectionId || sections.some((x) => x.id === s.section)));

interface Props {
  id: string;
  value: string;
  choices: readonly ScopeSetting[];
  formulaName: (formulaId: string) => string;
  onChange: (id: string) => void;
  /** A setting to list although it is not a choice (the one a line being changed uses). */
  extra?: { id: string; formulaId: string; section: string } | null;
  invalid?: boolean;
  disabled?: boolean;
}

/** A select of scope settings, each named by its formula and section. */
export function SettingSelect({ id, value, choices, formulaName, onChange, extra, invalid, disabled }: Props) {
  const t = useT();
  const option = (s: { id: string; formulaId: string; section: string }) => t('activityInput.settingOption', { formula: formulaName(s.formulaId), section: s.section });
  return (
    <HTMLSelect id={id} fill value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-invalid={invalid} disabled={disabled} data-testid={id}>
      <option value="">{t('activityInput.choose')}</option>
      {extra && !choices.some((s) => s.id === extra.id) && <option value={extra.id}>{option(extra)}</option>}
      {choices.map((s) => (
        <option key={s.id} value={s.id}>
          {option({ ...s, section: s.sectionDisplayName ?? s.sectionName ?? s.section })}
        </option>
      ))}
    </HTMLSelect>
  );
}
