import { fuzz } from '../src/fuzz/index.js';
const r = await fuzz({ embedded: true, seed: 1, runs: 100, faults: process.argv[2] ? [process.argv[2]] : [] });
console.log(r.summary);
for (const c of r.checks) if (c.status === 'error') console.log(c.id, c.reason);
