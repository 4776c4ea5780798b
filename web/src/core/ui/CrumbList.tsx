import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Crumb {
  key: string;
  text: ReactNode;
  /** An app path; absent on the page shown (the last crumb), which is marked aria-current. */
  href?: string | null;
  /** Shown before the text, e.g. the home icon. */
  icon?: ReactNode;
  testId?: string;
}

/**
 * Breadcrumbs in Blueprint's look as a plain <ol> of <li>: Blueprint's own Breadcrumbs puts its
 * overflow spacer (a div) inside the list, which a list may not hold (axe rule `list`), and nests
 * a second <nav>. No overflow menu: our trails are a few levels deep. The caller wraps it in a
 * labelled <nav>.
 */
export function CrumbList({ items }: { items: readonly Crumb[] }) {
  return (
    <ol className="bp6-breadcrumbs">
      {items.map((item, i) => {
        const current = i === items.length - 1;
        return (
          <li key={item.key}>
            {item.href && !current ? (
              <Link className="bp6-breadcrumb" to={item.href} data-testid={item.testId}>
                {item.icon}
                {item.text}
              </Link>
            ) : (
              <span className={current ? 'bp6-breadcrumb bp6-breadcrumb-current' : 'bp6-breadcrumb'} aria-current={current ? 'page' : undefined} data-testid={item.testId}>
                {item.icon}
                {item.text}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
