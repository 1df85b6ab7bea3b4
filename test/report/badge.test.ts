import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { badgeCommand } from '../../bin/commands/badge.js';
import { badgeColor, badgeData, renderBadgeJson, renderBadgeSvg } from '../../src/report/badge.js';
import { mixedRun, passingRun, withStatuses } from './fixtures/runs.js';
import { captureIo } from './io.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'badge-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('badge', () => {
  it('matches the snapshots (svg and shields.io endpoint json)', async () => {
    await expect(renderBadgeSvg(mixedRun(), {})).toMatchFileSnapshot('./__snapshots__/badge.svg');
    await expect(renderBadgeJson(mixedRun(), {})).toMatchFileSnapshot('./__snapshots__/badge.json');
  });

  it('counts non-experimental must checks that ran: skips and experimental results are left out', () => {
    // mixed run, core must checks: 4 pass, 1 fail, 1 error, 2 skip (experimental must: 1 pass, 1 fail):
    // passed/ran, and the skips said.
    expect(badgeData(mixedRun(), {})).toEqual({
      schemaVersion: 1,
      label: 'chat-api conformance',
      message: '4/6 must, 2 skipped',
      color: 'orange',
    });
    // 'should' adds should checks (1 pass, 1 fail); info never counts.
    expect(badgeData(mixedRun(), { badgeLevel: 'should' }).message).toBe('5/8 must+should, 2 skipped');
  });

  it('an experimental failure never lowers the core badge', () => {
    const run = passingRun();
    expect(badgeData(run, {})).toMatchObject({ message: '8/8 must', color: 'brightgreen' });
    const experimentalFails = withStatuses(run, {
      'guild.member.mute/mutes-peer': 'fail',
      'guild.role.create/returns-role': 'error',
    });
    expect(badgeData(experimentalFails, {})).toMatchObject({ message: '8/8 must', color: 'brightgreen' });
  });

  it('colours: brightgreen all pass, yellow ≥ 90 %, orange ≥ 50 %, red when most fail, grey when none ran', () => {
    expect(badgeColor({ passed: 150, counted: 150 })).toBe('brightgreen');
    expect(badgeColor({ passed: 148, counted: 150 })).toBe('yellow');
    expect(badgeColor({ passed: 100, counted: 150 })).toBe('orange');
    expect(badgeColor({ passed: 10, counted: 150 })).toBe('red');
    expect(badgeColor({ passed: 0, counted: 0 })).toBe('lightgrey');
  });

  it('the SVG is well-formed and says label and message', () => {
    const svg = String(renderBadgeSvg(mixedRun(), {}));
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(svg);
    expect(parsed.svg['@_aria-label']).toBe('chat-api conformance: 4/6 must, 2 skipped');
  });

  it('rejects an unknown badge level with what to use instead', () => {
    expect(() => badgeData(mixedRun(), { badgeLevel: 'info' as never })).toThrow(/use 'must' or 'should'/);
  });
});

describe('conformance badge report.json', () => {
  it('writes badge.svg and badge.json next to the report, or into --out', async () => {
    const report = join(folder, 'report.json');
    await writeFile(report, JSON.stringify(mixedRun()));
    const io = captureIo();
    await badgeCommand(report, {}, io);
    expect(io.code).toBe(0);
    expect(io.out).toContain('chat-api conformance: 4/6 must, 2 skipped (orange)');
    expect(JSON.parse(await readFile(join(folder, 'badge.json'), 'utf8')).message).toBe(
      '4/6 must, 2 skipped',
    );
    expect(await readFile(join(folder, 'badge.svg'), 'utf8')).toMatch(/^<svg/);

    const out = join(folder, 'out', 'nested');
    const viaCli = captureIo();
    expect(await main(['badge', report, '--out', out, '--badge-level', 'should'], viaCli)).toBe(0);
    expect(JSON.parse(await readFile(join(out, 'badge.json'), 'utf8')).message).toBe(
      '5/8 must+should, 2 skipped',
    );
  });

  it('exits 2 with a clear message when the input is not a report', async () => {
    const notReport = join(folder, 'package.json');
    await writeFile(notReport, JSON.stringify({ name: 'something-else', checks: 3 }));
    const io = captureIo();
    await badgeCommand(notReport, {}, io);
    expect(io.code).toBe(2);
    expect(io.err).toMatch(
      /is not a chat-conformance report \(tool.name is not "chat-conformance".*checks is not an array\)/,
    );

    const garbage = join(folder, 'garbage.json');
    await writeFile(garbage, '<html>');
    const second = captureIo();
    await badgeCommand(garbage, {}, second);
    expect(second.code).toBe(2);
    expect(second.err).toContain('is not JSON');

    const missing = captureIo();
    await badgeCommand(join(folder, 'nope.json'), {}, missing);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Cannot read');

    const level = captureIo();
    await badgeCommand(notReport, { badgeLevel: 'info' }, level);
    expect(level.code).toBe(2);
    expect(level.err).toContain("Unknown --badge-level 'info'");
  });
});
