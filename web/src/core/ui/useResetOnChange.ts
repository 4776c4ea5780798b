import { useState } from 'react';

/**
 * Calls `reset` while rendering, on the first render and whenever one of `deps` changed since the
 * last call (compared with Object.is, as effect dependencies are). This is React's way to adjust
 * state to changed props: the component renders again at once with the new state, before anything
 * is painted, instead of painting the stale state and replacing it from an effect. `reset` may set
 * this component's own state only; anything outside it (a mutation's last error) is reset in an
 * effect.
 */
export function useResetOnChange(deps: readonly unknown[], reset: () => void): void {
  const [seen, setSeen] = useState<readonly unknown[] | null>(null);
  if (seen === null || seen.length !== deps.length || deps.some((dep, i) => !Object.is(dep, seen[i]))) {
    setSeen(deps);
    reset();
  }
}
