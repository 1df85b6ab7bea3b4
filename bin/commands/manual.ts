import type { Translate } from '../../src/i18n/index.js';

/**
 * The manual's page for each command (docs/ in the chat-conformance repository): `conformance <command>
 * --help` ends with it, so the help a user reads names the one page that explains the command.
 */
export const MANUAL_PAGES: Readonly<Record<string, string>> = {
  run: 'docs/checking-a-server.md',
  list: 'docs/checking-a-server.md#finding-a-check-a-rule-a-fault',
  serve: 'docs/reference-implementation.md',
  badge: 'docs/reports.md#badge',
  compare: 'docs/reports.md#comparing-two-runs',
  matrix: 'docs/reports.md#fleet-matrix',
  fuzz: 'docs/fuzz.md',
  client: 'docs/checking-a-client.md',
  cleanup: 'docs/checking-a-server.md#cleanup-after-an-interrupted-run',
};

/** The help's last line for a command's page. */
export const manualLine = (t: Translate, page: string): string => t('cli.manual', { page });
