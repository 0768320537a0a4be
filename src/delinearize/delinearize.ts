/**
 * The delinearization stage, model -> model (docs/design.md, "Delinearization"; the method of
 * papers/optimistic-delinearization.txt, section 3.1).
 *
 * A candidate array declared 1-D whose subscripts are hand-linearized
 * (`Delta[((i - RM) * W + (j - RN)) * K + t]`) is given the multi-dimensional view
 * `Delta[H][W][K]` when every access splits into components, each non-leading one proven
 * inside [0, size) over all instances of the access (the paper's conditions R1-R3). The
 * later stages then see a 3-D array: the lifetime analysis works on smaller coefficients
 * and the lattice search can fold one dimension at a time.
 *
 * When a condition cannot be proven statically the array keeps its 1-D model and the
 * outcome says why. The paper would emit a run-time check with a fallback to the linear
 * layout instead; leaving the array linear is always sound and is what this stage does.
 */
import type * as A from '../poly/affine.js';
import { viewSizeTexts } from './sizeTexts.js';
import type { Access, ArrayInfo, Extent, FunctionModel, Statement } from '../model/types.js';
import { accessInstances } from './instances.js';
import { candidateChains, chainSizes, proposedStrides } from './shapes.js';
import { splitAtSize } from './split.js';
import { iteratorSourceNames } from './sourceNames.js';
import { constant, formatAffine } from '../poly/affine.js';
import { knownParameterValues } from '../model/parameterValues.js';
import { place } from '../model/place.js';

export type DelinearizationOutcome =
  | {
      readonly kind: 'applied';
      readonly array: string;
      /** The view's sizes, outermost first, and their C texts. */
      readonly sizes: readonly bigint[];
      readonly sizeTexts: readonly string[];
      readonly declaredText: string;
    }
  | { readonly kind: 'not-applied'; readonly array: string; readonly reason: string };

export interface DelinearizedFunction {
  readonly fn: FunctionModel;
  /** Arrays that looked linearized: whether they were delinearized, and why not. */
  readonly outcomes: readonly DelinearizationOutcome[];
}

interface Use {
  readonly statement: Statement;
  readonly access: Access;
}

/** The source text of an access (`Delta[...]`), for messages. */
function accessText(u: Use): string {
  const from = u.access.range.start - u.statement.range.start;
  const text = u.statement.text.slice(from, from + u.access.range.end - u.access.range.start);
  return text.length > 0 ? text.replace(/\s+/g, ' ') : u.access.array;
}

function where(u: Use): string {
  return `${accessText(u)} at ${place(u.access.loc)}`;
}

/** The components of one access for the strides `chain`, or why they are not valid. */
function splitAccess(
  fn: FunctionModel,
  u: Use,
  sizes: readonly bigint[],
  values: Readonly<Record<string, bigint>>,
): { kind: 'components'; components: A.Affine[] } | { kind: 'invalid'; reason: string } {
  const instances = accessInstances(fn, u.statement, u.access, values);
  let x = u.access.subscripts[0]!;
  const components: A.Affine[] = [];
  for (let k = sizes.length - 1; k >= 1; k--) {
    const s = splitAtSize(x, sizes[k]!, instances);
    if (s.kind === 'unbounded')
      return { kind: 'invalid', reason: `the index of ${where(u)} is not bounded` };
    if (s.kind === 'out-of-range')
      return {
        kind: 'invalid',
        reason:
          `in ${where(u)} the part that would be the subscript of size ${sizes[k]} ` +
          `ranges over [${s.min}, ${s.max}], not inside [0, ${sizes[k]! - 1n}] (it crosses into the next row)`,
      };
    components.unshift(s.remainder);
    x = s.quotient;
  }
  components.unshift(x);
  return { kind: 'components', components };
}

type ArrayResult =
  | { kind: 'skip' }
  | { kind: 'not-applied'; reason: string }
  | { kind: 'applied'; array: ArrayInfo; accesses: Map<Access, Access>; sizeTexts: string[] };

