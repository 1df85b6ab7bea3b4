/**
 * The zh-CN pages a newcomer reads first (issue 48): the README and the two task pages, each kept in step
 * with its English page — linked both ways from the first line, the same sections, the same code (its
 * comments aside: they may stay English), every link resolving, and prose in Chinese.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { fencedBlocks, headingAnchors, relativeLinks } from '../support/markdown.js';

const PAIRS: readonly [english: string, chinese: string][] = [
  ['README.md', 'README.zh-CN.md'],
  ['docs/checking-a-server.md', 'docs/zh-CN/checking-a-server.md'],
  ['docs/ci.md', 'docs/zh-CN/ci.md'],
];

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** A block's code without its comments (`# …` lines and trailing ` # …`): a translation may translate those. */
const code = (body: string) =>
  body
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .map((line) => line.replace(/\s+#\s.*$/, '').trimEnd())
    .join('\n');

const sections = (markdown: string) => markdown.split('\n').filter((line) => /^##\s/.test(line)).length;

/** Prose: the text outside code, inline code and link targets. */
const prose = (markdown: string) =>
  markdown
    .replace(/^(`{3,})[\s\S]*?^\1/gm, '')
    .replace(/`[^`]*`/g, '')
    .replace(/\]\([^)]*\)/g, ']');

function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return relativeLinks(text).filter((link) => {
    const [path, anchor] = link.split('#');
    const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(target)) return true;
    return (
      anchor !== undefined &&
      target.endsWith('.md') &&
      !headingAnchors(readFileSync(target, 'utf8')).has(anchor)
    );
  });
}

describe.each(PAIRS)('%s in zh-CN', (english, chinese) => {
  it('links to its translation from the first line, and back', () => {
    const toChinese = relative(dirname(english), chinese);
    const toEnglish = relative(dirname(chinese), english);
    expect(read(english).split('\n')[0]).toContain(`](${toChinese})`);
    expect(read(chinese).split('\n')[0]).toContain(`](${toEnglish})`);
  });

  it('has the same sections and the same code as the English page', () => {
    expect(sections(read(chinese))).toBe(sections(read(english)));
    const blocks = (path: string) =>
      fencedBlocks(read(path)).map((block) => `${block.info}\n${code(block.body)}`);
    expect(blocks(chinese)).toEqual(blocks(english));
  });

  it('resolves every relative link, and its prose is Chinese', () => {
    expect(brokenLinks(join(ROOT, chinese))).toEqual([]);
    const text = prose(read(chinese));
    const han = text.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
    const latinWords = text.match(/[A-Za-z]{2,}/g)?.length ?? 0;
    expect(han).toBeGreaterThan(latinWords * 2);
  });
});
