/**
 * Value-based conflict set DS of one array (docs/design.md "Lifetime analysis", value-based;
 * the "zones" of DeLICM/ZoneAlgo, Lefebvre and Feautrier's storage management).
 *
 * A value lives from the write instance w that creates it to the last read instance that
 * reads it (exact last-writer dataflow: read r of cell x reads the write w of x preceding r
 * with no write of x strictly between), or only at w when nothing reads it (a dead write
 * still clobbers its slot). Cells a != b conflict when a value of a and a value of b are
 * live at a common instant. All access instants are distinct (the access position inside a
 * statement instance is part of the time), so with intervals [w_a, L_a], [w_b, L_b] and,
 * say, w_a < w_b, they meet iff w_b < L_a, and L_a is then a read r of a reading w_a:
 *
 *     a conflicts with b  <=>  exists a write w_a of a, a read r of a that reads w_a, and a
 *                              write w_b of b with  w_a < w_b < r     (or the same, a <-> b)
 *
 * "r reads w_a" is { (a, w_a, r) : w_a < r } minus the projection of { kill k of a :
 * w_a < k < r } (exact set difference of the polyhedral core). A value read before any
 * write of its cell (upward exposed) lives from the start: a virtual write before the first
 * instant, so its cell conflicts with every write before that read, and with every other
 * such cell.
 *
 * Soundness (DS may only grow): every write, certain or not, creates a value (a may-write
 * adds values, an "any cell" subscript adds values in every cell), and every write clobbers
 * a slot; only a must-write (no data-dependent condition, affine subscript, exact domain)
 * kills a value, so the true reaching write is always among the sources. A read that may
 * not happen only extends lifetimes.
 */
import * as P from '../poly/index.js';
import type { NamedConjunction, PolySet } from '../poly/index.js';
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import {
  accessInstances,
  accessesTo,
  approximateAccess,
  happensBefore,
  mayShareCell,
  repeatedRead,
  type AccessInstances,
} from './instances.js';
import {
  approximationsOf,
  cellNames,
  conflictSetOf,
  type ConflictCause,
  type ConflictSet,
  type ConflictSetOptions,
} from './conflictSet.js';
import { product } from './product.js';
import { NO_NAMES, nameRecord, ownValue } from '../poly/nameRecord.js';
import { oncePerInput } from './inputMemo.js';

/** Why the value-based analysis does not apply to an array (the cell-based DS is used). */
export interface ValueUnsupported {
  readonly unsupported: string;
}

/** Renamed iterators (and access locals) of an access: made dims to reason per instance. */
function own(x: AccessInstances, tag: string): string[] {
  return [...x.statement.iterators, ...x.access.exists].map((v) => `${v}__${tag}`);
}

/** Every combination of one piece per factor, conjoined, with `dims` taken out of `exists`. */
function conjoin(
  factors: readonly (readonly NamedConjunction[])[],
  dims: readonly string[],
  context: NamedConjunction['constraints'],
): NamedConjunction[] {
  let acc: NamedConjunction[] = [{ exists: [], constraints: context }];
  for (const f of factors) {
    const next: NamedConjunction[] = [];
    for (const a of acc) {
      for (const b of f) {
        next.push({
          exists: [...a.exists, ...b.exists],
          constraints: [...a.constraints, ...b.constraints],
        });
      }
    }
    acc = next;
  }
  const keep = new Set(dims);
  return acc.map((c) => ({
    exists: c.exists.filter((e) => !keep.has(e)),
    constraints: c.constraints,
  }));
}

export interface ValueConflictOptions extends ConflictSetOptions {
  /**
   * A value read before any write of its cell lives from the start (default). The
   * pipeline turns this off for a local array without initializer that is not marked
   * temporary: what such a read sees is indeterminate, so there is no value to keep (the
   * read is reported), as in the cell-based DS, which the value-based one then stays inside.
   */
  readonly exposedLiveFromStart?: boolean;
}

