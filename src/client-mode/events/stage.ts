/**
 * The event socket as client mode serves it (suite `events`): the reference's {base}/events, taken over
 * through its socket intercept hook and scripted per scenario. The stage records every frame both ways,
 * every event line the client printed (`{"event":{"sn":N,"type":"T"}}`) and every connection, and lets a
 * scenario wait for any of them, bounded by the scenario's deadline (de-facto-conventions.md "Events":
 * opcodes 0 EVENT, 1 PING, 2 PONG, 3 IDENTIFY, 4 READY, 5 META; close 4004 on a bad token).
 *
 * The opcodes are written out here, not shared with the reference or src/events: the side that judges a
 * client must not share a bug with the sides that judge servers.
 */
import type { RawData, WebSocket } from 'ws';
import { inThisRun, tr } from '../../i18n/index.js';
import { chooseInUse } from './connections.js';
import { LagProbe } from './lag.js';

/** Transcript lines kept from the start; a client that floods the socket or stdout is recorded up to here. */
const TRANSCRIPT_LIMIT = 2000;
/** The latest transcript lines, kept whatever came before: the end of a flood is what a failure shows. */
const LATEST_LIMIT = 40;
/** An observation window widened by the checker's stalls ends this long before the deadline at the latest. */
const WINDOW_MARGIN_MS = 250;
/** Stalls that widen a window: the process descheduled, not the timers' jitter (which adds up over seconds). */
const WIDEN_MIN_STALL_MS = 20;
/**
 * Frames handled in one turn of the event loop, over all connections: past it a connection is paused
 * until the next turn, so that a client flooding the socket cannot hold the loop (and the deadline's
 * timer) for the seconds its backlog takes to read on a busy machine (issue 34).
 */
const FRAMES_PER_TURN = 500;
/**
 * How long, once the scenario is over, a connection that is closing by itself (the checker's close frame
 * sent, or the client gone) has to finish: its close line says what the client replied.
 */
const CLOSE_GRACE_MS = 1_000;

export const Op = { EVENT: 0, PING: 1, PONG: 2, IDENTIFY: 3, READY: 4, META: 5 } as const;
const OP_NAMES: Record<number, string> = {
  0: 'EVENT',
  1: 'PING',
  2: 'PONG',
  3: 'IDENTIFY',
  4: 'READY',
  5: 'META',
};
export const opName = (op: unknown): string =>
  typeof op === 'number' && OP_NAMES[op] ? OP_NAMES[op] : `op ${JSON.stringify(op)}`;

/** A frame the client sent: parsed when it is JSON `{op, body}`. */
export interface ClientFrame {
  at: number;
  op?: number;
  body?: Record<string, unknown>;
  raw: string;
}

/** An event the client said it handed to its application. */
export interface PrintedEvent {
  at: number;
  sn: unknown;
  type: unknown;
}

/** One line of the scenario's transcript (report evidence; the token is redacted). */
export interface TranscriptEntry {
  /** ms since the scenario began */
  at: number;
  /** Connection number (1 = the first) for frames and closes. */
  connection?: number;
  from: 'client' | 'checker' | 'stdout' | 'process';
  text: string;
}

/** Waiting ended at the scenario's deadline (or, `windowOnly`, at the end of an observation window). */
export class ScenarioDeadline extends Error {
  constructor(
    what: string,
    readonly windowOnly = false,
  ) {
    super(what);
  }
}
/** The client process exited while the scenario waited for it. */
export class ClientExited extends Error {}

export interface Login {
  sn: number;
  adapter: string;
  platform: string;
  user: { id: string; name: string };
  status: number;
  features: string[];
}

export class EventConnection {
  readonly frames: ClientFrame[] = [];
  /** Set once closed: the code and who closed it. */
  closed?: { at: number; code: number; by: 'client' | 'checker' };
  /** Resolves once the socket has closed and its transcript line is written. */
  readonly gone: Promise<void>;
  /** When the client's first IDENTIFY arrived on it. */
  identifiedAt?: number;
  /**
   * When the client answered the checker's WebSocket ping (RFC 6455 §5.5.2), sent once it identified:
   * a client answers only a connection it reads (a socket it opened and never reads holds the ping unread).
   */
  answeredAt?: number;
  /** How many frames the client had sent on it when the checker pinged it (undefined: not pinged). */
  private pingedAfter?: number;
  private read = 0;

