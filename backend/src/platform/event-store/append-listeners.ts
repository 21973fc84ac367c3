import type { RecordedEvent } from './event-store.port.js';

/** Who is told of committed appends (the processor runner, which then reads at once instead of at its next poll). */
export class AppendListeners {
  private readonly listeners = new Set<(events: readonly RecordedEvent[]) => void>();

  add(listener: (events: readonly RecordedEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(events: readonly RecordedEvent[]): void {
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch {
        // The append is committed; a listener (a wake-up call) failing must not make it look failed.
      }
    }
  }
}
