import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA, generatedSchema, keyDrift } from '../../scripts/gen-config-schema.js';
import { CHOICES } from '../../src/options.js';

const schema = () => JSON.parse(readFileSync(CONFIG_SCHEMA, 'utf8'));

describe('conformance.config.schema.json is generated from the options table', () => {
  it('matches what src/options.ts generates, and its keys are the run flags', () => {
    const current = schema();
    expect(generatedSchema(current)).toEqual(current);
    expect(current.properties.level.enum).toEqual([...CHOICES.level]);
    expect(keyDrift(current)).toEqual([]);
  });

  it('reports drift: a stale enum, a key without a flag, a flag without a key', () => {
    const stale = schema();
    stale.properties.events.enum = ['ws'];
    expect(generatedSchema(stale)).not.toEqual(stale);
    const extra = schema();
    extra.properties.noSuchFlag = { type: 'string' };
    delete extra.properties.grep;
    expect(keyDrift(extra)).toEqual([
      "run flag 'grep' has no config key",
      "config key 'noSuchFlag' is no run flag",
    ]);
  });
});
