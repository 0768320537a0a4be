/**
 * Mappings whose moduli are affine forms of sizes known only at run time (heuristic 3 with
 * symbolic moduli): finding one, and deciding whether it saves anything, compared as
 * affine forms and as C text (`maxgrid*maxgrid`), never by evaluating at one sample.
 */
import * as P from '../../poly/index.js';
import * as A from '../../poly/affine.js';
import type { ArrayInfo, FunctionModel, SourceLoc } from '../../model/types.js';
import { chooseSymbolicMapping, LatticeInputError } from '../../lattice/index.js';
import { cExpression } from '../../rewrite/cExpression.js';
import { jsonInt } from '../report.js';
import type { Finding } from '../../model/reasons.js';
import { NO_NAMES, nameRecord } from '../../poly/nameRecord.js';
import { refuse, warn, type Contraction, type Refusal, type ReportFacts } from './outcome.js';

/**
 * The parameter values the array's declaration and accesses run with: the function's context
 * and the array's own extents (each at least 1 where the declaration ran, which it did before
 * any access of the array; the function's context has another VLA's only when that one is
 * declared first, frontend/function.ts).
 */
function contextSet(fn: FunctionModel, array: ArrayInfo): P.PolySet {
  const own = array.extents.flatMap((e) =>
    e.expr && !A.isConstant(e.expr)
      ? [{ kind: 'ge' as const, expr: A.sub(e.expr, A.constant(1n)) }]
      : [],
  );
  return P.fromConjunctions({ params: fn.parameters.map((p) => p.name), dims: [] }, [
    { exists: [], constraints: [...fn.context, ...own] },
  ]);
}

/** Heuristic 3 with moduli as affine forms of run-time parameters, or why there is none. */
export function symbolicMapping(
  fn: FunctionModel,
  array: ArrayInfo,
  ds: P.PolySet,
  values: Record<string, bigint>,
) {
  try {
    return chooseSymbolicMapping(ds, {
      params: values,
      context: P.fixParams(contextSet(fn, array), values),
    });
  } catch (e) {
    if (e instanceof LatticeInputError)
      return `no mapping valid for all of their values was found (${e.message})`;
    throw e;
  }
}

/**
 * Whether a modulus may exceed what its row of M spans over the declared extents by more than
 * a constant, for some parameter value of the context: the array would then grow with a
 * run-time size past its declaration. `double t[64]` with a lag m became `double t[m + 1]`,
 * larger than t for m > 63 and without bound: a stack overflow at m = 3,000,000 that the
 * original did not have (a miscompilation). Levinson-Durbin's raised `a[2][order + 1]` for
 * `a[order + 1][order + 1]` exceeds its rows by at most one (order = 0). Extents not known as
 * affine forms are not compared.
 */
export function growsPastExtents(
  fn: FunctionModel,
  array: ArrayInfo,
  mapping: { readonly M: readonly (readonly bigint[])[]; readonly b: readonly A.Affine[] },
  values: Record<string, bigint>,
): boolean {
  const extents = array.extents.map((e) => e.expr && A.substitute(e.expr, constants(values)));
  if (extents.some((e) => e === undefined)) return false;
  const context = P.fixParams(contextSet(fn, array), values);
  return mapping.M.some((row, i) => {
    // What c.x spans over the extents: sum |c_j| (e_j - 1), plus one.
    let span = A.constant(1n);
    row.forEach((c, j) => {
      const mag = c < 0n ? -c : c;
      if (mag !== 0n) span = A.add(span, A.scale(A.sub(extents[j]!, A.constant(1n)), mag));
    });
    const over = P.maximize(context, A.sub(mapping.b[i]!, span));
    return over.kind === 'unbounded';
  });
}

/**
 * A name a modulus uses that the array's declaration may not read as the analysis did: the
 * declaration is where the new extents are spelled (`double t[m + 1]`), so a local set once
 * (`int m = ...`) declared after it named there another m (a global's: three cells for a
 * lag up to the local m, a miscompilation) or none. Function arguments are in scope in the
 * whole body, and the names the declared extents spell are read there already.
 */
export function modulusOutOfScope(
  fn: FunctionModel,
  array: ArrayInfo,
  b: readonly A.Affine[],
): string | undefined {
  const spelled = new Set(array.extents.flatMap((e) => (e.expr ? A.variables(e.expr) : [])));
  for (const name of new Set(b.flatMap((x) => A.variables(x)))) {
    const p = fn.parameters.find((q) => q.name === name);
    if (spelled.has(name) || p?.source === 'argument' || p?.source === 'call-sites') continue;
    // A local set once at the top of the body (frontend/names.ts onceLocals) is in scope
    // from its declaration on.
    if (p?.source === 'vla' && p.loc && !p.loc.in && !array.loc.in && before(p.loc, array.loc))
      continue;
    return name;
  }
  return undefined;
}

