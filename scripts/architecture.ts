/**
 * The code's shape, as `npm run check` enforces it (ARCHITECTURE.md): no import against the layer table,
 * no import circle, and no hand-written copy of a report type (the report model is generated once, from
 * spec/schemas/report.schema.json). test/architecture/ holds the rules (layers.ts, report-copies.ts) and
 * proves each on fixtures.
 *
 *   npm run check:architecture              exits 1 and lists each problem
 *   npm run check:architecture -- --root D  checks the tree at D instead (used by the tests)
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dependencyViolations, importCircles } from '../test/architecture/layers.js';
import { GENERATED, reportTypeCopies } from '../test/architecture/report-copies.js';

const SOURCE_DIRS = ['bin', 'src', 'suites', 'spec', 'scripts', 'bench'];

/** One line per problem found in the tree at `root`. */
export function architectureProblems(root: string): string[] {
  const present = SOURCE_DIRS.filter((dir) => existsDir(root, dir));
  return [
    ...dependencyViolations(root, present).map(
      (v) => `${v.from} imports ${v.to}: ${v.edge} is against the layer table (ARCHITECTURE.md)`,
    ),
    ...importCircles(root, present).map(
      (circle) => `import circle: ${circle.join(' → ')} (move what they share to a leaf file both import)`,
    ),
    ...(existsFile(root, GENERATED) ? reportTypeCopies(root, present) : []).map(
      (copy) =>
        `${copy.file}:${copy.line} ${copy.name} copies the report type ${copy.copies} by hand: name the generated type (src/runner/model.ts), and add a field to spec/schemas/report.schema.json, then npm run gen:types`,
    ),
  ];
}

const existsDir = (root: string, dir: string): boolean =>
  statSync(resolve(root, dir), { throwIfNoEntry: false })?.isDirectory() ?? false;
const existsFile = (root: string, file: string): boolean =>
  statSync(resolve(root, file), { throwIfNoEntry: false })?.isFile() ?? false;

/** `check:architecture [--root D]`: exits 1 and lists each problem. */
export function main(args: string[]): number {
  const { values } = parseArgs({
    args,
    options: { root: { type: 'string', default: resolve(dirname(fileURLToPath(import.meta.url)), '..') } },
  });
  const problems = architectureProblems(resolve(values.root));
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`${problems.length} architecture problem(s).`);
    return 1;
  }
  console.log(`no back-edge, no import circle, no hand-written report type in ${SOURCE_DIRS.join(', ')}`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
