import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Callout, Card, FormGroup, HTMLSelect, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { approachName } from '../../../core/i18n/names';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { categoryName, categoryShortLabel, type CategoryKey } from '../../../core/router/categories';
import { PageHeader } from '../../../core/ui/PageHeader';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useFormulas } from '../../settings/scopeSetting/api';
import { labelOf } from '../../settings/scopeSetting/form';
import { inUnit, unitSymbol, type EmissionUnit } from '../core/filters';
import { BasisSwitch, UnitSwitch } from '../core/ViewControls';
import { ViewDownload, type DownloadTable } from '../core/ViewDownload';
import type { Consolidation, Scope2Basis } from '../core/totals';
import { COMPARISON_MODES, type Change, type ComparisonMode } from './comparison';
import { CategoryTable, ChangesTable, useChangeFormat, type Contributor } from './ComparisonTables';
import { DivergingBarChart } from './DivergingBarChart';
import { useComparison, useComparisonParams } from './useComparison';

const modeName: Record<ComparisonMode, MessageId> = { years: 'views.comparison.mode.years', sections: 'views.comparison.mode.sections', companies: 'views.comparison.mode.companies' };

/**
 * Two fiscal years, two sections or two of the group's companies side by side (the choice in the
 * URL): A, B, the difference and the change by category with scope subtotals and the total, a
 * chart of the differences, and the ten contributors (category, method, section) that moved most,
 * each linking to the scope detail page that lists its lines.
 */
