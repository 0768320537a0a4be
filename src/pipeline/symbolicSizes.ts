/**
 * Mappings whose moduli are affine forms of sizes known only at run time (heuristic 3 with
 * symbolic moduli): finding one, and deciding whether it saves anything, compared as
 * affine forms and as C text (`maxgrid*maxgrid`), never by evaluating at one sample.
 */
import * as P from '../poly/index.js';
import * as A from '../poly/affine.js';
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { chooseSymbolicMapping, LatticeInputError } from '../lattice/index.js';
import { cExpression } from '../rewrite/cExpression.js';
import { jsonInt, type ArrayReport } from './report.js';
import type { ArrayDecision } from './decision.js';
import { NO_NAMES, nameRecord } from '../poly/nameRecord.js';

function contextSet(fn: FunctionModel): P.PolySet {
  return P.fromConjunctions({ params: fn.parameters.map((p) => p.name), dims: [] }, [
    { exists: [], constraints: fn.context },
  ]);
}

/** Heuristic 3 with moduli as affine forms of run-time parameters, or why there is none. */
export function symbolicMapping(fn: FunctionModel, ds: P.PolySet, values: Record<string, bigint>) {
  try {
    return chooseSymbolicMapping(ds, {
      params: values,
      context: P.fixParams(contextSet(fn), values),
    });
  } catch (e) {
    if (e instanceof LatticeInputError)
      return `no mapping valid for all of their values was found (${e.message})`;
    throw e;
  }
}

export function symbolicDecision(
  fn: FunctionModel,
  array: ArrayInfo,
  report: ArrayReport,
  choice: ReturnType<typeof chooseSymbolicMapping>,
  values: Record<string, bigint>,
): { report: ArrayReport; decision?: ArrayDecision } {
  const { M, b } = choice.mapping;
  const texts = b.map(cExpression);
  report.mapping = {
    M: M.map((r) => r.map(jsonInt)),
    b: texts.map((t) => (/^-?\d+$/.test(t) ? Number(t) : t)),
  };
  report.heuristic = 'h3 (symbolic)';
  report.ds!.isZero = b.length === 0;
  // Constant moduli (DS bounded whatever the run-time sizes): a number, compared as one.
  const constantSize = b.every((x) => A.isConstant(x))
    ? b.reduce((p, x) => p * x.constant, 1n)
    : undefined;
  const size = constantSize !== undefined ? `${constantSize}` : productText(texts);
  // Moduli that are the extents themselves (as affine forms, whatever their spelling:
  // `maxgrid + 0` is `maxgrid`) keep every cell: only `%` would be added.
  const sameAsExtents =
    b.length === array.extents.length &&
    sameMultiset(
      b,
      array.extents.map((e) => e.expr),
    );
  const noSaving =
    sameAsExtents ||
    (typeof report.originalCells === 'number' && constantSize !== undefined
      ? constantSize >= BigInt(report.originalCells)
      : typeof report.originalCells === 'string' &&
        report.originalCells.replace(/\s/g, '') === size.replace(/\s/g, ''));
  if (noSaving) {
    report.status = 'unchanged';
    report.reason = 'no saving: the best mapping found keeps every cell';
    return { report };
  }
  report.status = b.length === 0 ? 'scalarized' : 'contracted';
  report.compressedCells = constantSize !== undefined ? jsonInt(constantSize) : size;
  // Bytes follow the cells (they were left at the original's, which made a constant-size
  // private copy look as large as the caller's buffer).
  if (constantSize !== undefined && report.originalBytes !== undefined) {
    const cells = BigInt(report.originalCells);
    report.compressedBytes =
      cells > 0n ? jsonInt((constantSize * BigInt(report.originalBytes)) / cells) : undefined;
  } else delete report.compressedBytes;
  report.warnings.push(
    `moduli hold for every value of the run-time sizes (checked exactly at ${choice.checkedAt.length} sample values)`,
  );
  const sample = choice.checkedAt.at(-1) ?? NO_NAMES;
  const at = nameRecord([...Object.entries(sample), ...Object.entries(values)]);
  return {
    report,
    decision: {
      fn,
      array,
      mapping: { M, b: b.map((x) => A.evaluate(x, at)) },
      symbolicModuli: b,
      assumes: nameRecord(values),
    },
  };
}

/** `a*b` with each factor parenthesized unless it is one token: `(n + 1)*m`. */
function productText(texts: readonly string[]): string {
  return texts.map((t) => (/^\s*[\w]+\s*$/.test(t) ? t.trim() : `(${t.trim()})`)).join('*');
}

/** The cell count of extents as C text, each simplified when it is affine (`maxgrid + 0` -> `maxgrid`). */
export function extentsProduct(extents: ArrayInfo['extents']): string {
  return productText(extents.map((e) => (e.expr ? cExpression(e.expr) : e.text)));
}

/** Whether `a` and `b` hold the same affine forms, counted with multiplicity. */
function sameMultiset(a: readonly A.Affine[], b: readonly (A.Affine | undefined)[]): boolean {
  const left = [...b];
  for (const x of a) {
    const k = left.findIndex((y) => y !== undefined && A.equal(x, y));
    if (k < 0) return false;
    left.splice(k, 1);
  }
  return true;
}
