/**
 * Console columns by display width, not string length: a CJK character takes two columns (issue 48 item 5),
 * so `padEnd` would break the alignment of a zh-CN table.
 */
import stringWidth from 'string-width';

export const displayWidth = (text: string): number => stringWidth(text);

/** `text` padded with spaces on the right to `width` columns (unchanged when already wider). */
export const padEndColumns = (text: string, width: number): string =>
  text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** A CJK character or full-width form: a line may break before it (Chinese text has no spaces). */
const WIDE = /[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** Punctuation that may not start a line (it stays with the character before it). */
const NO_LINE_START = /^[，。、：；！？）」』》\uff09\u3001\u3002]/;

/**
 * `text` wrapped to `width` columns: at spaces, and between CJK characters; closing punctuation stays with
 * what it closes. Existing line breaks are kept.
 */
export function wrapColumns(text: string, width: number): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const tokens =
        line.match(new RegExp(`${WIDE.source}|[^\\s${WIDE.source.slice(1, -1)}]+|\\s+`, 'g')) ?? [];
      const lines: string[] = [];
      let current = '';
      for (const token of tokens) {
        const fits =
          displayWidth(current + token) <= width || current.trim() === '' || NO_LINE_START.test(token);
        if (fits) {
          current += token;
          continue;
        }
        lines.push(current.trimEnd());
        current = /^\s+$/.test(token) ? '' : token;
      }
      lines.push(current.trimEnd());
      return lines.join('\n');
    })
    .join('\n');
}
