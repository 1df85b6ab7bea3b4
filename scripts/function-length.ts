/**
 * Lists every function longer than 100 lines in src/, bin/ and suites/ (issue 24: short engine functions),
 * found with the TypeScript compiler API: declarations, methods, accessors, constructors, function
 * expressions and arrow functions, each counted from its first to its last line; and every source file
 * longer than 600 lines in src/, bin/, suites/, scripts/ and spec/ (issue 43: a file is split along the
 * lines it has before it reaches that), but for generated files (what generates them is checked).
 *
 *   npm run check:functions    exits 1 and lists them (file:line name lines, file lines) when one is over
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const LIMIT = 100;
const FOLDERS = ['src', 'bin', 'suites'];
/** The longest source file, and where source files are. */
export const FILE_LIMIT = 600;
const FILE_FOLDERS = ['src', 'bin', 'suites', 'scripts', 'spec'];
/** The first line of a generated file (spec/types.ts): its length is its schemas'. */
const GENERATED = /^\/\* GENERATED\b/;

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

/** The number of lines of one source text when it is over the limit (a generated file never is). */
export function longFile(text: string, limit = FILE_LIMIT): number | undefined {
  if (GENERATED.test(text)) return undefined;
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  return lines > limit ? lines : undefined;
}

/** The folders of `base` that exist, each file of them. */
const sourcesUnder = (base: string, folders: readonly string[]): string[] =>
  folders.flatMap((folder) => {
    const dir = join(base, folder);
    try {
      return statSync(dir).isDirectory() ? filesUnder(dir) : [];
    } catch {
      return [];
    }
  });

/** `check:functions`: exits 1 and lists each function and each file over its limit (under `base`). */
export function main(base = root): number {
  const long = sourcesUnder(base, FOLDERS).flatMap((path) =>
    longFunctions(relative(base, path), readFileSync(path, 'utf8')),
  );
  for (const item of long) console.error(`${item.file}:${item.line} ${item.name}: ${item.lines} lines`);
  const files = sourcesUnder(base, FILE_FOLDERS).flatMap((path) => {
    const lines = longFile(readFileSync(path, 'utf8'));
    return lines === undefined ? [] : [{ file: relative(base, path), lines }];
  });
  for (const item of files) console.error(`${item.file}: ${item.lines} lines`);
  if (long.length)
    console.error(`${long.length} function(s) over ${LIMIT} lines: split them into named steps.`);
  if (files.length)
    console.error(
      `${files.length} file(s) over ${FILE_LIMIT} lines: split them along the lines they already have.`,
    );
  if (long.length || files.length) return 1;
  console.log(
    `no function over ${LIMIT} lines in ${FOLDERS.join(', ')}; no file over ${FILE_LIMIT} lines in ${FILE_FOLDERS.join(', ')}`,
  );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
