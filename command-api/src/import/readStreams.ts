import type { RecordedEvent } from '@ghg/events';
import type { CommandApiDeps } from '../core/deps';

/** The events of many streams in one call of the store (an import's lines, a chunk at a time). */
export function readStreamsOf(deps: Pick<CommandApiDeps, 'eventStore'>): (ids: readonly string[]) => Promise<Map<string, RecordedEvent[]>> {
  return (ids) => deps.eventStore.readStreams(ids);
}