const before = (a: SourceLoc, b: SourceLoc) =>
  a.line < b.line || (a.line === b.line && a.column < b.column);

function constants(values: Record<string, bigint>): Record<string, A.Affine> {
  return nameRecord(Object.entries(values).map(([k, v]): [string, A.Affine] => [k, A.constant(v)]));
}

/** What a symbolic mapping makes of the array: its report facts and verdict. */
export interface SymbolicOutcome {
  readonly facts: ReportFacts;
  readonly verdict: Refusal | Contraction;
  readonly warnings: readonly Finding[];
}

export function symbolicDecision(
  fn: FunctionModel,
  array: ArrayInfo,
  /** The array's declared cells as the report gives them (a number, or the C text). */
  originalCells: number | string,
  /** The same when known. */
  declaredCells: bigint | undefined,
  ds: NonNullable<ReportFacts['ds']>,
  choice: ReturnType<typeof chooseSymbolicMapping>,
  values: Record<string, bigint>,
  /** Bytes of one element, when known. */
  elementBytes: number | undefined,
): SymbolicOutcome {
  const { M, b } = choice.mapping;
  const texts = b.map(cExpression);
  const facts: ReportFacts = {
    mapping: {
      M: M.map((r) => r.map(jsonInt)),
      b: texts.map((t) => (/^-?\d+$/.test(t) ? Number(t) : t)),
    },
    heuristic: 'h3 (symbolic)',
    ds: { ...ds, isZero: b.length === 0 },
  };
  // Constant moduli (DS bounded whatever the run-time sizes): a number, compared as one.
  const constantSize = b.every((x) => A.isConstant(x))
    ? b.reduce((p, x) => p * x.constant, 1n)
    : undefined;
  const size = constantSize !== undefined ? `${constantSize}` : productText(texts);
  // Moduli that are the extents themselves (as affine forms, whatever their spelling:
  // `maxgrid + 0` is `maxgrid`) keep every cell: only `%` would be added.
  const sameAsExtents =
    b.length === array.extents.length &&
    sameMultiset(
      b,
      array.extents.map((e) => e.expr),
    );
  const noSaving =
    sameAsExtents ||
    (typeof originalCells === 'number' && constantSize !== undefined
      ? constantSize >= BigInt(originalCells)
      : typeof originalCells === 'string' &&
        originalCells.replace(/\s/g, '') === size.replace(/\s/g, ''));
  if (noSaving)
    return {
      facts,
      verdict: refuse('no-saving', 'no saving: the best mapping found keeps every cell'),
      warnings: [],
    };
  // Bytes follow the cells (they were left at the original's, which made a constant-size
  // private copy look as large as the caller's buffer).
  const cells = declaredCells;
  const bytes =
    constantSize !== undefined && cells !== undefined && cells > 0n && elementBytes !== undefined
      ? constantSize * BigInt(elementBytes)
      : undefined;
  const sample = choice.checkedAt.at(-1) ?? NO_NAMES;
  const at = nameRecord([...Object.entries(sample), ...Object.entries(values)]);
  return {
    facts,
    warnings: [
      warn(
        'symbolic-moduli',
        `moduli hold for every value of the run-time sizes (checked exactly at ${choice.checkedAt.length} sample values)`,
      ),
    ],
    verdict: {
      kind: 'contracted',
      cells: constantSize ?? size,
      ...(bytes !== undefined ? { bytes } : {}),
      decision: {
        fn,
        array,
        mapping: { M, b: b.map((x) => A.evaluate(x, at)) },
        symbolicModuli: b,
        assumes: nameRecord(values),
      },
    },
  };
}

/** `a*b` with each factor parenthesized unless it is one token: `(n + 1)*m`. */
function productText(texts: readonly string[]): string {
  return texts.map((t) => (/^\s*[\w]+\s*$/.test(t) ? t.trim() : `(${t.trim()})`)).join('*');
}

/** The cell count of extents as C text, each simplified when it is affine (`maxgrid + 0` -> `maxgrid`). */
export function extentsProduct(extents: ArrayInfo['extents']): string {
  return productText(extents.map((e) => (e.expr ? cExpression(e.expr) : e.text)));
}

/** Whether `a` and `b` hold the same affine forms, counted with multiplicity. */
function sameMultiset(a: readonly A.Affine[], b: readonly (A.Affine | undefined)[]): boolean {
  const left = [...b];
  for (const x of a) {
    const k = left.findIndex((y) => y !== undefined && A.equal(x, y));
    if (k < 0) return false;
    left.splice(k, 1);
  }
  return true;
}
