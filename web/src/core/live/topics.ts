import type { ChangeNotice } from '@ghg/events';
import { webFeatures } from '../../features/index';
import type { AnyWebFeature, QueryKeyPrefix } from '../features/manifest';

/** Per topic, the query-key prefixes the features that follow it make stale. */
function byTopic(features: readonly AnyWebFeature[]): ReadonlyMap<string, readonly QueryKeyPrefix[]> {
  const table = new Map<string, QueryKeyPrefix[]>();
  for (const feature of features) {
    for (const [topic, prefixes = []] of Object.entries(feature.live ?? {})) table.set(topic, [...(table.get(topic) ?? []), ...prefixes]);
  }
  return table;
}

const followed = byTopic(webFeatures);
const onAnyCompanyChange: readonly QueryKeyPrefix[] = webFeatures.flatMap((f: AnyWebFeature) => f.liveOnAnyCompanyChange ?? []);

/**
 * Which cached queries a live notice makes stale (WebSocket /api/live): those of its topic, and,
 * when it is about a company's data, those every company change makes stale (the audit log). A
 * topic this build does not know yet (a newer server): its name is its queries' key by convention.
 * Each prefix once.
 */
export function queryKeysForNotice(notice: Pick<ChangeNotice, 'topic' | 'companyId'>): QueryKeyPrefix[] {
  const own = followed.get(notice.topic) ?? [[notice.topic] as const];
  const all = notice.companyId === null ? own : [...own, ...onAnyCompanyChange];
  return [...new Map(all.map((prefix) => [JSON.stringify(prefix), prefix])).values()];
}
