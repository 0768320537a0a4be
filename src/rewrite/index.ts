/**
 * The rewriter stage: contraction plans in, C text out (`rewrite`), and the shadow-owner
 * instrumentation of `beeclak check` (`instrument`).
 */
export type { AccessKind, AccessRange, AccessRewrite, ArrayRewrite, RewritePlan } from './plan.js';
export { rewrite } from './rewrite.js';
export { instrument, CLOBBER_EXIT_STATUS } from './instrument.js';
export { annotationText } from './describe.js';
export {
  arrayRewrite,
  copiedDimension,
  rankKeepingRows,
  rowForms,
  type ModelAccess,
} from './fromModel.js';
