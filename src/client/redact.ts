/**
 * Token redaction (tokens never appear in reports or logs). Every value that ends up
 * in evidence, a message or a report — a string received or sent — goes through a Redactor, before any
 * cut; the structure around the values (keys, the ids and names the checker made) is never touched. The
 * token is replaced by the shell variable the curl reproduction expects ($TOKEN, $PEER_TOKEN).
 *
 * A hostile server can echo the token in any form: whole, in a Bearer header, percent-, JSON- or
 * HTML-escaped, or in pieces. So:
 * - whole forms (every escaped one) are replaced always, whatever the token's length;
 * - a long echoed piece (FRAGMENT_LENGTH characters or more) of a token at least that long is replaced;
 * - where text is cut (`cut`, and every `shorten` while the run registered here goes), the kept side of
 *   the cut loses a trailing start of a token (MIN_CUT_PIECE characters or more).
 * Pieces of a token shorter than FRAGMENT_LENGTH cannot be told from ordinary text: such a token is
 * replaced whole only (the run says so, `shortTokenNote`).
 */

import { type CutGuard, guardCuts } from '../../spec/brief.js';
import { tr } from '../i18n/index.js';

export interface Secret {
  value: string;
  /** e.g. '$TOKEN' */
  placeholder: string;
  /**
   * Scrub long pieces too (default true). Off only for tokens that are public constants (the embedded
   * reference's), whose pieces mean nothing to hide.
   */
  fragments?: boolean;
}

/** The shortest echoed piece of a token that is scrubbed on its own; shorter tokens are replaced whole only. */
export const FRAGMENT_LENGTH = 8;
/** The shortest start of a token that is removed where a cut ends the text. */
export const MIN_CUT_PIECE = 4;

const htmlEscape = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Every form a secret can come back in. */
export function secretForms(value: string): string[] {
  const forms = new Set<string>([value]);
  // A lone surrogate has no percent-encoding (URIError): that form cannot be sent, so none comes back.
  for (const encode of [encodeURIComponent, encodeURI]) {
    try {
      forms.add(encode(value));
    } catch {}
  }
  forms.add(JSON.stringify(value).slice(1, -1));
  forms.add(JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1));
  forms.add(htmlEscape(value));
  forms.add(new URLSearchParams({ t: value }).toString().slice(2));
  // A lone surrogate goes out as U+FFFD where text is re-encoded (UTF-8 bodies, headers).
  forms.add(Buffer.from(value, 'utf8').toString('utf8'));
  return [...forms].filter(Boolean);
}

/** The note a run makes when a token is too short for its pieces to be recognised. */
export const shortTokenNote = (flag: string): string =>
  tr`${flag} is shorter than ${FRAGMENT_LENGTH} characters: it is redacted where it appears whole, but pieces of so short a token cannot be told from ordinary text`;

/** `value` where no letter or digit adjoins it (a short token as a word of its own). */
const wordPattern = (value: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'gu');

const escapeRegExp = (text: string): string => text.replace(/[$()*+.?[\\\]^{|}/]/g, '\\$&');

interface Form {
  value: string;
  placeholder: string;
  /** Pieces of it are scrubbed (a token of FRAGMENT_LENGTH or more, not public). */
  pieces: boolean;
}

/**
 * A cut as a string of its own: V8 keeps a slice as a view of the whole text it was cut from, so kept
 * evidence would hold every large body it was cut from (memory, issue 49 item 5).
 */
const detached = (cut: string): string => ` ${cut}`.slice(1);

/** How many hashes a fragment's head has: a table of bytes, no allocation as a text is scanned. */
const HEAD_HASHES = 1 << 16;

/** A hash of three UTF-16 code units of `text` from `at` (small integers only: nothing is allocated). */
const headOf = (text: string, at: number): number =>
  (text.charCodeAt(at) * 961 + text.charCodeAt(at + 1) * 31 + text.charCodeAt(at + 2)) & (HEAD_HASHES - 1);

