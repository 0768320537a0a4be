/**
 * The generator's intermediate representation of a fuzz kernel. Programs are built,
 * validated (validate.ts), rendered to C (render.ts) and reduced (reduce.ts) on this
 * form, never on C text. Plain data: it survives JSON round trips and structuredClone.
 */

/** Affine expression `c + sum t[name] * name` over loop counters and size parameters. */
export interface Aff {
  c: number;
  t: Record<string, number>;
}

/** A loop bound: affine, or the min / max of two affine expressions. */
export type Bound =
  { kind: 'aff'; e: Aff } | { kind: 'min' | 'max'; a: Aff; b: Aff; style: 'macro' | 'ternary' };

export type CmpOp = '<' | '<=' | '>' | '>=' | '==';

/** An `if` condition: affine comparison, or a test of input bits (data-dependent). */
export type Cond =
  { kind: 'aff'; lhs: Aff; op: CmpOp; rhs: Aff } | { kind: 'data'; idx: Aff; mask: number };

/**
 * One subscript of a temporary: affine (optionally divided by a stride), `in[idx] % extent`,
 * or `(cond ? a : b)` with an affine condition (C evaluates only the chosen branch).
 */
export type Sub =
  | { kind: 'aff'; e: Aff; div?: number; cast?: string; castTypedef?: boolean; via?: string }
  | { kind: 'data'; idx: Aff }
  | { kind: 'sel'; cond: Cond; a: Aff; b: Aff };

export interface TempRef {
  name: string;
  subs: Sub[];
}

export type LValue = { kind: 'temp'; ref: TempRef } | { kind: 'out'; idx: Aff };

/** Right-hand side values; all computed values are `unsigned` in C. */
export type VExpr =
  | { kind: 'temp'; ref: TempRef }
  | { kind: 'in'; idx: Aff }
  | { kind: 'var'; v: string }
  | { kind: 'const'; n: number }
  | { kind: 'bin'; op: '+' | '-' | '*' | '^' | '&' | '|'; a: VExpr; b: VExpr }
  | { kind: 'shr'; a: VExpr; k: number }
  | { kind: 'sel'; cond: Cond; a: VExpr; b: VExpr };

/** Pattern tags name the lifetime pattern a statement belongs to (features list). */
interface Tagged {
  tags?: string[];
}

/** `for (int v = init; v cmp limit; v += step)` with step != 0 (negative: decreasing). */
export interface Loop extends Tagged {
  kind: 'for';
  v: string;
  init: Bound;
  cmp: '<' | '<=' | '>' | '>=';
  limit: Bound;
  step: number;
  body: Stmt[];
  /** How the loop is rendered (forms.ts); the same loop whatever it says. */
  form?: LoopForm;
}

/** Rendering choices of one loop (forms.ts). */
export interface LoopForm {
  label?: string;
  /** Declared type of the counter (default int). */
  type?: string;
  /** The counter's type spelled through its typedef name (forms.ts TYPE_ALIASES). */
  typedef?: boolean;
  asWhile?: boolean;
  /** Written as a do-while under a guard that its first test passes (forms.ts). */
  asDo?: boolean;
  /** `int name = e;` at the top of the body. */
  induction?: { name: string; e: Aff };
  /** A temporary's name shadowed by a pointer into out at the top of the body. */
  shadow?: string;
}

export interface If extends Tagged {
  kind: 'if';
  conds: Cond[];
  then: Stmt[];
  else?: Stmt[];
}

export interface Assign extends Tagged {
  kind: 'assign';
  lhs: LValue;
  op: '=' | '+=' | '^=';
  rhs: VExpr;
  /**
   * Rendered together with the next statement of its block, when that one is an
   * assignment too, as one expression statement `a = x, b = y;` (the comma operator:
   * same order of evaluation, so the same program; only the text differs).
   */
  seq?: boolean;
}

export type Stmt = Loop | If | Assign;

/**
 * A size parameter: a `#define` macro, or an `int` argument of `kernel` (VLA sizes); or
 * `depth`, the recursion depth argument `int d` of a kernel that calls itself (calls.ts),
 * whose value in the IR is the one the outermost call passes.
 */
export interface Param {
  name: string;
  value: number;
  kind: 'define' | 'arg' | 'depth';
}

export interface TempDecl {
  name: string;
  /** Affine in the parameters. */
  extents: Aff[];
  /**
   * Rendered as hand-linearized C: declared with one dimension (the product of the
   * extents) and accessed row-major, `t[(x0) * (E1) + (x1)]`. The same cells in the same
   * order, so the same program; exercises delinearization. (The instrumented variant keeps
   * the dimensions, for its per-dimension bounds checks.)
   */
  linear?: boolean;
}

export interface Program {
  seed: number;
  params: Param[];
  temps: TempDecl[];
  body: Stmt[];
  /** Lengths of the `in` and `out` arrays of `kernel`. */
  inLen: number;
  outLen: number;
  /** The file declares forms.ts TYPEDEF_LINES (some type is spelled through a typedef). */
  typedefs?: boolean;
  /**
   * A whole program (calls.ts): `kernel` is a `static` function taking some temporaries as
   * parameters, called by callers that pass their own buffers. Absent: `main` calls the
   * kernel, every temporary is a local of it.
   */
  calls?: CallSpec;
}

// ---- whole programs: temporaries across calls (calls.ts) ------------------

/** How a caller obtains its buffer for a scratch parameter. */
export type BufferKind = 'array' | 'vla' | 'malloc' | 'calloc';

/** How a scratch parameter of the kernel is declared; the accesses are the same. */
export type ParamDecl =
  /** `unsigned t[E0][E1]`: the extents of the buffers passed. */
  | { kind: 'exact' }
  /** `unsigned t[K][E1]` with K < E0: C ignores the first extent of a parameter. */
  | { kind: 'lie'; first: number }
  /** `unsigned *t`, `unsigned (*t)[E1]`. */
  | { kind: 'pointer' };

