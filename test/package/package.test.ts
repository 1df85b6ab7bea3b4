/**
 * The published package, as a stranger gets it: `npm pack` ships only what runs (no source maps, no dev
 * scripts, no tests), `exports` has `.`, `./vitest` and their types, and from an empty folder
 * `npx chat-conformance --embedded` works. The typed API example of docs/api.md compiles and runs against it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstall, type Packed, packTarball, ROOT, TSC } from '../support/package.js';
import { inSlot } from '../support/rotation.js';

const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/** TypeScript 5's tsc (the devDependency `typescript`), as a project that has not moved to 7 compiles. */
const TYPESCRIPT_5 = join(ROOT, 'node_modules/typescript/bin/tsc');
/**
 * The bound of a test that runs a whole embedded run or two tsc compiles in a child process: a bound
 * against a hang, not a race (on a loaded machine each takes several times its quiet 10–20 s).
 */
const RUN_BOUND_MS = 240_000;
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
let packed: Packed;
let empty: string;

beforeAll(() => {
  packed = packTarball(inject('packFolder'));
  empty = mkdtempSync(join(tmpdir(), 'empty-project-'));
  writeFileSync(join(empty, 'package.json'), '{ "name": "empty", "private": true, "type": "module" }\n');
  const typesNode = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/@types/node/package.json'), 'utf8'),
  ).version;
  npmInstall(empty, [packed.tarball, `@types/node@${typesNode}`]);
}, 240_000);

afterAll(() => {
  if (empty) rmSync(empty, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('ships only what runs: built JS with its types, the schemas, README; no maps, scripts or tests', () => {
    expect(packed.files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(packed.files.filter((file) => /^(dist\/)?(scripts|test|bench|examples)\//.test(file))).toEqual([]);
    expect(packed.files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    for (const file of [
      'dist/bin/conformance.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/vitest.js',
      'dist/src/vitest.d.ts',
      'spec/schemas/report.schema.json',
      'README.md',
      'LICENSE',
    ])
      expect(packed.files).toContain(file);
    expect(packed.files.some((file) => file.startsWith('dist/suites/') && file.endsWith('.js'))).toBe(true);
  });

  it('the bin is named like the package, and exports name `.` and `./vitest` with types', () => {
    expect(manifest.bin[manifest.name]).toBe('dist/bin/conformance.js');
    // ESM; `default` lets CommonJS require() it too (Node >= 20.19 loads ES modules from require).
    expect(manifest.exports['.']).toEqual({
      types: './dist/src/index.d.ts',
      import: './dist/src/index.js',
      default: './dist/src/index.js',
    });
    expect(manifest.exports['./vitest']).toEqual({
      types: './dist/src/vitest.d.ts',
      import: './dist/src/vitest.js',
      default: './dist/src/vitest.js',
    });
    expect(manifest.peerDependenciesMeta.vitest.optional).toBe(true);
  });
});

describe('installed in an empty folder', () => {
  it(
    'npx chat-conformance --embedded runs every check and exits 0',
    () => {
      const result = spawnSync(NPX, ['--no-install', 'chat-conformance', '--embedded', '--out', 'reports'], {
        cwd: empty,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        timeout: RUN_BOUND_MS,
      });
      expect(result.status, result.stderr).toBe(0);
      const report = JSON.parse(readFileSync(join(empty, 'reports/report.json'), 'utf8'));
      expect(report.verdict).toBe('pass');
      expect(report.summary.total).toBeGreaterThan(100);
      expect(report.tool.version).toBe(manifest.version);
    },
    RUN_BOUND_MS,
  );

  it('a CommonJS project requires it (no ERR_PACKAGE_PATH_NOT_EXPORTED)', () => {
    writeFileSync(
      join(empty, 'require-example.cjs'),
      "const { run, startReference } = require('chat-conformance');\nconsole.log(typeof run, typeof startReference);\n",
    );
    const output = execFileSync(process.execPath, [join(empty, 'require-example.cjs')], {
      cwd: empty,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('function function');
  });

  // Two tsc compiles of its own: a rotating test (slot 5, test/support/rotation.ts).
  it.runIf(inSlot(5))(
    'the typed API example of docs/api.md compiles against the shipped types and runs',
    () => {
      const example = readFileSync(join(ROOT, 'test/package/fixtures/api-example.ts'), 'utf8');
      expect(readFileSync(join(ROOT, 'docs/api.md'), 'utf8')).toContain(example.trim());
      copyFileSync(join(ROOT, 'test/package/fixtures/api-example.ts'), join(empty, 'api-example.ts'));
      writeFileSync(
        join(empty, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            strict: true,
            types: ['node'],
            outDir: 'out',
          },
          files: ['api-example.ts'],
        }),
      );
      // The shipped types are TypeScript 7's emit; a project on TypeScript 5 compiles against them too.
      execFileSync(process.execPath, [TYPESCRIPT_5, '-p', empty, '--noEmit'], { encoding: 'utf8' });
      execFileSync(process.execPath, [TSC, '-p', empty], { encoding: 'utf8' });
      const output = execFileSync(process.execPath, [join(empty, 'out/api-example.js')], {
        cwd: empty,
        encoding: 'utf8',
      });
      expect(output).toMatch(/^pass: \d+ passed, 0 failed/);
      expect(
        JSON.parse(readFileSync(join(empty, 'reports/report.json'), 'utf8')).checks.length,
      ).toBeGreaterThan(10);
    },
    RUN_BOUND_MS,
  );
});
