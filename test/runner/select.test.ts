import { describe, expect, it } from 'vitest';
import { grepExactly } from '../../src/runner/select.js';

describe('grepExactly', () => {
  it('selects exactly the ids given: their dots and slashes are not patterns, and no longer id matches', () => {
    const grep = new RegExp(grepExactly(['guild.get/returns-the-guild', 'a+b(c)']), 'i');
    expect(grep.test('guild.get/returns-the-guild')).toBe(true);
    expect(grep.test('a+b(c)')).toBe(true);
    expect(grep.test('guildxget/returns-the-guild')).toBe(false);
    expect(grep.test('guild.get/returns-the-guild-twice')).toBe(false);
    expect(grep.test('aab(c)')).toBe(false);
  });
});