  constructor(
    private readonly stage: EventStage,
    readonly socket: WebSocket,
    readonly number: number,
    readonly openedAt: number,
  ) {
    // The socket's events come from the server, outside the run: what they write is in the run's language.
    socket.on('message', (data: RawData) =>
      stage.inRunLang(() => {
        stage.throttle(socket);
        this.receive(data.toString());
      }),
    );
    socket.on('close', (code: number, reason: Buffer) =>
      stage.inRunLang(() => {
        this.closed ??= { at: Date.now(), code, by: 'client' };
        stage.log('process', this.describeClose(code, reason.toString()), number);
      }),
    );
    this.gone = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => socket.terminate());
    socket.on('pong', () =>
      stage.inRunLang(() => {
        this.answeredAt ??= Date.now();
        stage.changed();
      }),
    );
  }

  /**
   * PINGs the client sent on it after the checker's ping (sent as it identified), that ping unanswered:
   * from the second on, each was written after the ping had reached a client that reads (it waits for
   * input between heartbeats), so the client does not read it — or its socket library answers no ping.
   */
  get unansweredHeartbeats(): number {
    if (this.pingedAfter === undefined || this.answeredAt !== undefined) return 0;
    return this.frames.slice(this.pingedAfter).filter((frame) => frame.op === Op.PING).length;
  }

  /**
   * The client reads it: it answered the checker's ping (RFC 6455 §5.5.2: every endpoint answers a ping
   * as it reads). PINGs the client writes are no evidence: a client may write to sockets it never reads.
   */
  get reads(): boolean {
    return this.answeredAt !== undefined;
  }

  /** Open, as far as the checker knows: not closed, and no close frame received on it. */
  get open(): boolean {
    return !this.closed && this.socket.readyState === this.socket.OPEN;
  }

  /** The body of the client's first IDENTIFY on it. */
  get identifyBody(): Record<string, unknown> | undefined {
    return this.identifiedAt === undefined
      ? undefined
      : (this.frames.find((frame) => frame.op === Op.IDENTIFY)?.body ?? {});
  }

  /** The client uses it: identified on it and reads it. */
  get used(): boolean {
    return this.identifiedAt !== undefined && this.reads;
  }

  /**
   * The transcript line of a close, each code attributed to the side that sent it: `code` is what the
   * client's close frame said (1005: none, 1006: no frame at all, the connection just ended).
   */
  private describeClose(code: number, reason: string): string {
    const said = reason ? ` "${reason.slice(0, 120)}"` : '';
    const sent = code === 1006 ? tr`sent no close frame (1006)` : tr`sent close ${code}${said}`;
    const { by, code: first } = this.closed!;
    const connection = this.number;
    if (by === 'client') return tr`connection ${connection} closed by the client: it ${sent}`;
    if (first === 1006) return tr`connection ${connection} dropped by the checker (no close frame)`;
    return tr`connection ${connection} closed by the checker: it sent close ${first}; the client ${sent} in reply`;
  }

  private receive(raw: string): void {
    // Once the scenario is over, what the client still sends (a backlog, a flood) is not read.
    if (this.stage.ended) return;
    let frame: ClientFrame = { at: Date.now(), raw };
    try {
      const parsed = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') frame = { ...frame, op: parsed.op, body: parsed.body };
    } catch {
      // Recorded raw: a scenario judges what it can.
    }
    this.frames.push(frame);
    this.stage.log(
      'client',
      `${opName(frame.op)} ${frame.body ? JSON.stringify(frame.body) : ''}`.trim(),
      this.number,
    );
    if (frame.op === Op.PING) this.send(Op.PONG);
    if (frame.op === Op.IDENTIFY && this.identifiedAt === undefined) {
      this.identifiedAt = frame.at;
      // Whether the client reads this connection: a WebSocket ping is answered only by a reader.
      if (this.socket.readyState === this.socket.OPEN) {
        this.socket.ping();
        this.pingedAfter = this.frames.length;
      }
    }
    if (frame.op === Op.IDENTIFY) this.stage.onIdentify?.(this, frame.body ?? {});
  }

  /** The next frame not read yet that matches (frames before it are read too); waits for it. */
  next(match: (frame: ClientFrame) => boolean, what: string): Promise<ClientFrame> {
    return this.stage.waitFor(() => {
      // From the first frame not read: a flood's frames are not scanned again on each one.
      for (let index = this.read; index < this.frames.length; index++)
        if (match(this.frames[index])) {
          this.read = index + 1;
          return this.frames[index];
        }
      return undefined;
    }, what);
  }

  /** The IDENTIFY body (waits for it). */
  async identify(): Promise<Record<string, unknown>> {
    const frame = await this.next(
      (candidate) => candidate.op === Op.IDENTIFY,
      tr`IDENTIFY on connection ${this.number}`,
    );
    return frame.body ?? {};
  }

  /** Sends a frame; `summary` is what the transcript shows instead of the whole body. */
  send(op: number, body?: unknown, summary?: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const frame = body === undefined ? { op } : { op, body };
    this.socket.send(JSON.stringify(frame));
    const shown = summary ?? (body === undefined ? '' : JSON.stringify(body));
    this.stage.log('checker', `${opName(op)} ${shown}`.trim(), this.number);
  }

  ready(logins: Login[] = [this.stage.selfLogin]): void {
    this.send(Op.READY, { logins }, tr`logins of users ${logins.map((entry) => entry.user.id).join(', ')}`);
  }

  /** An EVENT of `type` for `login` (default: the login the client acts as), sn as given. */
  event(sn: number, type = 'message-created', login: Login = this.stage.selfLogin): void {
    this.stage.eventsSent += 1;
    this.send(Op.EVENT, this.stage.envelope(sn, type, login), tr`sn ${sn} ${type} (login ${login.user.id})`);
  }

  /** An abrupt drop: no close frame, as a network failure or a crashed server looks. */
  drop(): void {
    this.closed ??= { at: Date.now(), code: 1006, by: 'checker' };
    this.stage.log('checker', tr`dropped the connection (no close frame)`, this.number);
    this.socket.terminate();
  }

  /** Ends the connection as the scenario ends: dropped by the checker, said so in the transcript. */
  cut(): void {
    this.closed ??= { at: Date.now(), code: 1006, by: 'checker' };
    this.socket.terminate();
  }

  close(code: number, reason: string): void {
    this.closed ??= { at: Date.now(), code, by: 'checker' };
    this.stage.log('checker', `close ${code} "${reason}"`, this.number);
    this.socket.close(code, reason);
  }
}

