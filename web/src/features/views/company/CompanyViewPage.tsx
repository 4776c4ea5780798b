import { EmissionsOverview } from './EmissionsOverview';

/** /emission/view/company: the selected company's emissions (the group a switch away). */
export default function CompanyViewPage() {
  return <EmissionsOverview initialOf="company" />;
}
