/**
 * What the cleanup could not undo, as a section of report.md (issue 43 item 4): each failed undo and why,
 * pointing to left-behind.sh in the report folder, which holds the command that undoes it through the
 * interface or, where no operation can, a comment saying what to do on the platform. Only failed undos:
 * what was undone or read back gone is not listed.
 */
import type { RunResult } from '../runner/model.js';

/** How the Markdown reporter writes text and code (passed in: this file is below markdown.ts). */
export interface MarkdownText {
  text: (text: string) => string;
  code: (text: string) => string;
}

/** The section, undefined when the cleanup left nothing it knows of. */
export function leftBehindMarkdown(run: RunResult, { text, code }: MarkdownText): string | undefined {
  const failed = (run.cleanup ?? []).filter((record) => record.status === 'failed');
  if (!failed.length) return undefined;
  return [
    `### Not undone by the cleanup (${failed.length})`,
    '',
    'The run could not undo these; `left-behind.sh` in the report folder has, for each, the command that undoes it through the interface or, where no operation can, what to do on the platform.',
    '',
    ...failed.map(
      (record) =>
        `- ${text(record.label)} (${text(record.kind)}, ${code(record.operation)}, created by ${code(record.checkId)})${record.error ? `: ${text(record.error.replace(/\s+/g, ' '))}` : ''}`,
    ),
  ].join('\n');
}
