import { describe, expect, it } from 'vitest';
import { FRAGMENT_LENGTH, Redactor } from '../../src/client/redact.js';

const TOKEN = 'tok-SECRET/4f7a9c1e+2b3d"5a6f';
const redactor = new Redactor([{ value: TOKEN, placeholder: '$TOKEN' }]);

/** Any piece of the token a text still holds (the whole, or FRAGMENT_LENGTH characters of it). */
const pieces = (text: string): string[] => {
  const found: string[] = [];
  for (let at = 0; at + FRAGMENT_LENGTH <= TOKEN.length; at++) {
    const piece = TOKEN.slice(at, at + FRAGMENT_LENGTH);
    if (text.includes(piece)) found.push(piece);
  }
  return found;
};

describe('Redactor: the token in any form it can come back in', () => {
  it.each([
    ['whole', `token=${TOKEN};`],
    ['a Bearer header', `Authorization: Bearer ${TOKEN}`],
    ['percent-encoded', `/login?token=${encodeURIComponent(TOKEN)}`],
    ['JSON-escaped', JSON.stringify({ token: TOKEN })],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify({ token: TOKEN }))],
    ['HTML-escaped', `<p>${TOKEN.replaceAll('"', '&quot;')}</p>`],
    ['split in halves', `first=${TOKEN.slice(0, 15)} second=${TOKEN.slice(15)}`],
    ['cut at the end', `…${TOKEN.slice(0, 10)}`],
  ])('%s', (_form, text) => {
    const redacted = redactor.redact(text);
    expect(pieces(redacted)).toEqual([]);
    expect(redacted).toContain('$TOKEN');
  });

  it('redacts before cutting: a token across the cut leaves no piece', () => {
    const text = `${'x'.repeat(95)}${TOKEN}${'y'.repeat(50)}`;
    const cut = redactor.cut(text, 100);
    expect(cut.truncated).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(100);
    expect(pieces(cut.text)).toEqual([]);
  });

  it('leaves text without a piece of the token as it is (7 characters are not a piece)', () => {
    expect(redactor.redact('nothing secret here')).toBe('nothing secret here');
    expect(redactor.redact('tok-SEC and 4f7a9c1')).toBe('tok-SEC and 4f7a9c1');
  });

  it('redacts every value of a result, never its keys nor the fields the checker made', () => {
    const short = new Redactor([{ value: 'x', placeholder: '$TOKEN' }]);
    const value = {
      experimental: true,
      id: 'messages.x-create',
      reason: 'expected a proxy; observed Bearer x',
      events: [{ x: 'x', note: 'a text' }],
      nested: { url: `/x?t=${encodeURIComponent(TOKEN)}` },
    };
    const copy = structuredClone(value);
    const redacted = short.redactValues(value, {
      structural: new Set(['id']),
      received: new Set(['events']),
    });
    expect(redacted).toEqual({
      experimental: true,
      id: 'messages.x-create',
      // Composed text: a short token only as a word of its own ('proxy' is not the token).
      reason: 'expected a proxy; observed Bearer $TOKEN',
      // Received: keys and values, anywhere.
      events: [{ $TOKEN: '$TOKEN', note: 'a te$TOKENt' }],
      nested: { url: `/$TOKEN?t=${encodeURIComponent(TOKEN)}` },
    });
    expect(value).toEqual(copy);
    expect(pieces(JSON.stringify(redactor.redactValues(value)))).toEqual([]);
  });
});

describe('Redactor: public tokens (the embedded reference)', () => {
  it('are redacted whole, but their pieces are left alone (they are words there)', () => {
    const reference = new Redactor([
      { value: 'reference-self-token', placeholder: '$TOKEN', fragments: false },
    ]);
    expect(reference.redact('reference tolerances on; Bearer reference-self-token')).toBe(
      'reference tolerances on; Bearer $TOKEN',
    );
  });
});

describe('Redactor: a short token (under 8 characters)', () => {
  const short = new Redactor([{ value: '1', placeholder: '$TOKEN' }]);

  it('is replaced anywhere in what a server sent, whole only', () => {
    expect(short.redact('{"id":"71234"}')).toBe('{"id":"7$TOKEN234"}');
  });

  it('in what the checker sent, only as a word of its own: the ids of a reproduction stay whole', () => {
    const sent = short.redactHeaders({ authorization: 'Bearer 1', 'satori-user-id': '1001' }, { sent: true });
    expect(sent).toEqual({ authorization: 'Bearer $TOKEN', 'satori-user-id': '1001' });
    expect(short.redactComposed('{"message_id":"71234","n":1}')).toBe('{"message_id":"71234","n":$TOKEN}');
  });
});
