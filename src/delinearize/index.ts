/**
 * The delinearization stage (model -> model): hand-linearized 1-D temporaries seen as
 * multi-dimensional arrays, with the proof that every access splits (see delinearize.ts).
 */
export { delinearizeFunction, type DelinearizationOutcome } from './delinearize.js';
export { componentText } from './print.js';
