/** Text insertions into a rewrite plan's source, made before the rewriter runs. */
import type { RewritePlan } from '../rewrite/index.js';

/** Inserts text into the plan's source before anything else is edited, shifting ranges after it. */
export function insertIntoPlan(plan: RewritePlan, at: number, text: string): RewritePlan {
  const shift = <R extends { start: number; end: number } | undefined>(r: R): R =>
    (r && r.start >= at ? { start: r.start + text.length, end: r.end + text.length } : r) as R;
  return {
    ...plan,
    source: plan.source.slice(0, at) + text + plan.source.slice(at),
    ...(plan.textEdits
      ? { textEdits: plan.textEdits.map((e) => ({ ...e, range: shift(e.range) })) }
      : {}),
    arrays: plan.arrays.map((a) => ({
      ...a,
      declaratorRange: shift(a.declaratorRange),
      declarationRange: shift(a.declarationRange),
      // The shadow arrays of `check` go before text inserted at their place (they must be
      // in scope of a body kept for other argument values too).
      ...(a.shadowAnchor !== undefined && a.shadowAnchor > at
        ? { shadowAnchor: a.shadowAnchor + text.length }
        : {}),
      accesses: a.accesses.map((x) => ({
        ...x,
        range: shift(x.range),
        indexRanges: x.indexRanges.map(shift),
        statementRange: shift(x.statementRange),
      })),
    })),
  };
}
