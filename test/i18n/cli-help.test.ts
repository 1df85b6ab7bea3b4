/**
 * The CLI's help in zh-CN (issue 48): every visible option, command and argument of every command has
 * its zh-CN text; English is commander's own, unchanged; the language comes from --lang, else the locale.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram, main } from '../../bin/cli.js';
import { zhOptionHelp } from '../../bin/commands/localize.js';
import { COMMAND_HELP_ZH } from '../../src/i18n/messages/cli.js';

const noIo = { stdout: () => undefined, stderr: () => undefined, exit: () => undefined };

function everyCommand(program: Command): Command[] {
  return [program, ...program.commands.flatMap(everyCommand)];
}

async function help(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const out: string[] = [];
  const io = {
    stdout: (text: string) => out.push(text),
    stderr: (text: string) => out.push(text),
    exit: () => undefined,
  };
  await main(argv, io, { env });
  return out.join('');
}

describe('the help in zh-CN', () => {
  it('has a zh-CN text for every visible option, command and argument of every command', () => {
    const program = createProgram(noIo, { env: {} }, {}, 'zh-CN', () => undefined);
    const missing: string[] = [];
    for (const command of everyCommand(program)) {
      const name = command === program ? '' : command.name();
      if (command !== program && !COMMAND_HELP_ZH[name]) missing.push(`command ${name}`);
      for (const option of command.options) {
        if (option.hidden) continue;
        if (!zhOptionHelp(name, option))
          missing.push(`${name || 'conformance'} ${option.long}: ${option.description}`);
      }
      for (const argument of command.registeredArguments)
        if (!COMMAND_HELP_ZH[`${name} ${argument.name()}`]) missing.push(`${name} <${argument.name()}>`);
    }
    expect(missing).toEqual([]);
  });

  it('prints every command’s help in Chinese with --lang zh-CN, and with a zh_CN locale', async () => {
    const byFlag = await help(['serve', '--lang', 'zh-CN', '--help']);
    expect(byFlag).toContain('运行内置参考实现');
    expect(byFlag).toContain('选项：');
    expect(byFlag).not.toContain('Options:');
    const byLocale = await help(['--help'], { LANG: 'zh_CN.UTF-8' });
    expect(byLocale).toContain('主要运行参数');
    expect(byLocale).toContain('退出码：');
  });

  it('keeps English help as commander prints it, for --lang en over a zh locale too', async () => {
    const english = await help(['--help'], { LANG: 'en_US.UTF-8' });
    expect(english).toContain('Usage: conformance [options] [command]');
    expect(english).toContain('Main run flags (every flag: conformance run --help):');
    expect(await help(['--lang', 'en', '--help'], { LC_ALL: 'zh_CN.UTF-8' })).toBe(english);
  });

  it('refuses an unknown language with exit 2 and what to pass', async () => {
    const err: string[] = [];
    const io = { stdout: () => undefined, stderr: (text: string) => err.push(text), exit: () => undefined };
    expect(await main(['--lang', 'fr', '--help'], io, { env: {} })).toBe(2);
    expect(err.join('')).toBe("error: --lang takes en or zh-CN, got 'fr'.\n");
  });
});
