/**
 * An array of structs accessed field by field (`a[i].re`, ArrayInfo.fields) analysed as one
 * array per field over the same index space, the fields side by side in one more dimension:
 * `a[i].re` is cell `[i][0]` of the view, `a[i].im` cell `[i][1]`, and a whole-element access
 * (`a[i] = s`, `s = a[i]`) touches every field of its cell.
 *
 * Why per field: a write of `a[i].im` does not kill the value of `a[i].re`. Taken as an
 * access of the element, the sequence "write re, read re, write im, read re" would let the
 * element be dead between the first read and the write of im, and another element could
 * share its storage there: re lost. In the view each field has its own lifetimes.
 *
 * Only one mapping of the index is made for the whole struct (the rewrite changes the
 * subscript of `a[i].re` and nothing else), under which elements i and i' share storage, and
 * so does each field of them, exactly when they map to one slot. Two fields of one slot never
 * share storage, so the conflicts that matter are those of a field with the same field of
 * another element: the view's differences whose field component is 0, the union over fields
 * of their own conflict sets (`elementConflicts`).
 */
import * as P from '../poly/index.js';
import { constant } from '../poly/affine.js';
import type { Access, ArrayInfo, FunctionModel, Statement } from '../model/types.js';
import type { ConflictSet } from './conflictSet.js';
import type { UpwardExposedRead } from './upwardExposed.js';
import { nameRecord } from '../poly/nameRecord.js';

export interface FieldView {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  /** How many fields: the extent of the view's last dimension. */
  readonly fields: number;
}

/** The view of an array analysed per field, or undefined for any other array. */
export function fieldView(fn: FunctionModel, array: ArrayInfo): FieldView | undefined {
  const k = array.fields?.length;
  if (!k) return undefined;
  const every = Array.from({ length: k }, (_, j) => j);
  // Positions stay in the original order; the fields of one access follow each other.
  const widen = (a: Access): Access[] =>
    a.array !== array.name
      ? [{ ...a, order: a.order * k }]
      : (a.fields ?? every).map((j) => ({
          ...a,
          subscripts: [...a.subscripts, constant(BigInt(j))],
          order: a.order * k + j,
        }));
  const statement = (s: Statement): Statement =>
    s.accesses.some((a) => a.array === array.name)
      ? { ...s, accesses: s.accesses.flatMap(widen) }
      : s;
  const n = BigInt(k);
  // (Without `fields`: the view is analysed as any array.)
  const { fields: _fields, ...plain } = array;
  const view: ArrayInfo = {
    ...plain,
    extents: [...array.extents, { text: `${k}`, expr: constant(n), value: n }],
  };
  return {
    fn: {
      ...fn,
      statements: fn.statements.map(statement),
      arrays: fn.arrays.map((a) => (a.name === array.name ? view : a)),
    },
    array: view,
    fields: k,
  };
}

/**
 * The element's conflict set from the view's: the differences with no field component (a
 * field against the same field of another element), that component dropped. Exact: it is
 * fixed to 0 before it is projected away.
 */
export function elementConflicts(cs: ConflictSet): ConflictSet {
  const last = cs.dims[cs.dims.length - 1]!;
  const dims = cs.dims.slice(0, -1);
  const sameField = P.fromConjunctions(cs.ds.space, [
    {
      exists: [],
      constraints: [{ kind: 'eq', expr: { coeffs: nameRecord([[last, 1n]]), constant: 0n } }],
    },
  ]);
  const ds = P.coalesce(P.projectOnto(P.intersect(cs.ds, sameField), dims));
  return { ...cs, dims, ds };
}

/** Exposed reads found in the view, their witness cell given without the field. */
export function elementReads(
  reads: readonly UpwardExposedRead[],
  rank: number,
): UpwardExposedRead[] {
  const field = `j${rank}`;
  return reads.map((r) => {
    if (!r.example) return r;
    const example: Record<string, bigint> = Object.create(null);
    for (const [k, v] of Object.entries(r.example)) if (k !== field) example[k] = v;
    return { ...r, example };
  });
}
