/**
 * The one way a value is cut short for a message (check failures, schema problems, notes, reports): at
 * most `limit` characters of text, then '…'. Here, in the leaf layer, so that spec/validate.ts, the
 * suites and the reports share it. A cut never splits a secret: the redactions of the runs in progress
 * (src/client/redact.ts registers each) are applied before the cut, and the text on the kept side of
 * the cut is checked against the secrets' prefixes.
 */

/** What a run's redactor lends the cut (src/client/redact.ts `Redactor`). */
export interface CutGuard {
  /** The text with every secret it holds replaced. */
  redact(text: string): string;
  /** `head` (text just cut after its end) without a trailing start of a secret. */
  guardCut(head: string): string;
  /** How far past a cut a secret can reach (its longest form, twice): text beyond it is not redacted. */
  readonly margin: number;
}

const guards = new Set<CutGuard>();

/** Lends `guard` to every cut until the returned function is called (at the end of the run). */
export function guardCuts(guard: CutGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

/** `text` redacted by every guard (the runs in progress), then cut to `limit` characters. */
export function cutSafely(text: string, limit: number): { text: string; cut: number } {
  let safe = text;
  // A huge text costs no more than its kept part: what lies beyond every secret's reach is dropped first.
  const reach = limit + Math.max(0, ...[...guards].map((guard) => guard.margin));
  if (safe.length > reach) for (const guard of guards) safe = guard.guardCut(safe.slice(0, reach));
  for (const guard of guards) safe = guard.redact(safe);
  if (safe.length <= limit) return { text: safe, cut: 0 };
  let head = safe.slice(0, limit);
  for (const guard of guards) head = guard.guardCut(head);
  return { text: head, cut: Math.max(1, text.length - head.length) };
}

/**
 * `text` cut to `limit` characters, then `more(cut)` (default '…'), where `cut` is how many characters
 * were left out — e.g. a report's pointer to report.json.
 */
export const shorten = (text: string, limit: number, more: (cut: number) => string = () => '…'): string => {
  const safe = cutSafely(text, limit);
  return safe.cut > 0 ? `${safe.text}${more(safe.cut)}` : safe.text;
};

/** A value as short JSON (String() for what JSON cannot show), cut to `limit` characters. */
export const brief = (value: unknown, limit = 300): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : shorten(text, limit);
};

/** A field's value in words: its JSON, or 'absent' where JSON has nothing to show (undefined). */
export const shown = (value: unknown): string => JSON.stringify(value) ?? 'absent';

/** An HTML page (a doctype or an html element) up to its end tag, or to the end of the text when it was cut. */
const HTML_PAGE = /<(?:!doctype\s+html|html|head|body)\b[\s\S]*?(?:<\/html\s*>|$)/gi;
/** An HTTP error status just before a page ("HTTP 500 <!doctype html>…"): the page is an error page. */
const ERROR_STATUS_BEFORE = /\b[45]\d\d\W*$/;

/** Bytes of `text` in UTF-8 (what a server sent, not characters). */
const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** `text` with each HTML page in it named, not shown: "an HTML error page, 143 bytes" (issue 43). */
export function namingHtmlPages(text: string): string {
  return text.replace(HTML_PAGE, (page: string, offset: number) => {
    const kind = ERROR_STATUS_BEFORE.test(text.slice(Math.max(0, offset - 12), offset))
      ? 'an HTML error page'
      : 'an HTML page';
    const whole = /<\/html\s*>$/i.test(page);
    return `${kind}, ${whole ? '' : 'cut at '}${utf8Bytes(page)} bytes`;
  });
}

/**
 * `text` as one line of a summary (issue 43): an HTML page in it named, not shown (the page stays whole
 * in the evidence), every run of white space (line breaks included) one space, then cut safely to
 * `limit` characters.
 */
export const oneLine = (text: string, limit: number): string =>
  shorten(namingHtmlPages(text).replace(/\s+/g, ' ').trim(), limit);
