import fc from 'fast-check';
import { statefulProperties } from '/work/i23/src/fuzz/stateful.js';
const p = statefulProperties()[0];
const samples = fc.sample(p.arbitrary(), { seed: 1, numRuns: 5 });
for (const s of samples) console.log(String(s), [...s].length);