function delinearizeArray(
  fn: FunctionModel,
  array: ArrayInfo,
  uses: readonly Use[],
  values: Readonly<Record<string, bigint>>,
  printed: boolean,
): ArrayResult {
  const params = new Set(fn.parameters.map((p) => p.name));
  const affine = uses.filter((u) => u.access.subscripts[0] !== null);
  const strides = proposedStrides(
    affine.map((u) => u.access.subscripts[0]!.coeffs),
    (v) => !params.has(v),
  );
  const nonAffine = uses.find((u) => u.access.subscripts[0] === null);
  if (strides.length === 0) return withoutStrides(nonAffine);
  const cells = array.extents[0]!.value;
  if (cells === undefined)
    return {
      kind: 'not-applied',
      reason: `its size ${array.extents[0]!.text} is known only at run time`,
    };
  if (nonAffine)
    return { kind: 'not-applied', reason: `the subscript of ${where(nonAffine)} is not affine` };
  const cases = severalCases(uses);
  if (cases !== undefined) return { kind: 'not-applied', reason: cases };
  const chains = candidateChains(strides, cells);
  if (chains.length === 0)
    return {
      kind: 'not-applied',
      reason: `no row size suggested by its subscripts (${strides.join(', ')}) divides its ${cells} cells`,
    };
  return firstValidShape(fn, array, uses, values, chains, cells, printed);
}

/** No stride suggested: nothing to do, unless a non-affine product hides a linearization. */
function withoutStrides(nonAffine: Use | undefined): ArrayResult {
  // A product the frontend could not model (`i * n`, n known only at run time) is the
  // usual reason a linearized subscript is not affine.
  if (nonAffine && accessText(nonAffine).includes('*'))
    return {
      kind: 'not-applied',
      reason:
        `the subscript of ${where(nonAffine)} is not affine (a product of a size known only at ` +
        `run time and an iterator?): give the size with -D to delinearize`,
    };
  return { kind: 'skip' };
}

/**
 * Why one reference with several cases cannot be delinearized (`t[c ? i*W + j : i*W + j + 1]`,
 * or `c ? t[..] : ..` split by guards: one model access per case, one text), if it has them.
 */
function severalCases(uses: readonly Use[]): string | undefined {
  // The rewriter prints one multi-dimensional subscript per text, and each case would be
  // split over its own instances, possibly differently (found by the fuzz campaign: an
  // internal error in the rewriter). The accesses of one text must be the same but for
  // their kind (`t[x] += v`).
  const byText = new Map<string, string>();
  for (const u of uses) {
    const text = `${u.access.range.start}:${u.access.range.end}`;
    const linear = [
      formatAffine(u.access.subscripts[0]!),
      ...u.access.exists,
      ...u.access.existsConstraints.map((c) => `${c.kind} ${formatAffine(c.expr)}`),
    ].join(' | ');
    const seen = byText.get(text);
    if (seen !== undefined && seen !== linear)
      return `the subscript of ${where(u)} has several cases (?:), which one subscript per dimension cannot express`;
    byText.set(text, linear);
  }
  return undefined;
}

/** The first shape (chain of strides) under which every access splits (conditions R1-R3, section 3.1). */
function firstValidShape(
  fn: FunctionModel,
  array: ArrayInfo,
  uses: readonly Use[],
  values: Readonly<Record<string, bigint>>,
  chains: readonly bigint[][],
  cells: bigint,
  printed: boolean,
): ArrayResult {
  let firstReason: string | undefined;
  for (const chain of chains) {
    const sizes = chainSizes(chain, cells);
    const accesses = viewAccesses(fn, uses, sizes, values, printed);
    if (typeof accesses === 'string') {
      firstReason ??= `shape [${sizes.join('][')}]: ${accesses}`;
      continue;
    }
    return appliedView(fn, array, chain, sizes, accesses);
  }
  return {
    kind: 'not-applied',
    reason:
      `no shape keeps every subscript inside its row` +
      (chains.length > 1
        ? ` (${chains.length} shapes tried; the first: ${firstReason})`
        : `: ${firstReason}`),
  };
}

