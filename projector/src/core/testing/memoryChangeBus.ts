import type { ChangeBus } from '@ghg/eventstore';
import type { ChangeListener, ChangeNotice } from '@ghg/events';

/** An in-process ChangeBus that also keeps every published notice, for assertions. */
export function createMemoryChangeBus(): ChangeBus & { readonly published: ChangeNotice[] } {
  const listeners = new Set<ChangeListener>();
  const published: ChangeNotice[] = [];
  return {
    published,
    async publish(notices) {
      published.push(...notices);
      for (const l of listeners) l(notices);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
