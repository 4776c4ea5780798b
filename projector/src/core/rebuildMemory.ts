/**
 * Memory that lasts for one whole rebuild. The fresh copies are written by the rebuild alone, so
 * a projection may keep what it would otherwise read back from them each batch (for example the
 * audit log's last known field values per entity) here, and write it once before the swap
 * (`Projection.finishRebuild`).
 *
 * Each projection gets a map of its own. Values are replaced, never mutated in place, so a
 * snapshot (two levels deep) is enough to undo a transaction that rolled back.
 */
export class RebuildMemory {
  private maps = new Map<string, Map<string, unknown>>();

  /** The projection's own map, created on first use. */
  of<V>(projection: string): Map<string, V> {
    let map = this.maps.get(projection);
    if (!map) {
      map = new Map();
      this.maps.set(projection, map);
    }
    return map as Map<string, V>;
  }

  snapshot(): Map<string, Map<string, unknown>> {
    return new Map([...this.maps].map(([name, map]) => [name, new Map(map)]));
  }

  restore(snapshot: Map<string, Map<string, unknown>>): void {
    this.maps = snapshot;
  }
}
