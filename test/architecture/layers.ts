/**
 * The one-way dependency rule as data (ARCHITECTURE.md): each source file belongs to one layer, and a
 * layer may import only the layers listed for it. `dependencyViolations` parses every `import … from`,
 * `export … from` and `import()` with the TypeScript compiler and reports each edge the table forbids.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export type Layer =
  | 'bin'
  | 'tools'
  | 'fuzz'
  | 'root'
  | 'report'
  | 'client-mode'
  | 'runner'
  | 'client'
  | 'events'
  | 'reference'
  | 'suites'
  | 'leaf'
  | 'spec';

/** Which layer a file is in: the first pattern that matches its path (relative to the package, '/'). */
export const LAYER_OF: readonly [pattern: RegExp, layer: Layer][] = [
  [/^bin\//, 'bin'],
  [/^(scripts|bench)\//, 'tools'],
  [/^src\/fuzz\//, 'fuzz'],
  [/^src\/(index|embedded|traceability|options|run-steps|run-state|vitest)\.ts$/, 'root'],
  [/^src\/report\//, 'report'],
  [/^src\/client-mode\//, 'client-mode'],
  [/^src\/runner\//, 'runner'],
  [/^src\/client\//, 'client'],
  [/^src\/events\//, 'events'],
  [/^src\/reference\//, 'reference'],
  [/^suites\//, 'suites'],
  [/^src\/(wire|exit-codes|choices|run-flags|loop-lag)\.ts$/, 'leaf'],
  [/^src\/i18n\//, 'leaf'],
  [/^spec\//, 'spec'],
];

/**
 * The allowed edges: bin → src/index (root) → runner → (client, events) → leaf (wire types, exit codes) / spec; suites →
 * the runner's check API; the reference → spec only. A layer may always import itself.
 */
export const ALLOWED: Readonly<Record<Layer, readonly Layer[]>> = {
  bin: [
    'fuzz',
    'root',
    'report',
    'client-mode',
    'runner',
    'client',
    'events',
    'reference',
    'suites',
    'leaf',
    'spec',
  ],
  tools: [
    'bin',
    'fuzz',
    'root',
    'report',
    'client-mode',
    'runner',
    'client',
    'events',
    'reference',
    'suites',
    'leaf',
    'spec',
  ],
  // conformance fuzz: a composition of its own over the run's steps (root); nothing below imports it.
  fuzz: ['root', 'runner', 'client', 'events', 'leaf', 'spec'],
  root: ['report', 'client-mode', 'runner', 'client', 'events', 'reference', 'leaf', 'spec'],
  report: ['runner', 'leaf', 'spec'],
  // Client mode plays the reference as a server against a client, with the runner's result model.
  'client-mode': ['runner', 'client', 'reference', 'leaf', 'spec'],
  runner: ['client', 'events', 'leaf', 'spec'],
  client: ['leaf', 'spec'],
  events: ['leaf', 'spec'],
  reference: ['spec'],
  // The check API (runner), the event probes a check composes, and client-mode's scenario API.
  suites: ['runner', 'events', 'client-mode', 'leaf', 'spec'],
  // The wire types are parts of the report (an exchange, a finding): generated from its schema (spec).
  leaf: ['spec'],
  spec: [],
};

export const layerOf = (path: string): Layer | undefined =>
  LAYER_OF.find(([pattern]) => pattern.test(path))?.[1];

export interface Violation {
  from: string;
  to: string;
  edge: `${Layer} → ${Layer}`;
}

const SOURCE = /\.(ts|mts)$/;

function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(join(root, path)).isDirectory()) files.push(...sourceFiles(root, path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path.split(sep).join('/'));
  }
  return files;
}

/** The project-relative imports of one file (relative specifiers only; packages are not layers). */
export function importsOf(root: string, file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return info.importedFiles
    .map((entry) => entry.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      relative(root, resolve(root, dirname(file), specifier.replace(/\.(m?)js$/, '.$1ts')))
        .split(sep)
        .join('/'),
    );
}

/** Every import edge under `dirs` (relative to `root`) that the layer table forbids. */
export function dependencyViolations(root: string, dirs: readonly string[]): Violation[] {
  const violations: Violation[] = [];
  for (const dir of dirs) {
    for (const from of sourceFiles(root, dir)) {
      const fromLayer = layerOf(from);
      if (!fromLayer) continue;
      for (const to of importsOf(root, from)) {
        const toLayer = layerOf(to);
        if (!toLayer || toLayer === fromLayer || ALLOWED[fromLayer].includes(toLayer)) continue;
        violations.push({ from, to, edge: `${fromLayer} → ${toLayer}` });
      }
    }
  }
  return violations;
}

/**
 * Every import circle among the files under `dirs`: one path per strongly connected group of files (Tarjan),
 * starting at its first file in name order and ending where it began, e.g. [a.ts, b.ts, a.ts]. Type-only
 * imports count: a circle of types still ties the files together (a part importing its assembler).
 */
export function importCircles(root: string, dirs: readonly string[]): string[][] {
  const files = dirs.flatMap((dir) => sourceFiles(root, dir)).sort();
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(root, file).filter((to) => known.has(to))]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    for (const to of edges.get(file)!) {
      if (!order.has(to)) visit(to);
      if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, low.get(to)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || edges.get(file)!.includes(file)) groups.push(group.sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return groups.map((group) => circleThrough(group, edges)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A shortest path from the group's first file back to itself, staying inside the group (breadth first). */
function circleThrough(group: string[], edges: ReadonlyMap<string, string[]>): string[] {
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const file of queue) {
    for (const to of edges.get(file)!.filter((next) => group.includes(next))) {
      if (to === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, file);
        queue.push(to);
      }
    }
  }
  return [...group, start];
}
