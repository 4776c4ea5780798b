import type { ConsolidationApproach } from '@ghg/events';
import type { Locale, MessageId } from '@ghg/locales';

/** Each interface language by its own message (the header's switcher, the account screen, the audit log). */
export const languageName: Record<Locale, MessageId> = {
  ja: 'language.ja',
  en: 'language.en',
  zhHans: 'language.zhHans',
};

/** Each role by its message. */
export const roleName: Record<string, MessageId> = {
  admin: 'role.admin',
  editor: 'role.editor',
  viewer: 'role.viewer',
};

/** Each consolidation approach (GHG Protocol Corporate Standard, ch. 3) by its message, wherever one is shown. */
export const approachName: Record<ConsolidationApproach, MessageId> = {
  operational: 'views.approach.operational',
  financial: 'views.approach.financial',
  equity_share: 'views.approach.equity_share',
};
