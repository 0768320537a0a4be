/**
 * C integer expressions -> piecewise quasi-affine values (pwaff.ts), and C conditions ->
 * unions of conjunctions. `undefined` means "not affine" (a call, an array read, a product
 * of two variables, ...): callers over-approximate or refuse.
 *
 * Function-like macros are expanded here: the macro body (parsed once) is converted with
 * its parameters bound to the argument expressions, converted in the caller's scope.
 */
import type { Affine } from '../poly/affine.js';
import { constant, substitute } from '../poly/affine.js';
import type { FunctionMacro } from './directives.js';
import { type IntType, type TypedefTable, intTypeOf } from './intTypes.js';
import type { DataModelFact } from './modelVariants.js';
import { type Node, child, parseIntLiteral, unparenthesized } from './parse.js';
import {
  type CmpOp,
  type Cond,
  type PwAff,
  FALSE,
  MAX_PIECES,
  TRUE,
  condAnd,
  condOr,
  constValue,
  negateOp,
  pwAdd,
  pwCompare,
  pwConst,
  pwDiv,
  pwMod,
  pwMul,
  pwNeg,
  pwSub,
} from './pwaff.js';
import { nameRecord } from '../poly/nameRecord.js';

/** A known constant as a scope gives it (constants.ts CConstant). */
interface ScopeConstant {
  readonly value: bigint;
  readonly type: IntType;
  readonly facts?: readonly DataModelFact[];
  readonly variants?: ReadonlyMap<string, { value: bigint; type: IntType } | undefined>;
}

export interface ExprScope {
  /** An identifier's value: an iterator, a parameter, an expanded object-like macro. */
  identifier(name: string): PwAff | undefined;
  readonly functionMacros: ReadonlyMap<string, FunctionMacro>;
  /** A fresh existential variable name (quotients of divisions). */
  fresh(): string;
  /** Value of a parameter known to be constant (a divisor `N` in `i % N`). */
  knownValue?(name: string): bigint | undefined;
  /**
   * Whether the C value of an expression (or condition) provably equals its mathematical
   * value where it is evaluated (integers.ts); cValue / cCond refuse it otherwise.
   */
  exact?(node: Node): boolean;
  /**
   * An identifier's value and C type when it is a known constant (constants.ts), with its
   * values in the other data models where they differ (constants.ts CConstant).
   */
  constantOf?(name: string): ScopeConstant | undefined;
  /** Integer types named by typedefs where the expression stands (typedefs.ts). */
  readonly typedefs?: TypedefTable;
  /**
   * The value of the one `++k`/`k--` of a do-while loop's condition, over the counter of the
   * iteration it starts (loops.ts); elsewhere an increment is no value of the model.
   */
  update?(node: Node): PwAff | undefined;
}

/** `toPwAff`, undefined when the C value may differ from the mathematical one. */
export function cValue(node: Node, scope: ExprScope): PwAff | undefined {
  return scope.exact && !scope.exact(node) ? undefined : toPwAff(node, scope);
}

/** `toCond`, undefined when the C value may differ from the mathematical one. */
export function cCond(node: Node, scope: ExprScope, negated = false): Cond | undefined {
  return scope.exact && !scope.exact(node) ? undefined : toCond(node, scope, negated);
}

/** Replaces parameters of known value by their values in the piece values. */
function withKnownValues(a: PwAff, scope: ExprScope): PwAff {
  if (!scope.knownValue) return a;
  return a.map((p) => {
    const by = nameRecord<Affine>();
    for (const name of Object.keys(p.value.coeffs)) {
      const v = scope.knownValue!(name);
      if (v !== undefined) by[name] = constant(v);
    }
    return { ...p, value: substitute(p.value, by) };
  });
}

