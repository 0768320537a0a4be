/** The analysis options of a plain `analyze` run (oracle off), with a test's own changes. */
import type { AnalysisOptions } from '../../src/pipeline/analysis.js';

export function analysisOptions(changes: Partial<AnalysisOptions> = {}): AnalysisOptions {
  return {
    defines: {},
    temporaries: [],
    only: [],
    heuristic: 'auto',
    modulo: 'exact',
    oracleOperations: 0,
    ...changes,
  };
}
