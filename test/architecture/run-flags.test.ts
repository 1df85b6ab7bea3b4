import { describe, expect, it } from 'vitest';
import { validateRunOptions } from '../../src/options.js';
import { RUN_FLAGS } from '../../src/run-flags.js';

const valid = { baseUrl: 'http://127.0.0.1:5140/v1' };

describe('the run option table drives validateRunOptions', () => {
  const checked = RUN_FLAGS.filter((flag) => flag.option);

  it('rejects a value outside each choice flag’s choices, naming the flag and the choices', () => {
    const choiceFlags = checked.filter((flag) => flag.type === 'choice');
    expect(choiceFlags.map((flag) => flag.option)).toEqual(['level', 'profile', 'events']);
    for (const flag of choiceFlags) {
      const name = flag.flag.split(' ')[0] as string;
      expect(() => validateRunOptions({ ...valid, [flag.option as string]: 'nope' })).toThrow(
        `${name} must be ${(flag.choices ?? []).slice(0, -1).join(', ')} or ${flag.choices?.at(-1)} (got 'nope')`,
      );
      for (const choice of flag.choices ?? [])
        expect(() => validateRunOptions({ ...valid, [flag.option as string]: choice })).not.toThrow();
    }
  });

  it('rejects a number flag at 0 or not a number, and takes a positive one', () => {
    const numberFlags = checked.filter((flag) => flag.type === 'number');
    expect(numberFlags.length).toBeGreaterThanOrEqual(5);
    for (const flag of numberFlags) {
      const name = flag.flag.split(' ')[0] as string;
      for (const bad of [0, -1, Number.NaN])
        expect(() => validateRunOptions({ ...valid, [flag.option as string]: bad })).toThrow(
          `${name} must be a positive number`,
        );
      expect(() => validateRunOptions({ ...valid, [flag.option as string]: 3 })).not.toThrow();
    }
  });

  it('lists each flag and each config key once', () => {
    const flags = RUN_FLAGS.map((flag) => flag.flag.split(' ')[0]);
    const keys = RUN_FLAGS.flatMap((flag) => (flag.key ? [flag.key] : []));
    expect(new Set(flags).size).toBe(flags.length);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