/** A constant, or a parameter expression whose value is known. */
function divisorValue(r: PwAff, scope: ExprScope): bigint | undefined {
  const c = constValue(r);
  if (c !== undefined) return c;
  if (r.length !== 1 || r[0].constraints.length > 0 || !scope.knownValue) return undefined;
  let v = r[0].value.constant;
  for (const [name, k] of Object.entries(r[0].value.coeffs)) {
    const x = scope.knownValue(name);
    if (x === undefined) return undefined;
    v += k * x;
  }
  return v;
}

const MAX_MACRO_DEPTH = 32;

/**
 * A cast to an integer type (a typedef of one included) keeps the value where it fits the
 * type: cValue / cCond check that (integers.ts). Not to _Bool: `(bool)x` is `x != 0`.
 */
function integralCast(typeText: string, scope: ExprScope): boolean {
  const t = intTypeOf(typeText, scope.typedefs);
  return t !== undefined && t.bits > 1;
}

/** Binds a function-like macro's parameters to the argument expressions of a use. */
export function macroScope(
  scope: ExprScope,
  macro: FunctionMacro,
  args: readonly Node[],
  depth: number,
): ExprScope {
  const bound = new Map<string, Node>();
  macro.params.forEach((p, k) => bound.set(p, args[k]));
  return {
    identifier: (name) =>
      bound.has(name) ? toPwAff(bound.get(name)!, scope, depth + 1) : scope.identifier(name),
    functionMacros: scope.functionMacros,
    fresh: scope.fresh,
    knownValue: scope.knownValue,
    typedefs: scope.typedefs,
  };
}

/** The macro and its arguments if `n` is a use of a function-like macro with matching arity. */
export function macroCall(
  n: Node,
  scope: ExprScope,
): { macro: FunctionMacro; args: Node[] } | undefined {
  if (n.type !== 'call_expression') return undefined;
  const f = child(n, 'function');
  if (f?.type !== 'identifier') return undefined;
  const macro = scope.functionMacros.get(f.text);
  if (!macro || !macro.expr) return undefined;
  const args = (child(n, 'arguments')?.namedChildren ?? []).filter((a) => a.type !== 'comment');
  if (args.length !== macro.params.length) return undefined;
  return { macro, args };
}

export function toPwAff(node: Node, scope: ExprScope, depth = 0): PwAff | undefined {
  if (depth > MAX_MACRO_DEPTH) return undefined;
  const n = unparenthesized(node);
  const r = convert(n, scope, depth);
  return r && r.length <= MAX_PIECES ? r : undefined;
}

function convert(n: Node, scope: ExprScope, depth: number): PwAff | undefined {
  switch (n.type) {
    case 'number_literal': {
      const v = parseIntLiteral(n.text);
      return v === undefined ? undefined : pwConst(v);
    }
    case 'char_literal':
      return undefined;
    case 'identifier':
      return scope.identifier(n.text);
    case 'update_expression':
      return scope.update?.(n);
    case 'cast_expression': {
      const t = child(n, 'type')?.text ?? '';
      return integralCast(t, scope) ? toPwAff(child(n, 'value')!, scope, depth) : undefined;
    }
    case 'unary_expression': {
      const op = child(n, 'operator')?.text;
      const a = toPwAff(child(n, 'argument')!, scope, depth);
      if (!a) return undefined;
      return op === '-' ? pwNeg(a) : op === '+' ? a : undefined;
    }
    case 'binary_expression': {
      const op = child(n, 'operator')?.text;
      const l = toPwAff(child(n, 'left')!, scope, depth);
      const r = l && toPwAff(child(n, 'right')!, scope, depth);
      if (!l || !r) return undefined;
      if (op === '+') return pwAdd(l, r);
      if (op === '-') return pwSub(l, r);
      if (op === '*') {
        // A product of parameters is not affine; with known values (N * M, (i - R) * W) it
        // is, and the model is then specific to those values.
        return (
          pwMul(l, r) ?? pwMul(l, withKnownValues(r, scope)) ?? pwMul(withKnownValues(l, scope), r)
        );
      }
      if (op === '/' || op === '%') {
        const c = divisorValue(r, scope);
        if (c === undefined || c === 0n) return undefined;
        return op === '/' ? pwDiv(l, c, scope.fresh) : pwMod(l, c, scope.fresh);
      }
      return undefined;
    }
    case 'conditional_expression': {
      const c = toCond(child(n, 'condition')!, scope, false, depth);
      const nc = c && toCond(child(n, 'condition')!, scope, true, depth);
      const a = nc && toPwAff(child(n, 'consequence')!, scope, depth);
      const b = a && toPwAff(child(n, 'alternative')!, scope, depth);
      if (!c || !nc || !a || !b) return undefined;
      const guard = (g: Cond, v: PwAff): PwAff =>
        g.flatMap((conj) =>
          v.map((p) => ({
            exists: [...conj.exists, ...p.exists],
            constraints: [...conj.constraints, ...p.constraints],
            value: p.value,
          })),
        );
      return [...guard(c, a), ...guard(nc, b)];
    }
    case 'call_expression': {
      const m = macroCall(n, scope);
      if (!m) return undefined;
      return toPwAff(m.macro.expr!, macroScope(scope, m.macro, m.args, depth), depth + 1);
    }
    default:
      return undefined;
  }
}

