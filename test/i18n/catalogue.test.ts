/**
 * The message catalogue (issue 48): the completeness check fails on each kind of gap, the translator
 * renders ICU plurals and arguments in both languages, the locale picks the language, and console columns
 * are counted in display width.
 */
import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../scripts/check-catalogue.js';
import { displayWidth, langFromEnv, padEndColumns, translator, wrapColumns } from '../../src/i18n/index.js';

describe('the catalogue check', () => {
  it('passes the catalogue as it is', () => {
    expect(catalogueProblems()).toEqual([]);
  });

  it('fails on a missing language, differing arguments, bad ICU and half-width punctuation', () => {
    const problems = catalogueProblems(
      {
        'a.missing': { en: 'only English' },
        'a.args': { en: '{n} checks', 'zh-CN': '{count} 项检查' },
        'a.syntax': { en: '{n, plural, one {# x}', 'zh-CN': '{n} 项' },
        'a.punct': { en: 'ran: {n}', 'zh-CN': '运行了: {n}' },
      },
      { '--x': '一个选项(默认 1)' },
    );
    expect(problems).toEqual([
      'a.missing: no zh-CN text',
      'a.args: arguments differ: en {n}, zh-CN {count}',
      expect.stringMatching(/^a\.syntax \(en\): not ICU MessageFormat/),
      'a.punct (zh-CN): half-width punctuation beside Chinese text: use ，；：！？（）',
      'help --x (zh-CN): half-width punctuation beside Chinese text: use ，；：！？（）',
    ]);
  });
});

describe('the translator', () => {
  it('renders plurals and arguments in each language', () => {
    const values = { n: 1, ids: 'a/b', ran: 3, skipped: '', duration: '1 s' };
    expect(translator('en')('console.verdict.stale', values)).toBe(
      'DOES NOT CONFORM: 1 stale baseline entry (a/b now passes: remove it from the expected-failures file); 3 counted checks ran, none failed (1 s)',
    );
    expect(translator('en')('console.verdict.stale', { ...values, n: 2 })).toContain(
      '2 stale baseline entries (a/b now pass: remove them',
    );
    expect(translator('zh-CN')('console.counts.total', { n: 5 })).toBe('5 项检查');
  });
});

describe('the language of the locale', () => {
  it('follows LC_ALL, then LC_MESSAGES, then LANG; zh_* is zh-CN, anything else English', () => {
    expect(langFromEnv({ LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(langFromEnv({ LANG: 'zh_TW.UTF-8' })).toBe('zh-CN');
    expect(langFromEnv({ LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(langFromEnv({ LC_MESSAGES: 'zh_CN', LANG: 'C' })).toBe('zh-CN');
    expect(langFromEnv({ LC_ALL: '', LANG: 'zh' })).toBe('zh-CN');
    expect(langFromEnv({ LANG: 'zhx' })).toBe('en');
    expect(langFromEnv({})).toBe('en');
  });
});

describe('columns by display width', () => {
  it('counts a CJK character as two columns and pads to line up', () => {
    expect(displayWidth('检查')).toBe(4);
    expect(padEndColumns('检查', 6)).toBe('检查  ');
    expect(displayWidth(padEndColumns('检查', 8))).toBe(displayWidth(padEndColumns('checks', 8)));
  });

  it('wraps Chinese between characters and keeps closing punctuation with its text', () => {
    expect(wrapColumns('一二三四五六', 6)).toBe('一二三\n四五六');
    expect(wrapColumns('一二三，四五', 6)).toBe('一二三，\n四五');
    expect(wrapColumns('alpha beta gamma', 11)).toBe('alpha beta\ngamma');
  });
});
