import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { useCan } from '../../../core/auth/permissions';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { ApiError } from '../../../core/api/client';
import { ConfirmDelete, useConfirmedDelete } from '../../../core/ui/ConfirmDelete';
import { ErrorCallout, useErrorText } from '../../../core/ui/ErrorCallout';
import { errorFields } from '../../../core/ui/errorMessage';
import { GroupedBarChart } from '../../../core/ui/GroupedBarChart';
import { PageHeader } from '../../../core/ui/PageHeader';
import { categoryName, type CategoryKey } from '../../../core/router/categories';
import { ActionsHeader } from '../../../core/ui/TableParts';
import { showToast } from '../../../core/ui/toaster';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { useDeleteReductionGoal, useReductionGoals, useSaveReductionGoals, type ReductionGoal } from './api';
import { editRow, parseNumber, rowFromGoal, validateRow, type GoalErrors, type GoalField, type GoalRow } from './goalRows';

/** The server's rule codes of this screen (docs/api.md, reduction goals). */
export const reductionGoalCodes: Record<string, MessageId> = {
  invalid_target_year: 'reductionGoal.error.invalidTargetYear',
  invalid_goal_emission: 'reductionGoal.error.invalidGoalEmission',
  invalid_target_emission: 'reductionGoal.error.invalidTargetEmission',
  invalid_goal_percentage: 'reductionGoal.error.invalidGoalPercentage',
  inconsistent_goal_percentage: 'reductionGoal.error.inconsistentGoalPercentage',
  reduction_goal_exists: 'reductionGoal.error.exists',
  reduction_goal_not_found: 'reductionGoal.error.notFound',
};

/** Units are notation, the same in every language. */
const TCO2E = 't-CO2e';

const COLUMNS: { field: GoalField; label: MessageId; unit?: string }[] = [
  { field: 'targetYear', label: 'reductionGoal.targetYear' },
  { field: 'targetEmission', label: 'reductionGoal.targetEmission', unit: TCO2E },
  { field: 'goalEmission', label: 'reductionGoal.goalEmission', unit: TCO2E },
  { field: 'goalEmissionPercentage', label: 'reductionGoal.goalEmissionPercentage', unit: '%' },
];

/** Short chart labels (notation, not words): S1, S2, then S3-1 … S3-15 for the scope-3 categories. */
const shortLabel = (scopeCategory: string) => (scopeCategory.length === 1 ? `S${scopeCategory}` : `S3-${scopeCategory.slice(1)}`);

/**
 * Reduction goals of one goal year: one row per scope and scope-3 category, the
 * base year and its emission, and the goal as an emission or a reduction %. A year without goals
 * shows the blank defaults; saving stores them.
 */
export default function ReductionGoalPage() {
  // Another company selected in the header: start afresh, never keep its typed rows.
  const { companyId } = useWorkspace();
  return <ReductionGoalEditor key={companyId} />;
}