export interface StageOptions {
  token: string;
  selfId: string;
  platform: string;
  /** When waits end, unless the scenario extends it (extendTo) up to `limit`. */
  deadline: number;
  /** The latest a scenario judging a period may extend its deadline to (default: the deadline). */
  limit?: number;
  /** Every other identity the server hosts (READY with several logins). */
  otherLogins: Login[];
  selfName: string;
}

export class EventStage {
  readonly began = Date.now();
  readonly connections: EventConnection[] = [];
  readonly printed: PrintedEvent[] = [];
  readonly transcript: TranscriptEntry[] = [];
  /** The checker's own scheduling delay while the scenario runs (stopped by end()). */
  readonly lag = new LagProbe().start();
  readonly selfLogin: Login;
  readonly otherLogins: Login[];
  /** Called on every IDENTIFY, before the script sees it (e.g. to refuse every one). */
  onIdentify?: (connection: EventConnection, body: Record<string, unknown>) => void;
  /** Set when the client process exited. */
  exited?: { at: number; how: string };
  private taken = 0;
  private readonly counts = new Map<unknown, number>();
  /** Transcript lines written in all: the first TRANSCRIPT_LIMIT are kept, and the latest LATEST_LIMIT. */
  lines = 0;
  /** The latest LATEST_LIMIT lines, the last one last (each line's number: `lines` less its distance). */
  readonly latest: TranscriptEntry[] = [];
  eventsSent = 0;
  private readonly waiters = new Set<() => void>();
  /** Set by end(): the scenario is over, nothing more is read or accepted. */
  ended = false;
  /** When end() was called. */
  endedAt?: number;
  private handledThisTurn = 0;
  private readonly paused = new Set<WebSocket>();

  /** The run that made the stage: its transcript and reasons are written in its language. */
  private readonly inRun = inThisRun();

  constructor(readonly options: StageOptions) {
    this.selfLogin = login(1, options.platform, options.selfId, options.selfName);
    this.otherLogins = options.otherLogins;
  }

  private extended?: number;

  get deadline(): number {
    return this.extended ?? this.options.deadline;
  }

  /** The latest the deadline can be extended to (extendTo). */
  get limit(): number {
    return Math.max(this.options.limit ?? this.options.deadline, this.options.deadline);
  }

