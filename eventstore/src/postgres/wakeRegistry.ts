/**
 * In-process wake-ups, keyed by the knex instance: every store over the same database in this
 * process (say, command-api's and the projector's in the embedded app) wakes the others'
 * subscribers the moment an append commits, without a round trip through NOTIFY or a poll.
 */
const wakers = new WeakMap<object, Set<() => void>>();

export function onAppended(key: object, wake: () => void): () => void {
  let set = wakers.get(key);
  if (!set) wakers.set(key, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

export function announceAppended(key: object): void {
  for (const wake of [...(wakers.get(key) ?? [])]) wake();
}
