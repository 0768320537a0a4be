/**
 * The conflict set DS of one array (Bee, section 3; docs/design.md "Lifetime analysis").
 *
 * Cell c lives from its first write FW(c) to its last access LA(c) (a dead write still
 * clobbers its cell, so writes count as accesses). Cells i and j conflict iff
 *
 *     FW(i) < LA(j)  and  FW(j) < LA(i)        (strict, in execution order)
 *
 * and FW(i) < LA(j) holds iff some write instance of i precedes some access instance of j.
 * So "precedes" P(i, j) is a union, over (write, access) pairs and lexicographic levels,
 * of polyhedra with the iteration vectors existentially quantified, the conflict relation
 * is P(i, j) and P(j, i), and DS = { i - j : i conflicts with j } is its image: no
 * parametric lexmin is needed, and nothing depends on the array's extents.
 *
 * Soundness: every approximation may only make DS larger. May-accesses (data-dependent
 * conditions) are taken as definite: a write that might not happen moves FW no later than
 * the truth and a read that might not happen moves LA no earlier, so intervals only grow.
 * A non-affine subscript dimension ranges over the whole extent: the true cell is among
 * them, so the true interval is covered. A dropped loop bound adds iterations: more writes
 * (earlier FW) and more accesses (later LA), again only growth.
 */
import * as P from '../poly/index.js';
import type { NamedConjunction, PolySet } from '../poly/index.js';
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { accessInstances, accessesTo, happensBefore, type AccessInstances } from './instances.js';
import { differenceSet } from './differences.js';
import { NO_NAMES, nameRecord, ownValue } from '../poly/nameRecord.js';
import { place } from '../model/place.js';

export interface ConflictCause {
  /** Statement ids: a write in `writer` precedes an access in `accessor`. */
  readonly writer: string;
  readonly accessor: string;
}

export interface ConflictSet {
  readonly array: string;
  readonly function: string;
  /** Names of the difference dimensions, one per array dimension. */
  readonly dims: readonly string[];
  /** DS over `dims` and the function's parameters; contains 0; symmetric. */
  readonly ds: PolySet;
  /** True when no over-approximation was involved (DS is the exact set). */
  readonly exact: boolean;
  /** Why DS may be larger than the truth (one line per cause, with a location). */
  readonly approximations: readonly string[];
  /** (write, access) statement pairs whose "write precedes access" relation is non-empty. */
  readonly causes: readonly ConflictCause[];
}

export const cellNames = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, k) => `${prefix}${k}`);

/** Parameters of the function, all symbolic here (values are fixed later, per use). */
function parameterNames(fn: FunctionModel): string[] {
  return fn.parameters.map((p) => p.name);
}

/**
 * P(I, J): some write instance of cell I strictly precedes some access instance of cell J.
 * One conjunction per (write piece, access piece, lexicographic level).
 */
function precedes(
  writes: readonly AccessInstances[],
  accesses: readonly AccessInstances[],
  context: NamedConjunction['constraints'],
): { conjunction: NamedConjunction; writer: string; accessor: string }[] {
  const out: { conjunction: NamedConjunction; writer: string; accessor: string }[] = [];
  for (const w of writes) {
    for (const a of accesses) {
      const order = happensBefore(w, a);
      for (const pw of w.pieces) {
        for (const pa of a.pieces) {
          for (const lex of order) {
            out.push({
              writer: w.statement.id,
              accessor: a.statement.id,
              conjunction: {
                exists: [...pw.exists, ...pa.exists, ...lex.exists],
                constraints: [...pw.constraints, ...pa.constraints, ...lex.constraints, ...context],
              },
            });
          }
        }
      }
    }
  }
  return out;
}

export interface ConflictSetOptions {
  /**
   * Parameter values to specialise the analysis to: DS is then exact for these values and
   * symbolic in the other parameters only. The frontend already folds known values into the
   * model (products such as `(i - RM) * W` with W = 29, constant loop strides), so a DS
   * symbolic in those parameters would only be valid at their values anyway; and with them
   * fixed, the windows of linearized subscripts and strided tiles have constant widths, which
   * keeps the exact projection free of the residue splinters that a symbolic width forces.
   */
  readonly values?: Readonly<Record<string, bigint>>;
}

/**
 * P(I, J) of an array as a union over dims [EI, I, EJ, J] (empty pieces dropped), with the
 * statement pairs behind it: the input of the conflict set (and of its isl export,
 * scripts/isl/).
 */
