/**
 * The loop tree of the statements that access one array, read back from their 2d+1
 * schedules (src/model/types.ts): constants at even positions order siblings, the affine
 * form at odd position 2m+1 is the m-th iterator (times a sign: `-i` for a decreasing
 * loop). Walking this tree in order visits the statement instances in execution order, the
 * order of the lexicographically sorted time vectors of src/lifetime/instances.ts.
 */
import type { Access, FunctionModel, Statement } from '../../model/types.js';
import { coeff } from '../../poly/affine.js';

interface LeafNode {
  readonly kind: 'statement';
  readonly statement: Statement;
  /** Its accesses to the array, by position in the statement instance (stable). */
  readonly accesses: readonly Access[];
}

interface LoopNode {
  readonly kind: 'loop';
  readonly iterator: string;
  /** Index of the iterator in each statement's `iterators`. */
  readonly depth: number;
  /** +1: the iterator increases with execution; -1: it decreases. */
  readonly direction: 1 | -1;
  readonly children: readonly TreeNode[];
  /** Every statement below, for the loop's bounds. */
  readonly statements: readonly Statement[];
}

export type TreeNode = LeafNode | LoopNode;

/** A schedule this reader does not understand: the caller reports the array as skipped. */
export class UnsupportedSchedule extends Error {}

export function loopTree(fn: FunctionModel, array: string): TreeNode[] {
  const statements = fn.statements.filter((s) => s.accesses.some((a) => a.array === array));
  return level(statements, 0, array);
}

function constantAt(s: Statement, k: number): bigint {
  const a = s.schedule[k]!;
  if (Object.values(a.coeffs).some((c) => c !== 0n))
    throw new UnsupportedSchedule(`statement ${s.id}: schedule position ${k} is not a constant`);
  return a.constant;
}

function level(statements: readonly Statement[], m: number, array: string): TreeNode[] {
  const groups = new Map<bigint, Statement[]>();
  for (const s of statements) {
    if (s.schedule.length !== 2 * s.iterators.length + 1)
      throw new UnsupportedSchedule(`statement ${s.id}: schedule is not 2d+1`);
    const c = constantAt(s, 2 * m);
    groups.set(c, [...(groups.get(c) ?? []), s]);
  }
  const out: TreeNode[] = [];
  for (const c of [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const group = groups.get(c)!;
    const leaves = group.filter((s) => s.iterators.length === m);
    if (leaves.length > 0) {
      if (group.length > 1)
        throw new UnsupportedSchedule(`statements ${group.map((s) => s.id)} share a position`);
      const s = leaves[0]!;
      const accesses = s.accesses
        .map((a, k) => ({ a, k }))
        .filter(({ a }) => a.array === array)
        .sort((x, y) => x.a.order - y.a.order || x.k - y.k)
        .map(({ a }) => a);
      out.push({ kind: 'statement', statement: s, accesses });
      continue;
    }
    const iterator = group[0]!.iterators[m]!;
    let direction: 1 | -1 | undefined;
    for (const s of group) {
      if (s.iterators[m] !== iterator)
        throw new UnsupportedSchedule(`statements ${s.id} and ${group[0]!.id} share a position`);
      const form = s.schedule[2 * m + 1]!;
      const step = coeff(form, iterator);
      const inner = s.iterators.slice(m + 1);
      if (step === 0n || inner.some((it) => coeff(form, it) !== 0n))
        throw new UnsupportedSchedule(`statement ${s.id}: schedule position ${2 * m + 1}`);
      const d = step > 0n ? 1 : -1;
      if (direction !== undefined && direction !== d)
        throw new UnsupportedSchedule(`loop ${iterator} runs both ways`);
      direction = d;
    }
    out.push({
      kind: 'loop',
      iterator,
      depth: m,
      direction: direction!,
      children: level(group, m + 1, array),
      statements: group,
    });
  }
  return out;
}
