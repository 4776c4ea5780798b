import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { importRoutes } from '@ghg/api';
import { call } from '../../core/api/call';
import { useInvalidate } from '../../core/api/mutations';
import { useT } from '../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel, type CategoryKey } from '../../core/router/categories';
import { GroupedBarChart } from '../../core/ui/GroupedBarChart';
import { showToast } from '../../core/ui/toaster';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { ALL_CATEGORIES } from '../settings/scopeSetting/form';
import { HISTORY, LINES, type ImportHistoryRow } from './api';
import { RefusalCallout, useFieldLabel } from './ImportOutcomeView';
import { rowCodeMessage } from './names';
import { compareTotals } from './outcome';

interface Props {
  /** The import whose lines the rules are applied to again; null: closed. */
  target: ImportHistoryRow | null;
  onClose: () => void;
}

/** A category's short label under a chart bar: S1, S2, 3-1 … 3-15. */
const isCategory = (c: string): c is CategoryKey => Object.hasOwn(categoryName, c);

/**
 * Re-applying the rules as they are now to a past import: first a dry run (nothing written) with
 * the totals before and after by category, then, confirmed, the restatement itself.
 */
export function ReapplyDialog({ target, onClose }: Props) {
  const t = useT();
  return (
    <Dialog isOpen={target !== null} onClose={onClose} title={target ? t('import.reapply.title', { file: target.fileName }) : undefined} icon="refresh" style={{ width: 760, maxWidth: '96vw' }}>
      {target && <ReapplyBody key={target.importId} target={target} onClose={onClose} />}
    </Dialog>
  );
}

function ReapplyBody({ target, onClose }: { target: ImportHistoryRow; onClose: () => void }) {
  const t = useT();
  const intl = useIntl();
  const label = useFieldLabel();
  const { companyId } = useWorkspace();
  const invalidate = useInvalidate(HISTORY, LINES);
  // The dry run is a question, asked again when the rules or the lines change (its key is under the history's topic).
  const preview = useQuery({
    queryKey: [HISTORY, companyId, 'reapplyPreview', target.importId],
    queryFn: () => call(importRoutes.reapply, { body: { importId: target.importId, dryRun: true } }),
    retry: false,
    gcTime: 0,
  });
  const apply = useMutation({
    mutationFn: () => call(importRoutes.reapply, { body: { importId: target.importId, dryRun: false } }),
    onSuccess: invalidate,
  });

  const kg = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const signed = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3, signDisplay: 'exceptZero' });
  const nameOf = (c: string) => (isCategory(c) ? t(categoryName[c]) : c);
  const data = preview.data;
  const compared = data ? compareTotals(data.before, data.after, ALL_CATEGORIES) : null;
  const applicable = data !== undefined && data.changed > 0 && data.errors.length === 0;

  const confirm = async () => {
    try {
      const done = await apply.mutateAsync();
      showToast({ message: t(done.status === 'success' ? 'import.reapply.done' : 'import.reapply.nothing', { changed: done.changed, file: target.fileName }), intent: Intent.SUCCESS, icon: 'refresh' });
      onClose();
    } catch {
      // Shown below.
    }
  };

  return (
    <>
      <DialogBody>
        <div data-testid="reapply-dialog">
          <p className="ghg-muted">{t('import.reapply.intro')}</p>
          {preview.isPending && <Spinner size={24} />}
          {preview.isError && <RefusalCallout error={preview.error} fileName={target.fileName} />}
          {apply.error !== null && <RefusalCallout error={apply.error} fileName={target.fileName} />}
          {data && compared && (
            <>
              <Callout intent={data.changed > 0 ? Intent.PRIMARY : Intent.NONE} icon={data.changed > 0 ? 'changes' : 'tick'} className="ghg-page-callout" data-testid="reapply-summary" data-changed={data.changed}>
                {data.changed > 0 ? t('import.reapply.changed', { count: data.changed }) : t('import.reapply.unchanged')}
                {data.unmatched > 0 && <div className="ghg-top-gap">{t('import.reapply.unmatched', { count: data.unmatched })}</div>}
              </Callout>
              {data.errors.length > 0 && (
                <Callout intent={Intent.DANGER} icon="warning-sign" title={t('import.errors.heading')} className="ghg-page-callout" data-testid="reapply-errors">
                  <ul className="ghg-plain-list">
                    {data.errors.map((e, i) => {
                      const message = rowCodeMessage(e.code);
                      const values = { row: e.row, field: label(e.field), message: t(message.id, message.values), value: e.value ?? '' };
                      return (
                        <li key={i} data-row={e.row}>
                          {t(e.value === null ? 'import.errors.lineNoValue' : 'import.errors.line', values)}
                        </li>
                      );
                    })}
                  </ul>
                </Callout>
              )}
              <HTMLTable compact striped className="ghg-table" data-testid="reapply-table">
                <thead>
                  <tr>
                    <th>{t('import.records.category')}</th>
                    <th className="ghg-num">{t('import.reapply.before')}</th>
                    <th className="ghg-num">{t('import.reapply.after')}</th>
                    <th className="ghg-num">{t('import.reapply.change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {compared.rows.map((r) => (
                    <tr key={r.category} data-testid="reapply-row" data-category={r.category}>
                      <td>{nameOf(r.category)}</td>
                      <td className="ghg-num">{kg(r.before)}</td>
                      <td className="ghg-num">{kg(r.after)}</td>
                      <td className="ghg-num">{signed(r.change)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td>
                      <strong>{t('import.reapply.total')}</strong>
                    </td>
                    <td className="ghg-num" data-testid="reapply-before" data-kg={compared.total.before}>
                      <strong>{kg(compared.total.before)}</strong>
                    </td>
                    <td className="ghg-num" data-testid="reapply-after" data-kg={compared.total.after}>
                      <strong>{kg(compared.total.after)}</strong>
                    </td>
                    <td className="ghg-num" data-testid="reapply-change" data-kg={compared.total.change}>
                      <strong>{signed(compared.total.change)}</strong>
                    </td>
                  </tr>
                </tfoot>
              </HTMLTable>
              {compared.rows.length > 0 && (
                <GroupedBarChart
                  height={200}
                  groups={compared.rows.map((r) => ({ key: r.category, label: categoryShortLabel(r.category, t(categoryName.water)), values: [r.before, r.after] }))}
                  series={[
                    { name: t('import.reapply.before'), className: 'ghg-chart-series-0' },
                    { name: t('import.reapply.after'), className: 'ghg-chart-series-1' },
                  ]}
                  ariaLabel={t('import.reapply.chart')}
                  valueLabel={(g, i) => t('import.reapply.bar', { category: nameOf(g.key), which: t(i === 0 ? 'import.reapply.before' : 'import.reapply.after'), value: kg(g.values[i]!) })}
                  formatTick={kg}
                />
              )}
            </>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose} disabled={apply.isPending}>
              {t('common.cancel')}
            </Button>
            <Button intent={Intent.PRIMARY} icon="refresh" disabled={!applicable} loading={apply.isPending} onClick={() => void confirm()} data-testid="reapply-confirm">
              {t('import.reapply.confirm')}
            </Button>
          </>
        }
      />
    </>
  );
}
