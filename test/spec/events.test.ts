import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { RESOURCE_SCHEMAS, variantResourceSchemas } from '../../spec/catalogue.js';
import { eventSchema, events, eventsOf, getEvent } from '../../spec/events.js';
import { hasRule } from '../../spec/rules.js';
import { loadSchemaFiles } from '../../spec/schema-files.js';
import { requiredResourceProblems, validate } from '../../spec/validate.js';
import { channel, emoji, guild, login, member, message, role, user } from './samples.js';
import { EXPECTED_EVENTS, EXPECTED_LINKS } from './spec-tables.js';

const resources: Record<string, unknown> = { channel, guild, user, member, message, role, emoji };

/** A realistic event body in the de-facto envelope, carrying the given resources. */
const body = (name: string, keys: string[]): Record<string, unknown> => ({
  sn: 7,
  type: name,
  timestamp: 1_700_000_000_000,
  login,
  ...Object.fromEntries(keys.map((key) => [key, resources[key]])),
});

describe('event catalogue (spec/events.ts)', () => {
  it('has the 20 events of §6 with their required resources', () => {
    expect(events).toHaveLength(20);
    expect(Object.fromEntries(events.map((e) => [e.name, [...e.requiredResources].sort()]))).toEqual(
      Object.fromEntries(Object.entries(EXPECTED_EVENTS).map(([name, keys]) => [name, [...keys].sort()])),
    );
    for (const definition of events) {
      expect(definition.trigger.length, definition.name).toBeGreaterThan(5);
      expect(hasRule(definition.rule), definition.rule).toBe(true);
    }
  });

  it('links operations to events: stated, inferred and request answers', () => {
    const links = events.flatMap((e) => e.links.map((link) => [link.operation, e.name, link.kind]));
    expect(links.map((l) => l.join(' ')).sort()).toEqual(EXPECTED_LINKS.map((l) => l.join(' ')).sort());
    expect(getEvent('guild-added').links[0].condition).toBe('approve = true');
    expect(eventsOf('guild.approve').map((e) => `${e.event}:${e.link.kind}`)).toEqual([
      'guild-added:inferred',
      'guild-request:answers',
    ]);
  });

  it('names near matches for an unknown event', () => {
    expect(() => getEvent('message-create')).toThrow(/did you mean 'message-created'/);
  });

  it('compiles every event schema under ajv strict mode', () => {
    const ajv = new Ajv2020({ strict: true });
    for (const schema of loadSchemaFiles().values()) ajv.addSchema(schema);
    for (const schema of variantResourceSchemas()) ajv.addSchema(schema);
    for (const definition of events) expect(() => ajv.compile(eventSchema(definition.name))).not.toThrow();
  });

  for (const [name, keys] of Object.entries(EXPECTED_EVENTS)) {
    it(`${name}: the schema accepts a realistic body and rejects broken ones`, () => {
      const valid = body(name, keys);
      expect(validate(`event:${name}`, valid)).toEqual([]);
      expect(validate('envelope', valid)).toEqual([]);
      expect(requiredResourceProblems('event', name, valid)).toEqual([]);
      for (const key of keys) {
        const { [key]: _dropped, ...missing } = valid;
        expect(validate(`event:${name}`, missing).map((p) => p.path)).toContain(`/${key}`);
        expect(requiredResourceProblems('event', name, missing).map((p) => p.path)).toEqual([`/${key}`]);
        // Each resource is validated against its own schema (member → GuildMember, role → GuildRole …).
        const wrong = validate(`event:${name}`, { ...valid, [key]: 'x' });
        expect(wrong.map((p) => p.path)).toEqual([`/${key}`]);
        expect(RESOURCE_SCHEMAS).toHaveProperty(key);
      }
      expect(validate(`event:${name}`, { ...valid, type: 'other' }).map((p) => p.path)).toEqual(['/type']);
    });
  }

  it('validates the de-facto envelope (sn, type, timestamp, login)', () => {
    const { sn: _sn, login: _login, ...older } = body('guild-added', ['guild']);
    expect(
      validate('envelope', older)
        .map((p) => p.path)
        .sort(),
    ).toEqual(['/login', '/sn']);
  });
});
