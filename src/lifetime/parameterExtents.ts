/**
 * The extents a parameter array really has, proved from its accesses.
 *
 * A parameter declared `double t[2][8]` is a pointer `double (*t)[8]`: the caller may pass 16
 * rows, and `double t[4]` may be used for 64 cells. The outermost declared extent bounds
 * nothing, yet the lifetime analysis keeps cells inside the extents (instances.ts `inBounds`)
 * and a private copy or a kept dimension is sized by them. The inner extents are the pointer's
 * type: an index past one is out of range of that row (C11 6.5.6, J.2), undefined as for a local
 * array. So before a parameter is analysed as a temporary, every access is shown to stay at or
 * above 0 in the outermost dimension, and that extent becomes one past the largest index used
 * (or what the callers' objects hold) when the declared one does not cover it. Where that
 * cannot be shown (a non-affine subscript, an unbounded or run-time maximum), the parameter is
 * not a temporary, with the reason.
 */
import * as A from '../poly/affine.js';
import type { Constraint } from '../poly/affine.js';
import * as P from '../poly/index.js';
import type { ArrayInfo, Extent, FunctionModel } from '../model/types.js';
import { accessInstances, accessesTo, inBounds } from './instances.js';
import { place } from '../model/place.js';

export type ProvenExtents =
  | { readonly kind: 'proved'; readonly array: ArrayInfo }
  | { readonly kind: 'unproved'; readonly reason: string };

/**
 * Rows of the parameter the callers' objects hold: their cells over the cells of one row
 * (the inner extents, already shown to bound their indices).
 */
function rowsOf(array: ArrayInfo, callerCells: bigint | undefined): bigint | undefined {
  if (callerCells === undefined) return undefined;
  let row = 1n;
  for (const e of array.extents.slice(1)) {
    if (e.value === undefined || e.value <= 0n) return undefined;
    row *= e.value;
  }
  return callerCells / row;
}

const at = place;

export function provenParameterExtents(
  fn: FunctionModel,
  array: ArrayInfo,
  values: Readonly<Record<string, bigint>>,
  /**
   * The most cells a caller's object holds (every call site known): in a run without
   * undefined behaviour no access leaves it, which bounds the outermost index.
   */
  callerCells?: bigint,
): ProvenExtents {
  const no = (reason: string): ProvenExtents => ({ kind: 'unproved', reason });
  if (array.delinearized)
    return no(`'${array.name}' is indexed as a linearized array: its extents are not proved`);
  const cells = array.extents.map((_, k) => `c${k}`);
  const params = fn.parameters.map((p) => p.name);
  const pieces: P.NamedConjunction[] = [];
  // The inner extents hold (the pointer's type), the outermost is what is proved.
  const inner = inBounds({ ...array, extents: [{ text: '' }, ...array.extents.slice(1)] }, cells);
  for (const [k, u] of accessesTo(fn.statements, array.name).entries()) {
    if (u.access.subscripts.some((s) => s === null))
      return no(
        `an index of '${array.name}' at ${at(u.access.loc)} is not affine: the cells it touches are unknown, and a parameter's declared extent does not bound them`,
      );
    const inst = accessInstances(array, u.statement, u.access, `e${k}`, cells, [], false);
    for (const p of inst.pieces)
      pieces.push({ exists: p.exists, constraints: [...p.constraints, ...fn.context, ...inner] });
  }
  const space: P.Space = { params, dims: cells };
  const touched = P.fixParams(P.fromConjunctions(space, pieces), values);
  const reaches = (c: Constraint) =>
    !P.isEmpty(P.intersect(touched, P.fromConjunctions(space, [{ exists: [], constraints: [c] }])));
  const outer = array.extents[0]!;
  const cell = A.variable(cells[0]!);
  // cell <= -1
  if (reaches({ kind: 'ge', expr: A.sub(A.constant(-1), cell) }))
    return no(`'${array.name}' may be indexed below 0, before the start of the caller's buffer`);
  // cell >= extent
  if (outer.expr && !reaches({ kind: 'ge', expr: A.sub(cell, outer.expr) }))
    return { kind: 'proved', array };
  const max = P.maximize(touched, cell);
  if (max.kind === 'empty') return { kind: 'proved', array };
  const rows = rowsOf(array, callerCells);
  const size =
    max.kind === 'value' && (rows === undefined || max.value + 1n <= rows) ? max.value + 1n : rows;
  if (size === undefined) {
    const runTime = max.kind === 'value' ? undefined : runTimeExtent(touched, cell);
    if (runTime)
      return { kind: 'proved', array: { ...array, extents: [runTime, ...array.extents.slice(1)] } };
    return no(
      `the largest index of '${array.name}' is not bounded by a known value, and a parameter's declared extent does not bound it`,
    );
  }
  const extents: Extent[] = [
    size === outer.value ? outer : { text: `${size}`, expr: A.constant(size), value: size },
    ...array.extents.slice(1),
  ];
  return { kind: 'proved', array: { ...array, extents } };
}

/**
 * One past the largest outermost index, as `n` or `n + c` of one run-time parameter `n` (the
 * bound of the loop that walks the rows: `r < nr`), when that is the maximum for every value
 * of the parameters where some cell is touched: a heap buffer sized at run time, whose cells
 * the caller's object holds in any run without undefined behaviour. Undefined otherwise (a
 * maximum of several pieces, or of another form).
 */
function runTimeExtent(touched: P.PolySet, cell: A.Affine): Extent | undefined {
  let max: ReturnType<typeof P.maximizeParametric>;
  try {
    max = P.maximizeParametric(touched, cell);
  } catch {
    return undefined; // not affine on part of the parameters' values (floor(n / 2))
  }
  if (max.kind !== 'pieces' || max.pieces.length === 0) return undefined;
  const value = max.pieces[0]!.value;
  if (!max.pieces.every((p) => A.equal(p.value, value))) return undefined;
  const expr = A.add(value, A.constant(1));
  const names = A.variables(expr);
  if (names.length !== 1 || A.coeff(expr, names[0]!) !== 1n) return undefined;
  const c = expr.constant;
  const text = c === 0n ? names[0]! : c > 0n ? `${names[0]} + ${c}` : `${names[0]} - ${-c}`;
  return { text, expr };
}
