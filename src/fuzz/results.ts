/**
 * Fuzz outcomes as a run result: each oracle is reported like a check (id `fuzz.<operation>/<what>`, level,
 * rules, expected/observed, the exchanges of the shrunk reproduction with a curl line each), and the run's
 * `fuzz` section keeps the seed, each finding's path and what was generated (report.json).
 */
import { phraseLang, titleOf, tr } from '../i18n/index.js';
import type { CheckResult, FuzzSection, Status } from '../runner/model.js';
import type { FindingRecord, PropertyOutcome } from './engine.js';
import type { RefusalControls as Controls, Oracle } from './model.js';

const resultOf = (
  oracle: Oracle,
  outcome: PropertyOutcome,
  status: Status,
  extra: Partial<CheckResult> = {},
): CheckResult => ({
  id: oracle.id,
  title: oracle.title,
  group: outcome.property.group,
  level: oracle.level,
  experimental: outcome.property.experimental,
  rules: [...oracle.rules],
  operations: [outcome.property.operation],
  status,
  durationMs: 0,
  ...extra,
});

function failed(finding: FindingRecord, outcome: PropertyOutcome): CheckResult {
  const replay = `seed ${finding.seed}, path ${finding.path}${finding.replayPath ? `, replayPath ${finding.replayPath}` : ''}`;
  return resultOf(finding.oracle, outcome, 'fail', {
    reason: tr`${finding.expected}; observed ${finding.observed} (shrunk in ${finding.shrinks} steps; ${replay})`,
    evidence: {
      expected: finding.expected,
      observed: finding.observed,
      exchanges: finding.exchanges,
      notes: [
        tr`minimal input: ${finding.counterexample}`,
        tr`replay: conformance fuzz --replay report.json (${replay})`,
      ],
    },
  });
}

/**
 * A refusal oracle that held: a pass only with its operation's control (controls.ts), else undecided (the
 * complete request was refused too) or not counted (no complete request could be made), with the reason.
 */
function held(oracle: Oracle, outcome: PropertyOutcome, controls: Controls | undefined): CheckResult {
  const times = tr`held for ${outcome.judged.get(oracle.id)} generated inputs (${outcome.runs} runs of ${outcome.property.key})`;
  const operation = outcome.property.operation;
  const problem = oracle.control
    ? (controls?.problem(operation) ?? (controls ? undefined : { undecided: false, reason: tr`no control` }))
    : undefined;
  if (problem?.undecided) {
    const state = tr`${titleOf(oracle.id, oracle.title, phraseLang())}: it ${times}, but ${problem.reason}: a refusal proves nothing when the complete request is refused as well`;
    return resultOf(oracle, outcome, 'skip', {
      reason: state,
      undecided: {
        state,
        clear: tr`make ${operation} accept a complete valid request (or leave it out of login.features), then fuzz again`,
      },
    });
  }
  if (problem)
    return resultOf(oracle, outcome, 'skip', {
      reason: tr`not counted: it ${times}, but ${problem.reason}; a refusal proves nothing without an accepted complete request`,
    });
  const control = oracle.control ? controls?.acceptedBy(operation) : undefined;
  return resultOf(oracle, outcome, 'pass', {
    evidence: {
      exchanges: [],
      notes: [times, ...(control ? [tr`control: a complete request of ${operation} was ${control}`] : [])],
    },
  });
}

/** The operations whose refusal oracles held at least once: the ones the controls must settle. */
export const controlledOperations = (outcomes: readonly PropertyOutcome[]): string[] =>
  outcomes
    .filter((outcome) =>
      outcome.property.oracles.some((oracle) => oracle.control && outcome.judged.get(oracle.id)),
    )
    .map((outcome) => outcome.property.operation);

/**
 * One result per oracle id (an oracle shared by two properties: a failure wins, then a pass). `controls`:
 * the run's positive controls; without them no refusal oracle passes.
 */
export function checkResults(outcomes: readonly PropertyOutcome[], controls?: Controls): CheckResult[] {
  const byId = new Map<string, CheckResult>();
  const rank: Record<Status, number> = { fail: 3, error: 2, pass: 1, skip: 0 };
  const put = (result: CheckResult) => {
    const before = byId.get(result.id);
    if (!before || rank[result.status] > rank[before.status]) byId.set(result.id, result);
  };
  for (const outcome of outcomes) {
    const found = new Map(outcome.findings.map((finding) => [finding.oracle.id, finding]));
    for (const oracle of outcome.property.oracles) {
      const finding = found.get(oracle.id);
      const notOffered = outcome.notOffered?.get(oracle.id);
      if (notOffered) put(resultOf(oracle, outcome, 'skip', { reason: notOffered, notOffered: true }));
      else if (finding) put(failed(finding, outcome));
      else if (outcome.skipped) put(resultOf(oracle, outcome, 'skip', { reason: outcome.skipped }));
      else if (outcome.error) put(resultOf(oracle, outcome, 'error', { reason: outcome.error }));
      else if (outcome.judged.get(oracle.id)) put(held(oracle, outcome, controls));
      else
        put(
          resultOf(oracle, outcome, 'skip', {
            reason: tr`not exercised: no generated input reached it in ${outcome.runs} runs`,
          }),
        );
    }
  }
  return [...byId.values()];
}

/** The report.json `fuzz` section. */
export function fuzzSection(
  outcomes: readonly PropertyOutcome[],
  settings: { seed: number; runs: number; budgetMs: number; replay?: string | undefined },
): FuzzSection {
  return {
    seed: settings.seed,
    runs: settings.runs,
    budgetMs: settings.budgetMs,
    ...(settings.replay ? { replay: settings.replay } : {}),
    properties: outcomes.map((outcome) => ({
      key: outcome.property.key,
      operation: outcome.property.operation,
      mode: outcome.property.mode,
      runs: outcome.runs,
      ...(outcome.skipped ? { skipped: outcome.skipped } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
      branches: outcome.branches,
    })),
    findings: outcomes.flatMap((outcome) =>
      outcome.findings.map((finding) => ({
        id: finding.oracle.id,
        property: finding.property,
        level: finding.oracle.level,
        seed: finding.seed,
        path: finding.path,
        ...(finding.replayPath ? { replayPath: finding.replayPath } : {}),
        counterexample: finding.counterexample,
        shrinks: finding.shrinks,
      })),
    ),
  };
}
