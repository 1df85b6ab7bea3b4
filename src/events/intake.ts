/**
 * What both event transports (ws.ts, webhook.ts) do with an event once it has arrived: keep it for this
 * run's login only, log it (bounded), tell the subscribers, and gather notes about the stream.
 */
import { tr } from '../i18n/index.js';
import type { ObservedEvent } from '../wire.js';
import { Notes } from './protocol.js';
import { BoundedLog, EVENTS_KEPT } from './source.js';

export abstract class EventIntake {
  protected readonly streamNotes = new Notes();
  readonly #events = new BoundedLog<ObservedEvent>(EVENTS_KEPT);
  readonly #listeners = new Set<(event: ObservedEvent) => void>();
  #lastDeliveryAt = Number.NEGATIVE_INFINITY;

  /** When the stream last delivered an event, for any login (performance.now()). */
  lastDeliveryAt(): number {
    return this.#lastDeliveryAt;
  }

  events(): ObservedEvent[] {
    return this.#events.all();
  }

  eventCount(): number {
    return this.#events.count;
  }

  eventsSince(mark: number): ObservedEvent[] {
    return this.#events.since(mark);
  }

  subscribe(listener: (event: ObservedEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notes(): string[] {
    return this.streamNotes.list();
  }

  /**
   * Keeps `event` unless it is for another login than `wanted` (a multi-login server sends each event
   * once per login); `selfId` is the login the envelope names.
   */
  protected accept(event: ObservedEvent, selfId: string | undefined, wanted: string | undefined): void {
    this.#lastDeliveryAt = performance.now();
    if (wanted !== undefined) {
      if (selfId === undefined)
        this.streamNotes.add(tr`Events name no login (login.user.id / self_id): not filtered.`);
      else if (selfId !== wanted) return;
    }
    this.#events.push(event);
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.streamNotes.add(tr`An event listener threw: ${(error as Error).message}`);
      }
    }
  }
}
