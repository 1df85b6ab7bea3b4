import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';
import { ALLOWED, dependencyViolations, LAYER_OF, type Layer, layerOf } from './layers.js';

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
});
