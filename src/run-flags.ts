/**
 * The `conformance run` options, each listed once: its flag, config key, type, choices, help text and
 * default. bin/commands/run.ts builds the commander options from it, scripts/gen-config-schema.ts the
 * config file's schema properties, scripts/gen-readme-flags.ts the flag table of docs/checking-a-server.md, toRunOptions
 * (bin/commands/run-options.ts) the options of a run, and validateRunOptions (src/options.ts) the type
 * and choice checks. Adding a run flag: a row here plus the code that reads its option.
 * A leaf with no imports, so the CLI can load it at startup.
 */
import { CHOICES } from './choices.js';

export type RunFlagType = 'string' | 'number' | 'boolean' | 'list' | 'choice';

export interface RunFlag {
  /** As commander takes it, e.g. '--base-url <url>'. */
  flag: string;
  /** The config file key (camelCase, = commander's attribute name); absent: command line only. */
  key?: string;
  type: RunFlagType;
  /** list: 'comma' splits each value at commas, 'repeat' keeps each value whole (K:V pairs, ids). */
  split?: 'comma' | 'repeat';
  choices?: readonly string[];
  description: string;
  /** What applies when neither the flag nor the config sets it (documentation and schema). */
  default?: string | number;
  /** The config value's JSON schema when it differs from the flag's (K:V pairs are an object there). */
  schema?: Record<string, unknown>;
  /**
   * The option toRunOptions makes of it: a run() option (src/options.ts RunOptions) or one of the run
   * command's own (bin/commands/run-command.ts); validateRunOptions checks its type and choice. Absent:
   * read before the options (--config) or by another row (--no-color sets --color's).
   */
  option?: string;
  /** list: each value is NAME<pairs>VALUE, made into an object (the config file gives the object). */
  pairs?: ':' | '=';
  /** The environment variable read when the flag is absent, before the config file. */
  env?: string;
  /** The manual's longer text for the flag (docs/checking-a-server.md) (default: description). */
  readme?: string;
  /** Shown by `conformance --help` too (every flag: `conformance run --help`). */
  main?: true;
  hidden?: boolean;
}

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const positiveInteger = { type: 'integer', minimum: 1 };

