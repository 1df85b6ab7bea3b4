// A generated event client (scripts/faults/client-archetypes.ts): one program whose habits come from its
// arguments, `key=value` each, so that a seed composes a client with known behaviour:
//   conns=1..4          sockets opened, one after another, at each (re)connect; the last is the one it uses
//   extras=leaked|read|closed   the other sockets: identified on then never read nor closed (paused); read
//                       and served like the last one (never closed); or closed unused as soon as open
//   backoff=none|fixed:MS|bursts:K:MS|exp:MS   the wait before each reconnect (failures counted until READY):
//                       none; always MS; MS before every K-th attempt, none between; MS·2^n ± 20 %, at most 30 s
//   heartbeat=none|fixed:MS|hinted|per-connection|leaky   no PING; every MS whatever the hint; every
//                       CONFORMANCE_HEARTBEAT_MS; the same on every socket it holds, leaked ones too; hinted,
//                       but the timer of a closed socket is never cleared (it pings the socket of the moment)
//   resume=none|first|last|sequence   IDENTIFY without sn; sn 0 once it had events; the last sn; `sequence`
//   dedup=none|sn       drop an event whose sn it already had
//   refused=exit|idle|retry   on close 4004: exit 1, stay connected to nothing, or reconnect as after a drop
// Every IDENTIFY carries `archetype_socket: "used"|"extra"` ("extra": a socket it never reads), so that a
// proof can tell from the transcript which connections the client used (the checker ignores it).
import WebSocket from 'ws';

const env = process.env;
const Op = { EVENT: 0, PING: 1, PONG: 2, IDENTIFY: 3, READY: 4 };
const habits = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split(/=(.*)/s).slice(0, 2)));
const hint = Number(env.CONFORMANCE_HEARTBEAT_MS) || 10_000;
const conns = Number(habits.conns ?? 1);
const [backoffKind, ...backoffArgs] = (habits.backoff ?? 'none').split(':');
const [heartbeatKind, heartbeatArg] = (habits.heartbeat ?? 'hinted').split(':');
const heartbeatMs = heartbeatKind === 'fixed' ? Number(heartbeatArg) : hint;

let lastSn;
let failures = 0;
let current;

const waitBefore = (attempt) => {
  if (backoffKind === 'fixed') return Number(backoffArgs[0]);
  if (backoffKind === 'bursts') return attempt % Number(backoffArgs[0]) === 0 ? Number(backoffArgs[1]) : 0;
  if (backoffKind === 'exp')
    return Math.min(Number(backoffArgs[0]) * 2 ** attempt * (0.8 + 0.4 * Math.random()), 30_000);
  return 0;
};

const identify = (socket, role) => {
  const sn =
    lastSn === undefined
      ? undefined
      : habits.resume === 'first'
        ? 0
        : habits.resume === 'none'
          ? undefined
          : lastSn;
  const resume = habits.resume === 'sequence' ? { sequence: lastSn } : { sn };
  socket.send(
    JSON.stringify({
      op: Op.IDENTIFY,
      body: { token: env.CONFORMANCE_TOKEN, ...resume, archetype_socket: role },
    }),
  );
};

const heartbeat = (socket) => {
  if (heartbeatKind === 'none') return undefined;
  // A leaky loop, once its socket is gone, pings the socket of the moment; the others stop with theirs.
  const ping = () => {
    const target =
      socket.readyState === WebSocket.OPEN ? socket : heartbeatKind === 'leaky' ? current : undefined;
    if (target?.readyState === WebSocket.OPEN) target.send(JSON.stringify({ op: Op.PING }));
  };
  return setInterval(ping, heartbeatMs);
};

const onEvent = (body) => {
  if (typeof body.sn === 'number') {
    if (habits.dedup === 'sn' && lastSn !== undefined && body.sn <= lastSn) return;
    lastSn = Math.max(lastSn ?? 0, body.sn);
  }
  if ((body.login?.user?.id ?? body.self_id) !== env.CONFORMANCE_SELF_ID) return;
  console.log(JSON.stringify({ event: { sn: body.sn, type: body.type } }));
};

/** Opens one socket and resolves once it is open (or failed): the sockets of an attempt open in a row. */
const open = () =>
  new Promise((resolve) => {
    const socket = new WebSocket(env.CONFORMANCE_EVENTS_URL);
    socket.on('error', () => resolve(undefined));
    socket.once('open', () => resolve(socket));
  });

const reconnect = () => {
  const attempt = failures++;
  setTimeout(connect, waitBefore(attempt));
};

/**
 * A socket the client reads and handles: it identifies, heartbeats, hands on the events; the first close
 * of one of an attempt's sockets ends the attempt (once): exit, idle or reconnect.
 */
const serve = (socket, attempt, role) => {
  identify(socket, role);
  const timer = heartbeat(socket);
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.op === Op.READY) failures = 0;
    if (frame.op === Op.EVENT) onEvent(frame.body ?? {});
  });
  socket.on('close', (code) => {
    if (heartbeatKind !== 'leaky') clearInterval(timer);
    if (attempt.over) return;
    attempt.over = true;
    if (code === 4004 && habits.refused === 'exit') {
      console.error('authentication failed (4004): exiting');
      process.exit(1);
    }
    if (code === 4004 && habits.refused === 'idle')
      return console.error('authentication failed (4004): idle');
    reconnect();
  });
};

/** An extra socket: leaked (identified on, never read again, never closed), read (served) or closed. */
const extra = (socket, attempt) => {
  // Served like the last one, it is a socket the client uses (its IDENTIFY says so).
  if (habits.extras === 'read') return serve(socket, attempt, 'used');
  // Opened and closed at once, unused (never identified on).
  if (habits.extras === 'closed') return socket.close(1000, 'one connection is enough');
  identify(socket, 'extra');
  const timer = heartbeatKind === 'per-connection' ? heartbeat(socket) : undefined;
  socket.on('close', () => clearInterval(timer));
  // Never read again: the checker's WebSocket ping stays unanswered, as in a client that reads one socket.
  socket.pause();
};

async function connect() {
  const attempt = { over: false };
  for (let index = 1; index < conns; index++) {
    const socket = await open();
    if (socket) extra(socket, attempt);
  }
  const socket = await open();
  if (!socket) return reconnect();
  current = socket;
  serve(socket, attempt, 'used');
}

connect();
