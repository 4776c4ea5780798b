import type { RecordedEvent } from './types';

/**
 * Turns a stored event of an older schema version into the current shape.
 * Upcasters run on read, so stored events are never rewritten.
 */
export interface Upcaster {
  type: string;
  /** Version this upcaster accepts; it returns data of fromVersion + 1. */
  fromVersion: number;
  upcast(data: unknown): unknown;
}

export class UpcasterRegistry {
  private readonly byType = new Map<string, Map<number, Upcaster>>();

  constructor(upcasters: readonly Upcaster[] = []) {
    for (const u of upcasters) this.register(u);
  }

  register(upcaster: Upcaster): void {
    const forType = this.byType.get(upcaster.type) ?? new Map<number, Upcaster>();
    forType.set(upcaster.fromVersion, upcaster);
    this.byType.set(upcaster.type, forType);
  }

  /** Applies the chain of upcasters until no further one matches. */
  upcast<E extends RecordedEvent>(event: E): E {
    const forType = this.byType.get(event.type);
    if (!forType) return event;
    let { data, schemaVersion } = event;
    for (let step = forType.get(schemaVersion); step; step = forType.get(schemaVersion)) {
      data = step.upcast(data);
      schemaVersion += 1;
    }
    return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
  }
}
