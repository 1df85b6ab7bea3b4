import { fuzz } from '../src/fuzz/index.js';
const r = await fuzz({ embedded: true, seed: 1, runs: 10, grep: 'sequence' });
for (const c of r.checks) console.log(c.status, c.id, c.reason?.slice(0, 200), c.evidence?.notes);
console.log(JSON.stringify(r.fuzz?.properties));