export function precedesRelation(
  fn: FunctionModel,
  array: ArrayInfo,
  options: ConflictSetOptions = {},
): { relation: PolySet; causes: ConflictCause[]; approximations: string[]; half: number } {
  const n = array.extents.length;
  const I = cellNames('i', n);
  const J = cellNames('j', n);
  const values = options.values ?? NO_NAMES;
  const params = parameterNames(fn).filter((p) => ownValue(values, p) === undefined);
  const specialise = (s: PolySet): PolySet => P.fixParams(s, values);
  const uses = accessesTo(fn.statements, array.name);

  // Cells of a block-scoped array carry their block instance (EI, EJ): two cells can only
  // conflict within one instance, where both exist.
  const nb = array.blockIterators.length;
  const EI = cellNames('ei', nb);
  const EJ = cellNames('ej', nb);
  const writes = uses
    .filter((u) => u.access.kind === 'write')
    .map((u, k) => accessInstances(array, u.statement, u.access, `w${k}`, I, EI));
  const all = uses.map((u, k) => accessInstances(array, u.statement, u.access, `a${k}`, J, EJ));
  const sameBlock = EI.map((e, k) => ({
    kind: 'eq' as const,
    expr: {
      coeffs: nameRecord([
        [e, 1n],
        [EJ[k]!, -1n],
      ]),
      constant: 0n,
    },
  }));

  const approximations = approximationsOf(all);

  // P(I, J) over dims [I, J]; empty pieces dropped so that the square below stays small.
  const fullSpace: P.Space = { params: parameterNames(fn), dims: [...EI, ...I, ...EJ, ...J] };
  const space: P.Space = { params, dims: fullSpace.dims };
  const causes: ConflictCause[] = [];
  const nonEmpty: P.BasicSet[] = [];
  for (const p of precedes(writes, all, [...fn.context, ...sameBlock])) {
    const piece = specialise(P.fromConjunctions(fullSpace, [p.conjunction]));
    if (P.isEmpty(piece)) continue;
    nonEmpty.push(...piece.pieces);
    if (!causes.some((c) => c.writer === p.writer && c.accessor === p.accessor)) {
      causes.push({ writer: p.writer, accessor: p.accessor });
    }
  }
  return { relation: { space, pieces: nonEmpty }, causes, approximations, half: nb + n };
}

export function conflictSet(
  fn: FunctionModel,
  array: ArrayInfo,
  options: ConflictSetOptions = {},
): ConflictSet {
  const n = array.extents.length;
  const nb = array.blockIterators.length;
  const { relation, causes, approximations } = precedesRelation(fn, array, options);
  const params = relation.space.params;
  // Exact integer projection onto the cells removes the iteration vectors before squaring,
  // piece by piece, unless it splits a piece (strides, or windows of a symbolic width: one
  // piece per residue class), in which case that piece stays as it is, iterations quantified
  // (equalities substituted): equally exact, and the square below stays small. Each
  // projection is abandoned as soon as it splits, not computed and then dropped. Pieces
  // inside another piece go before the square (cheap tests, quadratic savings).
  const before = P.dropNested(P.eliminateLocals(relation, 1));
  // P(J, I): the same set read with its two halves exchanged (a permutation of columns: no
  // projection, the locals stay as they are).
  const after: PolySet = swapHalves(before, params.length, nb + n);
  // Piece (l, k) of P(I, J) and P(J, I) is piece (k, l) with I and J exchanged, whose
  // differences are the negated ones: only k <= l is built, conflictSetOf adds the mirror.
  const conflicts = P.intersectUpper(before, after);

  return conflictSetOf(conflicts, n, nb, params, {
    array: array.name,
    function: fn.name,
    approximations,
    causes,
  });
}

/**
 * DS from a relation R of conflicting cell pairs (each half: `shared` block dims, then n cell
 * dims) whose union with its inverse is the conflict relation: the differences of R, their
 * negations (those of the inverse) and 0 (every cell conflicts with itself). The differences
 * of R are coalesced before they are mirrored, which halves the pieces coalesce works on.
 */
export function conflictSetOf(
  conflicts: PolySet,
  n: number,
  shared: number,
  params: readonly string[],
  about: Pick<ConflictSet, 'array' | 'function' | 'approximations' | 'causes'>,
): ConflictSet {
  const dims = cellNames('d', n);
  const half = P.coalesce(
    P.union(differenceSet(conflicts, n, dims, shared), zeroSet(params, dims)),
  );
  const ds = P.withNegation(half);
  return { ...about, dims, ds, exact: about.approximations.length === 0 };
}

/**
 * A set over dims [A, B] (two halves of `half` dims each) read as a set over [B, A]: the
 * same rows with the two column blocks exchanged (the layout of a set is positional).
 */
function swapHalves(s: PolySet, nParams: number, half: number): PolySet {
  const w = 1 + nParams;
  const swap = (r: readonly bigint[]): bigint[] => [
    ...r.slice(0, w),
    ...r.slice(w + half, w + 2 * half),
    ...r.slice(w, w + half),
    ...r.slice(w + 2 * half),
  ];
  return {
    space: s.space,
    pieces: s.pieces.map((b) => ({ ...b, eqs: b.eqs.map(swap), ineqs: b.ineqs.map(swap) })),
  };
}

/** `{ [d] : d = 0 }`: every DS contains the zero difference. */
function zeroSet(params: readonly string[], dims: readonly string[]): PolySet {
  return P.fromConjunctions({ params, dims }, [
    {
      exists: [],
      constraints: dims.map((d) => ({
        kind: 'eq' as const,
        expr: { coeffs: nameRecord([[d, 1n]]), constant: 0n },
      })),
    },
  ]);
}

/** One line per access that may cover more instances or cells than the program does. */
export function approximationsOf(
  all: readonly Pick<AccessInstances, 'statement' | 'access' | 'approximate'>[],
): string[] {
  const out: string[] = [];
  for (const x of all) {
    if (!x.approximate) continue;
    const s = x.statement;
    // The access's own subscript first: a statement with a non-affine subscript is marked
    // over-approximated too (datadep's hist[(int)(in[i] * 8.0)] += 1 has affine bounds).
    const why = x.access.overApproximated
      ? 'a subscript is not affine'
      : s.overApproximated
        ? 'a loop bound or condition is not affine'
        : 'it runs under a data-dependent condition';
    const line = `${place(x.access.loc)}: access ${s.text.trim()}: ${why}`;
    // The read and the write of `h[e] += 1` share a place and a reason: one line.
    if (!out.includes(line)) out.push(line);
  }
  return out;
}
