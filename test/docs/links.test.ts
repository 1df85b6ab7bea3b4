/**
 * Issue 33: the README is a front page and docs/ the manual. Every relative link of both resolves (the file,
 * and the heading an `#anchor` names); each command's --help names a page that exists; the pages keep their
 * shape (README ≤ 200 lines, a page ≤ 400, each opening with the command a user runs and citing the spec).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { MANUAL_PAGES } from '../../bin/commands/manual.js';
import { captureIo, ROOT } from '../cli/helpers.js';
import { fencedBlocks, headingAnchors, relativeLinks } from '../support/markdown.js';
import { tempDir } from '../support/temp.js';

const DOCS = join(ROOT, 'docs');
const PAGES = readdirSync(DOCS)
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(DOCS, name));
const FILES = [join(ROOT, 'README.md'), ...PAGES];

/** Each link of `file` that names no file, or a heading its Markdown target does not have. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const link of relativeLinks(readFileSync(file, 'utf8'))) {
    const [path, anchor] = link.split('#');
    const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(target)) broken.push(`${link}: no such file`);
    else if (anchor !== undefined && target.endsWith('.md')) {
      if (!headingAnchors(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${link}: no such heading`);
    }
  }
  return broken;
}

describe('links of the README and the manual', () => {
  it.each(FILES.map((file) => [relative(ROOT, file), file]))(
    '%s: every relative link resolves',
    (_, file) => {
      expect(brokenLinks(file)).toEqual([]);
    },
  );

  it('finds a missing file, a missing heading, a link of a Markdown example, and not a link inside code', () => {
    const dir = tempDir('docs-links-');
    writeFileSync(join(dir, 'other.md'), '# Other page\n\n## The trigger\n\n## The trigger\n');
    writeFileSync(
      join(dir, 'page.md'),
      [
        '# Page',
        '[ok](other.md#the-trigger) [repeat](other.md#the-trigger-1) [self](#page) [web](https://x.test/y)',
        '[gone](missing.md) [no heading](other.md#the-sandbox) `[code](nowhere.md)`',
        '```sh',
        'echo "[fenced](nowhere.md)"',
        '```',
        // A Markdown example is copied as it is: its links must resolve (issue 43: docs/badge.svg).
        '```markdown',
        '![badge](docs/badge.svg) [ok](other.md) [web](https://x.test/badge.svg)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(join(dir, 'page.md'))).toEqual([
      'missing.md: no such file',
      'other.md#the-sandbox: no such heading',
      'docs/badge.svg: no such file',
    ]);
  });

  it('`conformance <command> --help` ends with its page, for every command', async () => {
    const helpOf = async (args: string[]) => {
      const io = captureIo();
      await main(args, io, { env: {}, color: false });
      return io.out();
    };
    const help = async (args: string[]) => (await helpOf(args)).trimEnd().split('\n').at(-1);
    const mainHelp = await helpOf(['--help']);
    expect(mainHelp.trimEnd().split('\n').at(-1)).toContain('Manual: README.md');
    const listed = [
      ...(/\nCommands:\n([\s\S]*?)\n\n/.exec(mainHelp)?.[1] ?? '').matchAll(/^ {2}([a-z]+) /gm),
    ];
    const names = listed.map((match) => match[1]).filter((name) => name !== 'help');
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !(name in MANUAL_PAGES))).toEqual([]);
    for (const [command, page] of Object.entries(MANUAL_PAGES))
      expect(await help([command, '--help']), command).toBe(
        `Manual: ${page} (in the chat-conformance repository)`,
      );
  });

  it("every command's --help page exists, with the heading it names", () => {
    for (const page of Object.values(MANUAL_PAGES)) {
      const [path, anchor] = page.split('#');
      const text = readFileSync(join(ROOT, path), 'utf8');
      if (anchor) expect(headingAnchors(text), page).toContain(anchor);
    }
  });
});

describe('the shape of the front page and the manual', () => {
  it('README is a front page: at most 200 lines, linking every page of the manual', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    const linked = new Set(relativeLinks(readme).map((link) => link.split('#')[0]));
    expect(PAGES.map((page) => relative(ROOT, page)).filter((page) => !linked.has(page))).toEqual([]);
  });

  it.each(PAGES.map((page) => [relative(ROOT, page), page]))(
    '%s: at most 400 lines, cites the spec by section',
    (_, page) => {
      const text = readFileSync(page, 'utf8');
      expect(text.split('\n').length).toBeLessThanOrEqual(400);
      expect(text).toMatch(/§\d/);
    },
  );

  it.each(
    PAGES.filter((page) => !page.endsWith('de-facto-conventions.md')).map((page) => [
      relative(ROOT, page),
      page,
    ]),
  )('%s starts with the command a user runs', (_, page) => {
    const text = readFileSync(page, 'utf8');
    const [first] = fencedBlocks(text);
    // The title, then at once the command: nothing but the heading and a blank line before it (and above
    // them, on a page with a translation, the line linking it: issue 48).
    expect(first.line).toBe(/^English · \[/.test(text) ? 5 : 3);
    expect(first.body).toMatch(/npx chat-conformance|npm |name: conformance/);
  });
});
