/**
 * The cost of a mapping's address arithmetic where it runs (issue 29, item 8): a slot index
 * `(v) % b` with b not a power of two is a division, and one that changes with the
 * innermost loop is a division per iteration. On codec2's Levinson-Durbin the 19-cell
 * `a[((i - 1) - 2 * j + 19) % 19]` saved one cell over `a[i % 2][j]` (20) with a division
 * in the inner loop: 1.41x slower on x86, twice the code and ten calls to the division
 * helper on a Cortex-M0.
 *
 * The rule (docs/design.md, "Address arithmetic"): a mapping's division depth is the deepest
 * loop whose iterator a `% b` (b not a power of two, not elided because the value is
 * proven in [0, b)) depends on (0: none; a value invariant in an inner loop is computed
 * once per outer iteration, compilers hoist it). Under `auto`, a mapping with a deeper
 * division than the best other candidate is taken only when it saves at least
 * `percent`% of that candidate's cells, or at least `bytes` bytes; the target decides both.
 */
import * as A from '../../poly/affine.js';
import { isOwnOverrun, withWorkBudget } from '../../poly/budget.js';
import type { Mapping } from '../../lattice/index.js';
import type { Access, ArrayInfo, FunctionModel } from '../../model/types.js';
import { rowRanges } from '../../rewrite/accessRanges.js';
import { rowForms } from '../../rewrite/fromModel.js';
import type { AccessRange, RowForm } from '../../rewrite/plan.js';
import type { Target } from '../options.js';

/** What a deeper division must save: a share of the cells, or (with a divider) bytes. */
export interface DivisionRule {
  readonly percent: bigint;
  readonly bytes?: bigint;
}

/** A hardware divider (x86, Arm A-profile, Cortex-M3 and up, RISC-V with M). */
const WITH_DIVIDER: DivisionRule = { percent: 25n, bytes: 4096n };
/** No divider: every `%` by a non-power of two is a call of a helper of ~50 cycles. */
const WITHOUT_DIVIDER: DivisionRule = { percent: 50n };

export function divisionRule(target: Target = 'default'): DivisionRule {
  return target === 'default' ? WITH_DIVIDER : WITHOUT_DIVIDER;
}

/**
 * Whether saving `free - taken` cells is worth the deeper division: at least the rule's
 * share of `free`, or its bytes (exact arithmetic).
 */
export function worthDivision(
  rule: DivisionRule,
  taken: bigint,
  free: bigint,
  elementBytes?: number,
): boolean {
  const saved = free - taken;
  if (saved <= 0n) return false;
  if (saved * 100n >= rule.percent * free) return true;
  return (
    rule.bytes !== undefined &&
    elementBytes !== undefined &&
    saved * BigInt(elementBytes) >= rule.bytes
  );
}

/** Polyhedral work one mapping's ranges may take; past it, every `%` counts as a division. */
const RANGE_WORK = 50_000;

const isPowerOfTwo = (b: bigint) => b > 0n && (b & (b - 1n)) === 0n;

function elided(range: AccessRange | undefined, b: bigint): boolean {
  if (range?.withinModulus) return true;
  return range?.min !== undefined && range.max !== undefined && range.min >= 0n && range.max < b;
}

/**
 * The depth of the deepest loop whose iterator `row`'s value depends on at this access
 * (outermost loop 1), or the statement's depth when the value is not affine.
 */
function dependenceDepth(row: RowForm, access: Access, iterators: readonly string[]): number {
  const subscripts = access.subscripts;
  let value = A.constant(0);
  for (const [k, c] of row.coefficients.entries()) {
    if (c === 0n) continue;
    const s = subscripts[k];
    if (!s) return iterators.length;
    value = A.add(value, A.scale(s, c));
  }
  let depth = 0;
  iterators.forEach((it, d) => {
    if (A.coeff(value, it) !== 0n) depth = d + 1;
  });
  // An existential (a quotient of iterators) may vary anywhere.
  return A.variables(value).some((v) => access.exists.includes(v)) ? iterators.length : depth;
}

/**
 * The division depth of each mapping of `array` (memoized by mapping): 0 when no slot index
 * needs a division inside a loop.
 */
export function divisionDepth(
  fn: FunctionModel,
  array: ArrayInfo,
  values: Readonly<Record<string, bigint>>,
): (m: Mapping) => number {
  const memo = new Map<string, number>();
  return (m) => {
    const key = JSON.stringify(m, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    let d = memo.get(key);
    if (d === undefined) memo.set(key, (d = depthOf(fn, array, values, m)));
    return d;
  };
}

function depthOf(
  fn: FunctionModel,
  array: ArrayInfo,
  values: Readonly<Record<string, bigint>>,
  m: Mapping,
): number {
  const rows = rowForms(m.M, m.b, array.extents);
  const dividing = rows.map((r) => !isPowerOfTwo(r.modulus.value!));
  if (!dividing.some(Boolean)) return 0;
  let depth = 0;
  for (const s of fn.statements)
    for (const a of s.accesses) {
      if (a.array !== array.name) continue;
      const deps = rows.map((r, k) => (dividing[k] ? dependenceDepth(r, a, s.iterators) : 0));
      if (!deps.some((x) => x > depth)) continue;
      const ranges = provenRanges(fn, array, s, a, rows, values);
      rows.forEach((r, k) => {
        if (deps[k]! > depth && !elided(ranges?.[k], r.modulus.value!)) depth = deps[k]!;
      });
    }
  return depth;
}

function provenRanges(...args: Parameters<typeof rowRanges>): AccessRange[] | undefined {
  try {
    return withWorkBudget(RANGE_WORK, () => rowRanges(...args));
  } catch (e) {
    if (isOwnOverrun(e)) return undefined;
    throw e;
  }
}