/** Every access in the view of the given sizes, or why the first that fails cannot be. */
function viewAccesses(
  fn: FunctionModel,
  uses: readonly Use[],
  sizes: readonly bigint[],
  values: Readonly<Record<string, bigint>>,
  printed: boolean,
): Map<Access, Access> | string {
  const accesses = new Map<Access, Access>();
  for (const u of uses) {
    const r = splitAccess(fn, u, sizes, values);
    if (r.kind === 'invalid') return r.reason;
    const used = new Set(r.components.flatMap((c) => Object.keys(c.coeffs)));
    const quotient = u.access.exists.find((e) => used.has(e));
    if (quotient !== undefined)
      return `a component of ${where(u)} uses an integer quotient, which cannot be printed`;
    const names = iteratorSourceNames(
      u.statement,
      u.statement.iterators.filter((it) => used.has(it)),
    );
    if (names.kind === 'unnamed' && printed)
      return `the loop counter ${names.iterator} of ${where(u)} cannot be named in C there`;
    accesses.set(u.access, {
      ...u.access,
      subscripts: r.components,
      linearSubscripts: u.access.subscripts,
      ...(names.kind === 'unnamed' ? {} : { sourceNames: names.names }),
    });
  }
  return accesses;
}

/** The array seen in its multi-dimensional view of the given sizes. */
function appliedView(
  fn: FunctionModel,
  array: ArrayInfo,
  chain: readonly bigint[],
  sizes: readonly bigint[],
  accesses: Map<Access, Access>,
): ArrayResult {
  const declared = array.extents[0]!;
  const sizeTexts = viewSizeTexts(sizes, declared, fn);
  const extents: Extent[] = sizes.map((s, k) => ({
    text: sizeTexts[k]!,
    expr: constant(s),
    value: s,
  }));
  return {
    kind: 'applied',
    array: {
      ...array,
      extents,
      delinearized: { declaredExtents: array.extents, strides: [...chain, 1n] },
    },
    accesses,
    sizeTexts,
  };
}

/**
 * The function's model with every candidate 1-D array that can be delinearized seen in its
 * multi-dimensional view (`only`: restrict to these arrays when non-empty).
 */
export function delinearizeFunction(
  fn: FunctionModel,
  only: readonly string[] = [],
  /**
   * False: the view is only analysed, never printed (exposedInView.ts), so a component's
   * loop counter need not be nameable in C.
   */
  printed = true,
): DelinearizedFunction {
  const values = knownParameterValues(fn);
  const outcomes: DelinearizationOutcome[] = [];
  const arrays: ArrayInfo[] = [];
  const replaced = new Map<Access, Access>();
  for (const array of fn.arrays) {
    if (
      !array.candidate ||
      array.extents.length !== 1 ||
      array.delinearized ||
      (only.length > 0 && !only.includes(array.name))
    ) {
      arrays.push(array);
      continue;
    }
    const uses: Use[] = fn.statements.flatMap((statement) =>
      statement.accesses
        .filter((a) => a.array === array.name)
        .map((access) => ({ statement, access })),
    );
    const r =
      uses.length === 0
        ? { kind: 'skip' as const }
        : delinearizeArray(fn, array, uses, values, printed);
    if (r.kind === 'applied') {
      arrays.push(r.array);
      for (const [from, to] of r.accesses) replaced.set(from, to);
      outcomes.push({
        kind: 'applied',
        array: array.name,
        sizes: r.array.extents.map((e) => e.value!),
        sizeTexts: r.sizeTexts,
        declaredText: array.extents[0]!.text,
      });
    } else {
      arrays.push(array);
      if (r.kind === 'not-applied')
        outcomes.push({ kind: 'not-applied', array: array.name, reason: r.reason });
    }
  }
  if (replaced.size === 0) return { fn, outcomes };
  return {
    fn: {
      ...fn,
      arrays,
      statements: fn.statements.map((s) => ({
        ...s,
        accesses: s.accesses.map((a) => replaced.get(a) ?? a),
      })),
    },
    outcomes,
  };
}
