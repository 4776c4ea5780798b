import { EmissionsOverview } from './EmissionsOverview';

/** /emission/view: the overview, of the whole group when the user reads several companies. */
export default function ViewIndexPage() {
  return <EmissionsOverview initialOf="group" />;
}
