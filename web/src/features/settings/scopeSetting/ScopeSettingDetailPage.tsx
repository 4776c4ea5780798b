import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Callout, Card, H4, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { categoryName } from '../../../core/router/categories';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useFactorChoices, useScopeSettings } from './api';
import { useScopeSettingActions } from './actions';
import { displayValue, groupOf, inputOf, labelOf, lineFields, settingFields } from './form';

const LIST = '/emission/setting/scope';

/** One scope setting (?id=…): its formula and what the formula computes, the values it holds and those each line brings. */
export default function ScopeSettingDetailPage() {
  const t = useT();
  const intl = useIntl();
  const { locale } = useI18n();
  const navigate = useNavigate();
  const { companyId, company } = useWorkspace();
  const [params] = useSearchParams();
  const id = params.get('id');
  const settings = useScopeSettings(companyId);
  const listOf = (s: { scopeCategory: Parameters<typeof groupOf>[0] } | undefined) => (s && groupOf(s.scopeCategory) !== '1' ? `${LIST}?scope=${groupOf(s.scopeCategory)}` : LIST);
  const setting = settings.data?.find((s) => s.id === id);
  const actions = useScopeSettingActions(() => void navigate(listOf(setting)));
  const formula = actions.formulas.data?.find((f) => f.id === setting?.formulaId);

  if (settings.isPending || actions.formulas.isPending) {
    return (
      <>
        <PageHeader subtitle={company?.name} />
        <div className="ghg-center-pad">
          <Spinner size={24} />
        </div>
      </>
    );
  }
  if (settings.isError) return <ErrorCallout error={settings.error} />;
  if (!setting) {
    return (
      <>
        <PageHeader subtitle={company?.name} />
        <NonIdealState icon="search" title={t('scopeSetting.notFound')} action={<Link to={LIST}>{t('scopeSetting.backToList')}</Link>} data-testid="scope-setting-not-found" />
      </>
    );
  }

  const writable = actions.canWriteRow(setting);
  const formatNumber = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 6 });
  const held = formula ? settingFields(formula.fields) : [];
  const fromLine = formula ? lineFields(formula.fields) : [];

  return (
    <>
      <PageHeader
        subtitle={company?.name}
        actions={
          <>
            <Button icon="arrow-left" onClick={() => void navigate(listOf(setting))}>
              {t('scopeSetting.backToList')}
            </Button>
            <Button icon="edit" disabled={!writable} onClick={() => actions.open({ kind: 'edit', setting })} data-testid="scope-setting-detail-edit">
              {t('scopeSetting.editButton')}
            </Button>
            <Button icon="duplicate" disabled={!actions.canWrite} onClick={() => actions.open({ kind: 'copy', setting })} data-testid="scope-setting-detail-copy">
              {t('scopeSetting.copyButton')}
            </Button>
            <Button icon="trash" intent={Intent.DANGER} disabled={!writable} onClick={() => actions.askDelete(setting)} data-testid="scope-setting-detail-delete">
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <Card className="ghg-form-card" data-testid="scope-setting-detail">
        <H4>{formula ? labelOf(formula.name, locale) : setting.formulaId}</H4>
        {formula && (
          <Callout icon="function" className="ghg-page-callout">
            {labelOf(formula.description, locale)}
          </Callout>
        )}
        <dl className="ghg-dl">
          <dt>{t('scopeSetting.category')}</dt>
          <dd>{t(categoryName[setting.scopeCategory])}</dd>
          <dt>{t('scopeSetting.section')}</dt>
          <dd>{setting.sectionDisplayName ?? setting.sectionName ?? t('scopeSetting.sectionGone')}</dd>
          <dt>{t('scopeSetting.updatedAt')}</dt>
          <dd>{intl.formatDate(setting.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
          {held.map((f) => {
            const text = displayValue(f, setting.detail[f.key], locale, formatNumber);
            return [
              <dt key={`${f.key}-label`}>{labelOf(f.label, locale)}</dt>,
              <dd key={`${f.key}-value`} data-testid={`scope-setting-value-${f.key}`}>
                {text ? (
                  inputOf(f).kind === 'factor' && typeof setting.detail[f.key] === 'string' ? (
                    <FactorName category={setting.scopeCategory} factorRef={text} />
                  ) : (
                    text
                  )
                ) : (
                  <span className="ghg-muted">{t('scopeSetting.leaveToLine')}</span>
                )}
              </dd>,
            ];
          })}
        </dl>
        {fromLine.length > 0 && (
          <p className="ghg-muted">{t('scopeSetting.fromLineHint', { fields: fromLine.map((f) => labelOf(f.label, locale)).join(t('scopeSetting.listSeparator')) })}</p>
        )}
      </Card>
      {actions.elements}
    </>
  );
}

/** A factor of the library by its reference: its name and values, and the reference itself. */
function FactorName({ category, factorRef }: { category: string; factorRef: string }) {
  const t = useT();
  const { locale } = useI18n();
  const { companyId } = useWorkspace();
  const factor = useFactorChoices(companyId, category, factorRef, locale).data?.find((f) => f.ref === factorRef);
  if (!factor) return <>{factorRef}</>;
  return (
    <>
      {t('scopeSetting.factorOption', { set: factor.setId, version: factor.version, label: labelOf(factor.label, locale), value: factor.values.map((v) => `${v.value} ${v.unit}`).join(' + ') })}{' '}
      <code className="ghg-muted">{factorRef}</code>
    </>
  );
}
