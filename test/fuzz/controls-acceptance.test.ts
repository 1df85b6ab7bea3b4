/**
 * Issue 46 item 4 in the fuzz's refusal controls (src/fuzz/controls.ts): a 2xx is never a refusal. A
 * complete request answered 2xx — an empty body or an error-looking one included — is the control's
 * acceptance; only a non-2xx answer leaves the refusal oracles undecided.
 */
import { describe, expect, it } from 'vitest';
import { Controls } from '../../src/fuzz/controls.js';
import type { FuzzEnv } from '../../src/fuzz/model.js';
import type { CallResult } from '../../src/wire.js';

const answer = (status: number, text: string): CallResult => ({
  status,
  ok: status >= 200 && status < 300,
  headers: text ? { 'content-type': 'application/json' } : {},
  body: text ? JSON.parse(text) : undefined,
  text,
});

// Recording and judging a control reads no part of the environment (only settle sends requests).
const controls = () => new Controls({} as FuzzEnv);

describe('the fuzz controls: a 2xx is acceptance', () => {
  it.each([
    ['an empty 200', answer(200, '')],
    ['a 204', answer(204, '')],
    ['a 200 carrying only an error message', answer(200, '{"message":"not implemented"}')],
    ['a 200 with the result', answer(200, '{"id":"4001","type":0}')],
  ])('%s to the complete request of channel.get is its acceptance', (_what, result) => {
    const control = controls();
    control.record('channel.get', result, 'a control request');
    expect(control.problem('channel.get')).toBeUndefined();
    expect(control.acceptedBy('channel.get')).toMatch(/^accepted by a control request \(HTTP 2\d\d/);
  });

  it('a refusal of the complete request leaves the oracle undecided, naming the answer', () => {
    const control = controls();
    control.record('channel.get', answer(501, '{"message":"not implemented"}'), 'a control request');
    expect(control.problem('channel.get')).toEqual({
      undecided: true,
      reason:
        'the complete request of channel.get was refused too: HTTP 501 application/json: {"message":"not implemented"}',
    });
  });
});
