/**
 * What a reader reads of each writer's output, and the English phrases in a text (issue 48): shared by
 * the word-list tests (words.test.ts: the frames; phrases-run.test.ts: whole zh-CN runs).
 */
import { XMLParser } from 'fast-xml-parser';

/** Kept in every language on purpose (the console's verdict words; `curl` is a command). */
export const KEPT = new Set(['PASS', 'FAIL', 'CONFORMS', 'DOES NOT CONFORM', 'NO VERDICT', 'curl', 'HTTP']);
const CJK = /[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]/g;
const EDGE = /^[(),;:!?"'*_[\]{}<>|…—·.]+|[(),;:!?"'*_[\]{}<>|…—·.]+$/g;
/** A command line of the checker's (`conformance client`) is a name, in every language. */
const COMMAND = /\bconformance (?:run|list|client|fuzz|serve|badge|cleanup|compare|matrix)\b/g;
/** A token that is an identifier: a file, flag, URL, id, number, operation, `key=value`. */
const IDENTIFIER_LIKE = /[./_\-@#=$\\`\d:+§%&~^]/;

/**
 * The runs of English words in `text`, each a phrase: identifiers, CJK characters, punctuation and
 * the `identifiers` given end a phrase and are left out.
 */
export function englishPhrases(text: string, identifiers: ReadonlySet<string> = new Set()): string[] {
  const tokens = text.replace(COMMAND, ' | ').replace(CJK, ' | ').split(/\s+/);
  const kept = tokens.map((token) => {
    const word = token.replace(EDGE, '');
    if (word === '' || IDENTIFIER_LIKE.test(word) || identifiers.has(word)) return '|';
    const before = token.length > 0 && word.length > 0 && !token.startsWith(word) ? '| ' : '';
    const after = !token.endsWith(word) ? ' |' : '';
    return `${before}${word}${after}`;
  });
  return kept
    .join(' ')
    .split('|')
    .map((phrase) => phrase.trim().replace(/\s+/g, ' '))
    .filter((phrase) => /[A-Za-z]/.test(phrase));
}

/** report.md without code (fenced blocks and spans hold curl, ids and bodies) and HTML tags. */
export const markdownText = (md: string): string =>
  md
    .replace(/(`{3,})[\s\S]*?\1/g, ' | ')
    .replace(/(`+)[^`]*?\1/g, ' | ')
    .replace(/<[^>]+>/g, ' | ');

/**
 * What a reader of report.html sees: the text of the page (not its style, code or data attributes),
 * the labels of its controls, and the words its script writes; the spec's quoted statements left out.
 */
export function htmlText(html: string): string {
  const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
  // The script's own words: its string literals that are words for people (not selectors or names).
  const scriptWords = [...script.matchAll(/'([^']*)'/g)]
    .map((match) => match[1])
    .filter((literal) => /\s|[A-Z]|[^ -~]/.test(literal));
  const attributes = [...html.matchAll(/(?:placeholder|aria-label|title)="([^"]*)"/g)].map((m) => m[1]);
  const body = html
    .replace(/<style>[\s\S]*?<\/style>/g, ' | ')
    .replace(/<script>[\s\S]*?<\/script>/g, ' | ')
    .replace(/(<div class="spec"><div class="label">[^<]*<\/div>)(?:<p>[\s\S]*?<\/p>)*/g, '$1')
    // A cause's rule: the spec's statement as written, its rendering after the line break.
    .replace(/(<div class="muted">[^<]*?[：:])[^<]*<br>/g, '$1')
    .replace(/<code>[\s\S]*?<\/code>|<pre[^>]*>[\s\S]*?<\/pre>/g, ' | ')
    .replace(/<[^>]+>/g, ' | ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return [body, ...attributes, ...scriptWords].join(' | ');
}

/** The words of junit.xml a CI test tab shows: the messages and the text of failures, errors, skips. */
export function junitText(xml: string): string {
  const texts: string[] = [];
  const visit = (node: unknown, name = ''): void => {
    if (Array.isArray(node)) {
      for (const each of node) visit(each, name);
      return;
    }
    if (node === null || typeof node !== 'object') {
      if (['failure', 'error', 'skipped', 'system-out'].includes(name)) texts.push(String(node));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '@_message') texts.push(String(value));
      else if (key === '#text' && ['failure', 'error', 'skipped', 'system-out'].includes(name))
        texts.push(String(value));
      else if (!key.startsWith('@_')) visit(value, key);
    }
  };
  visit(new XMLParser({ ignoreAttributes: false }).parse(xml));
  return texts.join(' | ');
}

/** The badge's label and message (badge.json), and the text of badge.svg. */
export const badgeText = (json: string, svg: string): string => {
  const data = JSON.parse(json) as { label: string; message: string };
  return [data.label, data.message, svg.replace(/<[^>]+>/g, ' | ')].join(' | ');
};
