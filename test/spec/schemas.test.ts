import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { variantResourceSchemas } from '../../spec/catalogue.js';
import { schemaDir } from '../../spec/schema-files.js';
import { validate } from '../../spec/validate.js';
import { member, message, resourceSamples } from './samples.js';

const files = readdirSync(schemaDir()).filter((file) => file.endsWith('.schema.json'));
const schemas = files.map((file) => JSON.parse(readFileSync(join(schemaDir(), file), 'utf8')));

/** §2 resources plus the referenced types, Login and the list envelopes the brief asks for. */
const EXPECTED_FILES = [
  'Message',
  'Channel',
  'ChannelType',
  'Guild',
  'GuildMember',
  'Member',
  'GuildRole',
  'Friend',
  'User',
  'Emoji',
  'Direction',
  'Order',
  'Login',
  'List',
  'BidiList',
  'EventEnvelope',
];

describe('resource schemas (spec/schemas)', () => {
  it('has one file per resource, each with $id, title and the 2020-12 dialect', () => {
    const names = files.map((file) => file.replace('.schema.json', ''));
    expect(names).toEqual(expect.arrayContaining(EXPECTED_FILES));
    for (const schema of schemas) {
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toMatch(/\/[A-Za-z]+\.schema\.json$/);
      expect(schema.$id.endsWith(`/${schema.title}.schema.json`) || schema.title === 'report').toBe(true);
    }
  });

  it('compiles every schema and variant under ajv strict mode, each valid against the 2020-12 meta-schema', () => {
    // The run's own instance skips the meta-schema (spec/validate.ts): this is where it is checked.
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats.default(ajv);
    const all = [...schemas, ...variantResourceSchemas()];
    for (const schema of all)
      expect(ajv.validateSchema(schema), `${schema.$id}: ${ajv.errorsText()}`).toBe(true);
    for (const schema of all) ajv.addSchema(schema);
    for (const schema of all) expect(() => ajv.getSchema(schema.$id), schema.$id).not.toThrow();
    for (const schema of all) expect(ajv.getSchema(schema.$id), schema.$id).toBeTypeOf('function');
  });

  for (const [name, sample] of Object.entries(resourceSamples)) {
    it(`${name}: accepts valid instances and rejects invalid ones at the right path`, () => {
      for (const value of sample.valid) expect(validate(name, value), JSON.stringify(value)).toEqual([]);
      for (const [value, path] of sample.invalid) {
        const problems = validate(name, value);
        expect(
          problems.map((p) => p.path),
          JSON.stringify(value),
        ).toContain(path);
      }
    });
  }

  it('requires exactly the non-optional fields of the §2 tables', () => {
    const required = (name: string) => schemas.find((s) => s.title === name).required ?? [];
    expect(required('Message')).toEqual(['id', 'content']);
    expect(required('Channel')).toEqual(['id', 'type']);
    expect(required('Guild')).toEqual(['id']);
    expect(required('GuildRole')).toEqual(['id']);
    for (const name of ['GuildMember', 'Member', 'Friend', 'User', 'Emoji'])
      expect(required(name), name).toEqual([]);
  });

  it('allows unknown properties everywhere (real implementations add fields)', () => {
    expect(validate('Message', { ...message, pinned: true, quote: { anything: 1 } })).toEqual([]);
    expect(validate('GuildMember', { ...member, name: 'x', title: 'y' })).toEqual([]);
  });

  it('types Message.member as GuildMember or Member according to the message-member variant', () => {
    // Member has GuildMember's fields, so a member that breaks one breaks both readings.
    const broken = { ...message, member: { nick: 1 } };
    expect(validate('Message', broken).map((p) => p.path)).toEqual(['/member/nick']);
    expect(validate('Message', broken, { 'message-member': 'Member' }).map((p) => p.path)).toEqual([
      '/member/nick',
    ]);
    expect(validate('Message', message, { 'message-member': 'Member' })).toEqual([]);
    expect(() => validate('Message', message, { 'message-member': 'Membre' })).toThrow(/GuildMember, Member/);
  });
});
