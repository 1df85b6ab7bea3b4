/**
 * Event hub of the reference implementation (STUB: the events helper replaces the body, keeping `emit`).
 * The server calls emit() for every change; the hub numbers events (sn), buffers them for resume and
 * delivers them over WebSocket ({base}/events) and to registered webhooks.
 */
export interface EventResources {
  channel?: unknown;
  guild?: unknown;
  user?: unknown;
  member?: unknown;
  message?: unknown;
  role?: unknown;
  emoji?: unknown;
  friend?: unknown;
  operator?: unknown;
}

export class EventHub {
  /** Emits `type` with its resources to every login in `selfIds` (default: every login). */
  emit(_type: string, _resources: EventResources, _options?: { selfIds?: string[] }): void {}
}
