import { Link } from '../../../core/ui/AsOfLink';

export interface ChainItem {
  label: string;
  /** An app path with its query; absent on the page shown. */
  href?: string;
  testId: string;
}

/**
 * The way back up a drill-down (region → company → section, flags → flag), with each level's query
 * parameters, which the header's breadcrumbs (paths only) do not carry. Blueprint's breadcrumb
 * look, as a plain list (no overflow menu: the chain is at most four levels).
 */
export function ViewChain({ items, label }: { items: readonly ChainItem[]; label: string }) {
  return (
    <nav aria-label={label} className="ghg-page-callout" data-testid="view-chain">
      <ol className="bp6-breadcrumbs">
        {items.map((item) => (
          <li key={item.testId}>
            {item.href ? (
              <Link className="bp6-breadcrumb" to={item.href} data-testid={item.testId}>
                {item.label}
              </Link>
            ) : (
              <span className="bp6-breadcrumb bp6-breadcrumb-current" aria-current="page" data-testid={item.testId}>
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
