import { Link } from 'react-router-dom';
import { Icon, Tag } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { useT } from '../../core/i18n/I18nProvider';
import { PageHeader, useRouteTitle } from '../../core/ui/PageHeader';
import { routeTable } from '../../core/router/routeTable';
import type { SettingsSection } from '../../core/features/manifest';

const SECTIONS: readonly { section: SettingsSection; title: MessageId }[] = [
  { section: 'basic', title: 'settings.index.basic' },
  { section: 'organization', title: 'settings.index.organization' },
  { section: 'calculation', title: 'settings.index.calculation' },
  { section: 'targets', title: 'settings.index.targets' },
];

/** Each section's cards: the routes whose manifest gives them a settings-index entry, by their order. */
const sections = SECTIONS.map(({ section, title }) => ({
  title,
  entries: routeTable
    .flatMap((def) => (def.settingsIndex?.section === section ? [{ def, ...def.settingsIndex }] : []))
    .sort((a, b) => a.order - b.order),
}));

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
            {section.entries.map(({ def, icon, description }) => (
              <li key={def.path}>
                <Link to={def.path} className="ghg-settings-card" data-testid={`settings-link-${def.path.split('/').pop()}`}>
                  <Icon icon={icon} size={20} className="ghg-settings-icon" />
                  <span className="ghg-settings-text">
                    <span className="ghg-settings-name">{title(def)}</span>
                    <span className="bp6-text-muted">{t(description)}</span>
                  </span>
                  {!def.screen && (
                    <Tag minimal round className="ghg-soon-tag">
                      {t('comingSoon.tag')}
                    </Tag>
                  )}
                  <Icon icon="chevron-right" size={14} className="ghg-muted" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
