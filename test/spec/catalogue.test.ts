import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  getOperation,
  groups,
  operations,
  requestSchema,
  responseSchema,
  variantPoints,
  variantResourceSchemas,
} from '../../spec/catalogue.js';
import { hasRule } from '../../spec/rules.js';
import { loadSchemaFiles } from '../../spec/schema-files.js';
import { validate } from '../../spec/validate.js';
import { VARIANT_POINTS } from '../../src/reference/contract.js';
import { resourceSamples, sampleOf } from './samples.js';
import { EXPECTED_OPERATIONS } from './spec-tables.js';

/** A realistic response for a `returns` shape of the spec table, and a broken one. */
function responses(returns: string): { valid: unknown; broken: unknown } {
  const list = /^(List|BidiList)<(\w+)>$/.exec(returns);
  if (list) {
    const [valid, broken] = [sampleOf(list[2]), resourceSamples[list[2]].invalid[0][0]];
    const markers = list[1] === 'BidiList' ? { prev: 'p', next: 'n' } : { next: 'n' };
    return { valid: { data: [valid, valid], ...markers }, broken: { data: [valid, broken] } };
  }
  if (returns.endsWith('[]')) {
    const name = returns.slice(0, -2);
    return { valid: [sampleOf(name)], broken: [resourceSamples[name].invalid[0][0]] };
  }
  return { valid: sampleOf(returns), broken: resourceSamples[returns].invalid[0][0] };
}

