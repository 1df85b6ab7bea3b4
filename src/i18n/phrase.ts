/**
 * The texts a check, a cause or a client scenario composes as it judges (issue 48): expected, observed,
 * reasons, notes, fixes. They are written in English where they are judged, as a tagged template
 * (tr`the walk lists no item twice`), and rendered in the language of the run in progress. The English
 * template is the key of its zh-CN rendering (src/i18n/phrases/*.zh-CN.ts), gettext's model: the source
 * stays readable, and English output is byte for byte the template literal it was. Arguments (ids,
 * statuses, what a server said) are filled in as they are; a phrase nested in another is rendered first.
 * `npm run check:catalogue` fails on a template without a zh-CN rendering and on a stale rendering.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Lang } from './lang.js';
import { PHRASES_ZH } from './phrases/index.js';

const runLang = new AsyncLocalStorage<Lang>();

/** Runs `work` (and everything it starts) with its phrases rendered in `lang`. */
export const inLang = <T>(lang: Lang, work: () => T): T => runLang.run(lang, work);

/** The language phrases are rendered in here: the run's, English outside a run. */
export const phraseLang = (): Lang => runLang.getStore() ?? 'en';

const keys = new WeakMap<TemplateStringsArray, string>();

/** A template's key: its literal parts with `{0}`, `{1}` … where its arguments go. */
export function phraseKey(parts: readonly string[]): string {
  return parts.reduce((key, part, index) => (index === 0 ? part : `${key}{${index - 1}}${part}`), '');
}

function keyOf(strings: TemplateStringsArray): string {
  let key = keys.get(strings);
  if (key === undefined) {
    key = phraseKey(strings);
    keys.set(strings, key);
  }
  return key;
}

/** A rendering's `{n}` filled with the template's arguments (a rendering may reorder them). */
const fill = (rendering: string, values: readonly unknown[]): string =>
  rendering.replace(/\{(\d+)\}/g, (whole, index: string) =>
    Number(index) < values.length ? String(values[Number(index)]) : whole,
  );

/** A phrase in the run's language: `tr` before a template literal that a user reads. */
export function tr(strings: TemplateStringsArray, ...values: unknown[]): string {
  if (runLang.getStore() === 'zh-CN') {
    const rendering = PHRASES_ZH[keyOf(strings)];
    if (rendering !== undefined) return fill(rendering, values);
  }
  return strings.reduce(
    (text, part, index) => (index === 0 ? part : `${text}${values[index - 1]}${part}`),
    '',
  );
}
