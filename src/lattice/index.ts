/** Public API of the lattice search (Cl@k). */
export {
  chooseMapping,
  DEFAULT_MIN_GAIN,
  DEFAULT_SEARCH_BUDGET_MS,
  isStrictlyAdmissible,
  LatticeInputError,
} from './choose.js';
export type { LatticeChoice } from './choose.js';
export type { Candidate } from './heuristics.js';
export type { Mapping } from './mapping.js';
export { mappingSize, formatMapping, firstConflict } from './mapping.js';
export { enumerateUnion, enumerationStats, fixPieces } from './conflictPoints.js';
export { DsQueries } from './dsQueries.js';
export { gainsMoreThan } from './policy.js';
export { chooseSymbolicMapping, evalAffine, formatSymbolicMapping } from './symbolic.js';
export type { SymbolicMapping, SymbolicChoice } from './symbolic.js';
