// Defective: at each (re)connect it opens two sockets, uses the second, and never reads nor closes the
// first (as a real SDK did: issue 50). Otherwise a correct client (the generated client's habits).
process.argv.push(
  'conns=2',
  'extras=leaked',
  'backoff=exp:400',
  'heartbeat=hinted',
  'resume=last',
  'dedup=sn',
  'refused=exit',
);
await import('../archetype/events.mjs');
