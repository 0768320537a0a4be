/**
 * Building plan entries from the polyhedral model, so that the pipeline hands the
 * rewriter exactly what it checks: one entry per access text (a compound assignment
 * `y[i] += v` is a read and a write of the same text in the model, one `readwrite` edit
 * here), ranges and lines taken from the model.
 */
import type { Access, ArrayInfo, Extent, Statement } from '../model/types.js';
import {
  RewriteError,
  type AccessKind,
  type AccessRange,
  type AccessRewrite,
  type ArrayRewrite,
  type RowForm,
} from './plan.js';

/** One model access of the array, with the statement it belongs to and its row ranges. */
export interface ModelAccess {
  readonly access: Access;
  readonly statement: Statement;
  /** Proven range of each row's value over this access's iterations. */
  readonly rowRanges: readonly AccessRange[];
  /** For a delinearized array: the C text of each component of the view. */
  readonly componentTexts?: readonly string[];
}

/** The weaker of two facts: what holds for both accesses of one text. */
function joinRange(a: AccessRange, b: AccessRange): AccessRange {
  return {
    ...(a.min !== undefined && b.min !== undefined ? { min: a.min < b.min ? a.min : b.min } : {}),
    ...(a.max !== undefined && b.max !== undefined ? { max: a.max > b.max ? a.max : b.max } : {}),
    ...(a.withinModulus && b.withinModulus ? { withinModulus: true } : {}),
  };
}

function joinKind(a: AccessKind, b: AccessKind): AccessKind {
  return a === b ? a : 'readwrite';
}

/** The fields two accesses of one text touch (absent: every field). */
function joinFields(a: readonly number[] | undefined, b: readonly number[] | undefined) {
  return a && b ? { fields: [...new Set([...a, ...b])].sort((x, y) => x - y) } : {};
}

/** Merges the model's accesses by their text range, in source order. */
export function accessRewrites(accesses: readonly ModelAccess[]): AccessRewrite[] {
  const byRange = new Map<string, AccessRewrite>();
  for (const { access, statement, rowRanges, componentTexts } of accesses) {
    const key = `${access.range.start}:${access.range.end}`;
    const previous = byRange.get(key);
    if (!previous) {
      byRange.set(key, {
        range: access.range,
        indexRanges: access.indexRanges,
        rowRanges,
        kind: access.kind,
        line: access.loc.line,
        // A write elsewhere than in an expression statement (an `if` condition) has no `;` to
        // wait for: it takes effect at once (found by the fuzz campaign).
        ...(statement.noSemicolon ? {} : { statementRange: statement.range }),
        ...(componentTexts !== undefined ? { componentTexts } : {}),
        ...(access.fields ? { fields: access.fields } : {}),
      });
      continue;
    }
    if (previous.componentTexts?.join('\n') !== componentTexts?.join('\n'))
      throw new RewriteError(`accesses at ${key} disagree on their components`);
    if (previous.rowRanges.length !== rowRanges.length)
      throw new RewriteError(`accesses at ${key} disagree on the number of rows`);
    const { fields: _fields, ...rest } = previous;
    byRange.set(key, {
      ...rest,
      rowRanges: previous.rowRanges.map((r, k) => joinRange(r, rowRanges[k]!)),
      kind: joinKind(previous.kind ?? 'read', access.kind),
      ...joinFields(previous.fields, access.fields),
    });
  }
  return [...byRange.values()].sort((a, b) => a.range.start - b.range.start);
}

/** The plan entry of one contracted array. */
export function arrayRewrite(
  info: ArrayInfo,
  rows: readonly RowForm[],
  accesses: readonly ModelAccess[],
  annotation?: string,
): ArrayRewrite {
  return {
    name: info.name,
    declaratorRange: info.declaratorRange,
    declarationRange: info.declarationRange,
    rows,
    accesses: accessRewrites(accesses),
    // Cells keep the declared numbering (the `check` owners); the view has its own sizes.
    extentTexts: (info.delinearized?.declaredExtents ?? info.extents).map((e) => e.text),
    ...(info.delinearized ? { viewExtentTexts: info.extents.map((e) => e.text) } : {}),
    fileScope: info.storage === 'global' || info.storage === 'static-global',
    ...(info.fields ? { fieldCount: info.fields.length } : {}),
    ...(annotation !== undefined ? { annotation } : {}),
  };
}

/** The dimension a row copies unchanged (coefficient 1 there, 0 elsewhere), if any. */
export function copiedDimension(coefficients: readonly bigint[]): number | undefined {
  const d = coefficients.findIndex((c) => c !== 0n);
  if (d < 0 || coefficients[d] !== 1n) return undefined;
  return coefficients.every((c, k) => k === d || c === 0n) ? d : undefined;
}

/**
 * The rows of a mapping (M, b) as the rewriter wants them: rows of modulus 1 dropped, and
 * the extent's own text (`N`) for a row that copies dimension d into a modulus equal to
 * that extent, so sizes stay symbolic where the source was. A modulus of 0 or less (no
 * modulo at all) is refused.
 */
export function rowForms(
  M: readonly (readonly bigint[])[],
  b: readonly bigint[],
  extents: readonly Extent[],
): RowForm[] {
  const rows: RowForm[] = [];
  M.forEach((coefficients, r) => {
    const value = b[r];
    if (value === undefined || value <= 0n)
      throw new RewriteError(`row ${r} of the mapping has modulus ${value}`);
    if (value === 1n) return;
    const d = copiedDimension(coefficients);
    const extent = d === undefined ? undefined : extents[d];
    const text =
      extent && extent.value === value && extent.text.trim() !== ''
        ? extent.text.trim()
        : `${value}`;
    rows.push({ coefficients: [...coefficients], modulus: { value, text } });
  });
  return rows;
}

/**
 * Whether a row copies dimension d into a modulus equal to extent d: then its value at
 * any access with defined behaviour (index within the declared extent) is already in
 * [0, b), and `%` is not needed. An out-of-bounds access is undefined in the original.
 */
export function copiesInBounds(row: RowForm, extents: readonly Extent[]): boolean {
  const d = copiedDimension(row.coefficients);
  if (d === undefined) return false;
  const extent = extents[d];
  if (!extent) return false;
  if (row.modulus.value !== undefined && extent.value !== undefined)
    return row.modulus.value === extent.value;
  return row.modulus.text.trim() === extent.text.trim();
}

/**
 * The rows of an array that keeps its rank (ArrayRewrite.keepRank), from the rows of a
 * mapping that folds dimension-wise: one per dimension d in order, the row copying d, or a
 * row of modulus 1 (index 0) where none does.
 */
export function rankKeepingRows(rows: readonly RowForm[], rank: number): RowForm[] {
  return Array.from({ length: rank }, (_, d) => {
    const row = rows.find((r) => copiedDimension(r.coefficients) === d);
    if (row) return row;
    const coefficients = Array.from({ length: rank }, (_, k) => (k === d ? 1n : 0n));
    return { coefficients, modulus: { value: 1n, text: '1' } };
  });
}
