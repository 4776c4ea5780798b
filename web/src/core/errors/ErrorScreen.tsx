import { NoAuthLayout } from '../layouts/NoAuthLayout';
import { ErrorPage, ErrorPageBoundary, type ErrorPageProps } from './ErrorPage';

/** The error page in the no-auth layout (the layout's only user). */
export function ErrorScreen(props: ErrorPageProps) {
  return (
    <ErrorPageBoundary>
      <NoAuthLayout>
        <ErrorPage {...props} />
      </NoAuthLayout>
    </ErrorPageBoundary>
  );
}

export function NotFoundScreen() {
  return <ErrorScreen status={404} />;
}
