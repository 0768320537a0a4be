/**
 * C's integer types and arithmetic (C11 6.3.1, 6.5), in the unit's data model (dataModel.ts:
 * int 32 bits; long and pointers 64 bits in LP64, 32 in ILP32). The model computes with
 * mathematical integers; an expression is taken as affine only when its C value provably
 * equals the mathematical one wherever it is evaluated:
 *
 * - a cast `(T)e` only when e's values all fit T;
 * - an operation done in an unsigned type (after the integer promotions and the usual
 *   arithmetic conversions) only when its operands are non-negative and its result fits:
 *   then no value wraps modulo 2^n and no negative operand is converted;
 * - a comparison done in an unsigned type only when both operands are non-negative.
 *
 * Signed overflow is undefined behaviour: a correct program has none, so signed arithmetic
 * is exact. Plain `char` may be signed or unsigned (the compiler decides): its values are
 * taken as those both agree on, 0..127, when it must hold a value, and as those of either,
 * -128..255, when it holds one (unless the data model says which it is). The ranges come from an interval box of the
 * domain, seeded with the type range of every variable, so a proof holds for every point.
 */
import { type Interval, affineRange, propagate } from './bounds.js';
import { type ExprScope, macroCall, macroScope, toPwAff } from './expr.js';
import { type Node, child, unparenthesized } from './parse.js';
import { type IntType, INT, UINT, intTypeOf, modelOf } from './intTypes.js';
import { type DataModel, LP64 } from './dataModel.js';

export { type IntType, type TypedefTable, INT, intTypeOf, modelOf } from './intTypes.js';

/**
 * The values every compiler gives type `t` (plain char of unknown signedness: 0..127), for
 * what must fit in it.
 */
export function typeRange(t: IntType): { lo: bigint; hi: bigint } {
  if (t.plainChar) return { lo: 0n, hi: 127n };
  if (!t.signed) return { lo: 0n, hi: (1n << BigInt(t.bits)) - 1n };
  return { lo: -(1n << BigInt(t.bits - 1)), hi: (1n << BigInt(t.bits - 1)) - 1n };
}

/**
 * The values an object of type `t` may hold (plain char of unknown signedness: -128..255,
 * the values of either), for what is known of a variable.
 */
export function heldRange(t: IntType): { lo: bigint; hi: bigint } {
  return t.plainChar ? { lo: -128n, hi: 255n } : typeRange(t);
}

/** Integer promotions: types narrower than int become int. */
export function promote(t: IntType): IntType {
  return t.bits < 32 ? INT : t;
}

/** The usual arithmetic conversions of two promoted integer types. */
export function common(a: IntType, b: IntType): IntType {
  if (a.signed === b.signed) return a.bits >= b.bits ? a : b;
  const [u, s] = a.signed ? [b, a] : [a, b];
  if (u.bits >= s.bits) return u;
  return s; // the signed type is wider, so it holds every value of the unsigned one
}

/**
 * The type of an integer literal (C11 6.4.4.1) in the data model (LP64 by default): the
 * first of its list that holds the value (3000000000 is `long` in LP64, `long long` in
 * ILP32).
 */
export function literalType(text: string, value: bigint, model: DataModel = LP64): IntType {
  const suffix = /[uUlL]*$/.exec(text)![0].toLowerCase();
  const unsigned = suffix.includes('u');
  const longs = suffix.replace('u', '').length;
  const decimal = !/^[-+]?0[xXbB0-7]/.test(text) || /^[-+]?0$/.test(text.replace(/[uUlL]+$/, ''));
  const v = value < 0n ? -value : value;
  const fits = (t: IntType) => v <= typeRange(t).hi;
  const sl: IntType = { bits: model.long, signed: true, model: 'long' };
  const ul: IntType = { bits: model.long, signed: false, model: 'unsigned long' };
  const sll: IntType = { bits: model.longLong, signed: true };
  const ull: IntType = { bits: model.longLong, signed: false };
  const signedOrder = [INT, sl, sll].slice(longs);
  const unsignedOrder = [UINT, ul, ull].slice(longs);
  const order: IntType[] = unsigned
    ? unsignedOrder
    : decimal
      ? signedOrder
      : signedOrder.flatMap((t, k) => [t, unsignedOrder[k]!]);
  return order.find(fits) ?? ull;
}

/** What the exactness proof needs from the place an expression is evaluated. */
export interface IntegerEnv {
  /** The C type of an identifier as the expression scope resolves it. */
  typeOf(name: string, scope: ExprScope): IntType | undefined;
  /** Bounds of the model's variables (iterators, parameters) where it is evaluated. */
  readonly box: ReadonlyMap<string, Interval>;
}

const CMP = new Set(['<', '<=', '>', '>=', '==', '!=']);
const ARITH = new Set(['+', '-', '*', '/', '%']);

/** The range of an expression's mathematical value over the box (null ends: unknown). */
function rangeOf(n: Node, scope: ExprScope, env: IntegerEnv): Interval {
  const v = toPwAff(n, scope);
  if (!v || v.length === 0) return { lo: null, hi: null };
  let lo: bigint | null = null;
  let hi: bigint | null = null;
  v.forEach((p, k) => {
    const b = new Map([...env.box].map(([x, iv]) => [x, { ...iv }]));
    propagate(p.constraints, [...p.exists], b);
    const r = affineRange(p.value, b);
    lo = k === 0 ? r.lo : lo === null || r.lo === null ? null : r.lo < lo ? r.lo : lo;
    hi = k === 0 ? r.hi : hi === null || r.hi === null ? null : r.hi > hi ? r.hi : hi;
  });
  return { lo, hi };
}

