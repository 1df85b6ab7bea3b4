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

/** A run's language, and (zh-CN) the English of every phrase it rendered, by its rendering. */
interface PhraseScope {
  lang: Lang;
  english: Map<string, string>;
}

const runScope = new AsyncLocalStorage<PhraseScope>();

/** Runs `work` (and everything it starts) with its phrases rendered in `lang`. */
export const inLang = <T>(lang: Lang, work: () => T): T => runScope.run({ lang, english: new Map() }, work);

/**
 * Work run later, from outside the run (a socket's event), in the run's language and scope: captured
 * where the run is, so that what it renders is the run's (englishOf included).
 */
export function inThisRun(): <T>(work: () => T) => T {
  const scope = runScope.getStore();
  return (work) => (scope ? runScope.run(scope, work) : work());
}

/** The language phrases are rendered in here: the run's, English outside a run. */
export const phraseLang = (): Lang => runScope.getStore()?.lang ?? 'en';

/**
 * The English of a text this run rendered (the text itself when it is English or not a phrase): what
 * the run's own rules read where they still read words (an undecided reason's kind, issue 48), so that a
 * zh-CN run is grouped as an English one is.
 */
export const englishOf = (text: string): string => runScope.getStore()?.english.get(text) ?? text;

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
  const scope = runScope.getStore();
  if (scope?.lang === 'zh-CN') {
    const rendering = PHRASES_ZH[keyOf(strings)];
    if (rendering !== undefined) {
      const text = fill(rendering, values);
      // Nested phrases were rendered first: their English goes into this one's.
      const english = literal(
        strings,
        values.map((value) => (typeof value === 'string' ? englishOf(value) : value)),
      );
      if (text !== english) scope.english.set(text, english);
      return text;
    }
  }
  return literal(strings, values);
}

/** The template literal itself: English, byte for byte. */
function literal(strings: readonly string[], values: readonly unknown[]): string {
  return strings.reduce(
    (text, part, index) => (index === 0 ? part : `${text}${values[index - 1]}${part}`),
    '',
  );
}
