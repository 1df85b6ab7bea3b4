import { describe, expect, it } from 'vitest';
import { longFunctions } from '../../scripts/function-length.js';

const body = (lines: number) =>
  Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('scripts/function-length.ts counts functions over the limit', () => {
  it('finds a declaration, a method, an arrow and a callback over 100 lines, each with its name and line', () => {
    const text = [
      `function long() {\n${body(101)}\n}`,
      `class C {\n  method() {\n${body(101)}\n  }\n}`,
      `const arrow = () => {\n${body(101)}\n};`,
      `[1].map((x) => {\n${body(101)}\n});`,
    ].join('\n');
    const found = longFunctions('x.ts', text);
    expect(found.map((item) => [item.name, item.lines])).toEqual([
      ['long', 101],
      ['method', 101],
      ['arrow', 101],
      ['(argument of [1].map)', 101],
    ]);
    expect(found[1]?.line).toBe(103);
  });

  it('leaves a function of exactly 100 lines alone', () => {
    expect(longFunctions('x.ts', `function ok() {\n${body(100)}\n}`)).toEqual([]);
  });
});
