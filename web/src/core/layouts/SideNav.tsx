import { useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Collapse, Icon } from '@blueprintjs/core';
import { useI18n, useT } from '../i18n/I18nProvider';
import { useCurrentRoute } from '../ui/PageHeader';
import { useResetOnChange } from '../ui/useResetOnChange';
import { activeNavPath, navigation, type NavSection } from './navigation';

/** The side navigation drawer: collapsible groups, the current page highlighted. */
export function SideNav() {
  const t = useT();
  const { individualType } = useI18n();
  const location = useLocation();
  const current = useCurrentRoute();
  const sections = useMemo(() => navigation(individualType), [individualType]);
  const active = activeNavPath(sections, location.pathname);
  const activeGroup = sections.find((s) => s.items.some((i) => i.path === active))?.group ?? current?.group;
  const [open, setOpen] = useState<Record<string, boolean>>({});

  // The current page's group opens whenever the current page moves to another group.
  useResetOnChange([activeGroup], () => {
    if (activeGroup) setOpen((o) => (o[activeGroup] ? o : { ...o, [activeGroup]: true }));
  });

  return (
    <nav className="ghg-sidenav" aria-label={t('nav.main')} data-testid="side-nav">
      <div className="ghg-sidenav-inner">
        {sections.map((section) =>
          section.items.length === 1 ? (
            <SingleItem key={section.group} section={section} active={active} />
          ) : (
            <div key={section.group} className="ghg-nav-section" data-group={section.group}>
              <button
                type="button"
                className={`ghg-nav-group${activeGroup === section.group ? ' ghg-nav-group-active' : ''}`}
                aria-expanded={Boolean(open[section.group])}
                onClick={() => setOpen((o) => ({ ...o, [section.group]: !o[section.group] }))}
              >
                <Icon icon={section.icon} size={16} />
                <span className="ghg-nav-label">{t(section.label)}</span>
                <Icon icon={open[section.group] ? 'chevron-down' : 'chevron-right'} size={12} className="ghg-nav-caret" />
              </button>
              <Collapse isOpen={Boolean(open[section.group])} keepChildrenMounted>
                <ul className="ghg-nav-items">
                  {section.items.map((item) => (
                    <li key={item.path}>
                      <NavLink to={item.path} end className={() => `ghg-nav-item${active === item.path ? ' ghg-nav-item-active' : ''}`} aria-current={active === item.path ? 'page' : undefined}>
                        {t(item.label)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </Collapse>
            </div>
          ),
        )}
      </div>
    </nav>
  );
}

function SingleItem({ section, active }: { section: NavSection; active: string | null }) {
  const t = useT();
  const item = section.items[0]!;
  const isActive = active === item.path;
  return (
    <NavLink
      to={item.path}
      end
      className={`ghg-nav-group ghg-nav-single${isActive ? ' ghg-nav-item-active' : ''}`}
      aria-current={isActive ? 'page' : undefined}
    >
      <Icon icon={section.icon} size={16} />
      <span className="ghg-nav-label">{t(section.label)}</span>
    </NavLink>
  );
}
