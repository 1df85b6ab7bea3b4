/**
 * Client mode (`conformance client`): the checker plays the server and judges a user's client by the
 * requests it makes. A scenario is a check like the server suites' (id, title, level, rules), plus the
 * pages served and the list the client is asked to drain. Scenarios live in suites/client/.
 */
import type { RuleId } from '../../spec/rules.js';
import type { Level } from '../runner/model.js';
import type { EventStage } from './events/stage.js';
import { LIST_KINDS, LISTS, type ListKind } from './lists.js';

/**
 * Items on one page, relative to the `limit` the client sent in the request (default 50, §4.1 rule 4):
 * a count (never more than that limit), 'limit' (a full page) or 'short' (one fewer than the limit, so a
 * client asking for 1 or 2 gets pages below its own limit).
 */
export type PageSize = number | 'limit' | 'short';

/** The client suites: `conformance client --suite pagination,events`. */
export const CLIENT_SUITES = ['pagination', 'events'] as const;
export type ClientSuite = (typeof CLIENT_SUITES)[number];

export interface ClientScenario {
  /** '<client.area>/<what>', e.g. 'client.guild.list/short-page-with-next-continues'. */
  id: string;
  suite?: 'pagination';
  title: string;
  level: Level;
  /** Rule ids from spec/rules.ts (the client-side rules CLIENT-*). */
  rules: string[];
  /** The list the client drains (CONFORMANCE_LIST). */
  list: ListKind;
  /** Items per page, in order; each page but the last carries `next` (message.list: `prev` too, equal). */
  pages: PageSize[];
  /** How the last page says there is no more: `next` absent (default) or `next: null`. */
  end?: 'absent' | 'null';
  /** The token after each page but the last (default: opaque tokens that are not item ids). */
  tokens?: readonly string[];
  /** The last page is never reached: every page from the first on hands out the same token again. */
  neverEnds?: boolean;
  /**
   * The scenario's claim is that the client does NOT request more (it stops, or does not send a token
   * again): it passes only once the client requested a page. A client that made no request shows nothing
   * such a claim rests on: undecided, saying what it did (Judgement.undecided), never passed.
   * 'follows-next': the claim is about sending a token again, so it rests on a client that sent one.
   */
  claimsAbsence?: boolean | 'follows-next';
  /**
   * What the scenario serves and expects, in words (the evidence's `expected`): a function when it is a
   * tr`…` phrase, rendered in the language of the run (expectationOf), not at import.
   */
  expectation: Expectation;
}

/** A scenario's expectation: a text, or a function that renders it in the run's language (tr`…`). */
export type Expectation = string | (() => string);

/** The expectation of a scenario in the language of the run in progress. */
export const expectationOf = (scenario: { expectation: Expectation }): string =>
  typeof scenario.expectation === 'function' ? scenario.expectation() : scenario.expectation;

/** The client-side rules of spec/rules.ts: a scenario citing another id fails to compile. */
export type ClientRuleId = Extract<RuleId, `CLIENT-${string}`>;

export const defineClientScenario = (scenario: ClientScenario & { rules: ClientRuleId[] }): ClientScenario =>
  scenario;

/** A page shape, defined once: `onEveryList` serves it on every list a client may walk. */
export type PageShape = Omit<ClientScenario, 'id' | 'list' | 'rules' | 'suite'> & {
  /** The scenario id's second part, e.g. 'empty-page-with-next-continues'. */
  shape: string;
  rules: ClientRuleId[];
};

/**
 * One scenario per list kind for each shape: id `client.<operation>/<shape>` (stable, greppable by the
 * operation or the shape); on message.list the scenario also cites §4.1 rule 6 (CLIENT-MSG-LIST-6).
 */
export const onEveryList = (shapes: readonly PageShape[], lists: readonly ListKind[] = LIST_KINDS) =>
  shapes.flatMap(({ shape, rules, ...rest }) =>
    lists.map(
      (list): ClientScenario => ({
        ...rest,
        id: `client.${LISTS[list].operation}/${shape}`,
        list,
        rules:
          list === 'message' && !rules.includes('CLIENT-MSG-LIST-6')
            ? ['CLIENT-MSG-LIST-6', ...rules]
            : rules,
      }),
    ),
  );

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
  page: { data: Record<string, unknown>[]; next?: string | null; prev?: string | null };
  at: number;
}

/** What an event scenario's script works with: the scripted socket, and where it records its verdict. */
export interface EventScenarioContext {
  stage: EventStage;
  /** CONFORMANCE_HEARTBEAT_MS: the heartbeat interval a client may honour in tests. */
  heartbeatMs: number;
  /** A problem: the scenario fails with it (the first one is the reason). */
  fail(problem: string): void;
  /**
   * The scenario cannot be decided (e.g. the machine was too busy to tell a wait from its own delay):
   * never a pass; the run ends NO VERDICT unless something failed. `clear` says how to decide it.
   */
  undecided(state: string, clear: string): void;
  note(note: string): void;
}

/**
 * An event-stream scenario (suite `events`): the client connects to CONFORMANCE_EVENTS_URL and prints
 * one line per event it hands to its application; `script` plays the server and judges. Every wait is
 * bounded by the scenario's deadline (the runner reports what was awaited).
 */
export interface EventScenario {
  id: string;
  suite: 'events';
  title: string;
  level: Level;
  rules: string[];
  expectation: Expectation;
  /** The client may exit on its own in this scenario (e.g. giving up after an authentication close). */
  mayExit?: boolean;
  /**
   * A scenario that judges a period (a heartbeat's rate, retries' spacing) runs this long at most without
   * --scenario-timeout: long enough for the family's usual periods (10 s heartbeats, 5 s retries). It
   * starts with the run's default limit and extends its deadline (EventStage.extendTo) once it knows what
   * it needs; --scenario-timeout, when given, is its limit instead.
   */
  limitMs?: number;
  script(context: EventScenarioContext): Promise<void>;
}

export const defineEventScenario = (
  scenario: Omit<EventScenario, 'suite'> & { rules: ClientRuleId[] },
): EventScenario => ({ ...scenario, suite: 'events' });

/**
 * The event scenario that judges connections held at once (suites/client/events.ts): it also fails on
 * what every other event scenario of the run saw (client-mode/run.ts folds them in).
 */
export const ONE_CONNECTION_SCENARIO = 'client.events/one-connection-per-login';

/** Any client scenario, of either suite. */
export type AnyClientScenario = ClientScenario | EventScenario;

export const suiteOf = (scenario: AnyClientScenario): ClientSuite => scenario.suite ?? 'pagination';

export const isEventScenario = (scenario: AnyClientScenario): scenario is EventScenario =>
  scenario.suite === 'events';
