/**
 * Badges: badge.svg (badge-maker) and badge.json in the shields.io endpoint format, so a README can
 * show either the committed SVG or https://img.shields.io/endpoint?url=<hosted badge.json>.
 */
import { makeBadge } from 'badge-maker';
import { CHOICES } from '../choices.js';
import { tr, translator } from '../i18n/index.js';
import type { CheckResult, RunResult } from '../runner/model.js';
import { langOf } from './common.js';
import type { Reporter, ReporterOptions } from './types.js';

export type BadgeLevel = 'must' | 'should';

/** shields.io endpoint schema: https://shields.io/badges/endpoint-badge */
export interface BadgeData {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

export const BADGE_LEVELS: readonly BadgeLevel[] = CHOICES.badgeLevel;

export interface BadgeCounts {
  passed: number;
  /** Checks that ran to a verdict at the badge level: pass + fail + error. */
  counted: number;
  /** Checks at the badge level that skipped (a missing capability or precondition): said on the badge. */
  skipped: number;
}

/**
 * Counts the checks the badge is about. 'must' counts must checks; 'should' counts must and should.
 * Skipped checks are left out of the denominator (passed/ran) but said on the badge: a skip is "not
 * applicable / capability missing", which says nothing either way, yet a reader must see it happened. Experimental checks never count, so an experimental
 * operation can never lower the core badge. Expected failures (baseline) still count as failures:
 * the badge shows what the implementation does, not what the team accepted.
 */
export function badgeCounts(run: RunResult, level: BadgeLevel = 'must'): BadgeCounts {
  const atLevel = (check: CheckResult) =>
    check.level === 'must' || (level === 'should' && check.level === 'should');
  const atBadgeLevel = run.checks.filter((check) => !check.experimental && atLevel(check));
  const counted = atBadgeLevel.filter((check) => check.status !== 'skip');
  return {
    passed: counted.filter((check) => check.status === 'pass').length,
    counted: counted.length,
    skipped: atBadgeLevel.length - counted.length,
  };
}

/** brightgreen when everything passes, yellow above 90 %, orange from half, red when most fail. */
export function badgeColor({ passed, counted }: Pick<BadgeCounts, 'passed' | 'counted'>): string {
  if (counted === 0) return 'lightgrey';
  if (passed === counted) return 'brightgreen';
  const ratio = passed / counted;
  if (ratio >= 0.9) return 'yellow';
  if (ratio >= 0.5) return 'orange';
  return 'red';
}

const levelOption = (options: ReporterOptions): BadgeLevel => {
  const level = options.badgeLevel ?? 'must';
  if (!BADGE_LEVELS.includes(level)) {
    throw new Error(tr`Unknown badge level '${String(level)}': use 'must' or 'should'.`);
  }
  return level;
};

export function badgeData(run: RunResult, options: ReporterOptions = {}): BadgeData {
  const level = levelOption(options);
  const t = translator(langOf(options));
  const counts = badgeCounts(run, level);
  const levelText = level === 'must' ? 'must' : 'must+should';
  let message =
    counts.counted === 0
      ? t('badge.none')
      : `${counts.passed}/${counts.counted} ${levelText}` +
        (counts.skipped ? t('badge.skipped', { n: String(counts.skipped) }) : '');
  const suites = run.mode === 'client' ? (run.target.client?.suites ?? []) : [];
  // Client mode: the badge names the client suites run, and with several, how each one did.
  if (suites.length > 1 && counts.counted > 0) {
    message = `${suites
      .map((suite) => {
        const of = badgeCounts(
          { ...run, checks: run.checks.filter((check) => check.group === suite) },
          level,
        );
        return `${suite} ${of.passed}/${of.counted}`;
      })
      .join(', ')} ${levelText}`;
  }
  // The label names the client suites run (a client run's badge); their names are identifiers.
  const label =
    run.mode === 'client'
      ? `${t('badge.clientLabel')}${suites.length ? t('report.detail', { detail: suites.join(' + ') }) : ''}`
      : t('badge.label');
  return { schemaVersion: 1, label, message, color: badgeColor(counts) };
}

export const renderBadgeJson: Reporter = (run, options) =>
  `${JSON.stringify(badgeData(run, options), null, 2)}\n`;

export const renderBadgeSvg: Reporter = (run, options) => {
  const { label, message, color } = badgeData(run, options);
  return makeBadge({ label, message, color, style: 'flat' });
};
