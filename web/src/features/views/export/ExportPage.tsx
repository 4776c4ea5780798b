import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Checkbox, FormGroup, HTMLSelect, Intent, ProgressBar, RadioGroup, Radio } from '@blueprintjs/core';
import type { ExportScope } from '@ghg/api';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName } from '../../../core/router/categories';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { BasisSwitch } from '../core/ViewControls';
import type { Scope2Basis } from '../core/totals';
import { downloadExport, type ExportProgress } from './download';

/** What the page offers: the three scopes (3 = every scope-3 category) and water. */
const CHOICES: readonly ExportScope[] = ['1', '2', '3', 'water'];
/** The fiscal years offered: the selected one and the nine before it. */
const YEARS = 10;

/** /export: the selected company's lines of a fiscal year for the scopes chosen, as CSV or XLSX, with its progress shown as it comes (a CSV's as a percentage). */
export default function ExportPage() {
  const t = useT();
  const intl = useIntl();
  const { company, fiscalYear } = useWorkspace();
  const [targetYear, setTargetYear] = useState(fiscalYear);
  const [fileType, setFileType] = useState<'csv' | 'xlsx'>('csv');
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const [selected, setSelected] = useState<ReadonlySet<ExportScope>>(new Set(CHOICES));
  const [received, setReceived] = useState<ExportProgress | null>(null);
  const [done, setDone] = useState<{ fileName: string; bytes: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tried, setTried] = useState(false);

  const size = (bytes: number) => intl.formatNumber(bytes / 1024, { maximumFractionDigits: 1 }) + ' KB';
  const toggle = (scope: ExportScope) => setSelected((s) => (s.has(scope) ? new Set([...s].filter((x) => x !== scope)) : new Set([...s, scope])));
  const none = selected.size === 0;

  const run = async () => {
    setTried(true);
    setDone(null);
    setError(null);
    if (none) return;
    setReceived({ bytes: 0, share: null });
    try {
      setDone(await downloadExport({ targetYear, fileType, basis, selectedScopes: CHOICES.filter((c) => selected.has(c)) }, setReceived));
    } catch (e) {
      setError(e);
    } finally {
      setReceived(null);
    }
  };

  return (
    <>
      <PageHeader subtitle={company?.name} />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('export.intro')}
      </Callout>
      <Card className="ghg-table-card" data-testid="export-form">
        <FormGroup label={t('export.year')} labelFor="export-year">
          <HTMLSelect id="export-year" value={targetYear} onChange={(e) => setTargetYear(Number(e.currentTarget.value))} data-testid="export-year">
            {Array.from({ length: YEARS }, (_, i) => fiscalYear - i).map((y) => (
              <option key={y} value={y}>
                {t('fiscalYear.name', { year: String(y) })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <RadioGroup label={t('export.fileType')} inline selectedValue={fileType} onChange={(e) => setFileType(e.currentTarget.value as 'csv' | 'xlsx')}>
          <Radio label="CSV" value="csv" data-testid="export-csv" />
          <Radio label="XLSX" value="xlsx" data-testid="export-xlsx" />
        </RadioGroup>
        <FormGroup label={t('export.scopes')} intent={tried && none ? Intent.DANGER : Intent.NONE}>
          {CHOICES.map((scope) => (
            <Checkbox key={scope} inline checked={selected.has(scope)} onChange={() => toggle(scope)} label={t(categoryName[scope])} data-testid={`export-scope-${scope}`} />
          ))}
          <Button minimal small onClick={() => setSelected(new Set(CHOICES))} data-testid="export-all">
            {t('export.selectAll')}
          </Button>
          <Button minimal small onClick={() => setSelected(new Set())} data-testid="export-none">
            {t('export.selectNone')}
          </Button>
        </FormGroup>
        <FormGroup label={t('export.basis')}>
          <BasisSwitch value={basis} onChange={setBasis} />
        </FormGroup>
        <Button intent={Intent.PRIMARY} icon="export" loading={received !== null} onClick={() => void run()} data-testid="export-run">
          {t('export.download')}
        </Button>
        {received !== null && (
          <div className="ghg-top-gap" data-testid="export-progress">
            <ProgressBar intent={Intent.PRIMARY} value={received.share ?? undefined} aria-label={t('export.download')} />
            <span className="bp6-text-muted">
              {received.share === null
                ? t('export.exporting', { size: size(received.bytes) })
                : t('export.exportingShare', { size: size(received.bytes), percent: intl.formatNumber(received.share, { style: 'percent' }) })}
            </span>
          </div>
        )}
        {tried && none && (
          <Callout intent={Intent.DANGER} className="ghg-top-gap" data-testid="export-no-item">
            {t('export.noItem')}
          </Callout>
        )}
        {done && (
          <Callout intent={Intent.SUCCESS} className="ghg-top-gap" data-testid="export-done">
            {t('export.done', { file: done.fileName, size: size(done.bytes) })}
          </Callout>
        )}
        {error !== null && <ErrorCallout error={error} codes={{ no_item_selected: 'export.noItem' }} />}
      </Card>
    </>
  );
}
