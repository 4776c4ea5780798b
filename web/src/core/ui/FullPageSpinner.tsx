import { Spinner } from '@blueprintjs/core';

export function FullPageSpinner() {
  return (
    <div className="ghg-fullpage-center" data-testid="page-loading">
      <Spinner size={40} />
    </div>
  );
}
