/**
 * The instances of one access to an array, renamed apart so that several copies can
 * meet in one system: which iteration touches which cell, and when.
 *
 * Time is the statement's 2d+1 schedule followed by the access's position inside the
 * statement instance (reads before writes), so that the lexicographic order of `time`
 * vectors is the execution order of access instances (Bee, section 3).
 */
import * as A from '../poly/affine.js';
import type { Affine, Constraint } from '../poly/affine.js';
import { lexLessThan, type NamedConjunction } from '../poly/index.js';
import type { Access, ArrayInfo, Statement } from '../model/types.js';
import { nameRecord } from '../poly/nameRecord.js';
import { spendWork } from '../poly/budget.js';

export interface AccessInstances {
  readonly statement: Statement;
  readonly access: Access;
  /**
   * One conjunction per domain piece, over the function's parameters, the given cell
   * names (bound to the subscripts) and the conjunction's own `exists` (the renamed
   * iterators and locals).
   */
  readonly pieces: readonly NamedConjunction[];
  /** The statement's 2d+1 schedule, renamed. */
  readonly schedule: readonly Affine[];
  /** Position of the access inside the statement instance (reads before writes). */
  readonly order: number;
  /** The access may cover more instances or cells than the program does (safe, not exact). */
  readonly approximate: boolean;
}

function ge(expr: Affine): Constraint {
  return { kind: 'ge', expr };
}
function eq(expr: Affine): Constraint {
  return { kind: 'eq', expr };
}

function renameConstraint(c: Constraint, names: Readonly<Record<string, string>>): Constraint {
  return { kind: c.kind, expr: A.rename(c.expr, names) };
}

/** `0 <= cell <= extent - 1` for each dimension whose extent is an affine form. */
export function inBounds(array: ArrayInfo, cells: readonly string[]): Constraint[] {
  const out: Constraint[] = [];
  array.extents.forEach((e, k) => {
    out.push(ge(A.variable(cells[k])));
    if (e.expr) out.push(ge(A.sub(A.add(e.expr, A.constant(-1)), A.variable(cells[k]))));
  });
  return out;
}

/**
 * Instances of `access` (in `statement`) with every local name suffixed by `tag`, and the
 * accessed cell bound to `cells`. In-bounds constraints are added: an out-of-bounds access
 * is undefined behaviour in the original, so no defined execution leaves them, and they
 * keep sets bounded where the frontend dropped a non-affine loop bound.
 */
export function accessInstances(
  array: ArrayInfo,
  statement: Statement,
  access: Access,
  tag: string,
  cells: readonly string[],
  /** Names bound to the block instance of a block-scoped array (see ArrayInfo.blockIterators). */
  blockCells: readonly string[] = [],
  /**
   * Whether the cells stay inside the declared extents (`inBounds`). Only false where the
   * extents are what is being proved (src/lifetime/parameterExtents.ts): a parameter's
   * declared extents are not facts.
   */
  bounded = true,
): AccessInstances {
  const names = nameRecord<string>();
  const fresh = (n: string) => (names[n] = `${n}__${tag}`);
  statement.iterators.forEach(fresh);
  access.exists.forEach(fresh);
  const shared = [...statement.iterators, ...access.exists].map((n) => names[n]);

  // A non-affine subscript dimension: "any index in the declared range" (over-approximation).
  // Such a dimension gets no binding here; `inBounds` below is all that constrains it.
  const cellConstraints: Constraint[] = [];
  access.subscripts.forEach((s, k) => {
    if (s !== null) cellConstraints.push(eq(A.sub(A.rename(s, names), A.variable(cells[k]))));
  });
  const accessConstraints = access.existsConstraints.map((c) => renameConstraint(c, names));

  // A block-scoped array: the block instance (enclosing iterations) is part of the cell.
  array.blockIterators.forEach((it, k) => {
    if (!statement.iterators.includes(it)) {
      throw new Error(`${statement.id} accesses ${array.name} outside the loop that declares it`);
    }
    cellConstraints.push(eq(A.sub(A.variable(names[it]), A.variable(blockCells[k]))));
  });
  const pieces = statement.domain.pieces.map((piece): NamedConjunction => {
    const pieceNames = nameRecord(names);
    // Own suffix: a piece's existentials are independent of the access's, even if the model
    // happened to reuse a name (merging them would shrink the instances, and DS with them).
    for (const e of piece.exists) pieceNames[e] = `${e}__${tag}__d`;
    return {
      exists: [...shared, ...piece.exists.map((e) => pieceNames[e])],
      constraints: [
        ...piece.constraints.map((c) => renameConstraint(c, pieceNames)),
        ...accessConstraints,
        ...cellConstraints,
        ...(bounded ? inBounds(array, cells) : []),
      ],
    };
  });
  const schedule = statement.schedule.map((s) => A.rename(s, names));
  const approximate = approximateAccess(statement, access);
  return { statement, access, pieces, schedule, order: access.order, approximate };
}

