import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, Card, FormGroup, HTMLSelect, HTMLTable, Intent, Tag, TextArea } from '@blueprintjs/core';
import { MAX_REASON_LENGTH as REASON_MAX } from '@ghg/domain';
import { useCan } from '../../../core/auth/permissions';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { categoryName, type CategoryKey } from '../../../core/router/categories';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { GroupedBarChart, type BarGroup } from '../../../core/ui/GroupedBarChart';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { labelIn, useFactorSets } from '../factorLibrary/api';
import { patchOf, useBases, useBasis, useGwpSets, usePreview, useSaveBasis, type Preview } from './api';
import { basisCodes, lineCodes } from './codes';

const kg = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 1 });

/**
 * The calculation basis of the selected fiscal year: the GWP set and the version of every factor
 * set its results use. Changing it is a restatement: preview before/after on sample lines, then
 * save with a reason (an audited event). A newer factor version never changes a stored year by itself.
 */
export default function CalculationBasisPage() {
  const t = useT();
  const { locale } = useI18n();
  const { companyId, fiscalYear } = useWorkspace();
  const canWrite = useCan('company.configure');
  const basis = useBasis(companyId, fiscalYear);
  const bases = useBases(companyId);
  const gwpSets = useGwpSets();
  const factorSets = useFactorSets(companyId);
  const preview = usePreview();
  const save = useSaveBasis();
  const [gwpSet, setGwpSet] = useState('');
  const [pins, setPins] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');

  // The form starts from the stored (or default) basis, and again whenever that changes.
  useResetOnChange([basis.data], () => {
    if (!basis.data) return;
    setGwpSet(basis.data.gwpSet);
    setPins(basis.data.factorSets);
    setReason('');
  });
  const resetMutations = useEffectEvent(() => {
    preview.reset();
    save.reset();
  });
  useEffect(() => {
    if (basis.data) resetMutations();
  }, [basis.data]);

  const versionsBySet = useMemo(() => {
    const map = new Map<string, { version: string; title: string }[]>();
    for (const s of factorSets.data ?? []) map.set(s.setId, [...(map.get(s.setId) ?? []), { version: s.version, title: labelIn(s.title, locale) }]);
    return map;
  }, [factorSets.data, locale]);

  const stored = basis.data;
  const patch = stored ? patchOf(stored, pins) : {};
  const dirty = stored !== undefined && (gwpSet !== stored.gwpSet || Object.keys(patch).length > 0);
  const proposal = { fiscalYear, gwpSet, factorSets: patch };

  const save_ = async () => {
    if (!stored) return;
    try {
      const result = await save.mutateAsync({ ...proposal, ...(reason.trim() ? { reason: reason.trim() } : {}), expectedVersion: stored.version });
      showToast({ message: result.changed ? t('calculationBasis.saved', { year: fiscalYear }) : t('calculationBasis.unchanged'), intent: Intent.SUCCESS, icon: 'tick' });
      const { recalculated, refused } = result.recalculation;
      if (recalculated > 0) showToast({ message: t('calculationBasis.recalculated', { n: recalculated }), intent: Intent.SUCCESS, icon: 'refresh' });
      if (refused.length > 0) showToast({ message: t('calculationBasis.recalculationRefused', { n: refused.length, deals: refused.slice(0, 5).map((r) => r.dealId).join(', ') }), intent: Intent.WARNING, icon: 'warning-sign', timeout: 0 });
    } catch {
      // shown below
    }
  };
  const fixDefault = async () => {
    if (!stored) return;
    try {
      await save.mutateAsync({ fiscalYear, gwpSet: stored.gwpSet, factorSets: {}, expectedVersion: -1 });
      showToast({ message: t('calculationBasis.saved', { year: fiscalYear }), intent: Intent.SUCCESS, icon: 'tick' });
    } catch {
      // shown below
    }
  };

  return (
    <>
      <PageHeader subtitle={t('calculationBasis.subtitle', { year: fiscalYear })} />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('calculationBasis.intro')} <Link to="/emission/setting/emission-factor">{t('calculationBasis.toLibrary')}</Link>
      </Callout>
      <Card className="ghg-table-card" data-testid="basis-form">
        <QueryState query={{ isPending: basis.isPending, isError: basis.isError, error: basis.error, data: basis.data ? [basis.data] : undefined }}>
          {stored && (
            <>
              <div className="ghg-table-toolbar">
                <h2 className="bp6-heading ghg-section-title">{t('calculationBasis.current', { year: fiscalYear })}</h2>
                {stored.isDefault ? (
                  <Tag intent={Intent.WARNING} minimal data-testid="basis-default">
                    {t('calculationBasis.default')}
                  </Tag>
                ) : (
                  <Tag intent={Intent.SUCCESS} minimal data-testid="basis-fixed">
                    {t('calculationBasis.fixed', { version: stored.version + 1 })}
                  </Tag>
                )}
              </div>
              {stored.isDefault && canWrite && (
                <Callout intent={Intent.WARNING} icon="pin" className="ghg-page-callout">
                  {t('calculationBasis.defaultHint')}{' '}
                  <Button size="small" onClick={() => void fixDefault()} loading={save.isPending} data-testid="basis-fix">
                    {t('calculationBasis.fix')}
                  </Button>
                </Callout>
              )}
              <FormGroup label={t('calculationBasis.gwpSet')} labelFor="basis-gwp" inline>
                <HTMLSelect id="basis-gwp" value={gwpSet} disabled={!canWrite} onChange={(e) => setGwpSet(e.currentTarget.value)} data-testid="basis-gwp">
                  {(gwpSets.data ?? []).map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.id} — {labelIn(g.title, locale)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <HTMLTable className="ghg-table" striped compact data-testid="basis-sets">
                <thead>
                  <tr>
                    <th>{t('calculationBasis.factorSet')}</th>
                    <th id="basis-pinned-heading">{t('calculationBasis.pinned')}</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.keys(pins)
                    .sort()
                    .map((setId) => (
                      <tr key={setId} className={patch[setId] ? 'ghg-changed-row' : undefined}>
                        <td>
                          <code id={`basis-set-name-${setId}`}>{setId}</code> <span className="bp6-text-muted">{(versionsBySet.get(setId) ?? []).find((v) => v.version === pins[setId])?.title}</span>
                        </td>
                        <td>
                          {/* Named by its column and its row ("pinned version, <set>"). */}
                          <HTMLSelect
                            value={pins[setId]}
                            disabled={!canWrite}
                            onChange={(e) => setPins({ ...pins, [setId]: e.currentTarget.value })}
                            aria-labelledby={`basis-pinned-heading basis-set-name-${setId}`}
                            data-testid={`basis-set-${setId}`}
                          >
                            {(versionsBySet.get(setId) ?? [{ version: pins[setId]!, title: '' }]).map((v) => (
                              <option key={v.version} value={v.version}>
                                {v.version}
                              </option>
                            ))}
                          </HTMLSelect>
                        </td>
                      </tr>
                    ))}
                </tbody>
              </HTMLTable>
              {canWrite && (
                <>
                  <FormGroup label={t('calculationBasis.reason')} labelFor="basis-reason" helperText={t('calculationBasis.reasonHint', { max: REASON_MAX })} className="ghg-top-gap">
                    <TextArea id="basis-reason" fill maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="basis-reason" />
                  </FormGroup>
                  {(preview.error ?? save.error) && <ErrorCallout error={preview.error ?? save.error} codes={basisCodes} />}
                  <div className="ghg-toolbar-start">
                    <Button icon="eye-open" disabled={!dirty} loading={preview.isPending} onClick={() => preview.mutate(proposal)} data-testid="basis-preview">
                      {t('calculationBasis.preview')}
                    </Button>
                    <Button intent={Intent.PRIMARY} icon="floppy-disk" disabled={!dirty || !preview.data} loading={save.isPending} onClick={() => void save_()} data-testid="basis-save">
                      {t('calculationBasis.restate')}
                    </Button>
                    {dirty && !preview.data && <span className="bp6-text-muted">{t('calculationBasis.previewFirst')}</span>}
                  </div>
                </>
              )}
            </>
          )}
        </QueryState>
      </Card>
      {preview.data && <PreviewCard preview={preview.data} />}
      <Card className="ghg-table-card">
        <h2 className="bp6-heading ghg-section-title">{t('calculationBasis.history')}</h2>
        <QueryState query={bases} empty={<p className="bp6-text-muted">{t('calculationBasis.noHistory')}</p>}>
          <HTMLTable className="ghg-table" striped data-testid="basis-history">
            <thead>
              <tr>
                <th>{t('calculationBasis.fiscalYear')}</th>
                <th>{t('calculationBasis.gwpSet')}</th>
                <th>{t('calculationBasis.factorSets')}</th>
                <th className="ghg-num">{t('calculationBasis.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {(bases.data ?? []).map((b) => (
                <tr key={b.fiscalYear}>
                  <td>{t('calculationBasis.yearName', { year: b.fiscalYear })}</td>
                  <td>{b.gwpSet}</td>
                  <td className="bp6-text-small">
                    {Object.entries(b.factorSets)
                      .map(([id, v]) => `${id}@${v}`)
                      .join(', ')}
                  </td>
                  <td className="ghg-num">{b.version}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
        <p>
          <Link to="/emission/setting/audit-log">{t('calculationBasis.toAudit')}</Link>
        </p>
      </Card>
    </>
  );
}

/** Before/after totals of the sample lines, by scope category in a chart and line by line in a table. */
function PreviewCard({ preview }: { preview: Preview }) {
  const t = useT();
  const scopes = [...new Set([...Object.keys(preview.before.summary?.byScope ?? {}), ...Object.keys(preview.after.summary?.byScope ?? {})])];
  const scopeLabel = (key: string) => (key in categoryName ? t(categoryName[key as CategoryKey]) : key);
  // Short axis labels (Scope 3 categories as 3-n); the full name is in each bar's label.
  const shortLabel = (key: string) => (/^3\d+$/.test(key) ? `3-${key.slice(1)}` : scopeLabel(key));
  const groups: BarGroup[] = scopes.map((key) => ({ key, label: shortLabel(key), values: [preview.before.summary?.byScope[key] ?? 0, preview.after.summary?.byScope[key] ?? 0] }));
  const series = [
    { name: t('calculationBasis.before'), className: 'ghg-chart-series-0' },
    { name: t('calculationBasis.after'), className: 'ghg-chart-series-1' },
  ];
  const cell = (r: Preview['lines'][number]['before']) =>
    r.ok ? kg(r.co2eKg) : <Tag intent={Intent.DANGER} minimal title={r.detail}>{lineCodes[r.error] ? t(lineCodes[r.error]!) : r.error}</Tag>;
  return (
    <Card className="ghg-table-card" data-testid="basis-preview-result">
      <h2 className="bp6-heading ghg-section-title">{t('calculationBasis.previewTitle')}</h2>
      <p data-testid="basis-totals">
        {t('calculationBasis.totals', { before: kg(preview.totals.beforeKg), after: kg(preview.totals.afterKg), delta: kg(preview.totals.deltaKg) })}
      </p>
      <GroupedBarChart groups={groups} series={series} ariaLabel={t('calculationBasis.previewTitle')} valueLabel={(g, i) => `${scopeLabel(g.key)} — ${series[i]!.name}: ${kg(g.values[i]!)} kg`} formatTick={(v) => kg(v)} />
      <HTMLTable className="ghg-table" striped compact>
        <thead>
          <tr>
            <th>{t('calculationBasis.line')}</th>
            <th className="ghg-num">{t('calculationBasis.before')}</th>
            <th className="ghg-num">{t('calculationBasis.after')}</th>
            <th className="ghg-num">{t('calculationBasis.delta')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.lines.map((l) => (
            <tr key={l.index} data-testid={`basis-line-${l.lineId}`}>
              <td>
                <code>{l.lineId}</code>
              </td>
              <td className="ghg-num">{cell(l.before)}</td>
              <td className="ghg-num">{cell(l.after)}</td>
              <td className="ghg-num">{l.deltaKg === null ? '—' : kg(l.deltaKg)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted">{t('calculationBasis.sampleHint')}</p>
    </Card>
  );
}
