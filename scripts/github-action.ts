/**
 * Runs this repository's composite action (action.yml) the way a GitHub runner would, without one:
 * inputs with their defaults, `${{ inputs.x }}` / `${{ github.action_path }}` / `${{ steps.id.outputs.x }}`
 * (and `${{ runner.os }}`) substituted, `if:` (success() by default, always(), failure()), each `run:` step in
 * `bash --noprofile --norc -eo pipefail`, GITHUB_OUTPUT per step, one GITHUB_STEP_SUMMARY file.
 * A `uses:` step cannot run here: it is skipped with a printed note (and what it would have received).
 *
 *   tsx scripts/github-action.ts --with base-url=http://127.0.0.1:5140/v1 --with token=T [--workspace DIR]
 *
 * Exit code: 0 when every step that ran succeeded (the job passes), 1 otherwise (the job fails).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

interface ActionInput {
  required?: boolean;
  default?: string;
}
interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Action {
  inputs?: Record<string, ActionInput>;
  runs: { using: string; steps: ActionStep[] };
}

export interface RunActionOptions {
  actionFile: string;
  inputs: Record<string, string>;
  workspace: string;
  summaryFile: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** Runs the composite action's steps; returns the job's exit code (0 pass, 1 fail). */
export function runAction(options: RunActionOptions): number {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const action = parse(readFileSync(options.actionFile, 'utf8')) as Action;
  if (action.runs?.using !== 'composite') throw new Error(`${options.actionFile} is not a composite action`);
  const actionPath = dirname(resolve(options.actionFile));

  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs ?? {})) {
    const value = options.inputs[name] ?? input.default ?? '';
    if (input.required && value === '') throw new Error(`input '${name}' is required`);
    inputs[name] = value;
  }
  for (const name of Object.keys(options.inputs))
    if (!(name in inputs)) throw new Error(`action.yml has no input '${name}'`);

  const stepOutputs: Record<string, Record<string, string>> = {};
  let jobFailed = false;
  const scratch = mkdtempSync(join(tmpdir(), 'github-action-'));

  /** The part of GitHub's expression language this action uses; anything else is an error, not a guess. */
  const evaluate = (expression: string): string | boolean => {
    const expr = expression.trim();
    if (expr === 'always()') return true;
    if (expr === 'success()') return !jobFailed;
    if (expr === 'failure()') return jobFailed;
    let match = /^inputs\.([\w-]+)$/.exec(expr);
    if (match) return inputs[match[1]] ?? '';
    if (expr === 'github.action_path') return actionPath;
    if (expr === 'github.workspace') return options.workspace;
    if (expr === 'runner.os')
      return { win32: 'Windows', darwin: 'macOS' }[process.platform as string] ?? 'Linux';
    match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (match) return stepOutputs[match[1]]?.[match[2]] ?? '';
    throw new Error(`github-action: unsupported expression \${{ ${expr} }}`);
  };
  const substitute = (text: string): string =>
    text.replace(/\$\{\{(.*?)\}\}/g, (_all, expr: string) => String(evaluate(expr)));
  const condition = (text: string | undefined): boolean => {
    if (text === undefined) return !jobFailed;
    const bare = text.trim().replace(/^\$\{\{(.*)\}\}$/, '$1');
    return Boolean(evaluate(bare));
  };

  try {
    action.runs.steps.forEach((step, index) => {
      const title = step.name ?? step.uses ?? `step ${index + 1}`;
      if (!condition(step.if)) {
        log(`::: skipped (if: ${step.if ?? 'success()'}): ${title}`);
        return;
      }
      if (step.uses) {
        const given = Object.entries(step.with ?? {})
          .map(([key, value]) => `${key}=${substitute(String(value))}`)
          .join(', ');
        log(`::: not run here (uses: ${step.uses} needs a GitHub runner): ${title} [${given}]`);
        return;
      }
      if (step.shell !== 'bash') throw new Error(`${title}: only shell: bash steps are supported`);
      const script = join(scratch, `step-${index}.sh`);
      const outputFile = join(scratch, `output-${index}`);
      writeFileSync(script, substitute(step.run ?? ''));
      writeFileSync(outputFile, '');
      const env: NodeJS.ProcessEnv = {
        ...(options.env ?? process.env),
        GITHUB_ACTIONS: 'true',
        GITHUB_ACTION_PATH: actionPath,
        GITHUB_WORKSPACE: options.workspace,
        GITHUB_STEP_SUMMARY: options.summaryFile,
        GITHUB_OUTPUT: outputFile,
        ...Object.fromEntries(
          Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(String(value))]),
        ),
      };
      const cwd = step['working-directory']
        ? resolve(options.workspace, substitute(step['working-directory']))
        : options.workspace;
      log(`::: run: ${title}`);
      const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (step.id) {
        stepOutputs[step.id] = parseOutputs(readFileSync(outputFile, 'utf8'));
        const outputs = Object.entries(stepOutputs[step.id]).map(([name, value]) => `${name}=${value}`);
        if (outputs.length) log(`::: outputs of ${step.id}: ${outputs.join(' ')}`);
      }
      if (result.status !== 0) {
        log(`::: failed (exit ${result.status ?? result.signal}): ${title}`);
        jobFailed = true;
      }
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return jobFailed ? 1 : 0;
}

/** GITHUB_OUTPUT lines: `name=value` or `name<<DELIMITER` … `DELIMITER`. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([\w-]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      outputs[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const at = lines[i].indexOf('=');
    if (at > 0) outputs[lines[i].slice(0, at)] = lines[i].slice(at + 1);
  }
  return outputs;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const inputs: Record<string, string> = {};
  let workspace = process.cwd();
  let actionFile = fileURLToPath(new URL('../action.yml', import.meta.url));
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1] ?? '';
    if (args[i] === '--with') {
      const at = value.indexOf('=');
      if (at <= 0) {
        console.error(`--with ${value}: write it as name=value`);
        process.exit(2);
      }
      inputs[value.slice(0, at)] = value.slice(at + 1);
    } else if (args[i] === '--workspace') workspace = resolve(value);
    else if (args[i] === '--action') actionFile = resolve(value);
    else {
      console.error(`unknown argument ${args[i]}: use --with name=value, --workspace DIR, --action FILE`);
      process.exit(2);
    }
    i++;
  }
  const ownSummary = !process.env.GITHUB_STEP_SUMMARY;
  const summaryFile =
    process.env.GITHUB_STEP_SUMMARY ?? join(mkdtempSync(join(tmpdir(), 'summary-')), 'summary.md');
  if (ownSummary) writeFileSync(summaryFile, '');
  let code: number;
  try {
    code = runAction({ actionFile, inputs, workspace, summaryFile });
  } catch (error) {
    console.error(`github-action: ${(error as Error).message}`);
    process.exit(2);
  }
  if (ownSummary) console.log(`::: job summary (${summaryFile}):\n${readFileSync(summaryFile, 'utf8')}`);
  console.log(`::: job ${code === 0 ? 'succeeded' : 'failed'}`);
  process.exitCode = code;
}