export interface ScratchParam {
  /** A temporary of `temps`, now a parameter of the kernel. */
  name: string;
  decl: ParamDecl;
}

/** A cell of a scratch buffer: one index per dimension of its temporary. */
export type Cell = number[];

/**
 * What a caller does around its call of the kernel (on the buffer of `target`). `after`
 * (the kernel's value is read after the call: a value crosses) or not (the read is
 * before the call, or of a cell the caller has just written itself).
 */
export type CallForm =
  | { kind: 'plain' }
  /**
   * An alias taken before the call: `unsigned *p = buf;` (pointer, `(*p)[E1]` for more
   * dimensions), `&buf[..]` (element), `buf[c0] + k` (offset), `buf[c0]` (row).
   */
  | {
      kind: 'alias';
      alias: 'pointer' | 'element' | 'offset' | 'row';
      cell: Cell;
      read: 'after' | 'before' | 'overwrite';
      out: number;
    }
  /** A pointer into the buffer kept by an earlier call: a file-scope pointer, or returned. */
  | { kind: 'kept'; via: 'global' | 'returned'; cell: Cell; read: 'after' | 'before'; out: number }
  /**
   * The call inside another call's arguments or a subscript: `peek(buf, kernel(..))`
   * reads the buffer after, `scrub(buf, kernel(..), out)` writes the cell before reading
   * it, `buf[kernel(..) % E0][..]` reads after, `out[kernel(..) % OUT_N]` reads nothing.
   */
  | { kind: 'nested'; outer: 'peek' | 'scrub' | 'subscript' | 'out-index'; cell: Cell; out: number }
  /**
   * The call in a loop of `trips` iterations with a read of the buffer before it (the next
   * iteration reads what the kernel left), after it, a write-then-read of the caller's own
   * (no value crosses), or none.
   */
  | {
      kind: 'loop';
      trips: number;
      read: 'before' | 'after' | 'own' | 'none';
      cell: Cell;
      out: number;
    };

export interface Caller {
  /** One buffer per scratch parameter, all of this kind. */
  buffer: BufferKind;
  /** Fills its buffers before the first call (deterministic values). */
  init: boolean;
  /** The scratch parameter the form works on. */
  target: string;
  form: CallForm;
  /**
   * The caller calls itself `depth` times (`if (d > 0) run(d - 1, ..)` after its call of
   * the kernel), each frame with its own buffer; `readAfter`: a cell of this frame's buffer
   * is read after the recursive call (the kernel's value crosses).
   */
  recursion?: { depth: number; readAfter?: { cell: Cell; out: number } };
  /** In a unity build: the file that defines this caller. */
  file?: 'kern' | 'main';
}

/**
 * Writes of a scratch parameter at the kernel's entry that happen on some paths only,
 * followed by a read of the cell (before the IR body): on the paths without the write, the
 * caller's value flows in. `covered`: both branches write (nothing flows in).
 */
export interface Prelude {
  kind: 'data-if' | 'clamp' | 'zero-trip' | 'early-return' | 'covered';
  target: string;
  cell: Cell;
  /** The input word deciding the path, its mask (data-if, covered, early-return, zero-trip). */
  inIdx: number;
  mask: number;
  out: number;
}

export interface CallSpec {
  scratch: ScratchParam[];
  callers: Caller[];
  /** The kernel returns `in[ret] & 255u` (for the nested forms). */
  ret?: number;
  prelude?: Prelude;
  /**
   * The kernel calls itself with the same buffers while `d > 0` (the `depth` parameter):
   * at the end (`tail`), or between body statements `at - 1` and `at` (`mid`: the rest of
   * the body reads what the inner call left, a value crossing back).
   */
  recursion?: { kind: 'tail' | 'mid'; at: number };
  /** Kernel, helpers and the callers marked `kern` in kern.c, included by main.c. */
  unity?: boolean;
}

// ---- affine helpers -------------------------------------------------------

export function aff(c: number, t: Record<string, number> = {}): Aff {
  const clean: Record<string, number> = {};
  for (const [k, v] of Object.entries(t)) if (v !== 0) clean[k] = v;
  return { c, t: clean };
}

export const cst = (c: number): Aff => aff(c);
export const v = (name: string, coef = 1, c = 0): Aff => aff(c, { [name]: coef });

export function add(a: Aff, b: Aff): Aff {
  const t: Record<string, number> = { ...a.t };
  for (const [k, x] of Object.entries(b.t)) t[k] = (t[k] ?? 0) + x;
  return aff(a.c + b.c, t);
}

export function scale(a: Aff, k: number): Aff {
  const t: Record<string, number> = {};
  for (const [n, x] of Object.entries(a.t)) t[n] = x * k;
  return aff(a.c * k, t);
}

export const sub = (a: Aff, b: Aff): Aff => add(a, scale(b, -1));
export const plus = (a: Aff, c: number): Aff => add(a, cst(c));

export function evalAff(a: Aff, env: ReadonlyMap<string, number>): number {
  let s = a.c;
  for (const [n, k] of Object.entries(a.t)) {
    const x = env.get(n);
    if (x === undefined) throw new Error(`unbound name ${n}`);
    s += k * x;
  }
  return s;
}

export const affBound = (e: Aff): Bound => ({ kind: 'aff', e });

/** Affine subscript helper. */
export const asub = (e: Aff, div?: number): Sub =>
  div ? { kind: 'aff', e, div } : { kind: 'aff', e };
export const tref = (name: string, subs: Sub[]): TempRef => ({ name, subs });
