import { Link } from 'react-router-dom';
import { Callout, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useT } from '../../core/i18n/I18nProvider';
import { categoryName } from '../../core/router/categories';
import { ErrorCallout } from '../../core/ui/ErrorCallout';
import { PageHeader } from '../../core/ui/PageHeader';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { useLinesOf } from './api';
import { INPUT_CATEGORIES } from './categories';

/** Every category with its lines of the selected fiscal year and section: how many, their total, when one was last recorded; each links to its page. */
export default function InputIndexPage() {
  const t = useT();
  const intl = useIntl();
  const { companyId, company, fiscalYear, companySectionId, companySection } = useWorkspace();
  const results = useLinesOf(INPUT_CATEGORIES.map((category) => ({ companyId, fiscalYear, category, basis: 'location', sectionId: companySectionId })));
  const kg = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const subtitle = [company?.name, t('fiscalYear.name', { year: String(fiscalYear) }), companySection?.displayName ?? t('activityInput.allSections')].filter(Boolean).join(' / ');

  return (
    <>
      <PageHeader subtitle={subtitle} />
      <Callout icon="info-sign" className="ghg-page-callout">
        {t('activityInput.intro')}
      </Callout>
      <Card className="ghg-table-card">
        <div className="ghg-table-scroll">
          <HTMLTable className="ghg-table" striped interactive data-testid="input-categories">
            <thead>
              <tr>
                <th>{t('activityInput.category')}</th>
                <th className="ghg-num">{t('activityInput.lineCount')}</th>
                <th className="ghg-num">{t('activityInput.co2eKg')}</th>
                <th>{t('activityInput.lastRecorded')}</th>
              </tr>
            </thead>
            <tbody>
              {INPUT_CATEGORIES.map((category, i) => {
                const result = results[i]!;
                const lines = result.data?.lines ?? [];
                const latest = lines.reduce<string | null>((max, l) => (max === null || l.updatedAt > max ? l.updatedAt : max), null);
                return (
                  <tr key={category} data-testid="input-category" data-category={category}>
                    <td>
                      <Link to={`/emission/input/${category}`} data-testid={`input-open-${category}`}>
                        {t(categoryName[category])}
                      </Link>
                    </td>
                    {result.isPending ? (
                      <td colSpan={3}>
                        <Spinner size={14} />
                      </td>
                    ) : result.isError ? (
                      <td colSpan={3}>
                        <ErrorCallout error={result.error} />
                      </td>
                    ) : (
                      <>
                        <td className="ghg-num" data-testid="input-category-count">
                          {intl.formatNumber(lines.length)}
                        </td>
                        <td className="ghg-num" data-testid="input-category-total">
                          {kg(lines.reduce((sum, l) => sum + l.co2eKg, 0))}
                        </td>
                        <td className="ghg-nowrap">{latest ? intl.formatDate(latest, { dateStyle: 'medium', timeStyle: 'short' }) : <span className="ghg-muted">{t('activityInput.noLines')}</span>}</td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
    </>
  );
}
