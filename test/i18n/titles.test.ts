/**
 * The titles in zh-CN (issue 48): every check, client scenario, fuzz oracle and rule has a rendering that
 * keeps the English text's identifiers, the completeness check fails on each kind of gap, and the writers a
 * person reads show the Chinese title (report.html the rule's rendering beside its English statement),
 * while English output and report.json keep the English title as defined.
 */
import { describe, expect, it } from 'vitest';
import { englishTitles, identifierTokens, titleProblems } from '../../scripts/check-catalogue.js';
import { checksTitledIn, RULE_STATEMENTS_ZH, TITLES_ZH, titleOf } from '../../src/i18n/titles.js';
import { renderReports } from '../../src/report/index.js';
import type { RunResult } from '../../src/runner/model.js';
import { mixedRun } from '../report/fixtures/runs.js';

describe('the zh-CN titles', () => {
  it('cover every check, client scenario, fuzz oracle and rule, with no stale key', async () => {
    const english = await englishTitles();
    // The counts today (checks + scenarios + oracles; rules): a suite that lost its checks fails here too.
    expect(Object.keys(english.titles).length).toBeGreaterThanOrEqual(154 + 72 + 93);
    expect(Object.keys(english.rules).length).toBeGreaterThanOrEqual(129);
    expect(titleProblems(english)).toEqual([]);
  });

  it('the check fails on a missing, stale, untranslated or fact-dropping rendering and on half-width punctuation', () => {
    const problems = titleProblems(
      {
        titles: {
          'a/missing': 'anything',
          'a/drops': 'message.create answers 4xx for guild-member-added (§4.1)',
          'a/english': 'message.get works',
          'a/punct': 'channel.get returns it',
        },
        rules: { 'R-1': 'limit defaults to 50.' },
      },
      {
        titles: {
          'a/drops': 'message.create 对 guild-member-added 应答 5xx（§4）',
          'a/english': 'message.get works',
          'a/punct': 'channel.get 返回它(正确)',
          'gone/id': '旧的',
        },
        rules: { 'R-1': 'limit 默认为 50。' },
      },
    );
    expect(problems).toEqual([
      'title a/missing: no zh-CN rendering',
      'title a/drops (zh-CN): drops §4.1, 4xx of the English',
      'title a/english (zh-CN): not in Chinese',
      'title a/punct (zh-CN): half-width punctuation beside Chinese text: use ，；：！？（）',
      'title gone/id: stale zh-CN rendering (no such id)',
    ]);
  });

  it('treats as identifiers what a translation must keep', () => {
    expect(
      identifierTokens(
        "guild.member.get of the peer (--user) carries user_id, GuildMember and READY, 'before', a 1500 ms mute, §6",
      ).sort(),
    ).toEqual(
      ["'before'", '--user', '1500', 'GuildMember', 'READY', 'guild.member.get', 'user_id', '§6'].sort(),
    );
    expect(identifierTokens('message-created carries channel, e.g. prev/next; 4004 then 2xx')).toEqual(
      expect.arrayContaining(['message-created', 'prev/next', '4004', '2xx']),
    );
    expect(identifierTokens('e.g. the client continues')).toEqual([]);
  });

  it('titleOf: the English title as given in English and where no rendering is known', () => {
    const id = 'message.create/returns-the-sent-message';
    expect(titleOf(id, 'as defined', 'en')).toBe('as defined');
    expect(titleOf(id, 'as defined', 'zh-CN')).toBe(TITLES_ZH[id]);
    expect(TITLES_ZH[id]).toMatch(/^message\.create 返回/);
    expect(titleOf('plugin/unknown', 'A plugin check', 'zh-CN')).toBe('A plugin check');
  });
});

/** The fixture run with one check the checker defines, failing, citing MSG-CREATE-1. */
function runWithDefinedCheck(): RunResult {
  const run = mixedRun();
  const failing = run.checks.find((check) => check.status === 'fail')!;
  const defined = {
    ...failing,
    id: 'message.create/returns-the-sent-message',
    title:
      'message.create returns an array of valid Message objects carrying the content sent, and stores it',
    rules: ['MSG-CREATE-1'],
  };
  return { ...run, causes: [], checks: run.checks.map((check) => (check === failing ? defined : check)) };
}

describe('the writers', () => {
  const run = runWithDefinedCheck();
  const zhTitle = TITLES_ZH['message.create/returns-the-sent-message'];
  const render = (lang: 'en' | 'zh-CN', format: 'console' | 'markdown' | 'html' | 'junit' | 'json') =>
    String(renderReports(run, [format], { lang, verbose: true })[0].content);

  for (const format of ['console', 'markdown', 'html', 'junit'] as const)
    it(`${format} shows the zh-CN title in zh-CN and the English one in English`, () => {
      expect(render('zh-CN', format)).toContain(zhTitle);
      expect(render('en', format)).not.toContain(zhTitle);
      expect(render('en', format)).toContain('carrying the content sent');
      // The fixture's own checks (ids the checker does not define) keep their titles as given.
      expect(render('zh-CN', format)).toContain(
        'The next token continues the listing without gaps or repeats',
      );
    });

  it('report.json keeps the English title, and English writers are what they were without the titles', () => {
    expect(render('zh-CN', 'json')).not.toContain(zhTitle);
    expect(checksTitledIn(run, 'en')).toBe(run);
  });

  it('report.html shows a rule statement as written, its zh-CN rendering beside it (zh-CN only)', () => {
    const statement =
      'message.create sends a message to channel_id with content and returns an array of Message.';
    const rendered = RULE_STATEMENTS_ZH['MSG-CREATE-1'];
    expect(render('zh-CN', 'html')).toContain(`${statement}<br>${rendered}`);
    expect(render('en', 'html')).toContain(statement);
    expect(render('en', 'html')).not.toContain(rendered);
  });
});
