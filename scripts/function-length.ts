/**
 * Lists every function longer than 100 lines in src/, bin/ and suites/ (issue 24: short engine functions),
 * found with the TypeScript compiler API: declarations, methods, accessors, constructors, function
 * expressions and arrow functions, each counted from its first to its last line.
 *
 *   npm run check:functions    exits 1 and lists them (file:line name lines) when one is over the limit
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const LIMIT = 100;
const FOLDERS = ['src', 'bin', 'suites'];

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source)})`;
  return '(anonymous)';
}

/** The functions of one source text over the limit. */
export function longFunctions(file: string, text: string, limit = LIMIT): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ file, line: first + 1, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `check:functions`: exits 1 and lists each function over the limit. */
export function main(): number {
  const long = FOLDERS.flatMap((folder) => filesUnder(join(root, folder))).flatMap((path) =>
    longFunctions(relative(root, path), readFileSync(path, 'utf8')),
  );
  for (const item of long) console.error(`${item.file}:${item.line} ${item.name}: ${item.lines} lines`);
  if (long.length) {
    console.error(`${long.length} function(s) over ${LIMIT} lines: split them into named steps.`);
    return 1;
  }
  console.log(`no function over ${LIMIT} lines in ${FOLDERS.join(', ')}`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
