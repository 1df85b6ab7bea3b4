/**
 * The report model is generated once (spec/schemas/report.schema.json → spec/types.ts, npm run gen:types);
 * src/runner/model.ts names those types. `reportTypeCopies` finds a hand-written copy of one elsewhere:
 * an interface or object type declared in the sources whose name is a generated report type's, or whose
 * fields are (nearly) those of one — a copy a field behind is the drift this exists to stop.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';

export const GENERATED = 'spec/types.ts';

export interface Shape {
  name: string;
  fields: string[];
}

export interface Copy {
  file: string;
  line: number;
  name: string;
  /** The generated report type it copies, e.g. ReportCheckResult or Report.baseline. */
  copies: string;
}

const fieldsOf = (members: ts.NodeArray<ts.TypeElement>): string[] =>
  members.flatMap((member) =>
    ts.isPropertySignature(member) && member.name && !ts.isComputedPropertyName(member.name)
      ? [member.name.text]
      : [],
  );

/** Each generated report type (Report, Report*) and each object it declares in place, named by its path. */
export function reportShapes(generated: string): Shape[] {
  const source = ts.createSourceFile(GENERATED, generated, ts.ScriptTarget.Latest, true);
  const shapes: Shape[] = [];
  const inPlace = (node: ts.Node, path: string): void => {
    if (ts.isTypeLiteralNode(node)) shapes.push({ name: path, fields: fieldsOf(node.members) });
    const named = ts.isPropertySignature(node) && ts.isIdentifier(node.name);
    ts.forEachChild(node, (child) => inPlace(child, named ? `${path}.${node.name.getText()}` : path));
  };
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement) || !/^Report/.test(statement.name.text)) continue;
    shapes.push({ name: statement.name.text, fields: fieldsOf(statement.members) });
    for (const member of statement.members) inPlace(member, statement.name.text);
  }
  return shapes.filter((shape) => shape.fields.length >= 2);
}

/**
 * A copy: the same name as a generated report type, the same fields (two or more), or most of them (at
 * least three shared and three quarters of all the fields either has).
 */
function copied(declared: Shape, shapes: readonly Shape[]): Shape | undefined {
  return shapes.find((shape) => {
    if (declared.name === shape.name) return true;
    const shared = declared.fields.filter((field) => shape.fields.includes(field)).length;
    const all = new Set([...declared.fields, ...shape.fields]).size;
    return (shared >= 2 && shared === all) || (shared >= 3 && shared / all >= 0.75);
  });
}

function declaredShapes(file: string, text: string): (Shape & { line: number })[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: (Shape & { line: number })[] = [];
  const visit = (node: ts.Node): void => {
    const members = ts.isInterfaceDeclaration(node)
      ? node.members
      : ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)
        ? node.type.members
        : undefined;
    if (members && (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ name: node.name.text, fields: fieldsOf(members), line });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(root, path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path.split(sep).join('/')] : [];
  });
}

/** Every hand-written copy of a report type under `dirs` (relative to `root`, whose spec/types.ts is the source). */
export function reportTypeCopies(root: string, dirs: readonly string[]): Copy[] {
  const shapes = reportShapes(readFileSync(join(root, GENERATED), 'utf8'));
  return (
    dirs
      .flatMap((dir) => sourceFiles(root, dir))
      // The reference is the server under check: its replies are the wire it serves, not the report's model.
      .filter((file) => file !== GENERATED && !file.startsWith('src/reference/'))
      .flatMap((file) =>
        declaredShapes(file, readFileSync(join(root, file), 'utf8')).flatMap((declared) => {
          const shape = copied(declared, shapes);
          return shape ? [{ file, line: declared.line, name: declared.name, copies: shape.name }] : [];
        }),
      )
  );
}
