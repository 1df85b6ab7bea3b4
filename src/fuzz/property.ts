/** A fuzz property (src/fuzz/model.ts has the oracles it judges by and the environment it runs in). */
import type { Arbitrary } from 'fast-check';
import type { OperationId } from '../../spec/catalogue.js';
import type { Group } from '../runner/model.js';
import type { FuzzEnv, Oracle } from './model.js';
import type { Trace } from './trace.js';

/** One property: inputs from `arbitrary`, judged by `run` through its oracles (one fast-check property). */
export interface FuzzProperty<T = any> {
  /** Names the fast-check property (the replay key), e.g. message.create/valid. */
  key: string;
  operation: OperationId;
  group: Group;
  mode: 'valid' | 'invalid' | 'stateful';
  experimental: boolean;
  oracles: Oracle[];
  /** Generated independently of the target, so a seed and a path replay the same input. */
  arbitrary: (replayPath?: string) => Arbitrary<T>;
  /** Why the property cannot run against this target (a capability it lacks), else undefined. */
  unavailable?: (env: FuzzEnv) => string | undefined;
  run(env: FuzzEnv, input: T, trace: Trace): Promise<void>;
  /** What a generated input exercises (summary counts: schema branches), e.g. 'content:astral'. */
  branches?: (input: T) => string[];
}