export class Redactor implements CutGuard {
  /** Longest first, so a token that contains another one is replaced whole. */
  private readonly forms: Form[];
  /** FRAGMENT_LENGTH-character pieces of every form whose pieces count → the placeholder. */
  private readonly fragments = new Map<string, string>();
  /** The hashes of every fragment's first three characters: a position starting none is passed over. */
  private readonly fragmentHeads = new Uint8Array(HEAD_HASHES);
  /** The forms a fragment may extend into, per placeholder. */
  private readonly formsOf = new Map<string, string[]>();
  /** How far past a cut a secret can reach (its longest form, twice). */
  readonly margin: number;
  /** The placeholders, longest first, as one capturing pattern. */
  private readonly placeholderPattern: RegExp;

  constructor(secrets: Secret[]) {
    const forms: Form[] = [];
    for (const secret of secrets) {
      if (!secret.value) continue;
      const pieces = secret.fragments !== false && secret.value.length >= FRAGMENT_LENGTH;
      for (const value of secretForms(secret.value)) {
        forms.push({ value, placeholder: secret.placeholder, pieces });
        if (!pieces) continue;
        this.formsOf.set(secret.placeholder, [...(this.formsOf.get(secret.placeholder) ?? []), value]);
        for (let at = 0; at + FRAGMENT_LENGTH <= value.length; at++) {
          const piece = value.slice(at, at + FRAGMENT_LENGTH);
          if (!this.fragments.has(piece)) this.fragments.set(piece, secret.placeholder);
          this.fragmentHeads[headOf(piece, 0)] = 1;
        }
      }
    }
    this.forms = forms.sort((a, b) => b.value.length - a.value.length);
    this.margin = (this.forms[0]?.value.length ?? 0) * 2;
    const placeholders = [...new Set(this.forms.map((form) => form.placeholder))].sort(
      (a, b) => b.length - a.length,
    );
    this.placeholderPattern = new RegExp(`(${placeholders.map(escapeRegExp).join('|') || '(?!)'})`);
  }

  /**
   * A value (text received or sent) without any secret in it. Placeholders already in the text are kept
   * (redacting twice changes nothing, even where a placeholder holds a short token such as 'T').
   */
  redact(text: string): string {
    return this.redactWith(text, false);
  }

  /**
   * Text the checker composed around values it redacted already (a message, a note, a stop reason): the
   * same, except that a token shorter than FRAGMENT_LENGTH is replaced only as a word of its own — the
   * 'x' of a token x in the checker's 'proxy' is not the token.
   */
  redactComposed(text: string): string {
    return this.redactWith(text, true);
  }

  private redactWith(text: string, words: boolean): string {
    if (this.forms.length === 0 || typeof text !== 'string' || text === '') return text;
    if (!this.placeholderPattern.test(text)) return this.redactPart(text, words);
    return text
      .split(this.placeholderPattern)
      .map((part, at) => (at % 2 === 1 ? part : this.redactPart(part, words)))
      .join('');
  }

  private redactPart(text: string, words: boolean): string {
    let result = text;
    for (const form of this.forms) {
      if (!result.includes(form.value)) continue;
      result =
        words && form.value.length < FRAGMENT_LENGTH
          ? result.replace(wordPattern(form.value), form.placeholder)
          : result.split(form.value).join(form.placeholder);
    }
    return this.scrubFragments(result);
  }

  /**
   * Replaces every run of >= FRAGMENT_LENGTH characters that is a piece of a secret form. Every start is
   * tried and the covered spans merged, so a piece next to a character one form shares is covered whole.
   */
  private scrubFragments(text: string): string {
    if (this.fragments.size === 0 || text.length < FRAGMENT_LENGTH) return text;
    const spans: Array<{ from: number; to: number; placeholder: string }> = [];
    for (let at = 0; at + FRAGMENT_LENGTH <= text.length; at++) {
      // No slice where no fragment starts: a large body is scanned without a string a position.
      if (this.fragmentHeads[headOf(text, at)] === 0) continue;
      const placeholder = this.fragments.get(text.slice(at, at + FRAGMENT_LENGTH));
      if (placeholder === undefined) continue;
      // Extend the match as far as it stays a piece of one of the secret's forms.
      const forms = this.formsOf.get(placeholder) ?? [];
      let end = at + FRAGMENT_LENGTH;
      while (end < text.length && forms.some((form) => form.includes(text.slice(at, end + 1)))) end++;
      const last = spans.at(-1);
      if (last && at <= last.to) last.to = Math.max(last.to, end);
      else spans.push({ from: at, to: end, placeholder });
    }
    if (spans.length === 0) return text;
    let out = '';
    let copiedUpTo = 0;
    for (const span of spans) {
      out += text.slice(copiedUpTo, span.from) + span.placeholder;
      copiedUpTo = span.to;
    }
    return out + text.slice(copiedUpTo);
  }

