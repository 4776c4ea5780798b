import { useState, type FormEvent } from 'react';
import { Button, Card, Dialog, DialogBody, FormGroup, HTMLTable, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import type { Locale } from '@ghg/locales';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout, useErrorText } from '../../../core/ui/ErrorCallout';
import { QueryState } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { companyFactorSetRoutes } from '@ghg/api';
import { downloadCsv, factorSetCodes, labelIn, useCompanyFactorSets, useCreateFactorSet, type CompanyFactorSet } from './api';
import { UploadDialog } from './UploadDialog';

const SET_ID = /^[a-z0-9._-]{2,50}$/;

/** The company's own factor sets: create one, upload a table as its next version, download any version. */
export function CompanySetsPanel({ companyId, canWrite, lang }: { companyId: string; canWrite: boolean; lang: Locale }) {
  const t = useT();
  const sets = useCompanyFactorSets(companyId);
  const create = useCreateFactorSet();
  const errorText = useErrorText(factorSetCodes);
  const [creating, setCreating] = useState(false);
  const [setId, setSetId] = useState('');
  const [title, setTitle] = useState('');
  const [uploading, setUploading] = useState<CompanyFactorSet | null>(null);
  const badId = setId !== '' && !SET_ID.test(setId);

  const download = (file: Promise<void>) => file.catch((error: unknown) => showToast({ message: errorText(error), intent: Intent.DANGER, icon: 'error' }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!SET_ID.test(setId) || !title.trim()) return;
    try {
      await create.mutateAsync({ setId, title: title.trim() });
      setCreating(false);
    } catch {
      // shown in the dialog
    }
  };

  return (
    <Card className="ghg-table-card">
      <div className="ghg-table-toolbar">
        <h2 className="bp6-heading ghg-section-title">{t('factorLibrary.sets.title')}</h2>
        <span>
          <Button icon="download" variant="minimal" onClick={() => void download(downloadCsv(companyFactorSetRoutes.template))} data-testid="factor-template">
            {t('factorLibrary.sets.template')}
          </Button>
          <Button icon="add" intent={Intent.PRIMARY} disabled={!canWrite} onClick={() => (setSetId(''), setTitle(''), create.reset(), setCreating(true))} data-testid="factor-set-create">
            {t('factorLibrary.sets.create')}
          </Button>
        </span>
      </div>
      <QueryState query={sets} empty={<NonIdealState icon="database" description={t('factorLibrary.sets.empty')} />}>
        <HTMLTable className="ghg-table" striped data-testid="factor-set-table">
          <thead>
            <tr>
              <th>{t('factorLibrary.sets.setId')}</th>
              <th>{t('factorLibrary.sets.name')}</th>
              <th className="ghg-num">{t('factorLibrary.sets.version')}</th>
              <th className="ghg-num">{t('factorLibrary.sets.entries')}</th>
              <th>{t('factorLibrary.sets.lastChange')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(sets.data ?? []).map((s) => {
              const last = s.versions.at(-1);
              return (
                <tr key={s.setId} data-testid={`factor-set-${s.setId}`}>
                  <td>
                    <code>{s.setId}</code>
                  </td>
                  <td>{labelIn(s.title, lang)}</td>
                  <td className="ghg-num">{s.version}</td>
                  <td className="ghg-num">{s.entryCount}</td>
                  <td>{last ? `${new Date(last.publishedAt).toLocaleString()}${last.fileName ? ` · ${last.fileName}` : ''}` : '—'}</td>
                  <td className="ghg-nowrap">
                    <Button size="small" icon="upload" disabled={!canWrite} onClick={() => setUploading(s)} data-testid="factor-set-upload">
                      {t('factorLibrary.upload.button')}
                    </Button>{' '}
                    <Button size="small" variant="minimal" icon="download" disabled={s.version === 0} onClick={() => void download(downloadCsv(companyFactorSetRoutes.download, { params: { id: s.setId } }))} aria-label={t('factorLibrary.sets.download')} title={t('factorLibrary.sets.download')} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </QueryState>
      <Dialog isOpen={creating} onClose={() => setCreating(false)} title={t('factorLibrary.sets.create')} icon="database">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            {create.error !== null && <ErrorCallout error={create.error} codes={factorSetCodes} />}
            <FormGroup label={t('factorLibrary.sets.setId')} labelFor="set-id" labelInfo="*" helperText={t('factorLibrary.sets.setIdHint')} intent={badId ? Intent.DANGER : Intent.NONE}>
              <InputGroup id="set-id" value={setId} onChange={(e) => setSetId(e.currentTarget.value.trim())} data-testid="factor-set-id" autoFocus />
            </FormGroup>
            <FormGroup label={t('factorLibrary.sets.name')} labelFor="set-title" labelInfo="*">
              <InputGroup id="set-title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="factor-set-title" />
            </FormGroup>
          </DialogBody>
          <DialogActions onCancel={() => setCreating(false)} pending={create.isPending} saveTestId="factor-set-save" saveDisabled={!SET_ID.test(setId) || !title.trim()} />
        </form>
      </Dialog>
      <UploadDialog set={uploading} onClose={() => setUploading(null)} />
    </Card>
  );
}
