/**
 * RunResult (src/runner/model.ts, what the runner builds) and Report (spec/types.ts, generated from
 * spec/schemas/report.schema.json by npm run gen:types) must be the same type: a field added to one and
 * not the other fails `npm run typecheck`. The assertions are types; vitest only runs the empty bodies.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Report,
  ReportCheckResult,
  ReportCleanupRecord,
  ReportEvidence,
  ReportExchange,
  ReportStatusCounts,
  ReportSummary,
} from '../../spec/types.js';
import type {
  CheckResult,
  CleanupRecord,
  Evidence,
  Exchange,
  RunResult,
  StatusCounts,
  Summary,
} from '../../src/runner/model.js';

describe('the run result mirrors the generated report type', () => {
  it('RunResult is Report, field for field', () => {
    expectTypeOf<RunResult>().toEqualTypeOf<Report>();
  });

  it('each part is its generated counterpart', () => {
    expectTypeOf<CheckResult>().toEqualTypeOf<ReportCheckResult>();
    expectTypeOf<Evidence>().toEqualTypeOf<ReportEvidence>();
    expectTypeOf<Exchange>().toEqualTypeOf<ReportExchange>();
    expectTypeOf<Summary>().toEqualTypeOf<ReportSummary>();
    expectTypeOf<StatusCounts>().toEqualTypeOf<ReportStatusCounts>();
    expectTypeOf<CleanupRecord>().toEqualTypeOf<ReportCleanupRecord>();
  });
});
