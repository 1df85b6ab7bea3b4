/**
 * tr`…` (src/i18n/phrase.ts): English is the template literal byte for byte; inside inLang('zh-CN') the
 * rendering of src/i18n/phrases/ with its arguments (and a nested phrase rendered first); the language
 * follows the run through awaits, and two runs in different languages at once do not mix.
 */
import { describe, expect, it } from 'vitest';
import { phraseProblems, phraseTemplates } from '../../scripts/check-phrases.js';
import { englishOf, inLang, phraseKey, phraseLang, tr } from '../../src/i18n/index.js';
import { PHRASES_ZH } from '../../src/i18n/phrases/index.js';

const walk = (n: number) => tr`page ${n}, reached through next, is empty`;

describe('tr', () => {
  it('renders English as the template literal, outside a run and in an English one', () => {
    expect(walk(3)).toBe('page 3, reached through next, is empty');
    expect(inLang('en', () => walk(3))).toBe(`page ${3}, reached through next, is empty`);
    expect(phraseLang()).toBe('en');
  });

  it('renders zh-CN from the catalogue, arguments in place, nested phrases first', () => {
    expect(inLang('zh-CN', () => walk(3))).toBe('经由 next 到达的第 3 页为空');
    const nested = inLang('zh-CN', () => tr`${tr`the walk lists no item twice`} carries ${'next'}`);
    expect(nested).toBe('遍历中没有重复列出的项 带有 next');
  });

  it('follows the run through awaits, and two runs at once keep their own language', async () => {
    const later = async (lang: 'en' | 'zh-CN') =>
      inLang(lang, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return walk(1);
      });
    const [zh, en] = await Promise.all([later('zh-CN'), later('en')]);
    expect(zh).toContain('第 1 页');
    expect(en).toBe('page 1, reached through next, is empty');
  });

  it('keys a template by its literal parts', () => {
    expect(phraseKey(['page ', ', reached through next, is empty'])).toBe(
      'page {0}, reached through next, is empty',
    );
    expect(PHRASES_ZH[phraseKey(['page ', ', reached through next, is empty'])]).toBeDefined();
  });
});

describe('the phrases completeness check', () => {
  it('finds every tr template of a source, cooked', () => {
    const found = phraseTemplates(
      'x.ts',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text, parsed, not a template
      'const a = tr`one\\ttwo ${x} three`; const b = `not ${y}`; tr`four`;',
    );
    expect(found.map((f) => f.key)).toEqual(['one\ttwo {0} three', 'four']);
  });

  it('fails on a template without a rendering, a stale one, a lost argument, and English left as it was', () => {
    const problems = phraseProblems(['suites/_lib'], {
      'a.ts': { 'the walk lists no item twice': 'the walk lists no item twice', 'gone {0}': '走了 {0}' },
      'b.ts': { 'page {0}, reached through next, is empty': '页为空' },
    });
    expect(
      problems.some((p) => p.includes('the walk lists no item twice') && p.includes('not in Chinese')),
    ).toBe(true);
    expect(problems.some((p) => p.includes('gone {0}') && p.includes('stale'))).toBe(true);
    expect(problems.some((p) => p.includes('arguments differ'))).toBe(true);
    expect(problems.some((p) => p.includes('has no zh-CN rendering'))).toBe(true);
    expect(phraseProblems()).toEqual([]);
  });
});

describe('englishOf', () => {
  it('gives the English of a rendered phrase in the run that rendered it, nested ones included', () => {
    const [zh, english] = inLang('zh-CN', () => {
      const text = tr`${tr`the walk lists no item twice`} carries ${'next'}`;
      return [text, englishOf(text)];
    });
    expect(zh).toBe('遍历中没有重复列出的项 带有 next');
    expect(english).toBe('the walk lists no item twice carries next');
    // Outside the run that rendered it, a text is its own English.
    expect(englishOf(zh)).toBe(zh);
  });
});
