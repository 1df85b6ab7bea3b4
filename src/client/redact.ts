/**
 * Token redaction (tokens never appear in reports or logs). Every string that ends
 * up in evidence goes through a Redactor; the token is replaced by the shell variable the curl
 * reproduction expects ($TOKEN, $PEER_TOKEN).
 *
 * A hostile server can echo the token in any form: whole, in a Bearer header, percent-, JSON- or
 * HTML-escaped, or cut (a truncated echo, a token split across a body). So besides every escaped form,
 * any run of FRAGMENT_LENGTH or more characters of a form is scrubbed too: text cut before or after
 * redaction never leaves a recognisable piece of the token.
 */
export interface Secret {
  value: string;
  /** e.g. '$TOKEN' */
  placeholder: string;
  /**
   * Scrub pieces of FRAGMENT_LENGTH characters too (default true). Off only for tokens that are public
   * constants (the embedded reference's): their pieces are words ('reference') a report needs.
   */
  fragments?: boolean;
}

/** The shortest piece of a token that is scrubbed on its own (shorter pieces are not recognisable). */
export const FRAGMENT_LENGTH = 8;

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
  forms.add(encodeURIComponent(value));
  forms.add(encodeURI(value));
  forms.add(JSON.stringify(value).slice(1, -1));
  forms.add(JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1));
  forms.add(htmlEscape(value));
  forms.add(new URLSearchParams({ t: value }).toString().slice(2));
  return [...forms].filter(Boolean);
}

export class Redactor {
  private readonly secrets: Secret[];
  /** FRAGMENT_LENGTH-character pieces of every form → the placeholder of their secret. */
  private readonly fragments = new Map<string, string>();
  /** The forms a fragment may extend into, per placeholder. */
  private readonly formsOf = new Map<string, string[]>();

  constructor(secrets: Secret[]) {
    const expanded: Secret[] = [];
    for (const secret of secrets) {
      if (!secret.value) continue;
      for (const form of secretForms(secret.value)) {
        expanded.push({ value: form, placeholder: secret.placeholder });
        const known = this.formsOf.get(secret.placeholder) ?? [];
        known.push(form);
        this.formsOf.set(secret.placeholder, known);
        if (secret.fragments === false) continue;
        for (let at = 0; at + FRAGMENT_LENGTH <= form.length; at++) {
          const piece = form.slice(at, at + FRAGMENT_LENGTH);
          if (!this.fragments.has(piece)) this.fragments.set(piece, secret.placeholder);
        }
      }
    }
    // Longest first, so a token that contains another one is replaced whole.
    this.secrets = expanded.sort((a, b) => b.value.length - a.value.length);
  }

  redact(text: string): string {
    if (this.secrets.length === 0 || typeof text !== 'string' || text === '') return text;
    let result = text;
    for (const { value, placeholder } of this.secrets) {
      if (result.includes(value)) result = result.split(value).join(placeholder);
    }
    return this.scrubFragments(result);
  }

  /** Replaces every run of >= FRAGMENT_LENGTH characters that is a piece of a secret form. */
  private scrubFragments(text: string): string {
    if (this.fragments.size === 0 || text.length < FRAGMENT_LENGTH) return text;
    let out = '';
    let copiedUpTo = 0;
    for (let at = 0; at + FRAGMENT_LENGTH <= text.length; ) {
      const placeholder = this.fragments.get(text.slice(at, at + FRAGMENT_LENGTH));
      if (placeholder === undefined) {
        at++;
        continue;
      }
      // Extend the match as far as it stays a piece of one of the secret's forms.
      const forms = this.formsOf.get(placeholder) ?? [];
      let end = at + FRAGMENT_LENGTH;
      while (end < text.length && forms.some((form) => form.includes(text.slice(at, end + 1)))) end++;
      out += text.slice(copiedUpTo, at) + placeholder;
      copiedUpTo = end;
      at = end;
    }
    return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
  }

  redactHeaders(headers: Record<string, string>): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) result[name] = this.redact(value);
    return result;
  }

  /** Every string in a JSON-like value, redacted (keys too); the value is copied, never changed. */
  redactDeep<T>(value: T): T {
    if (this.secrets.length === 0) return value;
    const walk = (item: unknown): unknown => {
      if (typeof item === 'string') return this.redact(item);
      if (Array.isArray(item)) return item.map(walk);
      if (item !== null && typeof item === 'object') {
        const copy: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(item)) copy[this.redact(key)] = walk(child);
        return copy;
      }
      return item;
    };
    return walk(value) as T;
  }

  /** Redacts, then cuts to `limit` characters (never the other way round: a cut token would survive). */
  redactAndCut(text: string, limit: number): { text: string; truncated: boolean } {
    // Redact a little beyond the limit only: a huge body costs no more than its evidence.
    const margin = Math.max(0, ...this.secrets.map((secret) => secret.value.length)) * 2;
    const redacted = this.redact(text.length > limit + margin ? text.slice(0, limit + margin) : text);
    return redacted.length > limit
      ? { text: redacted.slice(0, limit), truncated: true }
      : { text: redacted, truncated: text.length > limit + margin };
  }

  /** The placeholders in use, for the curl renderer (it turns them into shell variables). */
  get placeholders(): string[] {
    return [...new Set(this.secrets.map((secret) => secret.placeholder))];
  }
}