export function valueConflictSet(
  fn: FunctionModel,
  array: ArrayInfo,
  options: ValueConflictOptions = {},
): ConflictSet | ValueUnsupported {
  const uses = accessesTo(fn.statements, array.name);
  const resolved = {
    values: options.values ?? NO_NAMES,
    exposedLiveFromStart: options.exposedLiveFromStart ?? true,
  };
  return oncePerInput(
    fn,
    array,
    uses,
    {
      kind: 'value conflicts',
      values: resolved.values,
      options: `${resolved.exposedLiveFromStart}`,
    },
    () => built(fn, array, uses, resolved),
    // Kept without what names the array's own program: restored with this array's names,
    // statements (by their place among its accesses) and approximation notes (locations).
    (cs, { number }) => ({
      dims: cs.dims,
      ds: cs.ds,
      causes: cs.causes.map((c) => [number.get(c.writer)!, number.get(c.accessor)!] as const),
    }),
    (kept, { ids }) => {
      const approximations = approximationNotes(uses);
      return {
        array: array.name,
        function: fn.name,
        dims: kept.dims,
        ds: kept.ds,
        exact: approximations.length === 0,
        approximations,
        causes: kept.causes.map(([w, a]) => ({ writer: ids[w]!, accessor: ids[a]! })),
      };
    },
  );
}

/** One line per access that may cover more instances or cells than the program does. */
function approximationNotes(uses: ReturnType<typeof accessesTo>): string[] {
  return approximationsOf(
    uses.map((u) => ({ ...u, approximate: approximateAccess(u.statement, u.access) })),
  );
}

/** The value-based DS, built (`valueConflictSet` reuses one built for the same input). */
function built(
  fn: FunctionModel,
  array: ArrayInfo,
  uses: ReturnType<typeof accessesTo>,
  options: { values: Readonly<Record<string, bigint>>; exposedLiveFromStart: boolean },
): ConflictSet {
  const n = array.extents.length;
  const A = cellNames('i', n);
  const B = cellNames('j', n);
  // A block-scoped array: its cells carry their block instance (EA, EB); values of different
  // instances belong to different objects and never conflict.
  const nb = array.blockIterators.length;
  const EA = cellNames('ea', nb);
  const EB = cellNames('eb', nb);
  const sameBlock = sameInstance(EA, EB);
  const CA = [...EA, ...A];
  const CB = [...EB, ...B];
  const values = options.values;
  const allParams = fn.parameters.map((p) => p.name);
  const params = allParams.filter((p) => ownValue(values, p) === undefined);
  const build = (dims: readonly string[], pieces: readonly NamedConjunction[]): PolySet =>
    P.fixParams(P.fromConjunctions({ params: allParams, dims }, pieces), values);
  const context = fn.context;

  const { sources, killers, clobbers, reads } = taggedAccesses(array, uses, [A, EA], [B, EB]);
  const before = happensBeforeMemo();
  const killersOf = overwritersMemo(killers, (s, k) =>
    P.isEmpty(build(CA, conjoin([s.pieces, k.pieces, before(s, k)], CA, context))),
  );

  const pairSpace: P.Space = { params, dims: [...CA, ...CB] };
  let conflicts: PolySet = P.emptySet(pairSpace);
  const causes: ConflictCause[] = [];
  // `s` comes from P.intersect, whose pieces all have points: it is empty iff it has no piece,
  // and then so is its projection (no emptiness test of the projection needed).
  const addConflicts = (s: PolySet, writer: string, accessor: string) => {
    if (s.pieces.length === 0) return;
    const c = P.projectOnto(s, [...CA, ...CB]);
    conflicts = P.union(conflicts, c);
    if (!causes.some((x) => x.writer === writer && x.accessor === accessor)) {
      causes.push({ writer, accessor });
    }
  };
  let exposedCells: PolySet = P.emptySet({ params, dims: CA });
  const scene: ReadScene = {
    CA,
    context,
    build,
    before,
    killersOf,
    killers,
    sources,
    exposedLiveFromStart: options.exposedLiveFromStart,
  };

  for (const r of reads) {
    const { origins, exposed } = valuesRead(r, scene);
    if (exposed) exposedCells = P.union(exposedCells, exposed);
    // A write of b strictly inside a live value's interval (after its source, before r).
    for (const o of origins) {
      for (const c of clobbers) {
        const cDims = [...CB, ...own(c.x, c.tag)];
        const dims = [...o.dims, ...cDims];
        const inside = conjoin(
          [c.x.pieces, ...(o.source ? [before(o.source, c.x)] : []), before(c.x, r.x)],
          dims,
          [...context, ...sameBlock],
        );
        const lifted = product(o.live, P.universe({ params, dims: cDims }), dims);
        addConflicts(P.intersect(lifted, build(dims, inside)), c.x.statement.id, r.x.statement.id);
      }
    }
  }
  // Two values present at the start are live together.
  if (!P.isEmpty(exposedCells))
    conflicts = P.union(
      conflicts,
      exposedPairs(exposedCells, params, [CA, CB], pairSpace, sameBlock),
    );

  // conflictSetOf adds the inverse pairs (the negated differences) itself.
  return conflictSetOf(conflicts, n, nb, params, {
    array: array.name,
    function: fn.name,
    approximations: approximationNotes(uses),
    causes,
  });
}

