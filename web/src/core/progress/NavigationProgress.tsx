import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { ProgressBar, Intent } from '@blueprintjs/core';
import { ProgressController, type ProgressState } from './progressController';

/** A thin bar across the top while a route (and its code) loads. */
export function NavigationProgress() {
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
    <div className="ghg-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(state.value * 100)} data-testid="navigation-progress">
      <ProgressBar value={state.value} intent={Intent.PRIMARY} animate={false} stripes={false} />
    </div>
  );
}
