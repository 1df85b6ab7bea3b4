// Drives a real event client no one here wrote: @satorijs/adapter-satori on @satorijs/core (the Koishi/Satori
// SDK), configured like any Satori app (HTTP base + token). Its own WebSocket client connects to
// {base}/events, identifies, pings, reconnects and resumes; every session the SDK hands to the application
// is printed as the event contract asks. It cannot honour CONFORMANCE_HEARTBEAT_MS (its PING is every 10 s).
import SatoriAdapter from '@satorijs/adapter-satori';
import { Context, HTTP } from '@satorijs/core';

const env = process.env;
const ctx = new Context();
ctx.plugin(HTTP);
// The adapter appends /v1/events itself.
ctx.plugin(SatoriAdapter, {
  endpoint: env.CONFORMANCE_BASE_URL.replace(/\/v1\/?$/, ''),
  token: env.CONFORMANCE_TOKEN,
});
ctx.on('internal/session', (session) => {
  // Sessions the SDK makes up itself (login status changes) carry no sn: not from the stream.
  if (session.event?.sn === undefined) return;
  console.log(JSON.stringify({ event: { sn: session.event.sn, type: session.type } }));
});
ctx.start();
