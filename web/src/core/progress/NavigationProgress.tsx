import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { ProgressBar, Intent } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { ProgressController, type ProgressState } from './progressController';

/** A thin bar across the top while a route (and its code) loads. */
export function NavigationProgress() {
  const t = useT();
  const navigation = useNavigation();
  const [state, setState] = useState<ProgressState>({ visible: false, value: 0 });
  const controller = useRef<ProgressController | null>(null);
  controller.current ??= new ProgressController(setState);

  useEffect(() => () => controller.current?.dispose(), []);
  useEffect(() => {
    if (navigation.state === 'idle') controller.current?.finish();
    else controller.current?.start();
  }, [navigation.state]);

  useEffect(() => {
    if (!state.visible || state.value >= 1) return;
    const id = window.setInterval(() => setState((s) => ({ ...s, value: controller.current?.value() ?? s.value })), 100);
    return () => window.clearInterval(id);
  }, [state.visible, state.value]);

  if (!state.visible) return null;
  return (
    // Blueprint's ProgressBar is the progressbar (role, value): the wrapper only places it.
    <div className="ghg-progress" data-testid="navigation-progress">
      <ProgressBar value={state.value} intent={Intent.PRIMARY} animate={false} stripes={false} aria-label={t('a11y.navigationProgress')} />
    </div>
  );
}