/** The access may cover more instances or cells than the program does (AccessInstances). */
export function approximateAccess(statement: Statement, access: Access): boolean {
  // A non-affine subscript of another access of the statement does not make this one
  // approximate: only a domain larger than the truth does (Statement.domainOverApproximated).
  const domain = statement.domainOverApproximated ?? statement.overApproximated;
  return statement.may || domain || access.may || access.overApproximated;
}

/**
 * Whether two accesses may touch one cell, judged from constant subscripts alone: `t[0]` and
 * `t[1]` never meet. A cheap filter before building their joint system, which would be
 * empty anyway (DSP code names cells by constants, and the pairs grow quadratically); any
 * subscript that is not a constant answers "maybe".
 */
export function mayShareCell(x: Access, y: Access): boolean {
  return x.subscripts.every((a, d) => {
    const b = y.subscripts[d];
    return !a || !b || !A.isConstant(a) || !A.isConstant(b) || a.constant === b.constant;
  });
}

/**
 * The earliest read of the statement that `access`, a read, repeats (`y[i] * y[i]`), if any:
 * same array, equal subscripts, no locals of its own, the same certainty, and every write of
 * the array in the statement placed after both. The two read the same cell in each statement
 * instance, with no write of the array between them; and every "x happens before the read"
 * (x a write) is the same system for both: the position inside the statement only enters
 * the last level of `happensBefore`, which is a constant contradiction for both (another
 * statement differs at a constant schedule position; a write of this one comes after both).
 * So the later read adds no value, no conflict and no exposed instance of its own: any set
 * built for it equals, row for row, the one built for the earlier read.
 */
export function repeatedRead(statement: Statement, access: Access): Access | undefined {
  if (access.kind !== 'read' || access.exists.length > 0 || access.existsConstraints.length > 0)
    return undefined;
  const same = (a: A.Affine | null, b: A.Affine | null) =>
    a === null || b === null ? a === b : A.equal(a, b);
  const mine = statement.accesses.filter((x) => x.array === access.array);
  if (mine.some((x) => x.kind === 'write' && x.order <= access.order)) return undefined;
  // The earliest match (itself no repeat: an earlier match of it would match `access` too).
  const matches = mine.filter(
    (x) =>
      x !== access &&
      x.kind === 'read' &&
      x.order < access.order &&
      x.exists.length === 0 &&
      x.existsConstraints.length === 0 &&
      x.may === access.may &&
      x.overApproximated === access.overApproximated &&
      x.subscripts.length === access.subscripts.length &&
      x.subscripts.every((s, d) => same(s, access.subscripts[d])),
  );
  return matches.reduce<Access | undefined>((m, x) => (m && m.order <= x.order ? m : x), undefined);
}

/** Every access to `array` in the function, in statement order. */
export function accessesTo(
  statements: readonly Statement[],
  array: string,
): { statement: Statement; access: Access }[] {
  const out: { statement: Statement; access: Access }[] = [];
  for (const statement of statements) {
    for (const access of statement.accesses)
      if (access.array === array) out.push({ statement, access });
  }
  return out;
}

/**
 * Work units one ordering of two accesses is charged (src/poly/budget.ts): about what the
 * polyhedral work on the pair then costs in time (45 us a pair on a function of 1,000
 * statements, against ~10 units per us of the core's counted work), so that the lifetime
 * budget bounds a long function's quadratic pair loops as it bounds the core.
 */
const HAPPENS_BEFORE_WORK = 10;

/**
 * "Instance of x happens strictly before instance of y", as a union of conjunctions.
 *
 * Schedules of statements at different depths have different lengths; they are padded
 * with zeros, which is harmless because two distinct statements always differ at a
 * constant (textual) position inside their common prefix. The position inside the
 * statement comes last: it only decides between accesses of one statement instance.
 */
export function happensBefore(x: AccessInstances, y: AccessInstances): NamedConjunction[] {
  // Charged to the work budget: the analyses ask this for every pair of accesses, and on a
  // long function the pairs, not the polyhedral work on each (tiny sets, fast paths), are
  // the cost. A function of 20,000 statements ran out of memory instead of out of budget.
  spendWork(HAPPENS_BEFORE_WORK);
  const n = Math.max(x.schedule.length, y.schedule.length);
  const time = (a: AccessInstances) => [
    ...a.schedule,
    ...Array.from({ length: n - a.schedule.length }, () => A.constant(0)),
    A.constant(a.order),
  ];
  const [tx, ty] = [time(x), time(y)];
  // Levels past the first position where the times differ by a non-zero constant (the
  // textual position of two statements) all contain that constant contradiction: dropped
  // below anyway, so not built.
  let m = tx.length;
  for (let i = 0; i < m; i++) {
    const d = A.sub(ty[i], tx[i]);
    if (A.isConstant(d) && d.constant !== 0n) m = i + 1;
  }
  return lexLessThan(tx.slice(0, m), ty.slice(0, m)).filter((c) => !triviallyFalse(c));
}

/** A conjunction with a constant constraint that fails (e.g. `1 - 2 >= 0`): drop it early. */
function triviallyFalse(c: NamedConjunction): boolean {
  return c.constraints.some(
    (k) =>
      A.isConstant(k.expr) && (k.kind === 'eq' ? k.expr.constant !== 0n : k.expr.constant < 0n),
  );
}
