/**
 * Findings of a run (RunResult.findings): what the target did outside any check — a flood, garbage
 * frames, a redirect off the base host, an HTML error page … Each id is kept once with a count and its
 * first evidence, so a hostile target cannot grow this without bound.
 */

import { cutSafely } from '../../spec/brief.js';
import type { Exchange, Finding, FindingInput } from '../wire.js';

export type { FindingInput } from '../wire.js';

const MAX_FINDINGS = 50;

export class Findings {
  readonly #byId = new Map<string, Finding>();

  /** Records one occurrence; the first occurrence's text and evidence are kept, later ones counted. */
  add(finding: FindingInput): void {
    const known = this.#byId.get(finding.id);
    if (known) {
      known.count++;
      return;
    }
    if (this.#byId.size >= MAX_FINDINGS) return;
    this.#byId.set(finding.id, { ...finding, count: 1 });
  }

  /** Replaces a finding's detail (e.g. a rate measured over the whole run). */
  update(id: string, change: Partial<FindingInput> & { count?: number }): void {
    const known = this.#byId.get(id);
    if (known) Object.assign(known, change);
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  list(): Finding[] {
    return [...this.#byId.values()].map((finding) => ({ ...finding }));
  }
}

/** The exchange as evidence of a finding, with the body cut short (the check keeps the full one). */
export const findingExchange = (exchange: Exchange, bodyLimit = 2_000): Exchange =>
  exchange.response && exchange.response.body.length > bodyLimit
    ? {
        ...exchange,
        response: {
          ...exchange.response,
          body: cutSafely(exchange.response.body, bodyLimit).text,
          truncated: true,
        },
      }
    : exchange;
