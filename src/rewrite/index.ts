/**
 * The rewriter stage: contraction plans in, C text out (`rewrite`), and the shadow-owner
 * instrumentation of `beeclak check` (`instrument`).
 */
export type {
  AccessKind,
  AccessRange,
  AccessRewrite,
  ArrayRewrite,
  ByteRange,
  Modulus,
  RewritePlan,
  RewriteResult,
  RowForm,
} from './plan.js';
export { RewriteError } from './plan.js';
export { rewrite, contractedDeclarator, modHelperDefinition } from './rewrite.js';
export { instrument, CLOBBER_EXIT_STATUS, type InstrumentPlan } from './instrument.js';
export { linearForm, reduceModulo, MOD_HELPER } from './sigma.js';
export { describeMapping, annotationText } from './describe.js';
export {
  accessRewrites,
  arrayRewrite,
  copiedDimension,
  copiesInBounds,
  rankKeepingRows,
  rowForms,
  type ModelAccess,
} from './fromModel.js';
