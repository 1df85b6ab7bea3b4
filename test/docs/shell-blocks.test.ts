/**
 * Issue 33: every `sh` block of the README and docs/ runs (test/support/shell-blocks.ts), or says why it
 * cannot. The blocks of the client, fuzz and reference pages run in shell-blocks-tools.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  commandsOf,
  DOC_FILES,
  describeShellBlocks,
  runBlock,
  runnableBlocks,
  TOOL_PAGES,
} from '../support/shell-blocks.js';

describe('the shell blocks of the README and the manual', () => {
  it('every sh block runs, or says why it cannot', () => {
    const shells = DOC_FILES.flatMap((file) =>
      blocksOf(file)
        .filter((block) => /^(sh|bash|shell|console)\b/.test(block.info))
        .map((block) => `${file}:${block.line} ${block.info}`),
    );
    // `sh runnable` blocks run in a fresh clone instead (test/package/readme-commands.test.ts).
    expect(shells.filter((block) => !/ sh( not-run: \S.*| runnable( background)?)?$/.test(block))).toEqual(
      [],
    );
    expect(runnableBlocks(DOC_FILES).length).toBeGreaterThanOrEqual(8);
    expect(TOOL_PAGES.filter((page) => !DOC_FILES.includes(page))).toEqual([]);
  });

  it('fails a block whose command exits otherwise than its comment states', async () => {
    const block = (body: string) => ({ info: 'sh', body, line: 1 });
    await runBlock('fixture.md', block('node -e "process.exit(1)"   # exits 1: as stated'), []);
    await expect(runBlock('fixture.md', block('node -e "process.exit(0)"   # exits 1'), [])).rejects.toThrow(
      /fixture\.md:1: node -e/,
    );
    await expect(runBlock('fixture.md', block('node -e "process.exit(3)"'), [])).rejects.toThrow(
      /expected 3 to be \+0/,
    );
  });

  it('joins continuations, drops comments, reads the stated exit code', () => {
    expect(
      commandsOf(
        [
          '# a comment line',
          'npx chat-conformance --a 1 \\',
          '  --b "x # not a comment"   # exits 1: a failure',
          '',
          "echo '#' # ok",
        ].join('\n'),
      ),
    ).toEqual([
      { line: 'npx chat-conformance --a 1 --b "x # not a comment"', exit: 1 },
      { line: "echo '#'", exit: 0 },
    ]);
  });
});

// Each block is a command of the checker, most of them a whole run: the pages rotate from slot 4
// (test/support/rotation.ts; reports.md, the most blocks, in slot 3).
describeShellBlocks(
  'the shell blocks of the README and the other pages',
  DOC_FILES.filter((file) => !TOOL_PAGES.includes(file)),
  4,
);
