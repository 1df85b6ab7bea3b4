/**
 * The phrases' half of `npm run check:catalogue` (issue 48): every tr`…` template in the sources has a
 * zh-CN rendering (src/i18n/phrases/), keeps the template's arguments, is Chinese with full-width
 * punctuation beside Chinese characters; no rendering is stale (its template gone) nor in two files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { phraseKey } from '../src/i18n/phrase.js';
import { PHRASE_FILES } from '../src/i18n/phrases/index.js';

/** The folders whose sources compose what a user reads. */
const PHRASE_ROOTS = ['src', 'suites', 'bin', 'spec'];

/** ASCII punctuation touching a Chinese character: Chinese sentences take the full-width forms. */
const HALF_WIDTH_BESIDE_CJK = /[\u4e00-\u9fff][,;:!?()]|[,;:!?(][\u4e00-\u9fff]/;
const CJK_CHARACTER = /[\u4e00-\u9fff]/;

function sourceFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The key of every tr`…` template in a source text, with its line. */
export function phraseTemplates(fileName: string, text: string): { key: string; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { key: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'tr') {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template.text]
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      found.push({
        key: phraseKey(parts),
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every tr`…` template of the sources under `roots`, by key, with the first place it is written. */
export function templatesIn(roots: readonly string[] = PHRASE_ROOTS): Map<string, string> {
  const templates = new Map<string, string>();
  for (const root of roots)
    for (const file of sourceFiles(root))
      for (const { key, line } of phraseTemplates(file, readFileSync(file, 'utf8')))
        if (!templates.has(key)) templates.set(key, `${relative('.', file)}:${line}`);
  return templates;
}

const placeholders = (text: string): string => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort().join(' ');

/** What is wrong with the phrases' renderings, one line each (none: complete). */
export function phraseProblems(
  roots: readonly string[] = PHRASE_ROOTS,
  files: Readonly<Record<string, Readonly<Record<string, string>>>> = PHRASE_FILES,
): string[] {
  const problems: string[] = [];
  const templates = templatesIn(roots);
  const renderedIn = new Map<string, string>();
  for (const [name, renderings] of Object.entries(files))
    for (const [key, rendering] of Object.entries(renderings)) {
      const other = renderedIn.get(key);
      if (other !== undefined)
        problems.push(`phrase ${JSON.stringify(key)}: rendered in ${other} and ${name}`);
      renderedIn.set(key, name);
      if (!templates.has(key))
        problems.push(`phrase ${JSON.stringify(key)} (${name}): stale, no tr\`…\` has it`);
      else if (placeholders(key) !== placeholders(rendering))
        problems.push(
          `phrase ${JSON.stringify(key)} (${name}): arguments differ: ${placeholders(rendering)}`,
        );
      // English left as it was (a rendering of only arguments and punctuation is fine: 'an {0}' → '{0}').
      if (/[A-Za-z]{2}/.test(rendering.replace(/\{\d+\}/g, '')) && !CJK_CHARACTER.test(rendering))
        problems.push(`phrase ${JSON.stringify(key)} (${name}): not in Chinese`);
      if (HALF_WIDTH_BESIDE_CJK.test(rendering))
        problems.push(
          `phrase ${JSON.stringify(key)} (${name}): half-width punctuation beside Chinese text: use ，；：！？（）`,
        );
    }
  for (const [key, where] of templates)
    if (!renderedIn.has(key))
      problems.push(`${where}: tr\`${key}\` has no zh-CN rendering (src/i18n/phrases/)`);
  return problems;
}

/** How many templates the sources hold. */
export const phraseCount = (roots: readonly string[] = PHRASE_ROOTS): number => templatesIn(roots).size;
