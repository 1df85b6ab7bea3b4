/**
 * The CLI in the user's language (issue 48): which language (`--lang`, else the locale), and the help of
 * every command in it. English leaves commander's help as it is, byte for byte.
 */
import { type Command, Help, Option } from 'commander';
import { CHOICES } from '../../src/choices.js';
import {
  asLang,
  displayWidth,
  type Lang,
  langFromEnv,
  type MessageKey,
  type Translate,
  translator,
  wrapColumns,
} from '../../src/i18n/index.js';
import { COMMAND_HELP_ZH } from '../../src/i18n/messages/cli.js';
import { FLAG_HELP_ZH } from '../../src/i18n/messages/flags.js';
import { RUN_FLAGS } from '../../src/run-flags.js';
import { ConfigurationError } from '../../src/runner/errors.js';

/** The language of this invocation: --lang (or --lang=) anywhere in argv, else the locale of env. */
export function cliLang(argv: readonly string[], env: NodeJS.ProcessEnv): Lang {
  const at = argv.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
  if (at < 0) return langFromEnv(env);
  const value = argv[at].startsWith('--lang=') ? argv[at].slice('--lang='.length) : argv[at + 1];
  const lang = asLang(value);
  if (!lang)
    throw new ConfigurationError(translator(langFromEnv(env))('cli.badLang', { value: value ?? '' }));
  return lang;
}

/** The --lang option, on every command that does not declare it already (run's comes from its table). */
export function addLangOption(command: Command): void {
  if (command.options.some((option) => option.long === '--lang')) return;
  command.addOption(
    new Option(
      '--lang <lang>',
      'language of what the checker prints (default: from LC_ALL / LC_MESSAGES / LANG)',
    ).choices(CHOICES.lang),
  );
}

/** The run table's English of each flag: a command that says a flag alike shares its zh-CN text. */
const RUN_ENGLISH: ReadonlyMap<string, string> = new Map(
  RUN_FLAGS.map((row) => [row.flag.split(' ')[0], row.description]),
);

/**
 * The zh-CN help of an option of `commandName` (undefined: none yet, test/i18n fails): its own entry, or
 * the shared one of its long flag where the command's English is the run table's (possibly extended).
 */
export function zhOptionHelp(commandName: string, option: Option): string | undefined {
  const own = FLAG_HELP_ZH[`${commandName} ${option.long}`];
  if (own) return own;
  const flag = option.long ?? option.short ?? '';
  const english = RUN_ENGLISH.get(flag);
  const shared = english === undefined || option.description.startsWith(english);
  return shared ? FLAG_HELP_ZH[flag] : undefined;
}

const HEADINGS: Readonly<Record<string, MessageKey>> = {
  'Usage:': 'cli.heading.usage',
  'Options:': 'cli.heading.options',
  'Commands:': 'cli.heading.commands',
  'Arguments:': 'cli.heading.arguments',
  'Global Options:': 'cli.heading.globalOptions',
};

/** commander's help with translated headings, option texts and the "(default: …)" words; CJK-wide columns. */
class LocalizedHelp extends Help {
  constructor(
    private readonly t: Translate,
    private readonly commandName: string,
  ) {
    super();
  }
  override styleTitle(title: string): string {
    const key = HEADINGS[title];
    return key ? this.t(key) : title;
  }
  override displayWidth(text: string): number {
    return displayWidth(text);
  }
  override boxWrap(text: string, width: number): string {
    return width < this.minWidthToWrap ? text : wrapColumns(text, width);
  }
  override formatHelp(command: Command, helper: Help): string {
    // A full-width colon carries its own space.
    return super.formatHelp(command, helper).replace(/：\x20/g, '：');
  }
  override optionDescription(option: Option): string {
    const own = zhOptionHelp(this.commandName, option);
    const extras: string[] = [];
    if (option.argChoices)
      extras.push(
        this.t('cli.option.choices', { value: option.argChoices.map((c) => JSON.stringify(c)).join('、') }),
      );
    if (
      option.defaultValue !== undefined &&
      !(Array.isArray(option.defaultValue) && option.defaultValue.length === 0)
    )
      extras.push(
        this.t('cli.option.default', {
          value: option.defaultValueDescription ?? JSON.stringify(option.defaultValue),
        }),
      );
    if (option.envVar !== undefined) extras.push(this.t('cli.option.env', { value: option.envVar }));
    const description = own ?? option.description;
    return extras.length ? `${description}（${extras.join('，')}）` : description;
  }
  override argumentDescription(argument: { name(): string; description: string }): string {
    return COMMAND_HELP_ZH[`${this.commandName} ${argument.name()}`] ?? argument.description;
  }
  override subcommandDescription(command: Command): string {
    return COMMAND_HELP_ZH[command.name()] ?? command.description();
  }
}

/** Every command's help in `lang` (zh-CN); English keeps commander's own. */
export function localizeHelp(program: Command, lang: Lang): void {
  if (lang === 'en') return;
  const t = translator(lang);
  const visit = (command: Command, name: string) => {
    command.createHelp = () => new LocalizedHelp(t, name);
    const description = COMMAND_HELP_ZH[name];
    if (description) command.description(description);
    for (const sub of command.commands) visit(sub, sub.name());
  };
  visit(program, '');
  program.description(t('cli.description'));
}
