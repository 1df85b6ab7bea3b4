import fc from 'fast-check';
import { statefulProperties } from '../src/fuzz/stateful.js';
const p = statefulProperties()[0];
const samples = fc.sample(p.arbitrary(), { seed: 3, numRuns: 3 });
const fakeReal = { env: { sandbox: { channelId: 'c' }, variants: {} }, trace: { exchanges: [], async call(op: string, f: any) { console.log('  call', op, JSON.stringify(f).slice(0, 60)); return { ok: true, status: 200, body: op === 'message.create' ? [{ id: 'm' + Math.random() }] : { content: f.content, data: [] }, headers: {}, text: '' }; }, track() {}, judge(o: any, h: boolean) { console.log('  judge', o.id, h); }, end(w: string) { throw new Error('end ' + w); } } };
for (const s of samples) { console.log('seq'); try { await fc.asyncModelRun(() => ({ model: { items: [] }, real: fakeReal as any }), s); } catch (e) { console.log('err', (e as Error).message); } console.log(String(s)); }