  /** `head`, text a cut ends, without a trailing start (MIN_CUT_PIECE characters or more) of a form. */
  guardCut(head: string): string {
    for (const form of this.forms) {
      if (!form.pieces) continue;
      const longest = Math.min(form.value.length - 1, head.length);
      for (let size = longest; size >= MIN_CUT_PIECE; size--) {
        if (head.endsWith(form.value.slice(0, size))) return this.guardCut(head.slice(0, -size));
      }
    }
    return head;
  }

  /**
   * Header values, and names (a server chooses them too), redacted. Headers the checker `sent` it composed
   * (Bearer <token>, the user id): a short token there only as a word of its own, so ids stay whole.
   */
  redactHeaders(headers: Record<string, string>, options: { sent?: boolean } = {}): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      result[this.redactComposed(name)] = options.sent ? this.redactComposed(value) : this.redact(value);
    return result;
  }

  /**
   * Every string value of a JSON-like value, redacted as composed text; keys, and the values under `shape.structural` keys
   * (ids and names the checker made), are kept as they are — except under `shape.received` keys (e.g. an
   * event body as received), where values are redacted anywhere and keys as composed text (a server chose
   * them, but 'id' is no token d). The value is copied, never changed.
   */
  redactValues<T>(
    value: T,
    shape: { structural?: ReadonlySet<string>; received?: ReadonlySet<string> } = {},
  ): T {
    if (this.forms.length === 0) return value;
    const { structural = new Set<string>(), received = new Set<string>() } = shape;
    const walk = (item: unknown, keys: boolean): unknown => {
      if (typeof item === 'string') return keys ? this.redact(item) : this.redactComposed(item);
      if (Array.isArray(item)) return item.map((child) => walk(child, keys));
      if (item === null || typeof item !== 'object') return item;
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(item)) {
        if (keys) copy[this.redactComposed(key)] = walk(child, true);
        else copy[key] = structural.has(key) ? child : walk(child, received.has(key));
      }
      return copy;
    };
    return walk(value, false) as T;
  }

  /**
   * The one way a value is cut here: redacted, then cut to `limit` characters, the kept side checked
   * against the tokens' starts (never the other way round: a cut token would survive redaction).
   */
  cut(text: string, limit: number): { text: string; truncated: boolean } {
    // Redact a little beyond the limit only: a huge body costs no more than its evidence.
    const margin = this.margin;
    const pre = text.length > limit + margin ? this.guardCut(text.slice(0, limit + margin)) : text;
    const redacted = this.redact(pre);
    return redacted.length > limit
      ? { text: detached(this.guardCut(redacted.slice(0, limit))), truncated: true }
      : {
          text: pre.length < text.length ? detached(redacted) : redacted,
          truncated: pre.length < text.length,
        };
  }

  /** `text` redacted and cut like `shorten` (then '…' or `more`). */
  shorten(text: string, limit: number, more?: (cut: number) => string): string {
    const cut = this.cut(text, limit);
    if (!cut.truncated) return cut.text;
    return `${cut.text}${more ? more(Math.max(1, text.length - cut.text.length)) : '…'}`;
  }

  /** Lends this redactor to every cut of the process (`shorten`) until the returned function is called. */
  guardCuts(): () => void {
    return guardCuts(this);
  }

  /** The placeholders in use, for the curl renderer (it turns them into shell variables). */
  get placeholders(): string[] {
    return [...new Set(this.forms.map((form) => form.placeholder))];
  }
}
