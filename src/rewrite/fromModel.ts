/**
 * Building plan entries from the polyhedral model, so that the pipeline hands the
 * rewriter exactly what it checks: one entry per access text (a compound assignment
 * `y[i] += v` is a read and a write of the same text in the model, one `readwrite` edit
 * here), ranges and lines taken from the model.
 */
import type { Access, ArrayInfo, Statement } from '../model/types.js';
import type { AccessKind, AccessRange, AccessRewrite, ArrayRewrite, RowForm } from './plan.js';

/** One model access of the array, with the statement it belongs to and its row ranges. */
export interface ModelAccess {
  readonly access: Access;
  readonly statement: Statement;
  /** Proven range of each row's value over this access's iterations. */
  readonly rowRanges: readonly AccessRange[];
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

/** Merges the model's accesses by their text range, in source order. */
export function accessRewrites(accesses: readonly ModelAccess[]): AccessRewrite[] {
  const byRange = new Map<string, AccessRewrite>();
  for (const { access, statement, rowRanges } of accesses) {
    const key = `${access.range.start}:${access.range.end}`;
    const previous = byRange.get(key);
    if (!previous) {
      byRange.set(key, {
        range: access.range,
        indexRanges: access.indexRanges,
        rowRanges,
        kind: access.kind,
        line: access.loc.line,
        statementRange: statement.range,
      });
      continue;
    }
    if (previous.rowRanges.length !== rowRanges.length)
      throw new Error(`accesses at ${key} disagree on the number of rows`);
    byRange.set(key, {
      ...previous,
      rowRanges: previous.rowRanges.map((r, k) => joinRange(r, rowRanges[k]!)),
      kind: joinKind(previous.kind ?? 'read', access.kind),
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
    extentTexts: info.extents.map((e) => e.text),
    fileScope: info.storage === 'global' || info.storage === 'static-global',
    ...(annotation !== undefined ? { annotation } : {}),
  };
}
