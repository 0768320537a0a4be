/**
 * A file-scope scratch array named by several functions (lifetime/staticScratch.ts): it has
 * one declaration, so every function must index it through one mapping, admissible for each
 * function's conflict set (each function's values live within its own calls, and no function
 * runs while another's are live, so the conflicts are each function's own). The smallest of
 * the functions' mappings that is admissible for all is taken; where none is, or where one
 * of its functions does not contract it (its accesses would keep the whole extent of a
 * declaration that shrank), the array stays as it is in every function.
 */
import {
  chooseMapping,
  isStrictlyAdmissible,
  LatticeInputError,
  mappingSize,
  type Mapping,
} from '../../lattice/index.js';
import * as P from '../../poly/index.js';
import { BudgetExceeded } from '../../poly/budget.js';
import type { ArrayDecision } from '../decision.js';
import type { Finding } from '../../model/reasons.js';
import { refuse, warn, type Refusal } from '../../model/reasons.js';

const declaration = (d: ArrayDecision) =>
  `${d.array.name}:${d.array.loc.line}:${d.array.loc.column}`;

/** What becomes of a decision: refused, or its mapping replaced by the common one. */
export type Shared<D> =
  { readonly refusal: Refusal } | { readonly decision: D; readonly note: Finding };

export async function shareFileScopeMappings<D extends ArrayDecision>(
  decisions: readonly D[],
): Promise<Map<D, Shared<D>>> {
  const groups = new Map<string, D[]>();
  for (const d of decisions)
    if (
      (d.array.storage === 'static-global' || d.array.storage === 'global') &&
      (d.array.users?.length ?? 0) > 1
    )
      groups.set(declaration(d), [...(groups.get(declaration(d)) ?? []), d]);
  const out = new Map<D, Shared<D>>();
  for (const group of groups.values()) {
    const users = group[0]!.array.users!;
    const missing = users.filter((u) => !group.some((d) => d.fn.name === u));
    const common = missing.length === 0 ? await commonMapping(group) : undefined;
    if (!common) {
      const why =
        missing.length > 0
          ? `it is also used by ${missing.join(', ')}(), where it is not contracted: one declaration serves all its functions`
          : `no one mapping fits the uses of all its functions (${users.join(', ')})`;
      // The entries of the functions that did not contract it say so already.
      for (const d of group) out.set(d, { refusal: refuse('shared-scratch-refused', why) });
      continue;
    }
    const note = warn(
      'shared-scratch',
      `one mapping for its functions (${users.join(', ')}): its declaration is shared`,
    );
    group.forEach((d, k) =>
      out.set(d, {
        decision: { ...d, mapping: common, ...(k > 0 ? { sharesDeclaration: true } : {}) },
        note,
      }),
    );
  }
  return out;
}

/**
 * The smallest of the group's mappings admissible for every function's conflict set, else
 * one chosen for their union (checked against each again), else none.
 */
async function commonMapping(group: readonly ArrayDecision[]): Promise<Mapping | undefined> {
  if (group.some((d) => !d.conflicts || d.symbolicModuli)) return undefined;
  const fitsAll = (m: Mapping) =>
    group.every((d) => isStrictlyAdmissible(d.conflicts!.ds, m, d.conflicts!.params));
  const byRank = [...group].sort((a, b) =>
    mappingSize(a.mapping) < mappingSize(b.mapping) ? -1 : 1,
  );
  const own = byRank.map((d) => d.mapping).find(fitsAll);
  if (own) return own;
  // One set of parameter values for all (the same macros, as the unit defines them).
  const params = group[0]!.conflicts!.params;
  const union = group
    .map((d) => P.fixParams(d.conflicts!.ds, d.conflicts!.params))
    .reduce((a, b) => P.union(a, b));
  try {
    const choice = await chooseMapping(union, { heuristic: 'auto', params });
    return fitsAll(choice.mapping) ? choice.mapping : undefined;
  } catch (e) {
    if (e instanceof LatticeInputError || e instanceof BudgetExceeded) return undefined;
    throw e;
  }
}
