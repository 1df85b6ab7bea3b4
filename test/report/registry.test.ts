import { describe, expect, it } from 'vitest';
import { defaultReporters, parseReporterList, renderReports, reporters } from '../../src/report/index.js';
import { ConfigurationError } from '../../src/runner/errors.js';
import { mixedRun } from './fixtures/runs.js';

describe('reporter registry', () => {
  it('maps each name to its files; the badge writes two, the console none', () => {
    const files = Object.fromEntries(
      Object.values(reporters).map((reporter) => [
        reporter.name,
        reporter.outputs.map((output) => output.file ?? 'stdout'),
      ]),
    );
    expect(files).toEqual({
      console: ['stdout'],
      json: ['report.json'],
      junit: ['junit.xml'],
      markdown: ['report.md'],
      html: ['report.html'],
      badge: ['badge.svg', 'badge.json'],
    });
    expect(defaultReporters).toEqual(['console', 'json', 'junit', 'markdown', 'html', 'badge']);
  });

  it('parses comma-separated and repeated lists, de-duplicated', () => {
    expect(parseReporterList('json, JUnit,badge')).toEqual(['json', 'junit', 'badge']);
    expect(parseReporterList(['console,json', 'json', 'html'])).toEqual(['console', 'json', 'html']);
  });

  it('rejects unknown names with a ConfigurationError that lists the valid ones', () => {
    expect(() => parseReporterList('json,xml')).toThrow(ConfigurationError);
    expect(() => parseReporterList('json,xml,pdf')).toThrow(
      "Unknown reporters 'xml', 'pdf': use one or more of console, json, junit, markdown, html, badge (comma-separated).",
    );
    expect(() => parseReporterList(' , ')).toThrow(/No reporter given/);
  });

  it('renders every chosen output; files get no colour', () => {
    const rendered = renderReports(mixedRun(), ['badge', 'json', 'markdown'], { color: true });
    expect(rendered.map((report) => report.file)).toEqual([
      'report.json',
      'report.md',
      'badge.svg',
      'badge.json',
    ]);
    expect(JSON.parse(String(rendered[0].content)).checks).toHaveLength(mixedRun().checks.length);
    expect(String(rendered[1].content)).toMatch(/^## Chat API conformance/);
    expect(JSON.parse(String(rendered[3].content)).schemaVersion).toBe(1);
    const withConsole = renderReports(mixedRun(), ['console'], { color: false });
    expect(withConsole).toHaveLength(1);
    expect(withConsole[0].file).toBeUndefined();
    expect(String(withConsole[0].content)).toContain('message.list/limit-above-bound-is-clamped');
  });
});