/** The rows with their literal types, from which RunFlagOptions is derived. */
const RUN_FLAG_ROWS = [
  {
    flag: '--base-url <url>',
    main: true,
    readme: 'the implementation, including its version prefix (`…/v1`)',
    option: 'baseUrl',
    key: 'baseUrl',
    type: 'string',
    description: 'base address of the implementation, e.g. http://127.0.0.1:5140/v1',
  },
  {
    flag: '--token <token>',
    main: true,
    readme: 'bot token (`Authorization: Bearer`); or env `CONFORMANCE_TOKEN`',
    option: 'token',
    env: 'CONFORMANCE_TOKEN',
    key: 'token',
    type: 'string',
    description: 'bot token (or env CONFORMANCE_TOKEN)',
  },
  {
    flag: '--peer-token <token>',
    readme:
      'token of a second identity, for mute effects, reactions by another user, role assignment (usually the same token with another user id, `--peer-self-id`); or env `CONFORMANCE_PEER_TOKEN`. Without one those checks skip, saying so',
    option: 'peerToken',
    env: 'CONFORMANCE_PEER_TOKEN',
    key: 'peerToken',
    type: 'string',
    description: 'token of a second identity (or env CONFORMANCE_PEER_TOKEN)',
  },
  {
    flag: '--peer-self-id <id>',
    option: 'peerSelfId',
    key: 'peerSelfId',
    type: 'string',
    description: 'user id of a second identity (same token, another account)',
  },
  {
    flag: '--header <name:value>',
    option: 'headers',
    pairs: ':',
    key: 'header',
    type: 'list',
    split: 'repeat',
    description: 'extra header for every request (repeatable)',
    schema: stringMap,
  },
  {
    flag: '--platform <name>',
    readme: 'platform of the bot account to act as; sent as `Satori-Platform` **and** `X-Platform`',
    option: 'platform',
    key: 'platform',
    type: 'string',
    description: 'platform of the bot (Satori-Platform / X-Platform)',
  },
  {
    flag: '--self-id <id>',
    readme: 'user id of the bot account to act as; sent as `Satori-User-ID` **and** `X-Self-ID`',
    option: 'selfId',
    key: 'selfId',
    type: 'string',
    description: 'user id of the bot (Satori-User-ID / X-Self-ID)',
  },
  {
    flag: '--guild <id>',
    readme: 'the sandbox guild, instead of discovering it (the first of `guild.list`)',
    option: 'guild',
    key: 'guild',
    type: 'string',
    description: 'sandbox guild (default: the first of guild.list)',
  },
  {
    flag: '--channel <id>',
    readme: "the sandbox text channel, instead of discovering it (the guild's first text channel)",
    option: 'channel',
    key: 'channel',
    type: 'string',
    description: 'sandbox text channel (default: the first text channel of the guild)',
  },
  {
    flag: '--user <id>',
    option: 'user',
    key: 'user',
    type: 'string',
    description: 'another user of the guild to read (default: the peer)',
  },
  {
    flag: '--suite <group>',
    main: true,
    option: 'suites',
    key: 'suite',
    type: 'list',
    split: 'comma',
    description: 'only these groups (repeatable or comma-separated)',
  },
  {
    flag: '--grep <regex>',
    main: true,
    option: 'grep',
    key: 'grep',
    type: 'string',
    description: 'only checks whose id or title matches',
  },
  {
    flag: '--level <level>',
    main: true,
    readme: 'the verdict level (default `must`); `info` checks never fail a run',
    key: 'level',
    option: 'level',
    type: 'choice',
    choices: CHOICES.level,
    description: 'verdict level (default must)',
    default: 'must',
  },
  {
    flag: '--include-experimental',
    readme:
      'count experimental operations (§1 rule 3: mutes, roles, reactions) in the verdict; they always run and are reported apart',
    option: 'includeExperimental',
    key: 'includeExperimental',
    type: 'boolean',
    description: 'count experimental checks in the verdict',
  },
  {
    flag: '--profile <profile>',
    readme:
      "`satori` (default) adds SHOULD checks for the family's de-facto conventions; `strict` runs only what the spec states",
    key: 'profile',
    option: 'profile',
    type: 'choice',
    choices: CHOICES.profile,
    description: 'satori (default) or strict (spec only)',
    default: 'satori',
  },
  {
    flag: '--timeout <ms>',
    key: 'timeout',
    option: 'timeoutMs',
    type: 'number',
    description: 'per-request timeout (default 10000)',
    default: 10_000,
    schema: positiveInteger,
  },
  {
    flag: '--event-timeout <ms>',
    key: 'eventTimeout',
    option: 'eventTimeoutMs',
    type: 'number',
    description:
      'how long to wait for an event after the stream last delivered one (default 5000): a stream still delivering an older backlog extends the wait, up to the check timeout',
    default: 5_000,
    schema: positiveInteger,
  },
  {
    flag: '--check-timeout <ms>',
    key: 'checkTimeout',
    option: 'checkTimeoutMs',
    type: 'number',
    description: 'per-check timeout (default 30000)',
    default: 30_000,
    schema: positiveInteger,
  },
  {
    flag: '--run-timeout <ms>',
    readme:
      'whole-run deadline (default 600 000 ms = 10 min): then no check starts, those in flight stop, and the cleanup runs within its own budget',
    key: 'runTimeout',
    option: 'runTimeoutMs',
    type: 'number',
    description: 'whole-run deadline; cleanup has its own budget after it (default 600000)',
    default: 600_000,
    schema: positiveInteger,
  },
  {
    flag: '--concurrency <n>',
    key: 'concurrency',
    option: 'concurrency',
    type: 'number',
    description:
      'checks sending requests at once, fixed (default: adaptive, from 8 within 2–32 by latency and 429s; one waiting for an event or a mute to end holds none)',
    schema: positiveInteger,
  },
  {
    flag: '--rate-limit <rate>',
    readme:
      "the checker's own budget: at most N requests a second, minute or hour (`N/s`, `N/m`, `N/h`; e.g. `100/m`), for every identity together, from the first request; the target's rate-limit headers can only make it stricter. The run shows its estimate at the start; cleanup keeps a reserve of time for its own requests",
    option: 'rateLimit',
    key: 'rateLimit',
    type: 'string',
    description:
      "the checker's own budget, N/s, N/m or N/h (e.g. 100/m), for every identity from the first request (default: none; the target's rate-limit headers pace it)",
    schema: { type: 'string', pattern: '^\\s*\\d+\\s*(/\\s*[smh])?\\s*$' },
  },
  {
    flag: '--seed <n>',
    option: 'seed',
    key: 'seed',
    type: 'number',
    description:
      'shuffle the order checks start in with this seed (default: the fixed order); stored in report.json to repeat a run',
    schema: positiveInteger,
  },
  {
    flag: '--no-confirm',
    option: 'confirm',
    key: 'confirm',
    type: 'boolean',
    description:
      'do not re-run each counted failure alone after the main pass (default: re-run each that fits in half the main pass, at least 5 s)',
  },
  {
    flag: '--out <dir>',
    main: true,
    option: 'out',
    key: 'out',
    type: 'string',
    description: 'report folder (default reports/)',
    default: 'reports',
  },
  // run.ts appends the reporter names (src/report/names.ts is no leaf).
  {
    flag: '--reporter <names>',
    main: true,
    option: 'reporters',
    key: 'reporter',
    type: 'list',
    split: 'comma',
    description: 'report writers (repeatable or comma-separated; default all)',
  },
  {
    flag: '--embedded',
    main: true,
    readme:
      'check the embedded reference instead of `--base-url` ([reference-implementation.md](reference-implementation.md))',
    option: 'embedded',
    key: 'embedded',
    type: 'boolean',
    description: 'start the reference implementation in-process and check it',
  },
  {
    flag: '--start <command>',
    readme:
      "start the implementation with `CMD`, wait (60 s at most) until `--wait-url` answers, run, then stop its whole process group; its output goes to `OUT/server.log` (like Dredd's `--server`)",
    option: 'start',
    type: 'string',
    description: 'start the implementation with this command, run, then stop it',
  },
  {
    flag: '--wait-url <url>',
    option: 'waitUrl',
    type: 'string',
    description: 'with --start: wait until this URL answers (default --base-url)',
  },
  {
    flag: '--fault <id>',
    option: 'faults',
    key: 'fault',
    type: 'list',
    split: 'repeat',
    description: 'switch on a fault of the embedded reference (repeatable; --embedded only)',
  },
  {
    flag: '--tolerate <id>',
    readme:
      'switch on a tolerance (legal variation) of the embedded reference, or the preset `legacy` (repeatable; `--embedded` only)',
    option: 'tolerances',
    type: 'list',
    split: 'repeat',
    description:
      'switch on a tolerance (legal variation) of the embedded reference, or the preset legacy (repeatable; --embedded only)',
  },
  {
    flag: '--dirty [items]',
    option: 'dirty',
    key: 'dirty',
    type: 'list',
    split: 'comma',
    description:
      'start the embedded reference with the leftovers of an interrupted earlier run (every item, or a comma-separated subset; conformance serve --list-dirty)',
    schema: { oneOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string' } }] },
  },
  {
    flag: '--vacuous <preset>',
    option: 'vacuity',
    key: 'vacuous',
    type: 'string',
    description:
      'replace the embedded reference by a do-nothing server (empty-object, not-implemented, no-content, echo, empty-list, accepts-all, refuses-unknown-path, refuses-501, refuses-400, fabricates-reads; conformance serve --list-vacuity): a pass then has no evidence',
  },
  {
    flag: '--variant <point=value>',
    readme: 'force a §4.8 variant instead of detecting it (below)',
    option: 'variants',
    pairs: '=',
    key: 'variant',
    type: 'list',
    split: 'repeat',
    description: 'choose a §4.8 variant (repeatable)',
    schema: stringMap,
  },
  {
    flag: '--limit-bound <n>',
    readme:
      'your `message.list` upper bound (§8.2 leaves it unstated), so the clamping check also tries bound+1 (default 100)',
    option: 'limitBound',
    key: 'limitBound',
    type: 'number',
    description: "the target's message.list limit bound (embedded: also enforced; default 100)",
    default: 100,
    schema: positiveInteger,
  },
  {
    flag: '--emoji <ids>',
    readme: 'two or more emoji ids your server accepts (default `👍,❤️`)',
    option: 'emoji',
    key: 'emoji',
    type: 'list',
    split: 'comma',
    description: 'two or more emoji ids valid on the target, comma-separated (default 👍,❤️)',
    schema: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 2 },
  },
  {
    flag: '--latency <ms>',
    option: 'latencyMs',
    key: 'latency',
    type: 'number',
    description: 'embedded reference: delay added to every response',
    schema: { type: 'integer', minimum: 0 },
  },
  {
    flag: '--events <kind>',
    readme:
      'event transport (default `ws` at `{base}/events`; `--webhook-listen HOST:PORT` for webhooks, the checker prints the URL to register)',
    key: 'events',
    option: 'events',
    type: 'choice',
    choices: CHOICES.events,
    description: 'event transport (default ws)',
    default: 'ws',
  },
  {
    flag: '--events-url <url>',
    option: 'eventsUrl',
    key: 'eventsUrl',
    type: 'string',
    description: 'WebSocket URL of the event stream (default {base}/events)',
  },
  {
    flag: '--webhook-listen <host:port>',
    option: 'webhookListen',
    key: 'webhookListen',
    type: 'string',
    description: 'where the webhook receiver listens (--events webhook)',
    schema: { type: 'string', pattern: '^[^:]+:[0-9]+$' },
  },
  {
    flag: '--webhook-token <token>',
    readme:
      'the token you registered the webhook receiver with (`--events webhook`): deliveries must carry `Authorization: Bearer` with it. Without it the checker registers itself through `{base}/meta/webhook.create` with a token of its own where the server offers that; or env `CONFORMANCE_WEBHOOK_TOKEN`',
    option: 'webhookToken',
    env: 'CONFORMANCE_WEBHOOK_TOKEN',
    key: 'webhookToken',
    type: 'string',
    description: 'token the webhook receiver was registered with (or env CONFORMANCE_WEBHOOK_TOKEN)',
  },
  {
    flag: '--trigger-url <url>',
    readme:
      'how to cause events no API call can (friend/guild/member requests): `POST URL {event, ...}`. Without a trigger, those checks skip',
    option: 'triggerUrl',
    key: 'triggerUrl',
    type: 'string',
    description: 'POST {event, ...payload} here to cause incoming events',
  },
  {
    flag: '--trigger-header <name:value>',
    option: 'triggerHeaders',
    pairs: ':',
    key: 'triggerHeader',
    type: 'list',
    split: 'repeat',
    description: 'header sent only to --trigger-url, e.g. its auth (repeatable)',
    schema: stringMap,
  },
  {
    flag: '--trigger-command <cmd>',
    readme: 'the other way to cause those events: run `CMD` with `EVENT` and `PAYLOAD` in the environment',
    option: 'triggerCommand',
    key: 'triggerCommand',
    type: 'string',
    description: 'run this with EVENT and PAYLOAD env to cause incoming events',
  },
  {
    flag: '--allow-destructive',
    readme: 'opt in to checks that change data the checker did not create (test servers only)',
    option: 'allowDestructive',
    key: 'allowDestructive',
    type: 'boolean',
    description: 'run checks that change data the checker did not create',
  },
  {
    flag: '--expected-failures <file>',
    main: true,
    option: 'expectedFailures',
    key: 'expectedFailures',
    type: 'string',
    description: 'baseline of check ids expected to fail',
  },
  {
    flag: '--baseline-report <file>',
    option: 'baselineReport',
    key: 'baselineReport',
    type: 'string',
    description: 'compare with an earlier report.json: any regression fails the run',
  },
  {
    flag: '--badge-level <level>',
    option: 'badgeLevel',
    key: 'badgeLevel',
    type: 'choice',
    choices: CHOICES.badgeLevel,
    description: 'checks the badge counts (default must)',
    default: 'must',
  },
  {
    flag: '--config <file>',
    main: true,
    readme:
      'a JSON config file (default `./conformance.config.json`; schema `conformance.config.schema.json`); flags win',
    type: 'string',
    description: 'config file (default ./conformance.config.json when present)',
  },
  {
    flag: '--verbose',
    option: 'verbose',
    key: 'verbose',
    type: 'boolean',
    description: 'list passing checks too',
  },
  {
    flag: '--quiet',
    main: true,
    option: 'quiet',
    type: 'boolean',
    description: 'no progress and no listing: print only the verdict line (reports are still written)',
  },
  {
    flag: '--color',
    readme: 'colour on (default: on when stdout is a terminal and `NO_COLOR` is unset)',
    option: 'color',
    type: 'boolean',
    description: 'colour the console output (default: when stdout is a terminal and NO_COLOR is unset)',
  },
  { flag: '--no-color', type: 'boolean', description: 'no colour' },
  {
    flag: '--lang <lang>',
    readme:
      'the language of everything the checker prints and writes for people: `en` or `zh-CN` (default: the locale, `LC_ALL`, then `LC_MESSAGES`, then `LANG`: `zh_*` reads zh-CN, any other English)',
    option: 'lang',
    key: 'lang',
    type: 'choice',
    choices: CHOICES.lang,
    description: 'language of what the checker prints (default: from LC_ALL / LC_MESSAGES / LANG)',
  },
  {
    flag: '--dry-run',
    main: true,
    readme:
      'list the checks this run would execute with these filters and send no request; checks that depend on the target (a §4.8 variant not fixed by `--variant`) or on a missing flag are marked',
    option: 'dryRun',
    type: 'boolean',
    description: 'list the checks this run would execute with these filters, send no request',
  },
  {
    flag: '--bail',
    main: true,
    readme:
      'stop at the first counted failure; what was created is still cleaned up, the checks cut short are reported as skips and a note says `stopped after first failure (--bail)`',
    option: 'bail',
    type: 'boolean',
    description: 'stop at the first counted failure (what was created is still cleaned up)',
  },
  {
    flag: '--suites-dir <dir>',
    option: 'suitesDir',
    type: 'list',
    split: 'repeat',
    description: 'load checks from this folder instead of the built-in suites (repeatable)',
    hidden: true,
  },
] as const satisfies readonly RunFlag[];

