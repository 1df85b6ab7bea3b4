/**
 * The channel.get and guild.get checks (§4.2, §4.3), one definition for each pair of twins that differ
 * only by the noun: the sandbox's own one read back, and each one the list shows read back.
 */
import type { OperationId } from '../../spec/catalogue.js';
import type { RuleId } from '../../spec/rules.js';
import { tr } from '../../src/i18n/index.js';
import { type CallResult, type CheckContext, type CheckSpec, defineCheck } from '../../src/runner/check.js';
import { idOf, listedItems, listOnce, stillListed } from './lists.js';
import { getReaderDoubt, nounWord } from './readers.js';
import { probeRead } from './served.js';

export interface GetEachListed {
  noun: 'channel' | 'guild';
  rule: RuleId;
  /** The list request's fields (e.g. the sandbox guild of channel.list). */
  listFields: (t: CheckContext) => Record<string, unknown>;
  /** The sandbox's own id, left out: checks of their own already get it. */
  sandboxId: (t: CheckContext) => string;
  /** Bounds the get probes of a long list. */
  maxGets: number;
  /** Why nothing is left to compare with. */
  noneReason: (t: CheckContext) => string;
  /** What the list relies on (src/runner/holds.ts), e.g. the bot's guild list. */
  shares?: CheckSpec['shares'];
}

export interface GetSandbox {
  noun: 'channel' | 'guild';
  title: string;
  rules: RuleId[];
  /** The schema of the result, e.g. 'Channel'. */
  schema: string;
  sandboxId: (t: CheckContext) => string;
  /** The list request's fields that list the sandbox's own one (e.g. the sandbox guild of channel.list). */
  listFields: (t: CheckContext) => Record<string, unknown>;
}

/**
 * <noun>.get of the sandbox's own one returns it, valid against its schema: its id, and the name the list
 * shows for it (an id alone is what a server echoing its input would send, not evidence of the thing).
 */
export function getSandboxCheck(spec: GetSandbox): CheckSpec {
  const { noun } = spec;
  const get = `${noun}.get` as const satisfies OperationId;
  return defineCheck({
    id: `${get}/returns-${noun}`,
    title: spec.title,
    level: 'must',
    rules: spec.rules,
    operations: [get],
    async run(t: CheckContext) {
      const sandboxId = spec.sandboxId(t);
      const word = nounWord(noun);
      // The run's one complete request of the get (served.ts), which the generic checks probe too.
      const probe = await probeRead(t, get);
      const result =
        probe.result && probe.fields?.[`${noun}_id`] === sandboxId
          ? probe.result
          : await t.call(get, { [`${noun}_id`]: sandboxId });
      t.expectOk(result, get);
      t.expectSchema(spec.schema, result.body, tr`${get} result`);
      t.expect(
        idOf(result.body) === sandboxId,
        tr`${get} returns the ${word} asked for (id ${sandboxId})`,
        result.body?.id,
      );
      const list = `${noun}.list` as const satisfies OperationId;
      const listed = (await listedItems(t, list, spec.listFields(t))).find(
        (item) => idOf(item) === sandboxId,
      );
      if (listed === undefined) {
        t.undecided(
          tr`${list} does not list the sandbox ${word} ${sandboxId}: nothing but the id it was asked for shows that what ${get} returned is that ${word}`,
          tr`check that ${list} ${JSON.stringify(spec.listFields(t))} lists the sandbox ${word} (see the ${list} checks)`,
        );
      }
      const name = (listed as { name?: unknown }).name;
      if (typeof name === 'string') {
        t.expect(
          (result.body as { name?: unknown } | undefined)?.name === name,
          tr`${get} returns the ${word} ${list} shows: name ${JSON.stringify(name)}`,
          result.body?.name,
        );
      } else t.note(tr`${list} shows the sandbox ${word} without a name: its id is the evidence`);
    },
  });
}

/** <noun>.get of each one <noun>.list shows (but the sandbox's) returns that one, not another. */
export function getEachListedCheck(spec: GetEachListed): CheckSpec {
  const { noun } = spec;
  const list = `${noun}.list` as const satisfies OperationId;
  const get = `${noun}.get` as const satisfies OperationId;
  const idField = `${noun}_id`;
  return defineCheck({
    id: `${get}/returns-the-${noun}-asked-for`,
    title: `${get} of each ${noun} ${list} shows returns that ${noun}, not another`,
    level: 'must',
    rules: [spec.rule],
    operations: [list, get],
    helpers: [list],
    ...(spec.shares ? { shares: spec.shares } : {}),
    async run(t: CheckContext) {
      const listed = await listOnce(t, list, spec.listFields(t));
      const sandboxId = spec.sandboxId(t);
      const word = nounWord(noun);
      const ids = listed.items
        .map(idOf)
        .filter((id): id is string => id !== undefined && id !== sandboxId)
        .slice(0, spec.maxGets);
      if (ids.length === 0) t.skip(spec.noneReason(t));
      const results = new Map<string, CallResult>();
      for (const id of ids) results.set(id, await t.call(get, { [idField]: id }));
      // One that another check of the run deleted since the shared walk is not held against get.
      const refused = ids.filter((id) => !results.get(id)?.ok);
      const stillThere = new Set(await stillListed(t, list, spec.listFields(t), refused, listed));
      const judged = ids.filter((id) => results.get(id)?.ok || stillThere.has(id));
      if (judged.length === 0) t.skip(tr`every ${word} probed was removed since ${list} listed it`);
      for (const id of judged) {
        const result = results.get(id) as CallResult;
        t.expectOk(result, tr`${get} of ${word} ${id}`);
        t.expect(idOf(result.body) === id, tr`${get} returns the ${word} asked for (id ${id})`, result.body);
      }
      // Each answer carries the id asked for: that shows the one asked for only where get refuses an id
      // that never existed (a server making an object of any id passes the above).
      const doubt = await getReaderDoubt(t, noun);
      if (doubt) t.undecided(doubt, tr`see ${list} and ${get}: ${get} of an unknown id must find nothing`);
    },
  });
}
