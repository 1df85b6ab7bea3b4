/** Event transports of the checker (contract: ./source.ts). */
import type { EventSource, EventSourceOptions } from './source.js';
import { openWebhookSource } from './webhook.js';
import { openWebSocketSource } from './ws.js';

export type { EventSource, EventSourceOptions } from './source.js';

/** Opens the event source the options describe: a WebSocket client or a webhook receiver. */
export function openEventSource(options: EventSourceOptions): Promise<EventSource> {
  return options.kind === 'ws' ? openWebSocketSource(options) : openWebhookSource(options);
}

export * from './probes.js';
export { describedRegistration, openWebhookSource, registrationBody, type WebhookSource } from './webhook.js';
export { openWebSocketSource } from './ws.js';
