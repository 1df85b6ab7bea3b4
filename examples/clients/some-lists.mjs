// A correct client that supports two lists only (message, channel): for any other CONFORMANCE_LIST it
// prints its usage and exits 2, as a command-line tool does. Run it with --list message,channel.
const SUPPORTED = ['message', 'channel'];
if (!SUPPORTED.includes(process.env.CONFORMANCE_LIST)) {
  console.error(`usage: some-lists.mjs (CONFORMANCE_LIST=${SUPPORTED.join('|')})`);
  process.exit(2);
}
await import('./correct.mjs');
