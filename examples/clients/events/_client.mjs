// What every example event client shares (`conformance client --suite events`): connect to
// CONFORMANCE_EVENTS_URL, IDENTIFY with the token and the last sn (resume), PING every heartbeat, reconnect
// with a growing wait, give up on an authentication close (4004), and print one line per event handed to
// the application. Each defective example turns one habit wrong through `habits`.
import WebSocket from 'ws';

const env = process.env;
const Op = { EVENT: 0, PING: 1, PONG: 2, IDENTIFY: 3, READY: 4, META: 5 };
/** The de-facto heartbeat is 10 s; the checker's hint shortens it in tests. */
const heartbeatMs = Number(env.CONFORMANCE_HEARTBEAT_MS) || 10_000;

export function runEventClient(habits = {}) {
  let lastSn;
  let failures = 0;
  let selfId = env.CONFORMANCE_SELF_ID;

  /** The application: here it only says which events it was handed. */
  const deliver = (body) => console.log(JSON.stringify({ event: { sn: body.sn, type: body.type } }));

  let current;
  const connect = () => {
    const socket = new WebSocket(env.CONFORMANCE_EVENTS_URL);
    current = socket;
    let heartbeat;
    let handling = true;
    socket.on('open', () => {
      const sn = habits.resumeFromStart && lastSn !== undefined ? 0 : lastSn;
      const token = habits.bearerInIdentify ? `Bearer ${env.CONFORMANCE_TOKEN}` : env.CONFORMANCE_TOKEN;
      socket.send(JSON.stringify({ op: Op.IDENTIFY, body: { token, ...(habits.noResume ? {} : { sn }) } }));
      // The ping loop pings the connection of the moment: one left running after a close pings the next.
      const ping = () =>
        current.readyState === WebSocket.OPEN && current.send(JSON.stringify({ op: Op.PING }));
      if (!habits.noHeartbeat) heartbeat = setInterval(ping, heartbeatMs);
    });
    socket.on('message', async (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.op === Op.READY) {
        failures = 0;
        if (habits.firstLoginIsSelf) selfId = frame.body.logins[0]?.user?.id;
        if (habits.busyAfterReady) {
          // Fetches its login before it handles events: what arrives meanwhile is lost.
          handling = false;
          await fetch(`${env.CONFORMANCE_BASE_URL}/login.get`, {
            method: 'POST',
            headers: { authorization: `Bearer ${env.CONFORMANCE_TOKEN}`, 'content-type': 'application/json' },
            body: '{}',
          }).catch(() => {});
          handling = true;
        }
      } else if (frame.op === Op.EVENT) {
        const body = frame.body;
        if (!handling) return;
        if (habits.knownTypesOnly && !['message-created', 'message-deleted'].includes(body.type))
          throw new Error(`unknown event type ${body.type}`);
        // Resume point: the last sn received; a replayed event at or below it was already handed on.
        const duplicate =
          !habits.noDedup && typeof body.sn === 'number' && lastSn !== undefined && body.sn <= lastSn;
        if (typeof body.sn === 'number' && !duplicate) lastSn = body.sn;
        if (duplicate && !habits.resumeFromStart) return;
        // Each event names its login: only this bot's are its application's.
        if ((body.login?.user?.id ?? body.self_id) === selfId) deliver(body);
      } else if (![Op.PONG, Op.META].includes(frame.op) && habits.closeOnUnknownOp) {
        socket.close(1002, `unknown opcode ${frame.op}`);
      }
    });
    socket.on('error', () => {});
    socket.on('close', (code) => {
      if (!habits.leakHeartbeat) clearInterval(heartbeat);
      if (code === 4004 && habits.retryAuthEveryMs) {
        setTimeout(connect, habits.retryAuthEveryMs);
        return;
      }
      if (code === 4004 && !habits.retryAuthAtOnce) {
        console.error('authentication failed (4004): check the token; not reconnecting');
        return;
      }
      // Backoff: 100 ms, 200 ms, 400 ms … up to 5 s; reset by READY.
      const wait = habits.reconnectAtOnce || code === 4004 ? 0 : Math.min(100 * 2 ** failures, 5_000);
      failures += 1;
      setTimeout(connect, wait);
    });
  };
  connect();
}
