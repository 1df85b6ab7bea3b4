/** Reads a report.json back (for `conformance badge` and `conformance compare`). Pure: text in, run out. */
import { CHOICES } from '../choices.js';
import { phraseLang, tr } from '../i18n/index.js';
import type { RunResult } from '../runner/model.js';

/** The text is not a chat-conformance report.json; the CLI exits 2 on it. */
export class ReportInputError extends Error {
  override name = 'ReportInputError';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses and shape-checks a report.json (the parts the badge and compare need). `source` names the
 * file in error messages.
 */
export function parseRunResult(text: string, source: string): RunResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReportInputError(
      tr`${source} is not JSON (${(error as Error).message}). Pass the report.json a run wrote with --out.`,
    );
  }
  const problems: string[] = [];
  if (!isObject(value)) problems.push(tr`the top level is not an object`);
  else {
    const tool = value.tool;
    if (!isObject(tool) || tool.name !== 'chat-conformance')
      problems.push(tr`tool.name is not "chat-conformance"`);
    if (!isObject(value.spec) || typeof value.spec.catalogueHash !== 'string')
      problems.push(tr`spec.catalogueHash is missing`);
    if (!isObject(value.summary)) problems.push(tr`summary is missing`);
    if (!Array.isArray(value.checks)) problems.push(tr`checks is not an array`);
    else {
      const bad = value.checks.findIndex(
        (check) =>
          !isObject(check) ||
          typeof check.id !== 'string' ||
          !['pass', 'fail', 'skip', 'error'].includes(check.status as string) ||
          !(CHOICES.level as readonly string[]).includes(check.level as string),
      );
      if (bad >= 0) problems.push(tr`checks[${bad}] has no id, status or level`);
    }
  }
  if (problems.length > 0) {
    throw new ReportInputError(
      tr`${source} is not a chat-conformance report (${problems.join(phraseLang() === 'zh-CN' ? '；' : '; ')}). Pass the report.json a run wrote with --out.`,
    );
  }
  return value as RunResult;
}
