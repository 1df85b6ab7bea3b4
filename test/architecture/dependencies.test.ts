import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';
import { ALLOWED, dependencyViolations, importCircles, LAYER_OF, type Layer, layerOf } from './layers.js';

const SOURCE_DIRS = ['bin', 'src', 'suites', 'spec', 'scripts', 'bench'];

function fixtureTree(files: Record<string, string>): string {
  const root = tempDir('conformance-layers-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('one-way dependencies (ARCHITECTURE.md)', () => {
  it('the sources import only down the layer table', () => {
    expect(dependencyViolations(ROOT, SOURCE_DIRS)).toEqual([]);
  });

  it('the layer table has no cycle between layers', () => {
    const visiting = new Set<Layer>();
    const done = new Set<Layer>();
    const visit = (layer: Layer, path: Layer[]): void => {
      if (done.has(layer)) return;
      if (visiting.has(layer)) throw new Error(`cycle: ${[...path, layer].join(' → ')}`);
      visiting.add(layer);
      for (const next of ALLOWED[layer]) visit(next, [...path, layer]);
      visiting.delete(layer);
      done.add(layer);
    };
    for (const layer of Object.keys(ALLOWED) as Layer[]) expect(() => visit(layer, [])).not.toThrow();
  });

  it('every source file of the package belongs to a layer', () => {
    expect(LAYER_OF.length).toBeGreaterThan(0);
    for (const path of ['src/index.ts', 'src/wire.ts', 'src/runner/run.ts', 'src/reference/server.ts'])
      expect(layerOf(path), path).toBeDefined();
  });

  it('fails when a back-edge is added (client → runner, reference → runner, runner → suites)', () => {
    const root = fixtureTree({
      'src/wire.ts': 'export type Identity = "self";\n',
      'src/runner/model.ts': "import type { Identity } from '../wire.js';\nexport type X = Identity;\n",
      'src/client/http.ts': "import type { X } from '../runner/model.js';\nexport type Y = X;\n",
      'src/reference/server.ts': "export { ConfigurationError } from '../runner/errors.js';\n",
      'src/runner/errors.ts': 'export class ConfigurationError extends Error {}\n',
      'src/runner/variants.ts':
        "const lists = await import('../../suites/_lib/lists.js');\nexport default lists;\n",
      'suites/_lib/lists.ts': 'export const idOf = 1;\n',
    });
    expect(dependencyViolations(root, ['src', 'suites'])).toEqual([
      { from: 'src/client/http.ts', to: 'src/runner/model.ts', edge: 'client → runner' },
      { from: 'src/reference/server.ts', to: 'src/runner/errors.ts', edge: 'reference → runner' },
      { from: 'src/runner/variants.ts', to: 'suites/_lib/lists.ts', edge: 'runner → suites' },
    ]);
  });

  it('passes the same fixture without the back-edges', () => {
    const root = fixtureTree({
      'src/wire.ts': 'export type Identity = "self";\n',
      'src/runner/model.ts': "import type { Identity } from '../wire.js';\nexport type X = Identity;\n",
      'src/client/http.ts': "import type { Identity } from '../wire.js';\nexport type Y = Identity;\n",
      'suites/_lib/lists.ts': "import type { X } from '../../src/runner/model.js';\nexport type Z = X;\n",
    });
    expect(dependencyViolations(root, ['src', 'suites'])).toEqual([]);
  });

  it('the sources have no import circle (type-only and dynamic imports included)', () => {
    expect(importCircles(ROOT, SOURCE_DIRS)).toEqual([]);
  });

  it('fails on an import circle within a layer: a part importing its assembler, a ring of three, a dynamic import', () => {
    const root = fixtureTree({
      'src/runner/context.ts':
        "import { part } from './context/part.js';\nexport interface Env { a: 1 }\nexport const run = part;\n",
      'src/runner/context/part.ts':
        "import type { Env } from '../context.js';\nexport const part = (env: Env) => env;\n",
      'src/fuzz/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/fuzz/b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'src/fuzz/c.ts': "export type { A } from './a.js';\nexport const c = 1;\n",
      'bin/run.ts': "export const go = () => import('./run-command.js');\n",
      'bin/run-command.ts': "import type { go } from './run.js';\nexport type Go = typeof go;\n",
      'bin/self.ts': "import './self.js';\n",
    });
    expect(importCircles(root, ['src', 'bin'])).toEqual([
      ['bin/run-command.ts', 'bin/run.ts', 'bin/run-command.ts'],
      ['bin/self.ts', 'bin/self.ts'],
      ['src/fuzz/a.ts', 'src/fuzz/b.ts', 'src/fuzz/c.ts', 'src/fuzz/a.ts'],
      ['src/runner/context.ts', 'src/runner/context/part.ts', 'src/runner/context.ts'],
    ]);
    // Within one layer: the layer table alone sees none of them.
    expect(dependencyViolations(root, ['src', 'bin'])).toEqual([]);
  });

  it('passes the same fixture once the shared types sit in a leaf', () => {
    const root = fixtureTree({
      'src/runner/context.ts': "import { part } from './context/part.js';\nexport const run = part;\n",
      'src/runner/context/environment.ts': 'export interface Env { a: 1 }\n',
      'src/runner/context/part.ts':
        "import type { Env } from './environment.js';\nexport const part = (env: Env) => env;\n",
      'src/fuzz/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/fuzz/b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'src/fuzz/c.ts': 'export const c = 1;\n',
      'bin/io.ts': 'export interface RunContext { cwd: string }\n',
      'bin/run.ts': "export const go = () => import('./run-command.js');\n",
      'bin/run-command.ts': "import type { RunContext } from './io.js';\nexport type Go = RunContext;\n",
    });
    expect(importCircles(root, ['src', 'bin'])).toEqual([]);
  });
});
