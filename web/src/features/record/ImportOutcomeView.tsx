import { Button, Callout, Card, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { ApiError } from '../../core/api/client';
import { useT } from '../../core/i18n/I18nProvider';
import type { ImportOutcome } from './api';
import { describeRefusal, encodingLabel, fieldMessage, headerCodeMessage, matchFieldName, rowCodeMessage, sourceTypeName } from './names';
import { columnMapping, refusalPlaces, sampleFields, unlistedErrors } from './outcome';
import type { RulePrefill } from './ruleForm';

/** Rows of an unmatched group named at most (the rest counted). */
const ROWS_NAMED = 12;

/** A field's label, or its own name for one this build does not know. */
export function useFieldLabel() {
  const t = useT();
  return (field: string) => {
    const id = fieldMessage(field);
    return id ? t(id) : field;
  };
}

/** "field = value" of each condition, joined. */
export function useConditionsText() {
  const t = useT();
  return (conditions: readonly { field: string; value: string }[]) =>
    conditions.map((c) => t('import.rule.condition', { field: Object.hasOwn(matchFieldName, c.field) ? t(matchFieldName[c.field as keyof typeof matchFieldName]) : c.field, value: c.value })).join(t('import.rule.and'));
}

/** A refusal of a whole file (or of an undo, a re-application) under the spec's "An error occurred.", with the rows or columns it names. */
export function RefusalCallout({ error, fileName, title }: { error: unknown; fileName: string; title?: string }) {
  const t = useT();
  const described = describeRefusal(error, fileName);
  const places = error instanceof ApiError ? refusalPlaces(error.fields) : { rows: [], columns: [] };
  return (
    <Callout intent={Intent.DANGER} icon="error" title={title ?? t('import.error.title')} className="ghg-page-callout" role="alert" data-testid="import-refusal" data-code={error instanceof ApiError ? error.code : undefined}>
      <p>{t(described.id, described.values)}</p>
      {places.rows.length > 0 && <p data-testid="import-refusal-rows">{t('import.refusal.rows', { rows: places.rows.join(', ') })}</p>}
      {places.columns.length > 0 && <p>{t('import.refusal.columns', { columns: places.columns.join(', ') })}</p>}
    </Callout>
  );
}

interface Props {
  outcome: ImportOutcome;
  /** Opens the rule dialog with an unmatched group's conditions; absent while nothing may be changed. */
  onCreateRule?: (prefill: RulePrefill) => void;
}

/** What checking (or importing) a file found: its counts and total, its errors by row, unclassified records, and how its columns were read. */
export function ImportOutcomeView({ outcome, onCreateRule }: Props) {
  const t = useT();
  const intl = useIntl();
  const label = useFieldLabel();
  const conditionsText = useConditionsText();
  const kg = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 3 });
  const { mapped, unmapped } = columnMapping(outcome.columns);
  const fields = sampleFields(outcome.columns);
  const more = unlistedErrors(outcome);
  const refused = outcome.status === 'error';
  const counts = [
    { key: 'rows', label: t('import.count.rows'), value: intl.formatNumber(outcome.rows) },
    { key: 'created', label: t('import.count.created'), value: intl.formatNumber(outcome.created) },
    { key: 'updated', label: t('import.count.updated'), value: intl.formatNumber(outcome.updated) },
    { key: 'unchanged', label: t('import.count.unchanged'), value: intl.formatNumber(outcome.unchanged) },
    { key: 'excluded', label: t('import.count.excluded'), value: intl.formatNumber(outcome.excluded) },
    { key: 'co2e', label: t('import.count.co2eKg'), value: kg(outcome.totals.co2eKg) },
  ];

  return (
    <div data-testid="import-outcome" data-status={outcome.status}>
      <p className="ghg-muted" data-testid="import-meta">
        {t('import.meta', { file: outcome.fileName, sourceType: t(sourceTypeName[outcome.sourceType]), encoding: encodingLabel(outcome.encoding) })}
      </p>
      {outcome.status === 'preview' && !refused && (
        <Callout intent={Intent.PRIMARY} icon="eye-open" className="ghg-page-callout" data-testid="import-preview-note">
          {t('import.previewNote')}
        </Callout>
      )}
      <div className="ghg-stat-grid" style={{ gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' }}>
        {counts.map((c) => (
          <Card key={c.key} className="ghg-stat">
            <div className="ghg-stat-label">{c.label}</div>
            <div className="ghg-stat-value" data-testid={`import-${c.key}`}>
              {c.value}
            </div>
          </Card>
        ))}
      </div>

      {refused && (
        <Callout intent={Intent.DANGER} icon="error" title={t('import.error.title')} className="ghg-page-callout" data-testid="import-refused">
          {t('import.error.refusedWhole')}
        </Callout>
      )}

      {outcome.headerProblems.length > 0 && (
        <Callout intent={Intent.DANGER} icon="th-disconnect" title={t('import.header.title')} className="ghg-page-callout" data-testid="import-header-problems">
          <ul className="ghg-plain-list">
            {outcome.headerProblems.map((p, i) => {
              const message = headerCodeMessage(p.code);
              return (
                <li key={i} data-testid="import-header-problem" data-code={p.code}>
                  {p.column ? t('import.header.line', { column: p.column, message: t(message.id, message.values) }) : t(message.id, message.values)}
                </li>
              );
            })}
          </ul>
        </Callout>
      )}

      {outcome.errorCount > 0 && (
        <Callout intent={Intent.DANGER} icon="warning-sign" title={t('import.errors.heading')} className="ghg-page-callout" data-testid="import-errors">
          <div className="ghg-scroll-box">
            <ul className="ghg-plain-list">
              {outcome.errors.map((e, i) => {
                const message = rowCodeMessage(e.code);
                const values = { row: e.row, field: label(e.field), message: t(message.id, message.values), value: e.value ?? '' };
                return (
                  <li key={i} data-testid="import-error" data-row={e.row} data-field={e.field} data-code={e.code}>
                    {t(e.value === null ? 'import.errors.lineNoValue' : 'import.errors.line', values)}
                  </li>
                );
              })}
            </ul>
          </div>
          {more > 0 && <p className="ghg-top-gap">{t('import.errors.more', { count: more, total: outcome.errorCount })}</p>}
        </Callout>
      )}

      {outcome.unmatchedCount > 0 && (
        <Callout intent={Intent.WARNING} icon="help" title={t('import.unmatched.heading', { count: outcome.unmatchedCount })} className="ghg-page-callout" data-testid="import-unmatched">
          <p>{t('import.unmatched.hint')}</p>
          <HTMLTable compact className="ghg-table">
            <thead>
              <tr>
                <th>{t('import.unmatched.conditions')}</th>
                <th className="ghg-num">{t('import.unmatched.count')}</th>
                <th>{t('import.unmatched.rows')}</th>
                <th>{t('import.unmatched.example')}</th>
                <th className="ghg-actions-col">
                  <span className="ghg-visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {outcome.unmatched.map((g, i) => {
                const text = g.conditions.length > 0 ? conditionsText(g.conditions) : t('import.unmatched.noConditions');
                const example = ['contents', 'productName', 'supplierName']
                  .map((f) => g.example[f])
                  .filter((v): v is string => typeof v === 'string' && v !== '')
                  .join(' / ');
                return (
                  <tr key={i} data-testid="import-unmatched-group">
                    <td>{text}</td>
                    <td className="ghg-num">{intl.formatNumber(g.count)}</td>
                    <td className="ghg-small">
                      {g.rows.slice(0, ROWS_NAMED).join(', ')}
                      {g.count > Math.min(g.rows.length, ROWS_NAMED) && ` ${t('import.unmatched.andMore', { count: g.count - Math.min(g.rows.length, ROWS_NAMED) })}`}
                    </td>
                    <td className="ghg-small">{example}</td>
                    <td className="ghg-actions-col ghg-nowrap">
                      <Button
                        size="small"
                        icon="add"
                        intent={Intent.PRIMARY}
                        disabled={!onCreateRule}
                        onClick={() => onCreateRule?.({ name: g.conditions.length > 0 ? text : example, conditions: g.conditions })}
                        data-testid="import-create-rule"
                      >
                        {t('import.unmatched.createRule')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </Callout>
      )}

      {outcome.columns.length > 0 && (
        <>
          <h3 className="bp6-heading ghg-section-title">{t('import.columns.title')}</h3>
          {unmapped.length > 0 && (
            <Callout intent={Intent.WARNING} icon="warning-sign" className="ghg-page-callout" data-testid="import-unmapped">
              {t('import.columns.unmapped', { columns: unmapped.map((c) => c.header).join(t('scopeSetting.listSeparator')) })}
            </Callout>
          )}
          <div className="ghg-scroll-box">
            <HTMLTable compact className="ghg-table" data-testid="import-columns">
              <thead>
                <tr>
                  <th>{t('import.columns.header')}</th>
                  <th>{t('import.columns.field')}</th>
                </tr>
              </thead>
              <tbody>
                {outcome.columns
                  .filter((c) => c.field !== null || c.header.trim() !== '')
                  .map((c) => (
                    <tr key={c.index} data-testid="import-column" data-field={c.field ?? ''}>
                      <td>{c.header}</td>
                      <td>
                        {c.field ? (
                          label(c.field)
                        ) : (
                          <Tag intent={Intent.WARNING} minimal>
                            {t('import.columns.notRead')}
                          </Tag>
                        )}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </HTMLTable>
          </div>
          <p className="ghg-muted ghg-small">{t('import.columns.count', { mapped: mapped.length, total: mapped.length + unmapped.length })}</p>
        </>
      )}

      {outcome.sample.length > 0 && (
        <>
          <h3 className="bp6-heading ghg-section-title">{t('import.sample.title', { count: outcome.sample.length })}</h3>
          <div className="ghg-table-scroll">
            <HTMLTable compact striped className="ghg-table" data-testid="import-sample">
              <thead>
                <tr>
                  <th className="ghg-num">{t('import.sample.row')}</th>
                  {fields.map((f) => (
                    <th key={f} className="ghg-nowrap">
                      {label(f)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {outcome.sample.map((s) => (
                  <tr key={s.row} data-testid="import-sample-row">
                    <td className="ghg-num">{s.row}</td>
                    {fields.map((f) => {
                      const v = s.values[f];
                      return (
                        <td key={f} className={typeof v === 'number' ? 'ghg-num ghg-nowrap' : 'ghg-nowrap'}>
                          {v === null || v === undefined ? '' : typeof v === 'number' ? intl.formatNumber(v, { maximumFractionDigits: 6 }) : v}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </div>
  );
}
