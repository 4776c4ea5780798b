import { Card, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { consolidationApproaches } from '@ghg/events';
import { companiesQuery } from '../../../core/api/queries';
import { useT } from '../../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { showToast } from '../../../core/ui/toaster';
import { approachName } from '../../../core/i18n/names';
import { groupApproachCodes, useChooseGroupApproach, type ConsolidationApproach } from './api';

/**
 * The approach the group's totals are consolidated by (GET /api/companies carries it): shown to a
 * user who holds every company of the group, changed by one who may also configure them. Saved
 * when chosen, with the version the user saw.
 */
export function GroupConsolidationCard({ canChoose }: { canChoose: boolean }) {
  const t = useT();
  const companies = useQuery(companiesQuery);
  const choose = useChooseGroupApproach();
  const stored = companies.data;
  if (!stored) return null;
  const shown = choose.isPending && choose.variables ? choose.variables.approach : stored.consolidationApproach;

  const onChange = async (approach: ConsolidationApproach) => {
    try {
      await choose.mutateAsync({ approach, expectedVersion: stored.consolidationApproachVersion });
      showToast({ message: t('account.company.groupApproach.saved'), intent: Intent.SUCCESS, icon: 'tick' });
    } catch {
      // shown in the card
    }
  };

  return (
    <Card className="ghg-form-card" data-testid="group-approach-card">
      <ErrorCallout error={choose.error} codes={groupApproachCodes} />
      <FormGroup label={t('account.company.groupApproach')} labelFor="group-approach" helperText={t('account.company.groupApproach.hint')}>
        <HTMLSelect
          id="group-approach"
          value={shown}
          disabled={!canChoose || choose.isPending}
          onChange={(e) => void onChange(e.currentTarget.value as ConsolidationApproach)}
          data-testid="group-approach"
        >
          {consolidationApproaches.map((a) => (
            <option key={a} value={a}>
              {t(approachName[a])}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </Card>
  );
}
