/**
 * The C text of one slot index (M_r . f(x)) mod b_r, written over the author's own index
 * texts, with the cheapest form of `mod` that is correct under C's `%` (which is negative
 * for a negative left operand).
 */
import {
  RewriteError,
  type AccessRange,
  type AccessRewrite,
  type ArrayRewrite,
  type Modulus,
  type RewritePlan,
  type RowForm,
} from './plan.js';
import { combinedIndex, formatSum, isConstantSum, plus, type IndexSum } from './indexText.js';

/** The name of the helper used when the value may be negative and no offset is proven. */
export const MOD_HELPER = 'beeclak_mod';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*$/;

/** An identifier or an unsigned integer literal: never needs parentheses. */
function isSimpleOperand(text: string): boolean {
  return IDENTIFIER.test(text) || NUMBER.test(text);
}

/** `name[...]...[...]`: a subscript chain binds tighter than any operator we print. */
function isSubscriptChain(text: string): boolean {
  const head = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text);
  if (!head || head[0].length === text.length) return false;
  let depth = 0;
  for (let p = head[0].length; p < text.length; p++) {
    const c = text[p];
    if (depth === 0 && c !== '[') return false;
    if (c === '[') depth++;
    else if (c === ']') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** The text, trimmed, in parentheses unless it is an operand that needs none. */
export function operand(text: string): string {
  return operandOutside(new Set())(text);
}

/**
 * `operand`, also parenthesizing the names of object-like macros whose replacement is not
 * one token (`#define M i + 1`: `2 * M` would expand to `2 * i + 1`).
 */
function operandOutside(unsafeMacros: ReadonlySet<string>): (text: string) => string {
  return (text) => {
    const t = text.trim();
    if (t === '') throw new RewriteError('empty index or modulus text');
    if (unsafeMacros.has(t)) return `(${t})`;
    return isSimpleOperand(t) || isSubscriptChain(t) ? t : `(${t})`;
  };
}

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

/**
 * `sum_j c_j * t_j` in the plainest spelling: `k`, `i + k`, `2 * i - k`; `0` when every
 * coefficient is zero.
 */
export function linearForm(
  coefficients: readonly bigint[],
  indexTexts: readonly string[],
  asOperand: (text: string) => string = operand,
): LinearText {
  if (coefficients.length !== indexTexts.length)
    throw new RewriteError(
      `a mapping row has ${coefficients.length} coefficients for ${indexTexts.length} indices`,
    );
  let out = '';
  let terms = 0;
  let unit = true;
  // A component of a delinearized access can be the constant 0 (`buf[j]` is row 0).
  const isZero = (j: number) => /^\(*\s*0\s*\)*$/.test(indexTexts[j]!.trim());
  coefficients.forEach((c, j) => {
    if (c === 0n || isZero(j)) return;
    const t = asOperand(indexTexts[j]!);
    terms++;
    unit = c === 1n;
    const magnitude = abs(c) === 1n ? t : `${abs(c)} * ${t}`;
    if (out === '') out = c < 0n ? `-${magnitude}` : magnitude;
    else out += c < 0n ? ` - ${magnitude}` : ` + ${magnitude}`;
  });
  if (out === '') return { text: '0', atomic: true };
  if (terms === 1 && unit) {
    const only = indexTexts[coefficients.findIndex((c, j) => c !== 0n && !isZero(j))]!.trim();
    return { text: out, atomic: true, bare: only };
  }
  return { text: out, atomic: false };
}

/** A printed linear form; `atomic` when it needs no parentheses as an operand. */
export interface LinearText {
  readonly text: string;
  readonly atomic: boolean;
  /** For a lone index with coefficient 1: its text as written, for use between brackets. */
  readonly bare?: string;
}

export interface SlotIndex {
  readonly text: string;
  readonly needsHelper: boolean;
}

function isPowerOfTwo(b: bigint): boolean {
  return b > 0n && (b & (b - 1n)) === 0n;
}

/** The row's value read as one sum of the index texts (indexText.ts), when they are plain. */
export interface RowSum {
  readonly sum: IndexSum;
  /** Like terms met: the sum prints shorter than one term per index text. */
  readonly combines: boolean;
}

function mod(a: bigint, b: bigint): bigint {
  const r = a % b;
  return r < 0n ? r + b : r;
}

/** The sum as a LinearText (a lone name with coefficient 1 is bare, as linearForm's). */
function sumText(s: IndexSum, asOperand: (text: string) => string): LinearText {
  const terms = s.terms.filter(([, c]) => c !== 0n);
  const text = formatSum(s, asOperand);
  if (terms.length === 0) return { text, atomic: s.constant >= 0n };
  if (terms.length === 1 && terms[0]![1] === 1n && s.constant === 0n)
    return { text, atomic: true, bare: terms[0]![0] };
  return { text, atomic: false };
}

/**
 * `value mod b` for a linear form `value` whose proven range over the access is `range`.
 * The result is always in [0, b): elided when already proven there; `%` when proven
 * non-negative; shifted by a multiple of b (which changes no slot) when a lower bound is
 * known; else the helper.
 */
export function reduceModulo(
  linear: LinearText,
  range: AccessRange,
  modulus: Modulus,
  modulo: 'exact' | 'pow2',
  inLong: LinearText = linear,
  asOperand: (text: string) => string = operand,
  noDivision = false,
  rowSum?: RowSum,
): SlotIndex {
  const b = modulus.value;
  if (b !== undefined && b <= 1n)
    throw new RewriteError(`modulus ${b} (rows of modulus 1 must be dropped before rewriting)`);
  // A constant slot is its value (`indexes[2 % 2]` reads like a bug: `indexes[0]`).
  if (rowSum && b !== undefined && isConstantSum(rowSum.sum))
    return { text: `${mod(rowSum.sum.constant, b)}`, needsHelper: false };
  if (rowSum?.combines) linear = sumText(rowSum.sum, asOperand);
  const value = linear.text;
  // Elided: the slot index goes between brackets as the author wrote it.
  const elided = { text: linear.bare ?? value, needsHelper: false };
  if (range.withinModulus) return elided;
  if (b !== undefined && range.min !== undefined && range.max !== undefined) {
    if (range.min >= 0n && range.max <= b - 1n) return elided;
  }
  const lhs = linear.atomic ? value : `(${value})`;
  // A modulus the caller could not round (the rounded mapping was not admissible) keeps
  // the exact form: masks are only an optimisation.
  if (modulo === 'pow2' && b !== undefined && isPowerOfTwo(b)) {
    // A mask is `mod b` for negative values too: gcc and clang use two's complement
    // for signed integers (guaranteed by C23 and by both compilers' documentation).
    return { text: `${lhs} & ${b - 1n}`, needsHelper: false };
  }
  if (noDivision)
    throw new RewriteError(
      `${value} mod ${modulus.text} would need a division (HLS mode: masks only)`,
    );
  const modText = asOperand(modulus.text);
  if (range.min !== undefined && range.min >= 0n)
    return { text: `${lhs} % ${modText}`, needsHelper: false };
  if (range.min !== undefined && b !== undefined) {
    // The smallest multiple c of b with min + c >= 0.
    const c = ((-range.min + b - 1n) / b) * b;
    // The offset joins the sum's constant: `(i - 1) - 2 * j + 19` is `i - 2 * j + 18`.
    if (rowSum && (rowSum.combines || rowSum.sum.constant !== 0n))
      return {
        text: `(${formatSum(plus(rowSum.sum, c), asOperand)}) % ${modText}`,
        needsHelper: false,
      };
    return { text: `(${value} + ${c}) % ${modText}`, needsHelper: false };
  }
  // The helper's argument is computed in long: an unsigned index expression would wrap a
  // negative value to a large positive one before the conversion (the other forms are
  // right in unsigned arithmetic too, their true value being non-negative).
  return { text: `${MOD_HELPER}(${inLong.text}, ${modText})`, needsHelper: true };
}

/** How slot indices are spelled for one plan. */
export interface SlotStyle {
  readonly modulo: 'exact' | 'pow2';
  readonly asOperand: (text: string) => string;
  /**
   * Macro names that expand to more than one operand: a text that spells one is not read as
   * a sum (`NEXT - NEXT` with `#define NEXT i + 1` is 2, not 0).
   */
  readonly unsafeMacros: ReadonlySet<string>;
  /** HLS mode: a slot that would need `%` or the helper is an error. */
  readonly noDivision?: boolean;
}

export function slotStyle(plan: RewritePlan): SlotStyle {
  return {
    modulo: plan.hls ? 'pow2' : plan.modulo,
    asOperand: operandOutside(new Set(plan.unsafeMacros ?? [])),
    unsafeMacros: new Set(plan.unsafeMacros ?? []),
    noDivision: !!plan.hls,
  };
}

/** The slot indices of one access, one per row (none for a scalar). */
export function slotIndices(
  array: ArrayRewrite,
  access: AccessRewrite,
  indexTexts: readonly string[],
  style: SlotStyle,
): SlotIndex[] {
  const { modulo, asOperand, noDivision, unsafeMacros } = style;
  // A delinearized array's rows combine the components of its view, not the written index.
  const texts = access.componentTexts ?? indexTexts;
  if (access.rowRanges.length !== array.rows.length)
    throw new RewriteError(
      `access of ${array.name} has ${access.rowRanges.length} row ranges for ${array.rows.length} rows`,
    );
  return array.rows.map((row: RowForm, r) =>
    // A dimension folded to one slot (an array that keeps its rank): index 0.
    array.keepRank && row.modulus.value === 1n
      ? { text: '0', needsHelper: false }
      : reduceModulo(
          linearForm(row.coefficients, texts, asOperand),
          access.rowRanges[r]!,
          row.modulus,
          modulo,
          linearForm(row.coefficients, texts, (t) => `(long)${asOperand(t)}`),
          asOperand,
          noDivision,
          combinedIndex(row.coefficients, texts, unsafeMacros),
        ),
  );
}
