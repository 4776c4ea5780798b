import { useIntl } from 'react-intl';
import { Button, FormGroup, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { asOfFromLocal, isPosition, localFromAsOf, useAsOf } from '../workspace/asOf';
import { useCurrentRoute } from './PageHeader';
import { AsOfSlider } from './AsOfSlider';

/**
 * The "as of" control of the views and reports: a date-time field that puts `?asOf=` in the
 * address, the time slider over the company's history (AsOfSlider), what the figures stand at,
 * and the way back to now.
 */
export function AsOfControl({ testId = 'as-of' }: { testId?: string }) {
  const t = useT();
  const intl = useIntl();
  const { asOf, setAsOf } = useAsOf();
  return (
    <div className="ghg-as-of ghg-no-print">
      <FormGroup label={t('asOf.label')} labelFor={`${testId}-input`} inline className="ghg-as-of-field">
        <InputGroup id={`${testId}-input`} type="datetime-local" value={localFromAsOf(asOf)} onChange={(e) => setAsOf(asOfFromLocal(e.currentTarget.value))} data-testid={testId} />
      </FormGroup>
      <AsOfSlider testId={testId} />
      {asOf && (
        <>
          <Tag large minimal intent={Intent.PRIMARY} data-testid={`${testId}-tag`}>
            {isPosition(asOf) ? t('asOf.position', { position: asOf }) : t('asOf.at', { at: intl.formatDate(asOf, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Tag>
          <Button icon="reset" onClick={() => setAsOf(null)} data-testid={`${testId}-clear`}>
            {t('asOf.clear')}
          </Button>
        </>
      )}
    </div>
  );
}

/** Above a page whose route shows its totals as of a past moment (`asOf: 'bar'`): the control, and what "as of" means there. */
export function AsOfBar() {
  const t = useT();
  const route = useCurrentRoute();
  const { asOf } = useAsOf();
  if (route?.asOf !== 'bar') return null;
  return (
    <div className={`ghg-as-of-bar${asOf ? ' ghg-as-of-bar-past' : ''}`} data-testid="as-of-bar">
      <AsOfControl />
      {asOf && <p className="ghg-as-of-intro">{t('asOf.viewsIntro')}</p>}
    </div>
  );
}
