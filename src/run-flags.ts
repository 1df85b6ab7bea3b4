/**
 * The `conformance run` options, each listed once: its flag, config key, type, choices, help text and
 * default. bin/commands/run.ts builds the commander options from it, scripts/gen-config-schema.ts the
 * config file's schema properties, and validateRunOptions (src/options.ts) the type and choice checks.
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
  /** The run() option (src/options.ts RunOptions) it becomes, when validateRunOptions checks its type or choice. */
  option?: string;
  hidden?: boolean;
}

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const positiveInteger = { type: 'integer', minimum: 1 };

export const RUN_FLAGS: readonly RunFlag[] = [
  {
    flag: '--base-url <url>',
    key: 'baseUrl',
    type: 'string',
    description: 'base address of the implementation, e.g. http://127.0.0.1:5140/v1',
  },
  {
    flag: '--token <token>',
    key: 'token',
    type: 'string',
    description: 'bot token (or env CONFORMANCE_TOKEN)',
  },
  {
    flag: '--peer-token <token>',
    key: 'peerToken',
    type: 'string',
    description: 'token of a second identity (or env CONFORMANCE_PEER_TOKEN)',
  },
  {
    flag: '--peer-self-id <id>',
    key: 'peerSelfId',
    type: 'string',
    description: 'user id of a second identity (same token, another account)',
  },
  {
    flag: '--header <name:value>',
    key: 'header',
    type: 'list',
    split: 'repeat',
    description: 'extra header for every request (repeatable)',
    schema: stringMap,
  },
  {
    flag: '--platform <name>',
    key: 'platform',
    type: 'string',
    description: 'platform of the bot (Satori-Platform / X-Platform)',
  },
  {
    flag: '--self-id <id>',
    key: 'selfId',
    type: 'string',
    description: 'user id of the bot (Satori-User-ID / X-Self-ID)',
  },
  {
    flag: '--guild <id>',
    key: 'guild',
    type: 'string',
    description: 'sandbox guild (default: the first of guild.list)',
  },
  {
    flag: '--channel <id>',
    key: 'channel',
    type: 'string',
    description: 'sandbox text channel (default: the first text channel of the guild)',
  },
  {
    flag: '--user <id>',
    key: 'user',
    type: 'string',
    description: 'another user of the guild to read (default: the peer)',
  },
  {
    flag: '--suite <group>',
    key: 'suite',
    type: 'list',
    split: 'comma',
    description: 'only these groups (repeatable or comma-separated)',
  },
  {
    flag: '--grep <regex>',
    key: 'grep',
    type: 'string',
    description: 'only checks whose id or title matches',
  },
  {
    flag: '--level <level>',
    key: 'level',
    option: 'level',
    type: 'choice',
    choices: CHOICES.level,
    description: 'verdict level (default must)',
    default: 'must',
  },
  {
    flag: '--include-experimental',
    key: 'includeExperimental',
    type: 'boolean',
    description: 'count experimental checks in the verdict',
  },
  {
    flag: '--profile <profile>',
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
    description: 'how long to wait for an event (default 5000)',
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
    flag: '--out <dir>',
    key: 'out',
    type: 'string',
    description: 'report folder (default reports/)',
    default: 'reports',
  },
  // run.ts appends the reporter names (src/report/names.ts is no leaf).
  {
    flag: '--reporter <names>',
    key: 'reporter',
    type: 'list',
    split: 'comma',
    description: 'report writers (repeatable or comma-separated; default all)',
  },
  {
    flag: '--embedded',
    key: 'embedded',
    type: 'boolean',
    description: 'start the reference implementation in-process and check it',
  },
  {
    flag: '--start <command>',
    type: 'string',
    description: 'start the implementation with this command, run, then stop it',
  },
  {
    flag: '--wait-url <url>',
    type: 'string',
    description: 'with --start: wait until this URL answers (default --base-url)',
  },
  {
    flag: '--fault <id>',
    key: 'fault',
    type: 'list',
    split: 'repeat',
    description: 'switch on a fault of the embedded reference (repeatable; --embedded only)',
  },
  {
    flag: '--tolerate <id>',
    type: 'list',
    split: 'repeat',
    description:
      'switch on a tolerance (legal variation) of the embedded reference, or the preset legacy (repeatable; --embedded only)',
  },
  {
    flag: '--variant <point=value>',
    key: 'variant',
    type: 'list',
    split: 'repeat',
    description: 'choose a §4.8 variant (repeatable)',
    schema: stringMap,
  },
  {
    flag: '--limit-bound <n>',
    key: 'limitBound',
    type: 'number',
    description: "the target's message.list limit bound (embedded: also enforced; default 100)",
    default: 100,
    schema: positiveInteger,
  },
  {
    flag: '--emoji <ids>',
    key: 'emoji',
    type: 'list',
    split: 'comma',
    description: 'two or more emoji ids valid on the target, comma-separated (default 👍,❤️)',
    schema: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 2 },
  },
  {
    flag: '--latency <ms>',
    key: 'latency',
    type: 'number',
    description: 'embedded reference: delay added to every response',
    schema: { type: 'integer', minimum: 0 },
  },
  {
    flag: '--events <kind>',
    key: 'events',
    option: 'events',
    type: 'choice',
    choices: CHOICES.events,
    description: 'event transport (default ws)',
    default: 'ws',
  },
  {
    flag: '--events-url <url>',
    key: 'eventsUrl',
    type: 'string',
    description: 'WebSocket URL of the event stream (default {base}/events)',
  },
  {
    flag: '--webhook-listen <host:port>',
    key: 'webhookListen',
    type: 'string',
    description: 'where the webhook receiver listens (--events webhook)',
    schema: { type: 'string', pattern: '^[^:]+:[0-9]+$' },
  },
  {
    flag: '--trigger-url <url>',
    key: 'triggerUrl',
    type: 'string',
    description: 'POST {event, ...payload} here to cause incoming events',
  },
  {
    flag: '--trigger-header <name:value>',
    key: 'triggerHeader',
    type: 'list',
    split: 'repeat',
    description: 'header sent only to --trigger-url, e.g. its auth (repeatable)',
    schema: stringMap,
  },
  {
    flag: '--trigger-command <cmd>',
    key: 'triggerCommand',
    type: 'string',
    description: 'run this with EVENT and PAYLOAD env to cause incoming events',
  },
  {
    flag: '--allow-destructive',
    key: 'allowDestructive',
    type: 'boolean',
    description: 'run checks that change data the checker did not create',
  },
  {
    flag: '--expected-failures <file>',
    key: 'expectedFailures',
    type: 'string',
    description: 'baseline of check ids expected to fail',
  },
  {
    flag: '--baseline-report <file>',
    key: 'baselineReport',
    type: 'string',
    description: 'compare with an earlier report.json: any regression fails the run',
  },
  {
    flag: '--badge-level <level>',
    key: 'badgeLevel',
    type: 'choice',
    choices: CHOICES.badgeLevel,
    description: 'checks the badge counts (default must)',
    default: 'must',
  },
  {
    flag: '--config <file>',
    type: 'string',
    description: 'config file (default ./conformance.config.json when present)',
  },
  { flag: '--verbose', key: 'verbose', type: 'boolean', description: 'list passing checks too' },
  {
    flag: '--quiet',
    type: 'boolean',
    description: 'no progress and no listing: print only the verdict line (reports are still written)',
  },
  {
    flag: '--color',
    type: 'boolean',
    description: 'colour the console output (default: when stdout is a terminal and NO_COLOR is unset)',
  },
  { flag: '--no-color', type: 'boolean', description: 'no colour' },
  {
    flag: '--dry-run',
    type: 'boolean',
    description: 'list the checks this run would execute with these filters, send no request',
  },
  {
    flag: '--bail',
    type: 'boolean',
    description: 'stop at the first counted failure (what was created is still cleaned up)',
  },
  {
    flag: '--suites-dir <dir>',
    type: 'list',
    split: 'repeat',
    description: 'load checks from this folder instead of the built-in suites (repeatable)',
    hidden: true,
  },
];

/** The JSON schema of one config key. */
export function configSchemaOf(option: RunFlag): Record<string, unknown> {
  if (option.schema) return option.schema;
  if (option.type === 'choice') return { enum: [...(option.choices ?? [])] };
  if (option.type === 'list') return { type: 'array', items: { type: 'string' } };
  return { type: option.type === 'number' ? 'integer' : option.type };
}
