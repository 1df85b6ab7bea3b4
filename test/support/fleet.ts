/**
 * Three implementations' reports for the fleet-matrix tests, each a real embedded run: the clean
 * reference, a faulty one, and an older server of the family (the `legacy` tolerance preset: legal
 * variations) that also follows the other §4.8 role-payload variant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../bin/cli.js';
import type { CommandIo } from '../../bin/commands/io.js';

export const FLEET_FAULT = 'message-list-next-missing';
export const FLEET = {
  reference: [],
  faulty: ['--fault', FLEET_FAULT, '--level', 'must'],
  legacy: ['--tolerate', 'legacy', '--variant', 'role-payload=role'],
} as const;

const quiet: CommandIo = { stdout: () => {}, stderr: () => {}, exit: () => {} };

export interface Fleet {
  folder: string;
  /** report.json path per implementation, in FLEET order. */
  reports: string[];
  remove(): void;
}

export async function runFleet(): Promise<Fleet> {
  const folder = mkdtempSync(join(tmpdir(), 'fleet-'));
  const reports: string[] = [];
  for (const [name, flags] of Object.entries(FLEET)) {
    const out = join(folder, name);
    const code = await main(
      ['--embedded', '--suite', 'messages,pagination,roles', '--reporter', 'json', '--out', out, ...flags],
      quiet,
      { color: false },
    );
    if (code !== (name === 'faulty' ? 1 : 0)) throw new Error(`the ${name} run exited ${code}`);
    reports.push(join(out, 'report.json'));
  }
  return { folder, reports, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
