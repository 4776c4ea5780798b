import { Drawer, HTMLTable, Tag } from '@blueprintjs/core';
import type { Locale } from '@ghg/locales';
import { useT } from '../../../core/i18n/I18nProvider';
import { QueryState } from '../../../core/ui/TableParts';
import { labelIn, useFactorHistory, type Factor } from './api';
import { valueText } from './format';

/** Every published version of one factor: what it was, from which version to which, and when it was removed. */
export function HistoryDrawer({ companyId, factor, lang, onClose }: { companyId: string; factor: Factor | null; lang: Locale; onClose: () => void }) {
  const t = useT();
  const history = useFactorHistory(companyId, factor);
  return (
    <Drawer isOpen={factor !== null} onClose={onClose} title={factor ? labelIn(factor.label, lang) : ''} icon="history" size="50%">
      <div className="ghg-drawer-body" data-testid="factor-history">
        {factor && (
          <p className="bp6-text-muted">
            <code>{factor.ref}</code> · {labelIn(factor.source.title, lang)}
          </p>
        )}
        <QueryState query={history}>
          <HTMLTable className="ghg-table" striped>
            <thead>
              <tr>
                <th>{t('factorLibrary.history.versions')}</th>
                <th className="ghg-num">{t('factorLibrary.column.value')}</th>
                <th>{t('factorLibrary.column.validity')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {(history.data ?? []).map((v, i) => (
                <tr key={i} data-testid="factor-history-row">
                  <td>{v.toVersion && v.toVersion !== v.fromVersion ? `${v.fromVersion} – ${v.toVersion}` : v.fromVersion}</td>
                  <td className="ghg-num">{valueText(v)}</td>
                  <td>{[v.validFrom ?? '…', v.validTo ?? '…'].join(' – ')}</td>
                  <td>{v.removed && <Tag intent="danger" minimal>{t('factorLibrary.history.removed')}</Tag>}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </QueryState>
      </div>
    </Drawer>
  );
}