describe('operation catalogue (spec/catalogue.ts)', () => {
  it('has exactly the 33 operations of §4 in 7 groups', () => {
    expect(operations).toHaveLength(33);
    expect(operations.map((o) => o.path).sort()).toEqual(Object.keys(EXPECTED_OPERATIONS).sort());
    expect(groups.map((g) => g.name)).toEqual([
      'messages',
      'channels',
      'guilds',
      'members',
      'roles',
      'reactions',
      'friends',
    ]);
    const count = (group: string) => operations.filter((o) => o.group === group).length;
    expect(groups.map((g) => count(g.name))).toEqual([5, 7, 3, 5, 6, 4, 3]);
  });

  for (const [path, expected] of Object.entries(EXPECTED_OPERATIONS)) {
    describe(path, () => {
      const operation = getOperation(path);

      it('matches the §4 entry: group, fields, return, required resources, experimental', () => {
        expect(operation.group).toBe(expected.group);
        expect(operation.section).toBe(expected.section);
        const fields = operation.fields.filter((f) => !f.variant || f.name !== 'message_id');
        expect(fields.filter((f) => f.required).map((f) => f.name)).toEqual(expected.required);
        expect(fields.filter((f) => !f.required).map((f) => f.name)).toEqual(expected.optional);
        const shape = operation.response;
        const returns = !shape
          ? null
          : shape.kind === 'resource'
            ? shape.resource
            : shape.kind === 'array'
              ? `${shape.resource}[]`
              : `${shape.kind === 'bidi' ? 'BidiList' : 'List'}<${shape.resource}>`;
        expect(returns).toBe(expected.returns);
        expect(operation.pagination).toBe(
          returns?.startsWith('BidiList') ? 'bidi' : returns?.startsWith('List') ? 'list' : 'none',
        );
        expect([...operation.requiredResources].sort()).toEqual([...expected.requiredResources].sort());
        expect(operation.experimental).toBe(expected.experimental);
        expect(operation.rules.length).toBeGreaterThan(0);
      });

      it('request schema accepts a realistic request and rejects broken ones', () => {
        expect(validate(`request:${path}`, expected.sample)).toEqual([]);
        const wrongTypes = Object.fromEntries(Object.keys(expected.sample).map((key) => [key, [1]]));
        const problems = validate(`request:${path}`, wrongTypes).map((p) => p.path);
        for (const key of Object.keys(expected.sample)) expect(problems).toContain(`/${key}`);
        for (const name of expected.required) {
          const { [name]: _dropped, ...missing } = expected.sample;
          expect(validate(`request:${path}`, missing).map((p) => p.path)).toContain(`/${name}`);
        }
        expect(validate(`request:${path}`, 'not an object').map((p) => p.path)).toEqual(['']);
      });

      it('response schema accepts a realistic result and rejects a broken one', () => {
        if (expected.returns === null) {
          expect(responseSchema(path)).toBeNull();
          // §4.8: no stated return, any body is accepted.
          expect(validate(`response:${path}`, 'OK')).toEqual([]);
          return;
        }
        const { valid, broken } = responses(expected.returns);
        expect(validate(`response:${path}`, valid)).toEqual([]);
        expect(validate(`response:${path}`, broken).length).toBeGreaterThan(0);
        expect(validate(`response:${path}`, 42).length).toBeGreaterThan(0);
      });
    });
  }

  it('marks exactly the operations of §1 rule 3 experimental', () => {
    expect(
      operations
        .filter((o) => o.experimental)
        .map((o) => o.path)
        .sort(),
    ).toEqual(
      Object.entries(EXPECTED_OPERATIONS)
        .filter(([, e]) => e.group === 'roles' || e.group === 'reactions')
        .map(([path]) => path)
        .concat(['channel.mute', 'guild.member.mute'])
        .sort(),
    );
  });

  it('compiles every request and response schema under ajv strict mode', () => {
    const ajv = new Ajv2020({ strict: true });
    for (const schema of loadSchemaFiles().values()) ajv.addSchema(schema);
    for (const schema of variantResourceSchemas()) ajv.addSchema(schema);
    for (const operation of operations) {
      for (const point of variantPoints) {
        for (const value of point.values) {
          const variants = { [point.name]: value };
          expect(() => ajv.compile(requestSchema(operation, variants)), operation.path).not.toThrow();
          const response = responseSchema(operation, variants);
          if (response) expect(() => ajv.compile(response), operation.path).not.toThrow();
        }
      }
    }
  });

  it('cites only rule ids that spec/rules.ts defines', () => {
    for (const operation of operations) {
      for (const id of operation.rules) expect(hasRule(id), `${operation.path} cites ${id}`).toBe(true);
    }
    for (const point of variantPoints) expect(hasRule(point.rule), point.name).toBe(true);
  });

  it('attaches the derived general rules (no return, pagination, experimental)', () => {
    expect(getOperation('message.delete').rules).toContain('GAP-NO-RETURN');
    expect(getOperation('message.create').rules).not.toContain('GAP-NO-RETURN');
    expect(getOperation('channel.list').rules).toEqual(expect.arrayContaining(['GEN-5', 'GEN-6']));
    expect(getOperation('reaction.create').rules).toContain('GEN-3');
    expect(getOperation('message.get').rules).toEqual(expect.arrayContaining(['MSG-GET-2', 'GEN-4']));
  });

  describe('§4.8 variants', () => {
    it('uses the variant point names and values of the reference contract', () => {
      expect(Object.fromEntries(variantPoints.map((p) => [p.name, [...p.values]]))).toEqual(
        Object.fromEntries(Object.entries(VARIANT_POINTS).map(([name, values]) => [name, [...values]])),
      );
    });

    it("message-list-id: message.list takes message_id only in the 'with' variant", () => {
      expect(requestSchema('message.list').properties).not.toHaveProperty('message_id');
      expect(requestSchema('message.list', { 'message-list-id': 'with' }).properties).toHaveProperty(
        'message_id',
      );
      expect(
        validate(
          'request:message.list',
          { channel_id: 'c1', message_id: 5 },
          { 'message-list-id': 'with' },
        ).map((p) => p.path),
      ).toEqual(['/message_id']);
    });

    it("list-next: next of channel.list and guild.list is required only in the 'required' variant", () => {
      for (const path of ['channel.list', 'guild.list']) {
        expect(requestSchema(path).required).not.toContain('next');
        expect(requestSchema(path, { 'list-next': 'required' }).required).toContain('next');
      }
      expect(validate('request:guild.list', {}, { 'list-next': 'required' }).map((p) => p.path)).toEqual([
        '/next',
      ]);
      expect(validate('request:guild.list', {})).toEqual([]);
    });

    it("role-payload: the payload field is 'data' or 'role'", () => {
      for (const path of ['guild.role.create', 'guild.role.update']) {
        expect(requestSchema(path).required).toContain('data');
        const role = requestSchema(path, { 'role-payload': 'role' });
        expect(role.required).toContain('role');
        expect(role.required).not.toContain('data');
      }
      const body = { guild_id: 'g1', role: { name: 'x' } };
      expect(validate('request:guild.role.create', body, { 'role-payload': 'role' })).toEqual([]);
      expect(validate('request:guild.role.create', body).map((p) => p.path)).toEqual(['/data']);
    });

    it('message-member: Message results refer to Member in the Member variant', () => {
      const [variant] = variantResourceSchemas();
      expect(variant.properties.member.$ref).toBe('Member.schema.json');
      expect(responseSchema('message.get', { 'message-member': 'Member' })!.$ref).toBe(variant.$id);
      expect(responseSchema('message.get')!.$ref).toMatch(/\/Message\.schema\.json$/);
    });

    it('refuses unknown variant points and values with the allowed ones', () => {
      expect(() => requestSchema('message.list', { 'message-list': 'with' })).toThrow(/message-list-id/);
      expect(() => requestSchema('message.list', { 'message-list-id': 'yes' })).toThrow(/without, with/);
    });
  });

  it('requires no field inside channel and role payloads (§4.8: not shown) but types them', () => {
    expect(validate('request:channel.create', { guild_id: 'g1', data: {} })).toEqual([]);
    expect(
      validate('request:channel.create', { guild_id: 'g1', data: { type: 'text' } }).map((p) => p.path),
    ).toEqual(['/data/type']);
  });

  it('getOperation accepts a leading slash and names near matches for an unknown path', () => {
    expect(getOperation('/message.get').path).toBe('message.get');
    expect(() => getOperation('message.lst')).toThrow(/did you mean 'message\.list'/);
    expect(() => getOperation('guild.members.get')).toThrow(/'guild\.member\.get'/);
  });

  it('does not import the reference implementation (an independent reading of the spec)', () => {
    for (const file of ['catalogue.ts', 'events.ts', 'validate.ts', 'index.ts', 'schema-files.ts']) {
      const source = readFileSync(new URL(`../../spec/${file}`, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/from '[^']*src\/reference/);
    }
  });
});
