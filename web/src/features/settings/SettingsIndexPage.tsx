import { Link } from 'react-router-dom';
import { Icon, Tag, type IconName } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { useT } from '../../core/i18n/I18nProvider';
import { PageHeader, useRouteTitle } from '../../core/ui/PageHeader';
import { routeByPath } from '../../core/router/routeTable';

interface Entry {
  path: string;
  icon: IconName;
  description: MessageId;
}

const sections: { title: MessageId; entries: Entry[] }[] = [
  {
    title: 'settings.index.basic',
    entries: [
      { path: '/emission/setting/fiscal-year', icon: 'calendar', description: 'settings.index.fiscalYear' },
      { path: '/emission/setting/currency', icon: 'exchange', description: 'settings.index.currency' },
      { path: '/emission/setting/audit-log', icon: 'history', description: 'settings.index.auditLog' },
    ],
  },
  {
    title: 'settings.index.organization',
    entries: [
      { path: '/emission/setting/company-section', icon: 'diagram-tree', description: 'settings.index.companySection' },
      { path: '/emission/setting/region', icon: 'globe', description: 'settings.index.region' },
      { path: '/emission/setting/group-flag', icon: 'flag', description: 'settings.index.groupFlag' },
      { path: '/account/setting/users', icon: 'people', description: 'settings.index.users' },
    ],
  },
  {
    title: 'settings.index.calculation',
    entries: [
      { path: '/emission/setting/scope', icon: 'layers', description: 'settings.index.scope' },
      { path: '/emission/setting/emission-factor', icon: 'database', description: 'settings.index.emissionFactor' },
      { path: '/emission/setting/calculation-basis', icon: 'calculator', description: 'settings.index.calculationBasis' },
      { path: '/emission/setting/intensity', icon: 'divide', description: 'settings.index.intensity' },
      { path: '/emission/setting/management-intensity', icon: 'th-list', description: 'settings.index.managementIntensity' },
      { path: '/emission/setting/product-specification-management', icon: 'cube', description: 'settings.index.productSpecification' },
    ],
  },
  {
    title: 'settings.index.targets',
    entries: [
      { path: '/emission/setting/reduction-goal', icon: 'trending-down', description: 'settings.index.reductionGoal' },
      { path: '/emission/setting/offset', icon: 'swap-horizontal', description: 'settings.index.offset' },
    ],
  },
];

/** All settings in one place, the ones already built marked as such. */
export default function SettingsIndexPage() {
  const t = useT();
  const title = useRouteTitle();
  return (
    <>
      <PageHeader />
      {sections.map((section) => (
        <section key={section.title} className="ghg-settings-section">
          <h2 className="bp6-heading ghg-section-title">{t(section.title)}</h2>
          <ul className="ghg-settings-grid">
            {section.entries.map((entry) => {
              const def = routeByPath(entry.path)!;
              return (
                <li key={entry.path}>
                  <Link to={entry.path} className="ghg-settings-card" data-testid={`settings-link-${entry.path.split('/').pop()}`}>
                    <Icon icon={entry.icon} size={20} className="ghg-settings-icon" />
                    <span className="ghg-settings-text">
                      <span className="ghg-settings-name">{title(def)}</span>
                      <span className="bp6-text-muted">{t(entry.description)}</span>
                    </span>
                    {!def.screen && (
                      <Tag minimal round className="ghg-soon-tag">
                        {t('comingSoon.tag')}
                      </Tag>
                    )}
                    <Icon icon="chevron-right" size={14} className="ghg-muted" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
