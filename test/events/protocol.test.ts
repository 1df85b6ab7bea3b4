import { describe, expect, it } from 'vitest';
import { normaliseEvent, parseFrame } from '../../src/events/protocol.js';

describe('event envelope normalisation', () => {
  it('reads the current envelope as is', () => {
    const body = { sn: 7, type: 'message-created', timestamp: 5, login: { user: { id: 'bot' } } };
    expect(normaliseEvent(body, 9)).toEqual({
      event: { sn: 7, type: 'message-created', timestamp: 5, body, receivedAt: 9 },
      selfId: 'bot',
      notes: [],
    });
  });

  it('reads the older envelope and notes it', () => {
    const normalised = normaliseEvent({ id: 3, type: 'guild-added', self_id: 'bot', platform: 'p' }, 0);
    expect([normalised.event.sn, normalised.selfId, normalised.notes.length]).toEqual([3, 'bot', 2]);
  });

  it('keeps malformed bodies with an empty type and a note', () => {
    expect(normaliseEvent('text', 0)).toMatchObject({
      event: { type: '', body: {} },
      notes: [expect.any(String)],
    });
    expect(normaliseEvent({ sn: 1 }, 0).notes).toEqual(['An EVENT body had no string type.']);
  });

  it('parses frames and keeps the text of the others', () => {
    expect(parseFrame('{"op":2}', 1)).toEqual({ op: 2, body: undefined, text: '{"op":2}', receivedAt: 1 });
    expect(parseFrame('{"body":{}}', 1)).toEqual({ text: '{"body":{}}', receivedAt: 1 });
    expect(parseFrame('nope', 1).op).toBeUndefined();
  });
});
