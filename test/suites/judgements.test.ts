/**
 * The pure judgements of the check families, without a server: pages (§1 rule 6), events (§6 and the
 * family's envelope) and responses (§4, §7). The checks that make the observations are tested against
 * the reference in the other suite tests.
 */
import { validate } from '../../spec/validate.js';
import type { ObservedEvent } from '../../src/runner/check.js';
import type { Page } from '../../src/runner/paginate.js';
import {
  judgeEvent,
  judgeLastPage,
  judgeMarker,
  judgeResponse,
  judgeSequence,
  judgeWalk,
} from '../../suites/_lib/judge.js';
import { channel, login, message, user } from '../spec/samples.js';
import { testJudgement } from '../support/judgement.js';

const problemsOf = (schema: string, value: unknown) =>
  validate(schema, value).map((problem) => problem.message);

const page = (items: number, marks: Partial<Page> = {}): Page => ({
  data: Array.from({ length: items }, (_, index) => ({ id: `m${index}` })),
  ...marks,
});

testJudgement(
  'pages: a marker exactly while more data exists',
  ({ p, more }: { p: Page; more: boolean }) => judgeMarker(p, more, 'the page'),
  [
    {
      name: 'a short page with next, more data left',
      input: { p: page(1, { next: 't' }), more: true },
      breaks: [],
    },
    { name: 'a full page without next at the end', input: { p: page(5), more: false }, breaks: [] },
    { name: 'next null at the end (absent)', input: { p: page(2, { next: null }), more: false }, breaks: [] },
    {
      name: 'no next although data remains (data lost)',
      input: { p: page(5), more: true },
      breaks: ['the page carries next'],
    },
    {
      name: 'next on the last page',
      input: { p: page(3, { next: 't' }), more: false },
      breaks: ['the page carries no next'],
    },
    {
      name: 'an empty-string token is no marker',
      input: { p: page(1, { next: '' }), more: true },
      breaks: ['the page carries next'],
    },
  ],
);

testJudgement(
  'pages: a walk lists every item once',
  ({ ids, created }: { ids: string[]; created: string[] }) => judgeWalk(ids, created),
  [
    {
      name: 'every created item, once',
      input: { ids: ['a', 'b', 'c', 'x'], created: ['a', 'b', 'c'] },
      breaks: [],
    },
    {
      name: 'an item twice',
      input: { ids: ['a', 'b', 'b'], created: ['a', 'b'] },
      breaks: ['the walk lists no item twice'],
    },
    {
      name: 'an item missing',
      input: { ids: ['a'], created: ['a', 'b'] },
      breaks: ['the walk to the end lists every item created'],
    },
  ],
);

testJudgement('pages: no walk ends on an empty page', (pages: Page[]) => judgeLastPage(pages), [
  { name: 'one empty page (an empty list)', input: [page(0)], breaks: [] },
  { name: 'two pages, the last with data', input: [page(2, { next: 't' }), page(1)], breaks: [] },
  {
    name: 'next led to an empty page',
    input: [page(2, { next: 't' }), page(0)],
    breaks: ['next is present only while more data exists (§1 rule 6)'],
  },
]);

const event = (body: Record<string, unknown>): ObservedEvent => ({
  type: String(body.type ?? ''),
  body,
  receivedAt: 0,
});

testJudgement('events: sn present and increasing', (events: ObservedEvent[]) => judgeSequence(events), [
  { name: 'increasing sn', input: [event({ sn: 1, type: 'a' }), event({ sn: 2, type: 'b' })], breaks: [] },
  {
    name: 'the older envelope (id) counts as sn',
    input: [event({ id: 4, type: 'a' }), event({ id: 9, type: 'a' })],
    breaks: [],
  },
  {
    name: 'a repeated sn',
    input: [event({ sn: 3, type: 'a' }), event({ sn: 3, type: 'b' })],
    breaks: ['each sn is greater than the one before it'],
  },
  { name: 'no sn', input: [event({ type: 'a' })], breaks: ['every EVENT body carries a numeric sn'] },
]);

const created = {
  sn: 1,
  type: 'message-created',
  timestamp: 1_700_000_000_000,
  login,
  channel,
  user,
  message,
};

testJudgement(
  'events: the envelope and the §6 event schema',
  (body: Record<string, unknown>) => judgeEvent(body, problemsOf),
  [
    { name: 'message-created with its resources', input: created, breaks: [] },
    {
      name: 'no timestamp',
      input: { ...created, timestamp: undefined },
      breaks: ['the EVENT body matches envelope'],
    },
    {
      name: 'message-created without its message',
      input: { ...created, message: undefined },
      breaks: ['the EVENT body matches event:message-created'],
    },
    {
      // §2 shows no User field, and a T? field null is absent: conventions, never a must (issue 46).
      name: 'message-created whose user has nick null and a numeric id, its message updated_at null',
      input: { ...created, user: { id: 5, nick: null }, message: { ...message, updated_at: null } },
      breaks: [],
    },
    {
      name: 'message-created whose user is null (a required resource)',
      input: { ...created, user: null },
      breaks: ['the EVENT body matches event:message-created'],
    },
  ],
);

const reply = (status: number, body: unknown) => ({
  status,
  ok: status >= 200 && status < 300,
  text: JSON.stringify(body ?? ''),
  body,
});

testJudgement(
  'responses: a 2xx whose body matches the result schema',
  ({ result, schema }: { result: ReturnType<typeof reply>; schema?: string }) =>
    judgeResponse(result, 'message.get result', schema ? { name: schema, problemsOf } : undefined),
  [
    { name: 'a message', input: { result: reply(200, message), schema: 'response:message.get' }, breaks: [] },
    { name: 'no body where none is expected (§4.8)', input: { result: reply(204, undefined) }, breaks: [] },
    {
      name: 'a 500',
      input: { result: reply(500, 'boom'), schema: 'response:message.get' },
      breaks: ['message.get result: a 2xx status (any body is accepted, §4.8)'],
    },
    {
      name: 'a message without content',
      input: { result: reply(200, { id: 'm1' }), schema: 'response:message.get' },
      breaks: ['message.get result matches response:message.get'],
    },
  ],
);
