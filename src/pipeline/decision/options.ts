/** What the decision passes take of the analysis's options. */
import type { AnalysisOptions } from '../options.js';

export type DecisionOptions = Pick<
  AnalysisOptions,
  | 'only'
  | 'heuristic'
  | 'modulo'
  | 'minGain'
  | 'budgetMs'
  | 'oracleOperations'
  | 'lifetimes'
  | 'everyConflictSet'
  | 'workUnits'
  | 'hls'
  | 'privateStackBytes'
  | 'configurationRefusals'
  | 'target'
  | 'smallSavings'
  | 'program'
  | 'includedBy'
>;
