/**
 * Geometry of folded pieces (folding paper, section 5.2.1 "elementary polyhedra" and 5.2.2
 * "absorption").
 *
 * A piece over D dimensions (outermost first) is kept as nested affine bounds
 *
 *     lo_j(x_0..x_{j-1}) <= x_j <= hi_j(x_0..x_{j-1})      for j = 0..D-1
 *
 * with integer coefficients: the shape a loop nest gives its iteration domain. Rows have
 * D + 1 entries, the last one the constant. A piece being folded along dimension t is flat
 * on every dimension before t (the enclosing loops did not move), and a flat dimension
 * has coefficient 0 in every row: its value lives in the constants.
 *
 * Absorption (section 5.2.2): piece P, whose last slice along t is at v, absorbs the slice
 * Q at v + 1. If P is still flat on t (the paper's "polyhedra merge") the inner bounds are
 * interpolated: the difference of Q's and P's bounds, which must be constant, becomes their
 * coefficient on x_t. Otherwise (the paper's "polyhedra extension") P's bounds evaluated at
 * x_t = v + 1 must be Q's bounds exactly. Either way every slice of the result is exactly a
 * slice that was absorbed, so a piece contains exactly the points folded into it. Our
 * pieces are a little more general than the paper's elementary polyhedra (an edge may move
 * by any integer per step, not only -1, 0 or 1); the exactness argument is the same.
 */
import type { LabelState } from './label.js';

export type Row = number[];

export interface Piece {
  readonly lo: readonly Row[];
  readonly hi: readonly Row[];
  readonly label: LabelState;
  /** Number of points folded into the piece. */
  readonly count: number;
}

function constantRow(dims: number, value: number): Row {
  const r = new Array<number>(dims + 1).fill(0);
  r[dims] = value;
  return r;
}

/** A piece of one point, or of a run of `n` points along the innermost dimension. */
export function runPiece(point: readonly number[], n: number, label: LabelState): Piece {
  return rectPiece(point, n, 1, label);
}

/**
 * A rectangle: `rows` runs of `n` points, the first at `point`, the next ones one step
 * further along dimension D - 2 each.
 */
export function rectPiece(
  point: readonly number[],
  n: number,
  rows: number,
  label: LabelState,
): Piece {
  const d = point.length;
  const lo = point.map((x) => constantRow(d, x));
  const hi = point.map((x) => constantRow(d, x));
  if (d > 0) hi[d - 1]![d] = point[d - 1]! + n - 1;
  if (d > 1) hi[d - 2]![d] = point[d - 2]! + rows - 1;
  return { lo, hi, label, count: n * rows };
}

/** First value of dimension t (a constant: the piece is flat before t). */
function first(p: Piece, t: number): number {
  return p.lo[t]![p.lo.length]!;
}
/** Last value of dimension t. */
function last(p: Piece, t: number): number {
  return p.hi[t]![p.hi.length]!;
}

/** Q's row restricted to x_t = w: its constant there (Q may span several values of t). */
function at(qRow: Row, t: number, w: number): number {
  return qRow[qRow.length - 1]! + qRow[t]! * w;
}

function interpolate(pRow: Row, qRow: Row, t: number, v: number, qFlat: boolean): Row | undefined {
  const d = pRow.length - 1;
  for (let k = 0; k < d; k++) if (k !== t && pRow[k] !== qRow[k]) return undefined;
  const delta = at(qRow, t, v + 1) - pRow[d]!;
  // A Q spanning several values must already move by the same delta per step.
  if (!qFlat && qRow[t] !== delta) return undefined;
  const c = pRow[d]! - delta * v;
  if (!Number.isSafeInteger(c)) return undefined;
  const r = pRow.slice();
  r[t] = delta;
  r[d] = c;
  return r;
}

function extends_(pRow: Row, qRow: Row, t: number, w: number, qFlat: boolean): boolean {
  const d = pRow.length - 1;
  for (let k = 0; k < d; k++) if (k !== t && pRow[k] !== qRow[k]) return false;
  if (!qFlat && qRow[t] !== pRow[t]) return false;
  return pRow[d]! + pRow[t]! * w === at(qRow, t, w);
}

