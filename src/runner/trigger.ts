/**
 * The trigger: a way to make the implementation emit an event the checker cannot cause through the
 * interface (incoming requests, external changes). Three mechanisms, one contract:
 *   embedded reference: POST {controlUrl}/trigger {event, ...payload}
 *   --trigger-url URL:  POST URL {event, ...payload}
 *   --trigger-command:  run CMD with env EVENT=<name> PAYLOAD=<json>; stdout is parsed as JSON
 */

import { spawn } from 'node:child_process';
import { request } from 'undici';
import { shorten } from '../../spec/brief.js';
import { tr } from '../i18n/index.js';

export interface Trigger {
  /** e.g. 'POST http://127.0.0.1:5140/_control/trigger' (no secrets). */
  readonly description: string;
  fire(event: string, payload: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
}

/**
 * The trigger answered that it cannot cause this event: any non-2xx answer of a URL trigger, or exit code
 * 3 of a command. The check skips with the trigger's answer as the reason (never an error): a trigger is
 * the user's tool, and what it cannot cause is a gap in the run, not a defect of the implementation.
 */
/** The trigger did not answer within its own deadline: whether it caused the event is unknown. */
export class TriggerTimeoutError extends Error {
  override name = 'TriggerTimeoutError';
}

export class TriggerUnsupportedError extends Error {
  override name = 'TriggerUnsupportedError';
  constructor(
    message: string,
    /**
     * The trigger refused because of the world, not for want of the capability (HTTP 409, or an answer
     * saying something is "already" so, e.g. the bot already a member of every guild): the checks that
     * needed the event are then undecided (the run ends NO VERDICT), not skipped.
     */
    readonly blockedByState = false,
  ) {
    super(message);
  }
}

/** A refusal that names a state of the world (409 Conflict, "already a member") rather than a gap. */
const blockedByState = (status: number | undefined, answer: string): boolean =>
  status === 409 || /\balready\b/i.test(answer);

const parseOutput = (text: string): unknown => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return trimmed;
  }
};

/**
 * POST {event, ...payload} to `url`. `token` is sent as a bearer token only to the embedded reference's
 * control endpoint (a user's --trigger-url never receives the implementation's token).
 */
export function urlTrigger(
  url: string,
  options: { token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Trigger {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    description: `POST ${url}`,
    async fire(event, payload, signal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const late = () =>
        new TriggerTimeoutError(tr`the trigger (${url}) did not answer '${event}' within ${timeoutMs} ms`);
      let response: Awaited<ReturnType<typeof request>>;
      let text: string;
      try {
        response = await request(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...options.headers,
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ event, ...payload }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        text = await response.body.text();
      } catch (error) {
        if (timeout.aborted && !signal?.aborted) throw late();
        throw error;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        const answer = shorten(text.trim(), 300);
        throw new TriggerUnsupportedError(
          tr`the trigger (${url}) cannot cause '${event}': HTTP ${response.statusCode}${answer ? ` ${answer}` : ''}`,
          blockedByState(response.statusCode, answer),
        );
      }
      return parseOutput(text);
    },
  };
}

export function commandTrigger(command: string, timeoutMs = 10_000): Trigger {
  return {
    description: tr`command ${JSON.stringify(command)}`,
    fire(event, payload, signal) {
      return new Promise((resolve, reject) => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const child = spawn(command, {
          shell: true,
          env: { ...process.env, EVENT: event, PAYLOAD: JSON.stringify(payload) },
          stdio: ['ignore', 'pipe', 'pipe'],
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
        });
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
        });
        child.on('error', (error) =>
          reject(
            timeout.aborted && !signal?.aborted
              ? new TriggerTimeoutError(
                  tr`the trigger command did not answer '${event}' within ${timeoutMs} ms`,
                )
              : new Error(tr`the trigger command failed for '${event}': ${error.message}`),
          ),
        );
        child.on('close', (code) => {
          if (code === 0) return resolve(parseOutput(stdout));
          const detail = shorten(stderr.trim(), 300);
          if (code === 3) {
            const answer = shorten(detail || stdout.trim(), 300);
            return reject(
              new TriggerUnsupportedError(
                tr`the trigger command cannot cause '${event}'${answer ? tr`: ${answer}` : ''}`,
                blockedByState(undefined, answer),
              ),
            );
          }
          reject(
            new Error(
              tr`the trigger command exited with ${code} for '${event}'${detail ? tr`: ${detail}` : ''}`,
            ),
          );
        });
      });
    },
  };
}

/**
 * The run's trigger: --trigger-url (with --trigger-header), --trigger-command, or else the embedded
 * reference's control endpoint (`control`); undefined when there is none.
 */
export function chooseTrigger(
  options: { triggerUrl?: string; triggerHeaders?: Record<string, string>; triggerCommand?: string },
  control: { controlUrl: string; token: string } | undefined,
): Trigger | undefined {
  if (options.triggerUrl)
    return urlTrigger(options.triggerUrl, {
      ...(options.triggerHeaders ? { headers: options.triggerHeaders } : {}),
    });
  if (options.triggerCommand) return commandTrigger(options.triggerCommand);
  if (control)
    return urlTrigger(`${control.controlUrl.replace(/\/+$/, '')}/trigger`, { token: control.token });
  return undefined;
}