  /**
   * A scenario that judges a period, once it knows how long that takes: waits may now end at `at`, up to
   * the limit (never earlier than before). False when `at` is past the limit: the scenario cannot decide
   * in time, and says which --scenario-timeout would (flagFor).
   */
  extendTo(at: number): boolean {
    const fits = at <= this.limit;
    if (at > this.deadline) {
      this.extended = Math.min(at, this.limit);
      this.notify();
    }
    return fits;
  }

  /** The --scenario-timeout (ms, in whole seconds) under which waits could go on until `at`. */
  flagFor(at: number): number {
    return Math.ceil((at - this.began) / 1000) * 1000;
  }

  /** The socket intercept hook: every connection to {base}/events during the scenario comes here. */
  accept(socket: WebSocket): void {
    if (this.ended) {
      socket.terminate();
      return;
    }
    this.inRunLang(() => {
      const connection = new EventConnection(this, socket, this.connections.length + 1, Date.now());
      this.connections.push(connection);
      this.log('process', tr`connection ${connection.number} opened`, connection.number);
      this.notify();
    });
  }

  /**
   * Runs `work` in the language of the run: the sockets' events come from the reference server, whose
   * connections do not carry the run's language (src/i18n/phrase.ts inThisRun).
   */
  inRunLang<T>(work: () => T): T {
    return this.inRun(work);
  }

  /** A stdout line of the client: an event line is recorded, anything else is the client's own log. */
  line(text: string): void {
    if (this.ended) return;
    if (!text.startsWith('{') || !text.includes('"event"')) return;
    try {
      const { event } = JSON.parse(text) as { event?: { sn?: unknown; type?: unknown } };
      if (!event || typeof event !== 'object') return;
      this.printed.push({ at: Date.now(), sn: event.sn, type: event.type });
      this.counts.set(event.sn, (this.counts.get(event.sn) ?? 0) + 1);
      this.log('stdout', text);
      this.notify();
    } catch {
      this.log('stdout', tr`(not JSON) ${text.slice(0, 200)}`);
    }
  }

  /**
   * The scenario is over: stops the lag probe and reading. Every open connection is cut at once: a
   * client's backlog of frames is not read while the checker stops it (it would delay the end past the
   * deadline). One closing by itself (the checker's close frame sent, or the client gone) is left to
   * finish (settle): the client's reply, read a moment later, is what the transcript says of it.
   */
  end(): void {
    this.ended = true;
    this.endedAt ??= Date.now();
    this.lag.stop();
    if (this.exited) return;
    for (const connection of this.connections) if (!connection.closed) connection.cut();
  }

  /**
   * Once the client is stopped: waits up to CLOSE_GRACE_MS for the connections to close by themselves,
   * then cuts the rest, and returns once every close line is in the transcript.
   */
  async settle(): Promise<void> {
    const allGone = () => Promise.all(this.connections.map((connection) => connection.gone));
    await within(CLOSE_GRACE_MS, allGone());
    for (const connection of this.connections) connection.socket.terminate();
    await within(CLOSE_GRACE_MS, allGone());
  }

  /** Counts a frame read; past FRAMES_PER_TURN in this turn, pauses its socket until the next turn. */
  throttle(socket: WebSocket): void {
    if (this.handledThisTurn++ === 0)
      setImmediate(() => {
        this.handledThisTurn = 0;
        for (const waiting of this.paused) waiting.resume();
        this.paused.clear();
      });
    if (this.handledThisTurn > FRAMES_PER_TURN && !this.paused.has(socket)) {
      socket.pause();
      this.paused.add(socket);
    }
  }

  clientExited(how: string): void {
    this.exited = { at: Date.now(), how };
    this.log('process', tr`the client ${how}`);
    this.notify();
  }

  log(from: TranscriptEntry['from'], text: string, connection?: number): void {
    this.lines += 1;
    const entry: TranscriptEntry = {
      at: Date.now() - this.began,
      from,
      text: text.split(this.options.token).join('$TOKEN').slice(0, 2000),
      ...(connection ? { connection } : {}),
    };
    if (this.transcript.length < TRANSCRIPT_LIMIT) this.transcript.push(entry);
    if (this.latest.length >= LATEST_LIMIT) this.latest.shift();
    this.latest.push(entry);
    this.notify();
  }

