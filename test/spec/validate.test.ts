import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueHash } from '../../spec/index.js';
import { loadSchemaFiles } from '../../spec/schema-files.js';
import { conventionProblems, requiredResourceProblems, validate } from '../../spec/validate.js';
import { TSC } from '../support/package.js';
import { channel, conventionSamples, message, user } from './samples.js';

const root = resolve(import.meta.dirname, '../..');

describe('validate (spec/validate.ts)', () => {
  it('reports JSON pointers and human messages with what it got', () => {
    expect(
      validate('BidiList<Message>', { data: [message, message, message, { ...message, user: 'u1' }] }),
    ).toEqual([
      { path: '/data/3/user', message: '/data/3/user: must be an object (got string)', keyword: 'type' },
    ]);
    expect(validate('Channel', { id: 'c1' })).toEqual([
      { path: '/type', message: '/type: required property is missing', keyword: 'required' },
    ]);
    expect(validate('Channel', { id: 'c1', type: 9 })).toEqual([
      { path: '/type', message: '/type: must be one of 0, 1, 2, 3 (got 9)', keyword: 'enum' },
    ]);
    expect(validate('Message', 'hello')).toEqual([
      { path: '', message: '(root): must be an object (got string)', keyword: 'type' },
    ]);
  });

  it('reports every problem, not only the first', () => {
    expect(validate('Message', { id: 1, content: 2 }).map((p) => p.path)).toEqual(['/id', '/content']);
  });

  it('accepts List<T> and BidiList<T> references', () => {
    expect(validate('List<Channel>', { data: [channel], next: 'n' })).toEqual([]);
    expect(validate('List<Channel>', { data: [{ id: 'c1' }] }).map((p) => p.path)).toEqual(['/data/0/type']);
  });

  it('refuses an unknown reference, naming near matches', () => {
    expect(() => validate('Chanel', {})).toThrow(/did you mean 'Channel'/);
    expect(() => validate('response:message.lst', {})).toThrow(/message\.list/);
    expect(() => validate('event:message-create', {})).toThrow(/message-created/);
  });

  it("validates 'report' against spec/schemas/report.schema.json, or says that it is missing", () => {
    if (loadSchemaFiles().has('report')) {
      expect(validate('report', null).length).toBeGreaterThan(0);
    } else {
      expect(() => validate('report', {})).toThrow(/report\.schema\.json does not exist/);
    }
  });

  it('checks required resources on a result, and on every item of a message.list page', () => {
    expect(requiredResourceProblems('operation', 'message.get', { ...message, channel: undefined })).toEqual([
      {
        path: '/channel',
        message:
          '/channel: required resource channel (Channel) of the message.get result is missing (§1 rule 4)',
      },
    ]);
    expect(requiredResourceProblems('operation', 'message.get', message)).toEqual([]);
    const page = {
      data: [message, { id: 'm2', content: 'x', user: null }, { id: 'm3', content: 'y', user }],
    };
    expect(requiredResourceProblems('operation', 'message.list', page).map((p) => p.path)).toEqual([
      '/data/1/user',
    ]);
    expect(requiredResourceProblems('operation', 'message.list', { data: 'x' }).map((p) => p.path)).toEqual([
      '/data',
    ]);
    expect(requiredResourceProblems('operation', 'channel.get', {})).toEqual([]);
  });

  it('judges only what §2 shows: no User or Emoji field, a T? field given as null read as absent (issue 46 item 4)', () => {
    for (const [schema, value, field, kind] of conventionSamples) {
      expect(validate(schema, value), `${schema} ${JSON.stringify(value)}`).toEqual([]);
      const problems = conventionProblems(schema, value);
      expect(
        problems.map((problem) => [problem.field, problem.kind]),
        `${schema} ${JSON.stringify(value)}`,
      ).toContainEqual([field, kind]);
    }
    // The user/nick null of real adapters: no must problem at any depth of a page, one convention problem.
    const page = { data: [{ ...message, user: { ...user, nick: null } }], prev: null };
    expect(validate('response:message.list', page)).toEqual([]);
    expect(conventionProblems('response:message.list', page)).toEqual([
      {
        path: '/data/0/user/nick',
        field: 'User.nick',
        kind: 'null',
        message:
          '/data/0/user/nick: optional field User.nick given as null (optional fields are omitted, not null)',
      },
    ]);
    // What §2 shows still fails: a required field null, a shown field mistyped, a required resource null.
    expect(validate('Message', { ...message, content: null }).map((p) => p.path)).toEqual(['/content']);
    expect(validate('Message', { ...message, channel: { id: 'c1', type: '0' } }).map((p) => p.path)).toEqual([
      '/channel/type',
    ]);
    expect(
      validate('event:message-created', { type: 'message-created', channel, message, user: null }),
    ).not.toEqual([]);
    // A marker whose schema admits null is no convention problem (§1 rule 6: null counts as absent).
    expect(conventionProblems('BidiList<Message>', { data: [], prev: null, next: null })).toEqual([]);
    // A clean value has none; a de-facto document's own fields are its checks' matter, not a convention finding.
    expect(conventionProblems('Message', message)).toEqual([]);
    expect(conventionProblems('Login', { sn: 1, user: { id: 'u1' } })).toEqual([]);
    expect(conventionProblems('Login', { sn: 1, user: { id: 2 } }).map((problem) => problem.field)).toEqual([
      'User.id',
    ]);
  });

  it('gives a stable catalogue hash', () => {
    expect(catalogueHash()).toMatch(/^[0-9a-f]{64}$/);
    expect(catalogueHash()).toBe(catalogueHash());
  });

  it('loads the schemas from a tsc build of an installed package (dist/ + spec/schemas)', () => {
    const packageDir = mkdtempSync(join(tmpdir(), 'spec-dist-'));
    try {
      cpSync(join(root, 'spec', 'schemas'), join(packageDir, 'spec', 'schemas'), { recursive: true });
      writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ name: 'probe', type: 'module' }));
      symlinkSync(join(root, 'node_modules'), join(packageDir, 'node_modules'), 'dir');
      const build = spawnSync(
        process.execPath,
        [
          TSC,
          ...['--outDir', join(packageDir, 'dist'), '--rootDir', root, '--module', 'NodeNext'],
          ...['--target', 'ES2022', '--skipLibCheck', '--types', 'node', '--strict'],
          // The files named here, not the project's tsconfig.json (TypeScript 7 asks for the flag).
          '--ignoreConfig',
          join(root, 'spec', 'validate.ts'),
          join(root, 'spec', 'catalogue.ts'),
        ],
        { encoding: 'utf8' },
      );
      expect(build.stdout + build.stderr).toBe('');
      const probe = [
        `import { validate } from ${JSON.stringify(join(packageDir, 'dist', 'spec', 'validate.js'))};`,
        `import { schemaDir } from ${JSON.stringify(join(packageDir, 'dist', 'spec', 'schema-files.js'))};`,
        `import { operations } from ${JSON.stringify(join(packageDir, 'dist', 'spec', 'catalogue.js'))};`,
        'console.log(JSON.stringify({ dir: schemaDir(), ops: operations.length,',
        "  problems: validate('response:message.get', { id: 'm1' }).map((p) => p.path) }));",
      ].join('\n');
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        dir: join(packageDir, 'spec', 'schemas'),
        ops: 33,
        problems: ['/content'],
      });
    } finally {
      rmSync(packageDir, { recursive: true, force: true });
    }
  });
});