const CMP_OPS: readonly string[] = ['<', '<=', '>', '>=', '==', '!='];

/** A condition as a union of conjunctions; `negated` converts `!node` (De Morgan inward). */
export function toCond(node: Node, scope: ExprScope, negated = false, depth = 0): Cond | undefined {
  if (depth > MAX_MACRO_DEPTH) return undefined;
  const n = unparenthesized(node);
  const r = convertCond(n, scope, negated, depth);
  return r && r.length <= MAX_PIECES ? r : undefined;
}

function convertCond(n: Node, scope: ExprScope, negated: boolean, depth: number): Cond | undefined {
  if (n.type === 'unary_expression' && child(n, 'operator')?.text === '!')
    return toCond(child(n, 'argument')!, scope, !negated, depth);
  if (n.type === 'binary_expression') {
    const op = child(n, 'operator')!.text;
    if (op === '&&' || op === '||') {
      const l = toCond(child(n, 'left')!, scope, negated, depth);
      const r = l && toCond(child(n, 'right')!, scope, negated, depth);
      if (!l || !r) return undefined;
      // !(a && b) = !a || !b and !(a || b) = !a && !b.
      return (op === '&&') !== negated ? condAnd(l, r) : condOr(l, r);
    }
    if (CMP_OPS.includes(op)) {
      const l = toPwAff(child(n, 'left')!, scope, depth);
      const r = l && toPwAff(child(n, 'right')!, scope, depth);
      if (!l || !r) return undefined;
      return pwCompare(l, negated ? negateOp(op as CmpOp) : (op as CmpOp), r);
    }
  }
  if (n.type === 'conditional_expression') {
    const c = toCond(child(n, 'condition')!, scope, false, depth);
    const nc = c && toCond(child(n, 'condition')!, scope, true, depth);
    const a = nc && toCond(child(n, 'consequence')!, scope, negated, depth);
    const b = a && toCond(child(n, 'alternative')!, scope, negated, depth);
    if (!c || !nc || !a || !b) return undefined;
    return condOr(condAnd(c, a), condAnd(nc, b));
  }
  if (n.type === 'call_expression') {
    const m = macroCall(n, scope);
    if (m)
      return toCond(m.macro.expr!, macroScope(scope, m.macro, m.args, depth), negated, depth + 1);
  }
  // An integer used as a truth value: v != 0.
  const v = toPwAff(n, scope, depth);
  if (!v) return undefined;
  const c = constValue(v);
  if (c !== undefined) return (c !== 0n) !== negated ? TRUE : FALSE;
  return pwCompare(v, negated ? '==' : '!=', pwConst(0n));
}