/**
 * The bounds of P absorbing Q along t (Q starts right after P's last slice), or undefined
 * when the union is not one piece (Algorithm 2, has_compat_geometry).
 */
export function absorbGeometry(
  p: Piece,
  q: Piece,
  t: number,
): { lo: Row[]; hi: Row[] } | undefined {
  const d = p.lo.length;
  const v = last(p, t);
  const w = first(q, t);
  if (w !== v + 1) return undefined;
  const flat = first(p, t) === v;
  const qFlat = first(q, t) === last(q, t);
  const lo = p.lo.slice();
  const hi = p.hi.slice();
  const top = hi[t]!.slice();
  top[d] = last(q, t);
  hi[t] = top;
  for (let j = t + 1; j < d; j++) {
    if (flat) {
      const l = interpolate(p.lo[j]!, q.lo[j]!, t, v, qFlat);
      const h = interpolate(p.hi[j]!, q.hi[j]!, t, v, qFlat);
      if (!l || !h) return undefined;
      lo[j] = l;
      hi[j] = h;
    } else if (
      !extends_(p.lo[j]!, q.lo[j]!, t, w, qFlat) ||
      !extends_(p.hi[j]!, q.hi[j]!, t, w, qFlat)
    ) {
      return undefined;
    }
  }
  return { lo, hi };
}

/** The lexicographically first point: every coordinate at its lower bound in turn. */
export function anchor(p: Piece): number[] {
  const x: number[] = [];
  for (let j = 0; j < p.lo.length; j++) x.push(rowValue(p.lo[j]!, x));
  return x;
}

/** Most inner dimensions over which merge search vectors are enumerated (3^m keys). */
const MAX_SEARCH_DIMS = 4;

/**
 * Keys (`x.join(',')`) of the anchors a slice absorbable by `p` along t can have: the one
 * p's bounds predict at the next value of t (extension), or p's anchor moved by (1, δ)
 * (merge; δ = 0 only beyond MAX_SEARCH_DIMS inner dimensions).
 */
export function candidateAnchors(p: Piece, t: number): string[] {
  const d = p.lo.length;
  const v = last(p, t);
  if (first(p, t) !== v) {
    const x: number[] = [];
    for (let j = 0; j < d; j++) x.push(j === t ? v + 1 : rowValue(p.lo[j]!, x));
    return [x.join(',')];
  }
  const base = anchor(p);
  base[t] = v + 1;
  let keys: number[][] = [base];
  const inner = d - t - 1;
  if (inner <= MAX_SEARCH_DIMS) {
    for (let j = t + 1; j < d; j++)
      keys = keys.flatMap((x) =>
        [0, -1, 1].map((delta) => x.map((c, i) => (i === j ? c + delta : c))),
      );
  }
  return keys.map((x) => x.join(','));
}

function rowValue(r: Row, point: readonly number[]): number {
  const d = r.length - 1;
  let v = r[d]!;
  for (let k = 0; k < point.length && k < d; k++) v += r[k]! * point[k]!;
  return v;
}

/** Whether `point` lies in the piece. */
export function contains(p: Piece, point: readonly number[]): boolean {
  return point.every((x, j) => rowValue(p.lo[j]!, point) <= x && x <= rowValue(p.hi[j]!, point));
}

/** Every point of the piece, in lexicographic order (for tests and small pieces). */
export function* pointsOf(p: Piece): Generator<number[]> {
  const d = p.lo.length;
  const x = new Array<number>(d).fill(0);
  function* rec(j: number): Generator<number[]> {
    if (j === d) {
      yield x.slice();
      return;
    }
    const a = rowValue(p.lo[j]!, x);
    const b = rowValue(p.hi[j]!, x);
    for (let v = a; v <= b; v++) {
      x[j] = v;
      yield* rec(j + 1);
    }
    x[j] = 0;
  }
  yield* rec(0);
}
