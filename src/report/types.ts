import type { RunResult } from '../runner/model.js';

export interface ReporterOptions {
  color?: boolean;
  badgeLevel?: 'must' | 'should';
  [key: string]: unknown;
}

export type Reporter = (run: RunResult, options: ReporterOptions) => string | Buffer;
