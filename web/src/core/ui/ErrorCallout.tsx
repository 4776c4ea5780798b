import { Callout, Intent } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { useT } from '../i18n/I18nProvider';
import { describeError } from './errorMessage';

/** The server's answer to a rejected form: translated when its code is known, else its message. */
export function ErrorCallout({ error, title, codes }: { error: unknown; title?: string; codes?: Readonly<Record<string, MessageId>> }) {
  const t = useT();
  if (!error) return null;
  const described = describeError(error, codes);
  return (
    <Callout intent={Intent.DANGER} icon="error" title={title} className="ghg-form-error" role="alert" data-testid="server-error">
      {'id' in described ? t(described.id) : described.text}
    </Callout>
  );
}

export function useErrorText(codes?: Readonly<Record<string, MessageId>>) {
  const t = useT();
  return (error: unknown) => {
    const described = describeError(error, codes);
    return 'id' in described ? t(described.id) : described.text;
  };
}
