/** report.json: the run result as it is (spec/schemas/report.schema.json describes it). */
import type { Reporter } from './types.js';

export const renderJson: Reporter = (run) => `${JSON.stringify(run, null, 2)}\n`;
