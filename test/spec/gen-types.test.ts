import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BANNER, generateTypes, main } from '../../scripts/gen-types.js';

const root = resolve(import.meta.dirname, '../..');
const schemasDir = join(root, 'spec', 'schemas');
const committed = readFileSync(join(root, 'spec', 'types.ts'), 'utf8');
const tempDir = mkdtempSync(join(tmpdir(), 'gen-types-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** `gen-types.ts --check` (as `npm run check` runs it) with extra options: its exit code and output. */
async function runCheck(...options: string[]) {
  const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const status = await main(['--check', ...options]);
    return { status, stdout: logs.mock.calls.flat().join('\n'), stderr: errors.mock.calls.flat().join('\n') };
  } finally {
    logs.mockRestore();
    errors.mockRestore();
  }
}

describe('scripts/gen-types.ts', () => {
  it('spec/types.ts is what the schemas generate (deterministic)', async () => {
    const first = await generateTypes(schemasDir);
    expect(first).toBe(committed);
    expect(await generateTypes(schemasDir)).toBe(first);
    expect(first.startsWith(BANNER)).toBe(true);
  });

  it('declares one named type per schema file, with no numbered duplicates', () => {
    const names = [...committed.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    const files = readdirSync(schemasDir)
      .filter((file) => file.endsWith('.schema.json'))
      .map((file) => file.replace('.schema.json', ''));
    const capitalised = (name: string) => name[0].toUpperCase() + name.slice(1);
    for (const file of files) expect(names, file).toContain(capitalised(file));
    expect(new Set(names).size).toBe(names.length);
    // json-schema-to-typescript numbers a second copy of a type (User1, Channel1 …).
    expect(names.filter((name) => /\d$/.test(name))).toEqual([]);
  });

  it('--check exits 0 when spec/types.ts is up to date', async () => {
    const result = await runCheck();
    expect(result.stderr).not.toMatch(/drifted|failed/);
    expect(result.stdout).toContain('spec/types.ts is up to date');
    expect(result.status).toBe(0);
  });

  it('--check exits 1 on a drifted copy, naming the file and the command to run', async () => {
    const drifted = join(tempDir, 'types.ts');
    writeFileSync(drifted, committed.replace('content: string;', 'content: number;'));
    const result = await runCheck('--out', drifted);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('types.ts has drifted from spec/schemas');
    expect(result.stderr).toContain('npm run gen:types');
  });

  it('--check exits 1 when a schema changed but the types were not regenerated', async () => {
    const schemas = join(tempDir, 'schemas');
    cpSync(schemasDir, schemas, { recursive: true });
    const file = join(schemas, 'Guild.schema.json');
    const guild = JSON.parse(readFileSync(file, 'utf8'));
    guild.properties.icon = { type: 'string' };
    writeFileSync(file, JSON.stringify(guild));
    const copy = join(tempDir, 'types-copy.ts');
    writeFileSync(copy, committed);
    expect((await runCheck('--schemas', schemas, '--out', copy)).status).toBe(1);
  });
});