function ReductionGoalEditor() {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText(reductionGoalCodes);
  const { companyId, company, fiscalYear } = useWorkspace();
  const canWrite = useCan('targets.write');
  const [goalYear, setGoalYear] = useState(fiscalYear);
  const goals = useReductionGoals(companyId, goalYear);
  const save = useSaveReductionGoals();
  const remove = useDeleteReductionGoal();
  const [rows, setRows] = useState<GoalRow[]>([]);
  const [errors, setErrors] = useState<Record<string, GoalErrors>>({});
  const [serverRows, setServerRows] = useState<Set<string>>(new Set());

  const dirty = rows.some((r) => r.dirty);
  // Fresh data replaces the table unless the user is typing; a live change by someone else
  // then surfaces as a 409 on save rather than silently overwriting what they typed.
  useResetOnChange([goals.data], () => {
    if (goals.data && !dirty) setRows(goals.data.map(rowFromGoal));
  });

  const years = useMemo(() => {
    const set = new Set<number>();
    for (let y = fiscalYear - 5; y <= Math.max(fiscalYear + 10, 2050); y += 1) set.add(y);
    set.add(goalYear);
    return [...set].sort((a, b) => a - b);
  }, [fiscalYear, goalYear]);

  const isDefault = rows.length > 0 && rows.every((r) => r.goal.isDefault);
  const categoryLabel = (key: string) => (key in categoryName ? t(categoryName[key as CategoryKey]) : key);
  const deletion = useConfirmedDelete(
    async (goal: ReductionGoal & { id: string }) => {
      await remove.mutateAsync(goal);
      setRows((all) => all.filter((r) => r.goal.id !== goal.id));
    },
    (goal) => t('reductionGoal.deleted', { name: categoryLabel(goal.scopeCategory) }),
    errorText,
  );
  const number = (n: number, digits = 3) => intl.formatNumber(n, { maximumFractionDigits: digits });

  const change = (index: number, field: GoalField, value: string) => {
    setRows((all) => all.map((r, i) => (i === index ? editRow(r, field, value) : r)));
    const key = rows[index]!.goal.scopeCategory;
    if (errors[key]) setErrors((e) => ({ ...e, [key]: {} }));
  };

  const discard = () => {
    setRows((goals.data ?? []).map(rowFromGoal));
    setErrors({});
    setServerRows(new Set());
    save.reset();
  };

  const submit = async () => {
    // A year of defaults is saved whole (that stores it); otherwise only what changed.
    const toSend = rows.filter((r) => r.dirty || isDefault);
    const found: Record<string, GoalErrors> = {};
    const values = toSend.map((r) => {
      const { errors: e, value } = validateRow(r, goalYear);
      if (Object.keys(e).length > 0) found[r.goal.scopeCategory] = e;
      return value;
    });
    setErrors(found);
    setServerRows(new Set());
    if (Object.keys(found).length > 0 || values.some((v) => !v)) return;
    try {
      const saved = await save.mutateAsync(values.filter((v) => v !== undefined));
      setRows(saved.filter((g) => g.goalYear === goalYear).map(rowFromGoal));
      showToast({ message: t('reductionGoal.saved', { year: t('fiscalYear.name', { year: String(goalYear) }) }), intent: Intent.SUCCESS, icon: 'tick' });
    } catch (error) {
      // The server names a refused row as reductionGoals.<i> or reductionGoals.<i>.<field>.
      const named = new Set<string>();
      for (const f of errorFields(error, 'reductionGoals.')) {
        const row = toSend[Number(f.split('.')[0])];
        if (row) named.add(row.goal.scopeCategory);
      }
      setServerRows(named);
      if (error instanceof ApiError && error.status === 409) {
        // Someone else saved first: show their values; the user re-enters theirs on top.
        setRows([]);
        await goals.refetch().then((r) => r.data && setRows(r.data.map(rowFromGoal)));
      }
    }
  };

  const chartGroups = rows.map((r) => ({
    key: r.goal.scopeCategory,
    label: shortLabel(r.goal.scopeCategory),
    values: [parseNumber(r.form.targetEmission) ?? 0, parseNumber(r.form.goalEmission) ?? 0],
  }));
  const series = [
    { name: t('reductionGoal.targetEmission'), className: 'ghg-chart-series-0' },
    { name: t('reductionGoal.goalEmission'), className: 'ghg-chart-series-1' },
  ];

  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={
          <>
            <Button icon="undo" disabled={!dirty || save.isPending} onClick={discard} data-testid="goal-discard">
              {t('reductionGoal.discard')}
            </Button>
            <Tooltip content={t('settings.readOnly')} disabled={canWrite}>
              <Button intent={Intent.PRIMARY} icon="floppy-disk" disabled={!canWrite || (!dirty && !isDefault)} loading={save.isPending} onClick={() => void submit()} data-testid="goal-save">
                {t('reductionGoal.saveAll')}
              </Button>
            </Tooltip>
          </>
        }
      />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('reductionGoal.intro')}
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-toolbar-start">
          <FormGroup label={t('reductionGoal.goalYear')} labelFor="goal-year" inline className="ghg-inline-field">
            <HTMLSelect
              id="goal-year"
              value={goalYear}
              disabled={dirty}
              title={dirty ? t('reductionGoal.saveFirst') : undefined}
              onChange={(e) => setGoalYear(Number(e.currentTarget.value))}
              options={years.map((y) => ({ value: y, label: t('fiscalYear.name', { year: String(y) }) }))}
              data-testid="goal-year"
            />
          </FormGroup>
          {isDefault && (
            <Tag intent={Intent.WARNING} minimal data-testid="goal-defaults">
              {t('reductionGoal.defaults')}
            </Tag>
          )}
          {dirty && (
            <Tag intent={Intent.PRIMARY} minimal>
              {t('common.unsaved')}
            </Tag>
          )}
        </div>
        <ErrorCallout error={save.error} codes={reductionGoalCodes} />
        {goals.isPending ? (
          <div className="ghg-center-pad">
            <Spinner size={24} />
          </div>
        ) : goals.isError ? (
          <ErrorCallout error={goals.error} />
        ) : (
          <HTMLTable className="ghg-table" striped data-testid="goal-table">
            <thead>
              <tr>
                <th>{t('reductionGoal.category')}</th>
                {COLUMNS.map((c) => (
                  <th key={c.field} className={c.field === 'targetYear' ? undefined : 'ghg-num'}>
                    {t(c.label)}
                    {c.unit && <span className="bp6-text-muted"> ({c.unit})</span>}
                  </th>
                ))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {rows.map((r, index) => {
                const name = categoryLabel(r.goal.scopeCategory);
                const rowErrors = errors[r.goal.scopeCategory] ?? {};
                const refused = serverRows.has(r.goal.scopeCategory);
                return (
                  <tr key={r.goal.scopeCategory} data-testid={`goal-row-${r.goal.scopeCategory}`} className={refused ? 'bp6-intent-danger' : undefined}>
                    <td>
                      {refused && <span className="ghg-visually-hidden">{t('reductionGoal.refusedRow')}</span>}
                      {name}
                    </td>
                    {COLUMNS.map((c) => {
                      const error = rowErrors[c.field];
                      return (
                        <td key={c.field} className={c.field === 'targetYear' ? undefined : 'ghg-num'}>
                          <InputGroup
                            size="small"
                            className={c.field === 'targetYear' ? 'ghg-cell-input-year' : 'ghg-cell-input'}
                            inputMode={c.field === 'targetYear' ? 'numeric' : 'decimal'}
                            value={r.form[c.field]}
                            placeholder={c.field === 'targetYear' ? t('reductionGoal.noBaseYear') : undefined}
                            readOnly={!canWrite}
                            intent={error || refused ? Intent.DANGER : Intent.NONE}
                            aria-invalid={Boolean(error)}
                            aria-label={`${name} ${t(c.label)}`}
                            onChange={(e) => change(index, c.field, e.currentTarget.value)}
                            data-testid={`goal-${c.field}`}
                          />
                          {error && (
                            <div className="bp6-form-helper-text ghg-field-error" role="alert">
                              {t(error)}
                            </div>
                          )}
                        </td>
                      );
                    })}
                    <td className="ghg-actions-col">
                      <Button
                        variant="minimal"
                        size="small"
                        icon="trash"
                        intent={Intent.DANGER}
                        disabled={!canWrite || !r.goal.id || r.dirty}
                        aria-label={t('reductionGoal.deleteRow', { name })}
                        onClick={() => r.goal.id && deletion.ask({ ...r.goal, id: r.goal.id })}
                        data-testid="goal-delete"
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
      </Card>

      {rows.length > 0 && (
        <Card className="ghg-table-card">
          <h2 className="bp6-heading ghg-section-title">{t('reductionGoal.chart.title', { year: t('fiscalYear.name', { year: String(goalYear) }) })}</h2>
          <GroupedBarChart
            groups={chartGroups}
            series={series}
            ariaLabel={t('reductionGoal.chart.title', { year: t('fiscalYear.name', { year: String(goalYear) }) })}
            formatTick={(v) => number(v, 0)}
            valueLabel={(g, i) => `${categoryLabel(g.key)} — ${series[i]!.name}: ${number(g.values[i]!)} ${TCO2E}`}
          />
        </Card>
      )}

      <ConfirmDelete {...deletion.dialog} loading={remove.isPending} hint={t('reductionGoal.confirmDeleteHint')}>
        {deletion.target && t('reductionGoal.confirmDelete', { name: categoryLabel(deletion.target.scopeCategory), year: t('fiscalYear.name', { year: String(deletion.target.goalYear) }) })}
      </ConfirmDelete>
    </>
  );
}
