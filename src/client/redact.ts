/**
 * Token redaction (DESIGN.md "Safety": tokens never appear in reports or logs). Every string that ends
 * up in evidence goes through a Redactor; the token is replaced by the shell variable the curl
 * reproduction expects ($TOKEN, $PEER_TOKEN).
 */
export interface Secret {
  value: string;
  /** e.g. '$TOKEN' */
  placeholder: string;
}

export class Redactor {
  private readonly secrets: Secret[];

  constructor(secrets: Secret[]) {
    const expanded: Secret[] = [];
    for (const secret of secrets) {
      if (!secret.value) continue;
      expanded.push(secret);
      // A token may also appear percent-encoded in a URL or query string.
      const encoded = encodeURIComponent(secret.value);
      if (encoded !== secret.value) expanded.push({ value: encoded, placeholder: secret.placeholder });
    }
    // Longest first, so a token that contains another one is replaced whole.
    this.secrets = expanded.sort((a, b) => b.value.length - a.value.length);
  }

  redact(text: string): string {
    let result = text;
    for (const { value, placeholder } of this.secrets) result = result.split(value).join(placeholder);
    return result;
  }

  redactHeaders(headers: Record<string, string>): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) result[name] = this.redact(value);
    return result;
  }

  /** The placeholders in use, for the curl renderer (it turns them into shell variables). */
  get placeholders(): string[] {
    return [...new Set(this.secrets.map((secret) => secret.placeholder))];
  }
}