export default function ComparisonPage() {
  const t = useT();
  const intl = useIntl();
  const { locale } = useI18n();
  const { company, fiscalYear, companySection, sections } = useWorkspace();
  const { mode, approach, options, a, b, setMode, setSide, setApproach } = useComparisonParams();
  const [basis, setBasis] = useState<Scope2Basis>('location');
  const [unit, setUnit] = useState<EmissionUnit>('t');
  const comparison = useComparison(mode, a, b, basis, approach);
  const formulas = useFormulas();
  const f = useChangeFormat(unit);

  const methodName = (id: string) => {
    const formula = formulas.data?.find((x) => x.id === id);
    return formula ? labelOf(formula.name, locale) : id;
  };
  const sectionName = (id: string | null) => (id === null ? '' : (sections.find((s) => s.id === id)?.displayName ?? id));
  const contributors: Contributor[] = comparison.contributors.map((c) => ({ ...c, method: methodName(c.formulaId), section: sectionName(c.sectionId) }));
  const names = { a: a?.name ?? '', b: b?.name ?? '' };
  const symbol = unitSymbol[unit];
  const catName = (key: string) => t(categoryName[key as CategoryKey]);
  const subtitle =
    mode === 'years'
      ? `${company?.name ?? ''} · ${companySection?.name ?? t('header.section.all')}`
      : mode === 'sections'
        ? `${company?.name ?? ''} · ${t('fiscalYear.name', { year: String(fiscalYear) })}`
        : t('views.scopeGroup', { year: String(fiscalYear) });

  const tables = (): DownloadTable[] => {
    const heading = [t('views.comparison.column.side', { name: names.a, unit: symbol }), t('views.comparison.column.side', { name: names.b, unit: symbol }), t('views.comparison.column.diff', { unit: symbol }), t('views.comparison.column.ratioPercent')];
    const figures = (c: Change) => [inUnit(c.aKg, unit), inUnit(c.bKg, unit), inUnit(c.diffKg, unit), c.ratio === null ? '' : c.ratio * 100];
    return [
      {
        sheet: t('views.comparison.sheet.categories'),
        heading: [t('views.csv.code'), t('views.column.category'), ...heading],
        rows: [
          ...comparison.categories.map((c) => [c.key, catName(c.key), ...figures(c)]),
          ...comparison.scopes.map((s) => ['', t('views.comparison.subtotal', { scope: catName(s.key) }), ...figures(s)]),
          ['', t('views.total'), ...figures(comparison.total)],
        ],
      },
      {
        sheet: t('views.comparison.sheet.changes'),
        heading: [t('views.csv.code'), t('views.column.category'), t('views.detail.column.method'), t('views.division.column.section'), ...heading],
        rows: contributors.map((c) => [c.category, catName(c.category), c.method, c.section, ...figures(c)]),
      },
    ];
  };

  const picker = (side: 'a' | 'b', label: string, value: string | undefined) => (
    <FormGroup label={label} labelFor={`comparison-${side}`} inline>
      <HTMLSelect id={`comparison-${side}`} value={value ?? ''} onChange={(e) => setSide(side, e.currentTarget.value)} data-testid={`comparison-${side}`}>
        {value === undefined && <option value="" />}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );

  return (
    <>
      <PageHeader subtitle={subtitle} actions={<ViewDownload fileBase={`emission-comparison-${mode}-${a?.value ?? ''}-${b?.value ?? ''}-${basis}-${unit}`} tables={tables} disabled={!a || !b || comparison.status.isPending} testId="comparison-download" />} />
      <div className="ghg-toolbar-start">
        <SegmentedControl
          aria-label={t('views.comparison.mode')}
          value={mode}
          onValueChange={(v) => setMode(v as ComparisonMode)}
          options={COMPARISON_MODES.map((m) => ({ value: m, label: t(modeName[m]) }))}
          data-testid="comparison-mode"
        />
        {mode === 'companies' && (
          <HTMLSelect aria-label={t('views.filter.approach')} value={approach} onChange={(e) => setApproach(e.currentTarget.value as Consolidation)} data-testid="comparison-approach">
            {Object.entries(approachName).map(([value, name]) => (
              <option key={value} value={value}>
                {t(name)}
              </option>
            ))}
          </HTMLSelect>
        )}
        <BasisSwitch value={basis} onChange={setBasis} testId="comparison-basis" />
        <UnitSwitch value={unit} onChange={setUnit} testId="comparison-unit" />
      </div>
      <div className="ghg-toolbar-start" data-testid="comparison-pickers">
        {picker('a', t('views.comparison.sideA'), a?.value)}
        {picker('b', t('views.comparison.sideB'), b?.value)}
      </div>
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('views.comparison.intro', { basis: t(basis === 'location' ? 'views.basis.location' : 'views.basis.market') })}
      </Callout>
      {mode === 'companies' && comparison.weights.length > 0 && (
        <Callout icon="diagram-tree" className="ghg-page-callout" data-testid="comparison-weights">
          {t('views.consolidated', {
            approach: t(approachName[approach]),
            companies: comparison.weights.map((c) => t('views.consolidated.company', { name: c.name, weight: intl.formatNumber(c.weight, { style: 'percent', maximumFractionDigits: 1 }) })).join(', '),
          })}
        </Callout>
      )}
      {!a || !b ? (
        <NonIdealState icon="comparison" title={t('views.comparison.pickTwo')} description={t(mode === 'companies' ? 'views.comparison.pickTwoCompanies' : 'views.comparison.pickTwoHint')} />
      ) : (
        <QueryState query={{ ...comparison.status, data: comparison.categories }}>
          {comparison.categories.length === 0 ? (
            <NonIdealState icon="th" title={t('views.comparison.empty')} />
          ) : (
            <>
              <Card className="ghg-table-card" data-testid="comparison-chart">
                <h2 className="bp6-heading ghg-section-title">{t('views.comparison.chart', { a: names.a, b: names.b, unit: symbol })}</h2>
                <DivergingBarChart
                  data={comparison.categories.filter((c) => c.diffKg !== 0).map((c) => ({ key: c.key, label: categoryShortLabel(c.key, catName('water')), value: inUnit(c.diffKg, unit) }))}
                  ariaLabel={t('views.comparison.chart', { a: names.a, b: names.b, unit: symbol })}
                  formatTick={(v) => intl.formatNumber(v, { maximumSignificantDigits: 3 })}
                  valueLabel={(bar) => t('views.chart.bar', { name: catName(bar.key), value: f.diff(comparison.categories.find((c) => c.key === bar.key)!.diffKg), unit: symbol })}
                />
              </Card>
              <CategoryTable categories={comparison.categories} scopes={comparison.scopes} total={comparison.total} names={names} unit={unit} />
              <ChangesTable contributors={contributors} names={names} unit={unit} showSection={mode !== 'companies'} linkLines={mode !== 'companies'} {...(mode === 'years' && b ? { linesYear: Number(b.value) } : {})} />
            </>
          )}
        </QueryState>
      )}
    </>
  );
}
