/** Event-name judgement of the event suites (suites/_lib/events.ts): misspellings of §6 names vs other names. */
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, editDistance, misspellingOf } from '../../suites/_lib/events.js';

describe('misspellingOf', () => {
  it('names the §6 event a near or known-alias type stands for', () => {
    expect(misspellingOf('message-create')).toBe('message-created');
    expect(misspellingOf('guild-member-update')).toBe('guild-member-updated');
    expect(misspellingOf('reaction-deleted')).toBe('reaction-removed');
    expect(misspellingOf('Message_Created')).toBe('message-created');
  });

  it('accepts the §6 names and the family names beyond §6, and leaves unrelated names alone', () => {
    for (const name of EVENT_NAMES) expect(misspellingOf(name), name).toBeUndefined();
    for (const name of ['login-added', 'guild-emoji-added', 'interaction/command', 'typing-started']) {
      expect(misspellingOf(name), name).toBeUndefined();
    }
  });

  it('counts edits', () => {
    expect(editDistance('message-create', 'message-created')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'ab')).toBe(2);
  });
});