  /**
   * Resolves with the check's first defined value; at the deadline rejects ScenarioDeadline(what). With
   * a `window` it ends earlier, `window.ms` after `window.from` — widened by as long as the checker's own
   * loop stalled meanwhile (issue 34: what the client sent in that stretch was not read yet), never past
   * the deadline.
   */
  waitFor<T>(check: () => T | undefined, what: string, window?: { from: number; ms: number }): Promise<T> {
    const limit = () => {
      if (!window) return this.deadline;
      const end = window.from + window.ms;
      // Widened at most to just before the deadline, so that the window still ends as a window.
      const widest = Math.max(end, this.deadline - WINDOW_MARGIN_MS);
      return Math.min(
        end + this.lag.stalledWithin(window.from, Date.now(), WIDEN_MIN_STALL_MS),
        widest,
        this.deadline,
      );
    };
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let done = false;
      const attempt = (closing = false) => {
        const value = check();
        if (value !== undefined) return settle(() => resolve(value));
        if (this.exited)
          return settle(() =>
            reject(new ClientExited(tr`the client ${this.exited!.how} while the checker waited for ${what}`)),
          );
        if (closing) {
          const windowOnly = window !== undefined && limit() < this.deadline;
          settle(() => reject(new ScenarioDeadline(what, windowOnly)));
        }
      };
      const arm = () => {
        timer = setTimeout(
          () => {
            if (Date.now() < limit()) return arm();
            // A timer can fire before the I/O that arrived while the checker was stalled is read: one
            // more turn of the loop (its poll phase) before the window is judged closed.
            setImmediate(() => {
              if (done) return;
              if (Date.now() < limit()) return arm();
              attempt(true);
            });
          },
          Math.max(limit() - Date.now(), 0),
        );
      };
      const settle = (end: () => void) => {
        done = true;
        clearTimeout(timer);
        this.waiters.delete(attempt);
        end();
      };
      this.waiters.add(attempt);
      arm();
      attempt();
    });
  }

  /** Like waitFor, but resolves undefined when `ms` pass first (an observation window, not a deadline). */
  async within<T>(ms: number, check: () => T | undefined, what: string): Promise<T | undefined> {
    try {
      return await this.waitFor(check, what, { from: Date.now(), ms });
    } catch (error) {
      if (error instanceof ScenarioDeadline && error.windowOnly) return undefined;
      throw error;
    }
  }

  /** The next connection the scenario has not taken yet (in the order they opened, used or not). */
  nextConnection(what = tr`the client to connect to CONFORMANCE_EVENTS_URL`): Promise<EventConnection> {
    return this.waitFor(() => {
      const connection = this.connections[this.taken];
      if (connection) this.taken += 1;
      return connection;
    }, what);
  }

  /**
   * The connection the client uses among those opened at `since` or later and still open: identified on
   * and read (EventConnection.used) — never merely the next in order, never by how long ago it opened. A
   * client may open several at once and read one of them (issue 50): chooseInUse (connections.ts) says which.
   */
  inUse(since: number): EventConnection | undefined {
    return chooseInUse(this.connections, since);
  }

  /** Waits for the connection the client uses among those opened at `since` or later (inUse). */
  usedConnection(
    since: number,
    what = tr`the client to connect to CONFORMANCE_EVENTS_URL and identify`,
  ): Promise<EventConnection> {
    return this.waitFor(() => this.inUse(since), what);
  }

  /** Something about a connection changed (its ping answered): waiters look again. */
  changed(): void {
    this.notify();
  }

  /** Waits until the client printed every one of these sn. */
  delivered(sns: number[], what = tr`the client to print events ${sns.join(', ')}`): Promise<true> {
    return this.waitFor(() => (sns.every((sn) => this.printedCount(sn) > 0) ? true : undefined), what);
  }

  printedCount(sn: number): number {
    return this.counts.get(sn) ?? 0;
  }

  /** The EVENT body: the de-facto envelope (sn, type, timestamp, login, resources at top level). */
  envelope(sn: number, type: string, login: Login): Record<string, unknown> {
    const user = { id: login.user.id, name: login.user.name };
    const resources =
      type === 'message-created'
        ? {
            channel: { id: '4001', type: 0, name: 'client-mode' },
            guild: { id: '3001', name: 'Client mode' },
            user: { id: '81001', name: 'client-mode-user' },
            message: { id: String(95000 + sn), content: `event ${sn}` },
          }
        : { user };
    return { sn, type, timestamp: this.began + sn, login, ...resources };
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

export const login = (sn: number, platform: string, id: string, name: string): Login => ({
  sn,
  adapter: 'conformance',
  platform,
  user: { id, name },
  status: 1,
  features: [],
});

/** `promise`, or nothing after `ms`. */
async function within(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
