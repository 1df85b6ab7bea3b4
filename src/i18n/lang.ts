/**
 * The languages a user reads the checker in (issue 48): English and Simplified Chinese. `--lang` (config
 * key `lang`) chooses; without it the locale does, as POSIX orders it (LC_ALL, then LC_MESSAGES, then
 * LANG): a zh_* locale reads zh-CN, any other English.
 */
export const LANGS = ['en', 'zh-CN'] as const;

export type Lang = (typeof LANGS)[number];

/** The language of the locale the environment names (zh_CN.UTF-8, zh_TW, zh → zh-CN; else en). */
export function langFromEnv(env: NodeJS.ProcessEnv): Lang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return locale !== undefined && /^zh([_.-]|$)/i.test(locale) ? 'zh-CN' : 'en';
}

/** A value given by the user (flag, config, API) as a Lang, or undefined when it names none. */
export const asLang = (value: unknown): Lang | undefined =>
  LANGS.find((lang) => typeof value === 'string' && lang.toLowerCase() === value.toLowerCase());
