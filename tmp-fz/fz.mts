import { fuzz } from '../src/fuzz/index.js';
const faults = process.argv[2] ? process.argv[2].split(',') : [];
const t = performance.now();
const r = await fuzz({ embedded: true, seed: 1, runs: Number(process.argv[3] ?? 30), faults, tolerances: process.argv[4] ? process.argv[4].split(',') : [] });
console.log('ms', Math.round(performance.now() - t), 'verdict', r.verdict, r.summary.pass, r.summary.fail, r.summary.skip, r.summary.error);
for (const c of r.checks) if (c.status !== 'pass') console.log(c.status, c.id, c.reason?.slice(0, 300));
console.log(JSON.stringify(r.fuzz?.findings, null, 1)?.slice(0, 3000));
console.log('runs', r.fuzz?.properties.map(p => `${p.key}:${p.runs}`).join(' '));
console.log('cleanup', r.cleanup?.length, r.cleanup?.filter(c => c.status !== 'undone').length, r.notes);
