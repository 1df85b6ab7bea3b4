import { describe, expect, it } from 'vitest';
import { validateRunOptions } from '../../src/options.js';
import { RUN_FLAGS } from '../../src/run-flags.js';

const valid = { baseUrl: 'http://127.0.0.1:5140/v1' };

describe('the run option table drives validateRunOptions', () => {
  const checked = RUN_FLAGS.filter((flag) => flag.option);

  it('rejects a value outside each choice flag’s choices, naming the flag and the choices', () => {
    const choiceFlags = checked.filter((flag) => flag.type === 'choice');
    expect(choiceFlags.map((flag) => flag.option)).toEqual([
      'level',
      'profile',
      'events',
      'badgeLevel',
      'lang',
    ]);
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
    const numberFlags = checked.filter((flag) => flag.type === 'number' && flag.option !== 'latencyMs');
    expect(numberFlags.length).toBeGreaterThanOrEqual(5);
    for (const flag of numberFlags) {
      const name = flag.flag.split(' ')[0] as string;
      for (const bad of [0, -1, Number.NaN])
        expect(() => validateRunOptions({ ...valid, [flag.option as string]: bad })).toThrow(
          name === '--limit-bound'
            ? '--limit-bound must be a whole number above 0'
            : `${name} must be a positive number`,
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

describe('toRunOptions is derived from the option table', () => {
  it('puts every row’s flag value at its option, converted by its type', async () => {
    const { toRunOptions } = await import('../../bin/commands/run-options.js');
    const { attributeOf } = await import('../../src/run-flags.js');
    for (const row of RUN_FLAGS.filter((flag) => flag.option)) {
      const given = row.pairs
        ? [`k${row.pairs}v`]
        : row.type === 'number'
          ? '7'
          : row.type === 'boolean'
            ? // A lone --no-x flag counts only when given, i.e. false.
              !row.flag.startsWith('--no-')
            : row.type === 'list'
              ? ['a']
              : (row.choices?.[0] ?? 'x');
      const want = row.pairs ? { k: 'v' } : row.type === 'number' ? 7 : given;
      const options = toRunOptions({ [attributeOf(row.flag)]: given }, {}, {}) as Record<string, unknown>;
      expect(options, row.flag).toEqual({ [row.option as string]: want });
    }
  });

  it('takes the flag over the environment over the config file, and merges K:V pairs', async () => {
    const { toRunOptions } = await import('../../bin/commands/run-options.js');
    const env = { CONFORMANCE_TOKEN: 'from-env' };
    expect(toRunOptions({ token: 'flag' }, { token: 'config' }, env).token).toBe('flag');
    expect(toRunOptions({}, { token: 'config' }, env).token).toBe('from-env');
    expect(toRunOptions({}, { token: 'config', timeout: 5 }, {})).toEqual({ token: 'config', timeoutMs: 5 });
    expect(toRunOptions({ header: ['b: 2'] }, { header: { a: '1', b: '1' } }, {}).headers).toEqual({
      a: '1',
      b: '2',
    });
    expect(() => toRunOptions({ timeout: 'soon' }, {}, {})).toThrow(
      "--timeout must be a number (got 'soon')",
    );
    expect(() => toRunOptions({ variant: ['novalue'] }, {}, {})).toThrow('must look like key=value');
  });

  it('gives every row an option, so each flag reaches the run (but --config, read first, and --no-color)', () => {
    expect(RUN_FLAGS.filter((row) => !row.option).map((row) => row.flag)).toEqual([
      '--config <file>',
      '--no-color',
    ]);
  });

  it('reads a lone --no-x flag only when given (commander defaults its attribute to true)', async () => {
    const { toRunOptions } = await import('../../bin/commands/run-options.js');
    const rows = [
      { flag: '--no-confirm', key: 'confirm', option: 'confirm', type: 'boolean' as const, description: '' },
    ];
    expect(toRunOptions({ confirm: true }, { confirm: false }, {}, rows)).toEqual({ confirm: false });
    expect(toRunOptions({ confirm: false }, { confirm: true }, {}, rows)).toEqual({ confirm: false });
    expect(toRunOptions({ confirm: true }, {}, {}, rows)).toEqual({});
  });

  it('takes --latency 0 and refuses a negative one', () => {
    expect(() => validateRunOptions({ embedded: true, latencyMs: 0 })).not.toThrow();
    expect(() => validateRunOptions({ embedded: true, latencyMs: -1 })).toThrow(
      '--latency must be a number of 0 or more',
    );
  });
});