export const RUN_FLAGS: readonly RunFlag[] = RUN_FLAG_ROWS;

type Row = (typeof RUN_FLAG_ROWS)[number];
type ValueOf<F> = F extends { pairs: string }
  ? Record<string, string>
  : F extends { type: 'number' }
    ? number
    : F extends { type: 'boolean' }
      ? boolean
      : F extends { type: 'list' }
        ? string[]
        : F extends { choices: readonly (infer C)[] }
          ? C
          : string;

/** What toRunOptions returns: one optional key per row's option, typed by the row. */
export type RunFlagOptions = {
  [F in Row as F extends { option: infer O extends string } ? O : never]?: ValueOf<F>;
};

/** commander's attribute name of a flag: '--base-url <url>' → baseUrl, '--no-color' → color. */
export function attributeOf(flag: string): string {
  const name = (flag.split(' ')[0] ?? '').replace(/^--(no-)?/, '');
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The JSON schema of one config key. */
export function configSchemaOf(option: RunFlag): Record<string, unknown> {
  if (option.schema) return option.schema;
  if (option.type === 'choice') return { enum: [...(option.choices ?? [])] };
  if (option.type === 'list') return { type: 'array', items: { type: 'string' } };
  return { type: option.type === 'number' ? 'integer' : option.type };
}
