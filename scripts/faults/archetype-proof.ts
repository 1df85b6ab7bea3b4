/**
 * Proof 11 of `npm run faults` (scripts/faults.ts): the archetype sweep, the planted faults and the preset
 * http-only (scripts/faults/archetypes.ts), sized for CI: a seventh of the seeds and of the faults in each
 * rotation slot (test/support/rotation.ts), every one with --full or CHAT_CONFORMANCE_ROTATION=full.
 */

import { loadFaultCatalogue } from '../../src/embedded.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import { type Rotation, rotating } from '../../test/support/rotation.js';
import {
  ARCHETYPE_SEEDS,
  formatArchetypeSweep,
  formatPlanted,
  runArchetypeSweep,
  runHttpOnlyPreset,
  runPlantedFaults,
  sweepSeed,
} from './archetypes.js';

/** Weeks since 1970, mod 3: which third of its slot's rows a CI run takes. */
const weekOf = (now: Date) => Math.floor(now.getTime() / (7 * 86_400_000)) % 3;

/** Runs the three parts side by side; never rejects (a part that throws is one problem, printed). */
export async function runArchetypeProof(options: {
  checks: CheckDefinition[];
  full: boolean;
  rotation: Rotation;
}): Promise<{ text: string; problems: number }> {
  const started = performance.now();
  const every = options.full || options.rotation.full;
  const slot: Rotation = every ? { full: true, slot: 0 } : options.rotation;
  // CI takes a third of the slot's seventh, the week's (about 10 seeds and 7 faults, two minutes of CPU):
  // every seed and fault within three weeks, and all of them in every --full run (the scheduled workflow).
  const third = <T>(rows: T[]) =>
    every ? rows : rows.filter((_, index) => index % 3 === weekOf(new Date()));
  const seeds = third(rotating(ARCHETYPE_SEEDS, 0, slot));
  const faults = third(rotating(loadFaultCatalogue(), 3, slot));
  const progress = (line: string) => process.stderr.write(`[archetypes] ${line}\n`);
  try {
    const [sweep, planted, preset] = await Promise.all([
      runArchetypeSweep({
        seeds,
        checks: options.checks,
        // Most of a seed's wall is event waits: more in flight where every seed runs, but not so many that
        // a check's own timeout ends it on a machine that --full fills with every proof at once.
        parallel: every ? 4 : 3,
        onRow: (row) =>
          progress(
            `seed ${row.seed}: ${row.verdicts.length} forbidden verdicts (${(row.wallMs / 1000).toFixed(1)} s)`,
          ),
      }),
      runPlantedFaults({
        checks: options.checks,
        faults,
        onPair: (pair) => progress(`fault ${pair.fault} in archetype ${pair.seed}: ${pair.outcome}`),
      }),
      runHttpOnlyPreset(options.checks),
    ]);
    const plantedText = formatPlanted(planted);
    const failingSeeds = sweep.filter((row) => row.verdicts.length > 0).length;
    const problems = failingSeeds + (plantedText.ok ? 0 : 1) + preset.problems.length;
    const scope = every
      ? `all ${seeds.length} seeds and ${faults.length} faults`
      : `rotation slot ${slot.slot}, week third ${weekOf(new Date())}: ${seeds.length} of ${ARCHETYPE_SEEDS.length} seeds, ${faults.length} of ${loadFaultCatalogue().length} faults (--full: all)`;
    const text = [
      formatArchetypeSweep(sweep, 12),
      plantedText.text,
      preset.text,
      `(archetype proof: ${scope}; ${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    ].join('\n');
    return { text, problems };
  } catch (error) {
    return { text: `archetype proof: could not run: ${(error as Error).stack}\n`, problems: 1 };
  }
}

/** `npm run faults -- --archetype-seed N`: one seed's sweep, every forbidden verdict printed; its exit code. */
export async function sweepOneSeed(seed: number, checks: CheckDefinition[]): Promise<number> {
  if (!Number.isInteger(seed) || seed < 0) {
    process.stderr.write('--archetype-seed takes a whole number >= 0\n');
    return 2;
  }
  const row = await sweepSeed(seed, new Map(checks.map((check) => [check.id, check])), checks);
  process.stdout.write(formatArchetypeSweep([row]));
  return row.verdicts.length === 0 ? 0 : 1;
}
