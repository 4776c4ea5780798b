import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Checkbox, FormGroup, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { GROUP_FLAG_NAME_MAX } from '@ghg/domain';
import { ApiError } from '../../../core/api/client';
import { companySectionsQuery } from '../../../core/api/queries';
import { useCan } from '../../../core/auth/permissions';
import { editOf } from '../../../core/api/mutations';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { errorFields } from '../../../core/ui/errorMessage';
import { filterRows } from '../../../core/ui/filtering';
import { PageHeader } from '../../../core/ui/PageHeader';
import { showToast } from '../../../core/ui/toaster';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { groupFlagCodes, useGroupFlag, useSaveGroupFlag } from './api';

const LIST_PATH = '/emission/setting/group-flag';

/** Create a group flag (no id) or edit one (?id=…): its name and its registered organizations. */
export default function GroupFlagEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { companyId, company } = useWorkspace();
  const canWrite = useCan('company.configure');
  const flag = useGroupFlag(companyId, id);
  const sections = useQuery(companySectionsQuery(companyId));
  const save = useSaveGroupFlag();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [nameError, setNameError] = useState<'validation.required' | 'groupFlag.nameTooLong' | 'groupFlag.checkName' | null>(null);
  const [query, setQuery] = useState('');
  const [dirty, setDirty] = useState(false);

  // Fresh data (a live change, a refetch after a conflict) replaces the form only while the user
  // has not changed it; otherwise their save meets the newer version as a 409, never silently.
  useResetOnChange([flag.data, id], () => {
    if (dirty) return;
    setName(flag.data?.name ?? '');
    setSelected(new Set(flag.data?.sectionIds ?? []));
    setNameError(null);
  });

  const shown = useMemo(() => filterRows(sections.data ?? [], query, (s) => [s.displayName, s.name]), [sections.data, query]);

  const toggle = (sectionId: string, on: boolean) => {
    setDirty(true);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(sectionId);
      else next.delete(sectionId);
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > GROUP_FLAG_NAME_MAX) {
      setNameError(trimmed ? 'groupFlag.nameTooLong' : 'validation.required');
      return;
    }
    try {
      const saved = await save.mutateAsync({
        name: trimmed,
        // Keep the picker's order (the section tree) so the audit log reads naturally.
        sectionIds: (sections.data ?? []).filter((s) => selected.has(s.id)).map((s) => s.id),
        ...editOf(flag.data),
      });
      showToast({ message: t(flag.data ? 'groupFlag.updated' : 'groupFlag.added', { name: saved.name }), intent: Intent.SUCCESS, icon: 'tick' });
      navigate(LIST_PATH);
    } catch (error) {
      if (errorFields(error, '', { invalid_name: 'name', group_flag_exists: 'name' }).includes('name')) setNameError('groupFlag.checkName');
      if (error instanceof ApiError && error.status === 409 && error.code === 'version_conflict') {
        setDirty(false);
        void flag.refetch();
      }
    }
  };

  if (id !== null && flag.isError) {
    return (
      <>
        <PageHeader />
        <ErrorCallout error={flag.error} codes={groupFlagCodes} />
        <Button icon="arrow-left" onClick={() => navigate(LIST_PATH)}>
          {t('groupFlag.backToList')}
        </Button>
      </>
    );
  }
  if ((id !== null && flag.isPending) || sections.isPending) {
    return (
      <>
        <PageHeader />
        <div className="ghg-center-pad">
          <Spinner size={24} />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader subtitle={flag.data ? `${company?.name ?? ''} · ${flag.data.name}` : t('groupFlag.newFlag')} />
      <Card className="ghg-form-card">
        <form onSubmit={submit} noValidate data-testid="group-flag-form">
          <ErrorCallout error={save.error} codes={groupFlagCodes} />
          <FormGroup
            label={t('groupFlag.name')}
            labelFor="group-flag-name"
            intent={nameError ? Intent.DANGER : Intent.NONE}
            helperText={nameError ? t(nameError) : t('groupFlag.nameHint')}
          >
            <InputGroup
              id="group-flag-name"
              value={name}
              readOnly={!canWrite}
              autoFocus={canWrite}
              intent={nameError ? Intent.DANGER : Intent.NONE}
              aria-invalid={Boolean(nameError)}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setDirty(true);
                setNameError(null);
              }}
              data-testid="group-flag-name"
            />
          </FormGroup>
          <FormGroup label={t('groupFlag.sections')} labelInfo={<Tag minimal round>{t('groupFlag.selectedCount', { count: selected.size })}</Tag>} helperText={t('groupFlag.sectionsHint')}>
            <InputGroup leftIcon="search" type="search" placeholder={t('groupFlag.sectionFilter')} aria-label={t('groupFlag.sectionFilter')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
            {(sections.data ?? []).length === 0 ? (
              <NonIdealState icon="diagram-tree" description={t('groupFlag.noCompanySections')} />
            ) : (
              <div className="ghg-checkbox-list" role="group" aria-label={t('groupFlag.sections')} data-testid="group-flag-sections">
                {shown.map((s) => (
                  <Checkbox
                    key={s.id}
                    checked={selected.has(s.id)}
                    disabled={!canWrite}
                    label={s.displayName}
                    style={{ paddingLeft: `${(query ? 0 : (s.depth ?? 0)) * 1.25 + 1.6}rem` }}
                    onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                  />
                ))}
              </div>
            )}
          </FormGroup>
          <div className="ghg-form-actions">
            <Button icon="arrow-left" onClick={() => navigate(LIST_PATH)} disabled={save.isPending}>
              {t(canWrite ? 'common.cancel' : 'groupFlag.backToList')}
            </Button>
            {canWrite && (
              <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={save.isPending} data-testid="group-flag-save">
                {t('common.save')}
              </Button>
            )}
          </div>
        </form>
      </Card>
    </>
  );
}
