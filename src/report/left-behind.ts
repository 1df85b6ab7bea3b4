/**
 * What the cleanup could not undo, as a section of report.md (issue 43 item 4): each failed undo and why,
 * pointing to left-behind.sh in the report folder, which holds the command that undoes it through the
 * interface or, where no operation can, a comment saying what to do on the platform. Only failed undos:
 * what was undone or read back gone is not listed.
 */
import type { Translate } from '../i18n/index.js';
import type { RunResult } from '../runner/model.js';

/** How the Markdown reporter writes text and code, and in which language (passed in: this file is below markdown.ts). */
export interface MarkdownText {
  text: (text: string) => string;
  code: (text: string) => string;
  t: Translate;
}

/** The section, undefined when the cleanup left nothing it knows of. */
export function leftBehindMarkdown(run: RunResult, { text, code, t }: MarkdownText): string | undefined {
  const failed = (run.cleanup ?? []).filter((record) => record.status === 'failed');
  if (!failed.length) return undefined;
  const item = (record: (typeof failed)[number]) =>
    t('md.leftBehind.record', {
      label: text(record.label),
      kind: text(record.kind),
      operation: code(record.operation),
      checkId: code(record.checkId),
      error: record.error ? t('report.detail', { detail: text(record.error.replace(/\s+/g, ' ')) }) : '',
    });
  return [
    `### ${t('md.leftBehind', { n: String(failed.length) })}`,
    '',
    t('md.leftBehind.intro'),
    '',
    ...failed.map((record) => `- ${item(record)}`),
  ].join('\n');
}