/** EA = EB: the two cells are in the same instance of the array's block. */
function sameInstance(EA: readonly string[], EB: readonly string[]) {
  return EA.map((e, k) => ({
    kind: 'eq' as const,
    expr: {
      coeffs: nameRecord([
        [e, 1n],
        [EB[k]!, -1n],
      ]),
      constant: 0n,
    },
  }));
}

/** The instances of one access, with the tag that names their own iterators. */
interface TaggedAccess {
  readonly tag: string;
  readonly x: AccessInstances;
}

/**
 * The array's writes as sources (of values of a, in cells A of block instance EA), killers
 * (the exact ones) and clobbers (of cells B, EB), and its reads (of cells A).
 */
function taggedAccesses(
  array: ArrayInfo,
  uses: ReturnType<typeof accessesTo>,
  [A, EA]: readonly [string[], string[]],
  [B, EB]: readonly [string[], string[]],
): {
  sources: TaggedAccess[];
  killers: TaggedAccess[];
  clobbers: TaggedAccess[];
  reads: TaggedAccess[];
} {
  const writesOf = (cells: string[], block: string[], prefix: string) =>
    uses
      .filter((u) => u.access.kind === 'write')
      .map((u, k) => ({
        tag: `${prefix}${k}`,
        x: accessInstances(array, u.statement, u.access, `${prefix}${k}`, cells, block),
      }));
  const sources = writesOf(A, EA, 's');
  const killers = writesOf(A, EA, 'k').filter((k) => !k.x.approximate);
  const clobbers = writesOf(B, EB, 'c');
  // A read repeating an earlier one of its statement (repeatedRead) would only add copies of
  // that one's pieces, which coalescing drops (it keeps the first of equal pieces): left out.
  const reads = uses
    .map((u, k) => ({ u, k }))
    .filter(({ u }) => u.access.kind === 'read' && !repeatedRead(u.statement, u.access))
    .map(({ u, k }) => ({
      tag: `r${k}`,
      x: accessInstances(array, u.statement, u.access, `r${k}`, A, EA),
    }));
  return { sources, killers, clobbers, reads };
}

/**
 * "x happens before y" per pair of access instances: the same pairs recur for every read
 * (source before killer, killer before read, source before clobber), built once each.
 */
function happensBeforeMemo(): (x: AccessInstances, y: AccessInstances) => NamedConjunction[] {
  const orders = new Map<AccessInstances, Map<AccessInstances, NamedConjunction[]>>();
  return (x, y) => {
    let row = orders.get(x);
    if (!row) orders.set(x, (row = new Map()));
    let o = row.get(y);
    if (!o) row.set(y, (o = happensBefore(x, y)));
    return o;
  };
}

/**
 * Killers that may overwrite a value of source s: some instance of k writes, after an
 * instance of s, the cell s wrote (`noneAfter(s, k)` says no instance does). When none does,
 * the set of (s, k, r) instances with s < k < r on one cell is empty for every read r (it
 * lies inside that pair set), so leaving k out of s's kills changes no set. Nor any piece: an
 * empty conjunction only ever yields empty pieces of the projected kills, and `subtract`
 * keeps the minuend unchanged across an empty piece (it tests the intersection first). Each
 * pair is decided once, not once per read: arrays in single-assignment form (expanded
 * temporaries: every cell written once) then build no kill sets at all.
 */
