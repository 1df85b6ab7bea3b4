/**
 * The one way a value is cut short for a message (check failures, schema problems, notes): at most
 * `limit` characters of text, then '…'. Here, in the leaf layer, so that spec/validate.ts and the suites
 * share it.
 */

/**
 * `text` cut to `limit` characters, then `more(cut)` (default '…'), where `cut` is how many characters
 * were left out — e.g. a report's pointer to report.json.
 */
export const shorten = (text: string, limit: number, more: (cut: number) => string = () => '…'): string =>
  text.length > limit ? `${text.slice(0, limit)}${more(text.length - limit)}` : text;

/** A value as short JSON (String() for what JSON cannot show), cut to `limit` characters. */
export const brief = (value: unknown, limit = 300): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : shorten(text, limit);
};
