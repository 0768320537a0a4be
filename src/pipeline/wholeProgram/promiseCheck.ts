/**
 * Checking a temporary promise (`--temporary F:A`, `#pragma beeclak temporary(A)`) against
 * what the analysis can see. A disproved promise leaves the array unchanged, status
 * `rejected`, with the evidence: acting on it would change what the program computes (the
 * PolyBench jacobi-1d/2d pattern, where the border cells of B are read but never written by
 * the kernel, so the caller's values flow in).
 */
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import type { UpwardExposedRead } from '../../lifetime/upwardExposed.js';
import type { FileReport } from '../report.js';
import { codeOf } from '../../model/reasons.js';
import { place } from '../../model/place.js';

const PREFIX = 'the temporary promise';
/** The codes of a promise refused (docs/reasons.md). */
const PROMISE_CODES = new Set([codeOf('promise-unusable'), codeOf('promise-disproved')]);

/** `B[0]` from a witness `{ j0: 0 }` (run-time parameters of the witness appended). */
export function witnessCell(array: ArrayInfo, example: UpwardExposedRead['example']): string {
  if (!example) return `a cell of ${array.name}`;
  const dims = array.extents.map((_, k) => example[`j${k}`]);
  const params = Object.entries(example).filter(([k]) => !/^j\d+$/.test(k));
  const cell = dims.every((d) => d !== undefined)
    ? `${array.name}${dims.map((d) => `[${d}]`).join('')}`
    : `a cell of ${array.name}`;
  return params.length > 0
    ? `${cell} (for ${params.map(([k, v]) => `${k} = ${v}`).join(', ')})`
    : cell;
}

/** Why the promise on `array` is disproved by reads of cells no write of `fn` precedes. */
export function exposedReadEvidence(
  fn: FunctionModel,
  array: ArrayInfo,
  exposed: readonly UpwardExposedRead[],
): string | undefined {
  const first = [...exposed].sort(
    (a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column,
  )[0];
  if (!first) return undefined;
  return (
    `${PREFIX} is disproved: ${witnessCell(array, first.example)} is read at line ` +
    `${place(first.loc)} before ${fn.name}() writes it, so a value from before ` +
    `the call flows in; the array is left unchanged`
  );
}

/** Why a promised array that is not a candidate (it escapes, ...) stays unchanged. */
export function unusablePromise(reasons: string): string {
  return `${PREFIX} cannot be used: ${reasons}; the array is left unchanged`;
}

/**
 * One `file:line:col: warning:` line per promise the analysis refused: `contract` prints them
 * even without --report (a user who promised must hear that the promise was not acted on).
 */
export function refusedPromiseMessages(report: FileReport): string[] {
  return report.arrays
    .filter((a) => a.code !== undefined && PROMISE_CODES.has(a.code))
    .map(
      (a) => `${report.file}:${a.line}:${a.column}: warning: ${a.function}:${a.name}: ${a.reason}`,
    );
}
