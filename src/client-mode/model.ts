/**
 * Client mode (`conformance client`): the checker plays the server and judges a user's client by the
 * requests it makes. A scenario is a check like the server suites' (id, title, level, rules), plus the
 * pages served and the list the client is asked to drain. Scenarios live in suites/client/.
 */
import type { RuleId } from '../../spec/rules.js';
import type { Level } from '../runner/model.js';
import type { ListKind } from './lists.js';

/** Items on one page: a count, or 'limit': as many as the client's `limit` asked (default 50, §4.1 rule 4). */
export type PageSize = number | 'limit';

export interface ClientScenario {
  /** '<client.area>/<what>', e.g. 'client.pagination/short-page-with-next-continues'. */
  id: string;
  title: string;
  level: Level;
  /** Rule ids from spec/rules.ts (the client-side rules CLIENT-*). */
  rules: string[];
  /** The list the client drains (CONFORMANCE_LIST); `--list` moves a scenario that is not `listFixed`. */
  list: ListKind;
  /** The scenario depends on its list (e.g. message.list's limit): `--list` does not move it. */
  listFixed?: boolean;
  /** Items per page, in order; each page but the last carries `next` (message.list: `prev` too, equal). */
  pages: PageSize[];
  /** How the last page says there is no more: `next` absent (default) or `next: null`. */
  end?: 'absent' | 'null';
  /** The token after each page but the last (default: opaque tokens that are not item ids). */
  tokens?: readonly string[];
  /** The last page is never reached: every page from the first on hands out the same token again. */
  neverEnds?: boolean;
  /** What the scenario serves and expects, in words (the evidence's `expected`). */
  expectation: string;
}

/** The client-side rules of spec/rules.ts: a scenario citing another id fails to compile. */
export type ClientRuleId = Extract<RuleId, `CLIENT-${string}`>;

export const defineClientScenario = (scenario: ClientScenario & { rules: ClientRuleId[] }): ClientScenario =>
  scenario;

/** One list request the client made, with the page it was answered with. */
export interface ClientRequest {
  operation: string;
  fields: Record<string, unknown>;
  /** Request headers as sent (lower-case names); the token is redacted before any report. */
  headers: Record<string, string>;
  /** The `next` field the client sent (undefined when absent or null). */
  token: string | undefined;
  /** Which scripted page answered: its index, or why none did. */
  served: number | 'unknown-token' | 'after-end' | 'repeat-stop' | 'cap';
  /** The response body sent back. */
  page: { data: Record<string, unknown>[]; next?: string | null; prev?: string };
  at: number;
}
