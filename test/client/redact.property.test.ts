/**
 * Redaction by property (issue 20): random tokens (1–64 characters, any code points) × random bodies that
 * embed them whole, escaped, in long pieces and straddling every cut point. No output may hold a piece of
 * 4 characters or more of a token of 8 or more (nor a shorter token whole), and every report of a run
 * whose values hold the token still parses with the structure of the unredacted one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardCuts, shorten } from '../../spec/brief.js';
import { FRAGMENT_LENGTH, MIN_CUT_PIECE, Redactor, secretForms } from '../../src/client/redact.js';
import { reporters } from '../../src/report/index.js';
import { RUN_SHAPE } from '../../src/run-state.js';
import type { RunResult } from '../../src/runner/model.js';
import { mixedRun } from '../report/fixtures/runs.js';

const PLACEHOLDER = '$TOKEN';
const token = fc.string({ minLength: 1, maxLength: 64, unit: 'binary' });
const longToken = fc.string({ minLength: FRAGMENT_LENGTH, maxLength: 64, unit: 'binary' });

/** Filler text that shares no character with the token (a coincidence is not an echo). */
const fillerFor = (secret: string) =>
  fc
    .string({ maxLength: 40, unit: 'binary' })
    .map((text) => [...text].filter((char) => !secret.includes(char)).join(''));

/** The token's pieces (MIN_CUT_PIECE characters or more; the whole of a short token) left in `output`. */
function leaks(secret: string, output: string): string[] {
  // The placeholders are the checker's text (a token may share letters with '$TOKEN').
  const parts = output.split(PLACEHOLDER);
  if (secret.length < FRAGMENT_LENGTH) return parts.some((part) => part.includes(secret)) ? [secret] : [];
  const found: string[] = [];
  for (let at = 0; at + MIN_CUT_PIECE <= secret.length; at++) {
    const piece = secret.slice(at, at + MIN_CUT_PIECE);
    if (parts.some((part) => part.includes(piece))) found.push(piece);
  }
  return found;
}

const count = (text: string, piece: string): number => text.split(piece).length - 1;

/** A body that embeds the token: whole, in one of its escaped forms, or (long tokens) in long pieces. */
const embedded = (secret: string) =>
  fc
    .tuple(
      fillerFor(secret),
      fillerFor(secret),
      fillerFor(secret),
      fc.nat({ max: secretForms(secret).length - 1 }),
      fc.nat(),
    )
    .map(([before, between, after, form, split]) => {
      const forms = secretForms(secret);
      const bodies = [`${before}${secret}${after}`, `${before}${forms[form]}${after}`];
      if (secret.length >= 2 * FRAGMENT_LENGTH) {
        const at = FRAGMENT_LENGTH + (split % (secret.length - 2 * FRAGMENT_LENGTH + 1));
        bodies.push(`${before}${secret.slice(0, at)}${between}${secret.slice(at)}${after}`);
      }
      return bodies;
    });

describe('Redactor by property: no piece of a token survives a value, a cut or an escape', () => {
  it('redact: the token whole, escaped or in long pieces leaves nothing', () => {
    fc.assert(
      fc.property(
        token.chain((secret) => fc.tuple(fc.constant(secret), embedded(secret))),
        ([secret, bodies]) => {
          const redactor = new Redactor([{ value: secret, placeholder: PLACEHOLDER }]);
          for (const body of bodies) {
            expect(leaks(secret, redactor.redact(body))).toEqual([]);
            expect(leaks(secret, redactor.redactComposed(body)).filter(() => secret.length >= 8)).toEqual([]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cut and shorten: a token straddling any cut point leaves nothing on the kept side', () => {
    fc.assert(
      fc.property(
        longToken.chain((secret) => fc.tuple(fc.constant(secret), fillerFor(secret), fillerFor(secret))),
        ([secret, before, after]) => {
          const redactor = new Redactor([{ value: secret, placeholder: PLACEHOLDER }]);
          const text = `${before}${secret}${after}`;
          const release = redactor.guardCuts();
          try {
            for (let limit = 0; limit <= text.length; limit++) {
              expect(leaks(secret, redactor.cut(text, limit).text)).toEqual([]);
              expect(leaks(secret, shorten(text, limit))).toEqual([]);
            }
          } finally {
            release();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a guard lent to every cut ends with its run', () => {
    const redactor = new Redactor([{ value: 'abcdefgh12345678', placeholder: PLACEHOLDER }]);
    const release = guardCuts(redactor);
    expect(shorten('id abcdefgh12345678 end', 100)).toBe('id $TOKEN end');
    release();
    expect(shorten('id abcdefgh12345678 end', 100)).toBe('id abcdefgh12345678 end');
  });
});

/**
 * The keys of a JSON value, recursively, in order: its structure without its values. Event bodies count
 * as values (a server chose their keys: a key that is the token is redacted).
 */
const shapeOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shapeOf)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).map(([key, child]) => [key, key === 'events' ? 'events' : shapeOf(child)]),
        )
      : typeof value;

/** A run whose values a server could have sent hold `body`. */
function runHolding(body: string): RunResult {
  const run = mixedRun();
  run.notes = [...(run.notes ?? []), `event stream: ${body}`];
  run.stopped = { reason: `discovery failed: ${body}`, phase: 'discovery' };
  for (const check of run.checks) {
    if (check.status !== 'fail' && check.status !== 'error') continue;
    check.reason = `expected a 2xx status; observed HTTP 500 ${body}`;
    for (const exchange of check.evidence?.exchanges ?? []) {
      // As the server sent it (the forms it escaped are the embedded ones; none escaped once more).
      if (exchange.response) exchange.response.body = `{"error":"${body}"}`;
      exchange.request.url = `${exchange.request.url}?q=${body}`;
    }
  }
  return run;
}

describe('Reports by property: a redacted run renders without the token, with its structure', () => {
  it('every report of a run holding the token holds no piece of it, and report.json keeps its shape', () => {
    fc.assert(
      fc.property(
        token.chain((secret) => fc.tuple(fc.constant(secret), embedded(secret))),
        ([secret, bodies]) => {
          const redactor = new Redactor([{ value: secret, placeholder: PLACEHOLDER }]);
          const body = bodies.join(' ');
          const plain = runHolding(body);
          const redacted = redactor.redactValues(plain, RUN_SHAPE);
          // The same run without the token: a piece the report's own words hold ('type') is no leak.
          const without = redactor.redactValues(runHolding(''), RUN_SHAPE);
          for (const definition of Object.values(reporters)) {
            for (const output of definition.outputs) {
              const text = String(output.render(redacted, { color: false }));
              if (secret.length >= FRAGMENT_LENGTH) {
                const own = String(output.render(without, { color: false }));
                for (const piece of leaks(secret, text))
                  expect(count(text, piece)).toBeLessThanOrEqual(count(own, piece));
              }
              if (output.file === 'report.json') expect(shapeOf(JSON.parse(text))).toEqual(shapeOf(plain));
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
