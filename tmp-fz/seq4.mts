import fc from 'fast-check';
import { statefulProperties } from '../src/fuzz/stateful.js';
const p = statefulProperties()[0];
const [s] = fc.sample(p.arbitrary(), { seed: 3, numRuns: 1 });
const arr = [...s];
console.log(arr.length, arr.map((c: any) => [typeof c.check, String(c), c.check({ items: [] })]));
