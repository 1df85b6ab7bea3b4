/**
 * The option values with a fixed set of choices, listed once: the CLI's `.choices()`, the config file's
 * JSON schema (scripts/gen-config-schema.ts) and validateRunOptions (src/options.ts) read them here. A leaf
 * with no imports, so the CLI can load it at startup.
 */
export const CHOICES = {
  level: ['must', 'should', 'info'],
  profile: ['satori', 'strict'],
  events: ['ws', 'webhook', 'none'],
  /** Which checks the badge counts (run --badge-level, badge --badge-level). */
  badgeLevel: ['must', 'should'],
  /** The language a user reads (--lang; src/i18n). */
  lang: ['en', 'zh-CN'],
} as const satisfies Record<string, readonly string[]>;
