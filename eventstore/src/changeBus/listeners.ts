import type { ChangeListener, ChangeNotice } from '@ghg/events';

/** Fan-out where one failing listener (say, a closed WebSocket) cannot starve the others. */
export class ListenerSet {
  private readonly listeners = new Set<ChangeListener>();

  get size(): number {
    return this.listeners.size;
  }

  add(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }

  deliver(notices: readonly ChangeNotice[]): void {
    if (notices.length === 0) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(notices);
      } catch (error) {
        console.error('change listener failed:', error);
      }
    }
  }
}