/** Every value of type `a` is one of type `b`. */
function includes(b: IntType, a: IntType): boolean {
  const ra = heldRange(a);
  const rb = typeRange(b);
  return rb.lo <= ra.lo && ra.hi <= rb.hi;
}

/** `n` is exact and converting its value to type `t` (a cast, a store) changes nothing. */
export function convertsExactly(n: Node, t: IntType, scope: ExprScope, env: IntegerEnv): boolean {
  const et = exactType(n, scope, env);
  return !!et && (includes(t, et) || within(rangeOf(n, scope, env), t));
}

/** Types whose values wrap when a counter steps past their range (no undefined behaviour). */
export function wraps(t: IntType): boolean {
  return !t.signed || t.bits < 32;
}

const within = (r: Interval, t: IntType): boolean => {
  const tr = typeRange(t);
  return r.lo !== null && r.hi !== null && r.lo >= tr.lo && r.hi <= tr.hi;
};
const nonNegative = (r: Interval): boolean => r.lo !== null && r.lo >= 0n;

/**
 * The C type of `node` if its C value provably equals its mathematical value wherever the
 * box allows; undefined when that cannot be proved (then it is not affine for the model).
 */
export function exactType(
  node: Node,
  scope: ExprScope,
  env: IntegerEnv,
  depth = 0,
): IntType | undefined {
  if (depth > 32) return undefined;
  const n = unparenthesized(node);
  const sub = (x: Node | null) => (x ? exactType(x, scope, env, depth + 1) : undefined);
  switch (n.type) {
    case 'number_literal': {
      const v = toPwAff(n, scope);
      const c =
        v && v.length === 1 && Object.keys(v[0].value.coeffs).length === 0
          ? v[0].value.constant
          : undefined;
      return c === undefined ? undefined : literalType(n.text, c, modelOf(scope.typedefs));
    }
    case 'char_literal':
      return INT;
    case 'identifier':
      return env.typeOf(n.text, scope);
    case 'update_expression':
      // The counter's type: loops.ts keeps its values, stepped ones too, in that type.
      return scope.update?.(n) ? sub(child(n, 'argument')) : undefined;
    case 'cast_expression': {
      const t = intTypeOf(child(n, 'type')?.text ?? '', scope.typedefs);
      const value = child(n, 'value');
      if (!t || !value) return undefined;
      return convertsExactly(value, t, scope, env) ? t : undefined;
    }
    case 'unary_expression': {
      const op = child(n, 'operator')?.text;
      const a = sub(child(n, 'argument'));
      if (!a) return undefined;
      if (op === '!') return INT;
      const t = promote(a);
      if (op === '-' && !t.signed && !within(rangeOf(n, scope, env), t)) return undefined;
      return op === '-' || op === '+' ? t : undefined;
    }
    case 'binary_expression': {
      const op = child(n, 'operator')?.text ?? '';
      const l = child(n, 'left')!;
      const r = child(n, 'right')!;
      const lt = sub(l);
      const rt = lt && sub(r);
      if (!lt || !rt) return undefined;
      if (op === '&&' || op === '||') return INT;
      const t = common(promote(lt), promote(rt));
      const unsignedOk = () =>
        nonNegative(rangeOf(l, scope, env)) && nonNegative(rangeOf(r, scope, env));
      if (CMP.has(op)) return t.signed || unsignedOk() ? INT : undefined;
      if (!ARITH.has(op)) return undefined;
      // In an unsigned type, non-negative operands keep `/` and `%` in range; `+ - *` may wrap.
      if (
        !t.signed &&
        !(unsignedOk() && (op === '/' || op === '%' || within(rangeOf(n, scope, env), t)))
      )
        return undefined;
      return t;
    }
    case 'conditional_expression': {
      if (!sub(child(n, 'condition'))) return undefined;
      const a = sub(child(n, 'consequence'));
      const b = a && sub(child(n, 'alternative'));
      if (!a || !b) return undefined;
      const t = common(promote(a), promote(b));
      if (
        !t.signed &&
        !(
          nonNegative(rangeOf(child(n, 'consequence')!, scope, env)) &&
          nonNegative(rangeOf(child(n, 'alternative')!, scope, env))
        )
      )
        return undefined;
      return t;
    }
    case 'call_expression': {
      const m = macroCall(n, scope);
      if (!m) return undefined;
      const types = new Map<string, IntType | undefined>();
      m.macro.params.forEach((p, k) => types.set(p, exactType(m.args[k], scope, env, depth + 1)));
      const inner: IntegerEnv = {
        box: env.box,
        typeOf: (name, s) => (types.has(name) ? types.get(name) : env.typeOf(name, s)),
      };
      return exactType(m.macro.expr!, macroScope(scope, m.macro, m.args, depth), inner, depth + 1);
    }
    default:
      return undefined;
  }
}
