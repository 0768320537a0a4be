/** Public API of the lattice search (Cl@k). */
export {
  chooseMapping,
  DEFAULT_SEARCH_BUDGET_MS,
  isStrictlyAdmissible,
  LatticeInputError,
} from './choose.js';
export type {
  ChooseOptions,
  DivisionCost,
  HeuristicOption,
  LatticeChoice,
  OptimalInfo,
} from './choose.js';
export type { Candidate, HeuristicName } from './heuristics.js';
export type { Mapping } from './mapping.js';
export {
  mappingSize,
  simplifyMapping,
  formatMapping,
  isAxisAligned,
  firstConflict,
  applyMapping,
} from './mapping.js';
export type { SuccessiveMinima, Minimum } from './minima.js';
export { enumerateUnion, enumerationStats, fixPieces } from './conflictPoints.js';
export { DsQueries } from './dsQueries.js';
export type { QueryStats } from './dsQueries.js';
export {
  chooseSymbolicMapping,
  evalAffine,
  formatAffine,
  formatSymbolicMapping,
} from './symbolic.js';
export type { SymbolicMapping, SymbolicChoice, SymbolicOptions } from './symbolic.js';
