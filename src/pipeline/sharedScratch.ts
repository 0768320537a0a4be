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
} from '../lattice/index.js';
import * as P from '../poly/index.js';
import { BudgetExceeded } from '../poly/budget.js';
import type { ArrayDecision } from './decision.js';
import { jsonInt, type ArrayReport } from './report.js';

const declaration = (d: ArrayDecision) =>
  `${d.array.name}:${d.array.loc.line}:${d.array.loc.column}`;

export async function shareFileScopeMappings<D extends ArrayDecision>(
  decisions: readonly D[],
  reportOf: (d: D) => ArrayReport | undefined,
): Promise<D[]> {
  const groups = new Map<string, D[]>();
  for (const d of decisions)
    if (d.array.storage === 'static-global' && (d.array.users?.length ?? 0) > 1)
      groups.set(declaration(d), [...(groups.get(declaration(d)) ?? []), d]);
  const dropped = new Set<D>();
  const replaced = new Map<D, D>();
  for (const group of groups.values()) {
    const users = group[0]!.array.users!;
    const missing = users.filter((u) => !group.some((d) => d.fn.name === u));
    const common = missing.length === 0 ? await commonMapping(group) : undefined;
    if (!common) {
      const why =
        missing.length > 0
          ? `it is also used by ${missing.join(', ')}(), where it is not contracted: one declaration serves all its functions`
          : `no one mapping fits the uses of all its functions (${users.join(', ')})`;
      for (const d of group) leave(reportOf(d), why);
      // The entries of the functions that did not contract it say so already.
      for (const d of group) dropped.add(d);
      continue;
    }
    group.forEach((d, k) => {
      const r = reportOf(d);
      if (r) {
        r.mapping = { M: common.M.map((row) => row.map(jsonInt)), b: common.b.map(jsonInt) };
        r.compressedCells = jsonInt(mappingSize(common));
        r.warnings.push(
          `one mapping for its functions (${users.join(', ')}): its declaration is shared`,
        );
      }
      replaced.set(d, { ...d, mapping: common, ...(k > 0 ? { sharesDeclaration: true } : {}) });
    });
  }
  return decisions.filter((d) => !dropped.has(d)).map((d) => replaced.get(d) ?? d);
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

function leave(r: ArrayReport | undefined, reason: string): void {
  if (!r) return;
  r.status = 'unchanged';
  r.reason = reason;
  r.compressedCells = r.originalCells;
  if (r.originalBytes !== undefined) r.compressedBytes = r.originalBytes;
  delete r.mapping;
}
