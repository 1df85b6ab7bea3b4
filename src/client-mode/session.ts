/**
 * Serves one scenario's pages through the reference's intercept hook and records every list request.
 * Only the scenario's list operation is answered here; everything else (login.get, the event stream …)
 * is the reference's own behaviour.
 */
import type { InterceptedReply, InterceptedRequest } from '../reference/contract.js';
import { LISTS, type ListKind } from './lists.js';
import type { ClientRequest, ClientScenario, PageSize } from './model.js';

/** §4.1 rule 4: without a limit the recommended default is 50. */
export const DEFAULT_LIMIT = 50;
/** A client that never stops is answered with end pages after this many list requests. */
export const REQUEST_CAP = 100;

/** Opaque tokens: not ids, not numbers, with characters a client must not re-encode or trim. */
export const opaqueToken = (scenario: string, page: number): string =>
  `cm:${Buffer.from(`${scenario}#${page}`).toString('base64')}/+=~ é`;

export class ScenarioSession {
  readonly requests: ClientRequest[] = [];
  /** Every request the client made to the interface, the scenario's list or not, in order. */
  readonly everyRequest: { operation: string; fields: Record<string, unknown>; at: number }[] = [];

  /** The requests to operations other than the scenario's list, counted by operation ("guild.list ×3"). */
  get otherOperations(): string[] {
    const counts = new Map<string, number>();
    for (const { operation } of this.everyRequest)
      if (operation !== this.operation) counts.set(operation, (counts.get(operation) ?? 0) + 1);
    return [...counts].map(([operation, count]) => (count > 1 ? `${operation} ×${count}` : operation));
  }
  readonly operation: string;
  private readonly tokens: string[];
  /** Each scripted page's items, made on first serve and the same on every later one. */
  private readonly pageItems = new Map<number, Record<string, unknown>[]>();
  private nextItem = 0;
  private firstRequestAt: number | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    readonly scenario: ClientScenario,
    readonly list: ListKind,
  ) {
    this.operation = LISTS[list].operation;
    const links = Math.max(scenario.pages.length - 1, 1);
    this.tokens = Array.from(
      { length: links },
      (_, index) => scenario.tokens?.[index] ?? opaqueToken(scenario.id, index + 1),
    );
  }

  /** The tokens a correct client sends, in order: none first, then each page's `next`. */
  get expectedTokens(): (string | undefined)[] {
    if (this.scenario.neverEnds) return [undefined, this.tokens[0]];
    return [undefined, ...this.tokens.slice(0, this.scenario.pages.length - 1)];
  }

  /** Resolves on the first list request, or never (the caller races it with a timeout). */
  firstRequest(): Promise<void> {
    if (this.firstRequestAt !== undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The ids of every scripted page served (what a correct client collects, each exactly once). */
  get servedIds(): string[] {
    const definition = LISTS[this.list];
    return [...this.pageItems.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, items]) => items.map((item) => definition.idOf(item)));
  }

  handle(request: InterceptedRequest): InterceptedReply | undefined {
    // Every request the client made, to any operation: what a failure shows (the reference answers the others).
    this.everyRequest.push({ operation: request.operation, fields: request.fields, at: Date.now() });
    if (request.operation !== this.operation) return undefined;
    const raw = request.fields.next;
    const token = typeof raw === 'string' && raw !== '' ? raw : undefined;
    const { served, page } = this.answer(token, request.fields.limit);
    this.requests.push({
      operation: request.operation,
      fields: request.fields,
      headers: request.headers,
      token,
      served,
      page,
      at: Date.now(),
    });
    if (this.firstRequestAt === undefined) {
      this.firstRequestAt = Date.now();
      for (const resolve of this.waiters.splice(0)) resolve();
    }
    return { body: page };
  }

  private answer(token: string | undefined, limit: unknown): Pick<ClientRequest, 'served' | 'page'> {
    const { scenario } = this;
    const endPage = (): ClientRequest['page'] => this.page(undefined, undefined, limit);
    if (this.requests.length >= REQUEST_CAP) return { served: 'cap', page: endPage() };
    if (scenario.neverEnds) {
      // The same token again and again; a client that sends it a second time is answered with an end
      // page, so that a client without a loop guard still terminates (and fails the scenario).
      if (token !== undefined && this.requests.some((earlier) => earlier.token === token)) {
        return { served: 'repeat-stop', page: endPage() };
      }
      const index = token === undefined ? 0 : 1;
      return { served: index, page: this.page(index, this.tokens[0], limit) };
    }
    const index = token === undefined ? 0 : this.tokens.indexOf(token) + 1;
    if (index === 0 && token !== undefined) return { served: 'unknown-token', page: endPage() };
    const last = index === scenario.pages.length - 1;
    return { served: index, page: this.page(index, last ? undefined : this.tokens[index], limit) };
  }

  /**
   * Scripted page `index` (undefined: an empty end page); `next` undefined ends the list (absent, or null
   * when the scenario says so).
   */
  private page(index: number | undefined, next: string | undefined, limit: unknown): ClientRequest['page'] {
    let data: Record<string, unknown>[] = [];
    if (index !== undefined) {
      const size = this.scenario.neverEnds ? 1 : this.scenario.pages[index];
      const count = pageSize(size, limitOf(limit));
      data =
        this.pageItems.get(index) ??
        Array.from({ length: count }, () => LISTS[this.list].item(this.nextItem++));
      this.pageItems.set(index, data);
    }
    if (next === undefined) {
      if (this.scenario.end !== 'null') return { data };
      return this.list === 'message' ? { data, prev: null, next: null } : { data, next: null };
    }
    // message.list is bidirectional (§4.1): prev equals next, so a client may follow either marker.
    return this.list === 'message' ? { data, prev: next, next } : { data, next };
  }
}

/** Items on a page of `size` for a request whose limit is `limit` (model.ts PageSize); never above the limit. */
const pageSize = (size: PageSize, limit: number): number =>
  size === 'limit' ? limit : size === 'short' ? limit - 1 : Math.min(size, limit);

const limitOf = (limit: unknown): number => {
  const value = typeof limit === 'string' ? Number(limit) : limit;
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? Math.min(value, 100)
    : DEFAULT_LIMIT;
};
