/**
 * The workflows the README and docs/ci.md show use the action as action.yml declares it: every `with:` key
 * is an input, every required input is given, and each is a workflow YAML parses. (test/action/ runs the
 * action itself against the reference.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../cli/helpers.js';
import { fencedBlocks } from '../support/markdown.js';

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

const ACTION = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { required?: boolean }>;
};

/** Each use of this repository's action in the YAML blocks of a page, as a step. */
function actionSteps(page: string): Step[] {
  return fencedBlocks(readFileSync(join(ROOT, page), 'utf8'))
    .filter((block) => block.info === 'yaml' && block.body.includes('/chat-conformance@'))
    .flatMap((block) => {
      const parsed = parse(block.body) as Step[] | { jobs: Record<string, { steps: Step[] }> };
      const steps = Array.isArray(parsed) ? parsed : Object.values(parsed.jobs).flatMap((job) => job.steps);
      return steps.filter((step) => step.uses?.includes('/chat-conformance@'));
    });
}

describe('the CI snippets', () => {
  it.each(['README.md', 'docs/ci.md', 'docs/reports.md'])(
    '%s uses the inputs action.yml declares',
    (page) => {
      const steps = actionSteps(page);
      expect(steps.length).toBeGreaterThan(0);
      const required = Object.entries(ACTION.inputs)
        .filter(([, input]) => input.required)
        .map(([name]) => name);
      for (const step of steps) {
        const given = Object.keys(step.with ?? {});
        expect(given.filter((name) => !(name in ACTION.inputs))).toEqual([]);
        expect(required.filter((name) => !given.includes(name))).toEqual([]);
      }
    },
  );
});
