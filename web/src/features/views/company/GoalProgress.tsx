import { useIntl } from 'react-intl';
import { Card, HTMLTable } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { categoryName, type CategoryKey } from '../../../core/router/categories';
import { QueryState } from '../../../core/ui/TableParts';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { goalProgress } from '../core/filters';
import { useStoredGoals } from './goals';

interface Props {
  fiscalYear: number;
  /** The figures shown are the whole company's (goals are company-wide): else progress is not shown. */
  companyWide: boolean;
  /** The fiscal year's gross emission of a goal's scope or category, in kg. */
  emissionKg: (key: CategoryKey) => number;
}

/** The company's stored reduction goals beside the fiscal year's emissions: the share of each planned reduction achieved. */
export function GoalProgress({ fiscalYear, companyWide, emissionKg }: Props) {
  const t = useT();
  const intl = useIntl();
  const { companyId } = useWorkspace();
  const goals = useStoredGoals(companyId);
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });
  const yearValue = (year: number, tonnes: number) => t('views.goals.yearValue', { year: String(year), value: intl.formatNumber(tonnes) });

  return (
    <Card className="ghg-table-card" data-testid="views-goals">
      <h2 className="bp6-heading ghg-section-title">{t('views.goals.title')}</h2>
      {!companyWide ? (
        <p className="bp6-text-muted" data-testid="views-goals-company-wide">
          {t('views.goals.companyWide')}
        </p>
      ) : (
        <QueryState query={goals} empty={<p className="bp6-text-muted">{t('views.goals.none')}</p>}>
          <HTMLTable className="ghg-table" striped>
            <thead>
              <tr>
                <th>{t('views.goals.column.category')}</th>
                <th className="ghg-num">{t('views.goals.column.base')}</th>
                <th className="ghg-num">{t('views.goals.column.goal')}</th>
                <th className="ghg-num">{t('views.goals.column.current', { year: String(fiscalYear) })}</th>
                <th className="ghg-num">{t('views.goals.column.progress')}</th>
              </tr>
            </thead>
            <tbody>
              {(goals.data ?? []).map((goal) => {
                const key = goal.scopeCategory as CategoryKey;
                const currentTonnes = emissionKg(key) / 1000;
                // Goals are recorded in t-CO2e.
                const progress = goalProgress(goal.targetEmission, goal.goalEmission, currentTonnes);
                return (
                  <tr key={goal.id} data-testid={`views-goal-${goal.scopeCategory}-${goal.goalYear}`}>
                    <td>{t(categoryName[key])}</td>
                    <td className="ghg-num">{yearValue(goal.targetYear, goal.targetEmission)}</td>
                    <td className="ghg-num">{yearValue(goal.goalYear, goal.goalEmission)}</td>
                    <td className="ghg-num">{intl.formatNumber(currentTonnes, { maximumFractionDigits: 3 })}</td>
                    <td className="ghg-num" data-progress={progress ?? ''}>
                      {progress === null ? t('views.goals.noReduction') : percent(progress)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </QueryState>
      )}
    </Card>
  );
}