function overwritersMemo(
  killers: readonly TaggedAccess[],
  noneAfter: (s: AccessInstances, k: AccessInstances) => boolean,
): (s: AccessInstances) => readonly TaggedAccess[] {
  const overwriters = new Map<AccessInstances, readonly TaggedAccess[]>();
  return (s) => {
    let ks = overwriters.get(s);
    if (ks) return ks;
    ks = killers.filter((k) => {
      if (!mayShareCell(k.x.access, s.access)) return false;
      return !noneAfter(s, k.x);
    });
    overwriters.set(s, ks);
    return ks;
  };
}

/** Pairs of cells (of one block instance) whose values present at the start are both live. */
function exposedPairs(
  exposedCells: PolySet,
  params: readonly string[],
  [CA, CB]: readonly [readonly string[], readonly string[]],
  pairSpace: P.Space,
  sameBlock: NamedConjunction['constraints'],
): PolySet {
  const asB: PolySet = {
    space: { params, dims: CB },
    pieces: exposedCells.pieces.map((b) => ({ ...b, space: { params, dims: CB } })),
  };
  return P.intersect(
    product(exposedCells, asB, [...CA, ...CB]),
    P.fromConjunctions(pairSpace, [{ exists: [], constraints: sameBlock }]),
  );
}

/** What finding the values a read may read needs. */
interface ReadScene {
  readonly CA: readonly string[];
  readonly context: FunctionModel['context'];
  readonly build: (dims: readonly string[], pieces: readonly NamedConjunction[]) => PolySet;
  readonly before: (x: AccessInstances, y: AccessInstances) => NamedConjunction[];
  readonly killersOf: (s: AccessInstances) => readonly TaggedAccess[];
  readonly killers: readonly TaggedAccess[];
  readonly sources: readonly TaggedAccess[];
  readonly exposedLiveFromStart: boolean;
}

/** A value live until a read: its instances (over `dims`) and the write that made it. */
interface Origin {
  readonly dims: string[];
  readonly live: PolySet;
  readonly source: AccessInstances | null;
}

/**
 * The values read r may read, each live from its source to r; and the cells whose value
 * present at the start r may read (upward exposed), when that value lives.
 */
function valuesRead(r: TaggedAccess, scene: ReadScene): { origins: Origin[]; exposed?: PolySet } {
  const { CA, context, build, before } = scene;
  const rDims = own(r.x, r.tag);
  // Only writes that may touch the read's cell can be its source or kill its value.
  const sameCell = (w: { x: AccessInstances }) => mayShareCell(w.x.access, r.x.access);
  const rKillers = scene.killers.filter(sameCell);
  // Values with a real source: (a, w, r) with w < r and no kill of a in between.
  const origins: Origin[] = [];
  for (const s of scene.sources.filter(sameCell)) {
    const dims = [...CA, ...own(s.x, s.tag), ...rDims];
    const reaches = build(dims, conjoin([s.x.pieces, r.x.pieces, before(s.x, r.x)], dims, context));
    if (P.isEmpty(reaches)) continue;
    const killed = scene
      .killersOf(s.x)
      .filter(sameCell)
      .flatMap((k) =>
        conjoin(
          [s.x.pieces, r.x.pieces, k.x.pieces, before(s.x, k.x), before(k.x, r.x)],
          dims,
          context,
        ),
      );
    const live = P.subtract(reaches, P.projectOnto(build(dims, killed), dims));
    // P.subtract keeps only pieces with points: no second emptiness test.
    if (live.pieces.length > 0) origins.push({ dims, live, source: s.x });
  }
  // The value present at the start (upward exposed): no write of a at all before r.
  if (!scene.exposedLiveFromStart) return { origins };
  const dims = [...CA, ...rDims];
  const readsAll = build(dims, conjoin([r.x.pieces], dims, context));
  const killed = rKillers.flatMap((k) =>
    conjoin([r.x.pieces, k.x.pieces, before(k.x, r.x)], dims, context),
  );
  const live = P.subtract(readsAll, P.projectOnto(build(dims, killed), dims));
  if (live.pieces.length === 0) return { origins };
  origins.push({ dims, live, source: null });
  return { origins, exposed: P.projectOnto(live, CA) };
}
