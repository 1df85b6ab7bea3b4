import { fuzz } from '../src/fuzz/index.js';
const r = await fuzz({ embedded: true, seed: 1, runs: 100, grep: process.argv[2], faults: process.argv[3] ? [process.argv[3]] : [] });
for (const c of r.checks) if (c.status !== 'pass') console.log(c.status, c.id, c.reason?.slice(0, 300), JSON.stringify(c.evidence?.exchanges.at(-1)?.request).slice(0, 600));
