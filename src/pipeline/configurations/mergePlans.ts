/**
 * One rewrite plan for every configuration: each configuration's plan edits the accesses
 * its compiler sees (a branch it skips is not in its model), so the plan of the output is
 * their union. An array's declaration and mapping, an access seen by several, a text edit
 * and a copy of a body must be the same in all of them; anything else is a conflict, said
 * in words. The guards are not merged here (combinedGuards.ts).
 */
import type { AccessRange, AccessRewrite, ArrayRewrite, RewritePlan } from '../../rewrite/index.js';
import type { PlanInsertion } from '../../rewrite/plan.js';
import { isGuard } from './combinedGuards.js';

/** A conflict names the array it is about when there is one (its declarator's offset). */
export type Merged =
  | { readonly plan: RewritePlan }
  | { readonly conflict: string; readonly array?: { readonly name: string; readonly at: number } };

/** A canonical text of plain data with bigints. */
const same = (x: unknown): string =>
  JSON.stringify(x, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

const arrayKey = (a: ArrayRewrite) => `${a.name}@${a.declaratorRange.start}`;
const rangeKey = (r: { start: number; end: number }) => `${r.start}-${r.end}`;

/**
 * Entries by key; two values of one key are joined by `join` (undefined: they conflict),
 * by default only when they are the same.
 */
function union<T>(
  lists: readonly (readonly T[])[],
  key: (t: T) => string,
  what: (t: T) => string,
  join: (a: T, b: T) => T | undefined = (a, b) => (same(a) === same(b) ? a : undefined),
): Map<string, T> | string {
  const out = new Map<string, T>();
  for (const list of lists)
    for (const t of list) {
      const k = key(t);
      const known = out.get(k);
      const joined = known === undefined ? t : join(known, t);
      if (joined === undefined) return `${what(t)} differs`;
      out.set(k, joined);
    }
  return out;
}

const lower = (a?: bigint, b?: bigint) =>
  a === undefined || b === undefined ? undefined : a < b ? a : b;
const upper = (a?: bigint, b?: bigint) =>
  a === undefined || b === undefined ? undefined : a > b ? a : b;

/** Bounds proven in each configuration: their hull holds in both. */
function hull(a: AccessRange, b: AccessRange): AccessRange {
  const min = lower(a.min, b.min);
  const max = upper(a.max, b.max);
  return {
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(a.withinModulus && b.withinModulus ? { withinModulus: true } : {}),
  };
}

/**
 * One access seen by two configurations: the same access but for the bounds each proved
 * of its slot indices (another loop bound), which join into bounds true in both.
 */
function joinAccess(a: AccessRewrite, b: AccessRewrite): AccessRewrite | undefined {
  if (same({ ...a, rowRanges: [] }) !== same({ ...b, rowRanges: [] })) return undefined;
  if (a.rowRanges.length !== b.rowRanges.length) return undefined;
  return { ...a, rowRanges: a.rowRanges.map((r, k) => hull(r, b.rowRanges[k]!)) };
}

/** The arrays of every plan, each with the accesses any plan rewrites. */
function mergeArrays(
  plans: readonly RewritePlan[],
): ArrayRewrite[] | Exclude<Merged, { plan: unknown }> {
  const keys = plans.map((p) => p.arrays.map(arrayKey).sort().join(','));
  if (keys.some((k) => k !== keys[0]))
    return { conflict: 'the configurations change different arrays or buffers' };
  const out: ArrayRewrite[] = [];
  for (const first of plans[0]!.arrays) {
    const versions = plans.map((p) => p.arrays.find((a) => arrayKey(a) === arrayKey(first))!);
    const array = { name: first.name, at: first.declaratorRange.start };
    const bare = versions.map((a) => same({ ...a, accesses: [] }));
    if (bare.some((b) => b !== bare[0]))
      return { conflict: `the declaration or mapping of ${first.name} differs`, array };
    const accesses = union(
      versions.map((a) => a.accesses),
      (x) => rangeKey(x.range),
      () => `the rewrite of an access of ${first.name}`,
      joinAccess,
    );
    if (typeof accesses === 'string') return { conflict: accesses, array };
    out.push({
      ...first,
      accesses: [...accesses.values()].sort((a, b) => a.range.start - b.range.start),
    });
  }
  return out;
}

/** The insertions that are not guards (bodies kept for other argument values, enum checks). */
function mergeOthers(plans: readonly RewritePlan[]): PlanInsertion[] | string {
  const others = plans.map((p) => (p.insertions ?? []).filter((i) => !isGuard(i)));
  if (others.some((o) => same(o) !== same(others[0])))
    return 'the copies of a function body or the enum checks differ';
  return others[0]!;
}

/** The union of the plans (their guards left out), or what conflicts. */
export function mergePlans(plans: readonly RewritePlan[]): Merged {
  const arrays = mergeArrays(plans);
  if (!Array.isArray(arrays)) return arrays;
  const edits = union(
    plans.map((p) => p.textEdits ?? []),
    (e) => rangeKey(e.range),
    (e) => `the edit of the ${e.what}`,
  );
  if (typeof edits === 'string') return { conflict: edits };
  const insertions = mergeOthers(plans);
  if (typeof insertions === 'string') return { conflict: insertions };
  const first = plans[0]!;
  if (plans.some((p) => p.modulo !== first.modulo || !!p.hls !== !!first.hls))
    return { conflict: 'the modulo form differs' };
  // (one `#line` after an addition cannot give the next line two numbers)
  const numbering = (p: RewritePlan) => JSON.stringify(p.lineNumbering ?? []);
  if (plans.some((p) => numbering(p) !== numbering(first)))
    return { conflict: "the file's #line directives number its lines differently" };
  const unsafe = new Set(plans.flatMap((p) => p.unsafeMacros ?? []));
  return {
    plan: {
      ...first,
      arrays,
      textEdits: [...edits.values()],
      insertions,
      unsafeMacros: [...unsafe],
      // The helper is written without `inline` when one configuration is C89.
      ...(plans.some((p) => p.c89) ? { c89: true } : {}),
    },
  };
}

/**
 * A configuration's own plan with the bounds of the merged one (bounds true in every
 * configuration, so weaker than its own: the slot indices it writes are still right for
 * it): what the merged text must compile to in that configuration.
 */
export function withMergedBounds(own: RewritePlan, merged: RewritePlan): RewritePlan {
  const accesses = new Map(
    merged.arrays.flatMap((a) => a.accesses.map((x) => [`${arrayKey(a)}:${rangeKey(x.range)}`, x])),
  );
  return {
    ...own,
    arrays: own.arrays.map((a) => ({
      ...a,
      accesses: a.accesses.map((x) => accesses.get(`${arrayKey(a)}:${rangeKey(x.range)}`) ?? x),
    })),
  };
}
