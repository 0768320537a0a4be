/**
 * Integer constant expressions evaluated as C evaluates them (C11 6.6, 6.3.1): literal
 * types, integer promotions, usual arithmetic conversions, unsigned arithmetic modulo 2^n,
 * truncating division, casts, `sizeof` of scalar types. `e[N / 2]`, `sum[512 * 4 / 16]`
 * or `(0u < -1) ? 8 : 4` get the value the compiler gives them. Undefined behaviour
 * (signed overflow, division by zero, shifts out of range) gives no value.
 */
import { type ExprScope, macroCall, macroScope } from './expr.js';
import {
  INT,
  type IntType,
  type TypedefTable,
  common,
  intTypeOf,
  literalType,
  modelOf,
  promote,
  typeRange,
} from './integers.js';
import { modelOnly } from './intTypes.js';
import { type Node, child, parseIntLiteral, unparenthesized } from './parse.js';
import { wordsRegExp } from '../model/identifiers.js';

/** Type qualifiers as whole words (not inside `consté`). */
const QUALIFIERS = wordsRegExp(['const', 'volatile', 'restrict'], 'g');

export interface CConstant {
  readonly value: bigint;
  readonly type: IntType;
}

/**
 * `v` converted to type `t`: modulo 2^n for unsigned types (and narrow signed ones, as gcc);
 * to `_Bool`, whether it is non-zero (2 is 1, not 2 mod 2).
 */
export function convert(v: bigint, t: IntType): bigint | undefined {
  if (t.bits === 1) return v !== 0n ? 1n : 0n;
  const r = typeRange(t);
  if (v >= r.lo && v <= r.hi) return v;
  if (t.plainChar) return undefined; // signedness not known
  if (t.signed && t.bits >= 32) return undefined; // overflow of int or wider: undefined
  const m = 1n << BigInt(t.bits);
  let w = ((v % m) + m) % m;
  if (t.signed && w > r.hi) w -= m;
  return w;
}

// A Map: the key is a type name of the program (a typedef may be named `valueOf`).
const SCALAR_SIZES = new Map<string, bigint>([
  ['float', 4n],
  ['double', 8n],
]);

/** `sizeof(T)` for a scalar or pointer type name in the table's data model, or undefined. */
export function sizeOfType(text: string, typedefs: TypedefTable | undefined): bigint | undefined {
  const t = text.replace(QUALIFIERS, ' ').replace(/\s+/g, ' ').trim();
  const model = modelOf(typedefs);
  if (/\*$/.test(t)) return BigInt(model.pointer / 8);
  const i = intTypeOf(t, typedefs);
  if (i) return i.bits === 1 ? 1n : BigInt(i.bits / 8);
  // `typedef float real;` (CMSIS's float32_t): its arrays' bytes were not counted.
  const named = typedefs?.scalar?.(t) ?? t;
  if (named === '*') return BigInt(model.pointer / 8);
  if (named === 'long double') return model.longDouble > 0 ? BigInt(model.longDouble) : undefined;
  return SCALAR_SIZES.get(named);
}

/** The type of `sizeof` (size_t) in the table's data model. */
function sizeType(typedefs: TypedefTable | undefined): IntType {
  return intTypeOf('size_t', modelOnly(modelOf(typedefs)))!;
}

const MAX_DEPTH = 32;

/** The value and type C gives the integer constant expression `node`, or undefined. */
export function constantValue(node: Node, scope: ExprScope, depth = 0): CConstant | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const n = unparenthesized(node);
  switch (n.type) {
    case 'number_literal': {
      const v = parseIntLiteral(n.text);
      return v === undefined
        ? undefined
        : { value: v, type: literalType(n.text, v, modelOf(scope.typedefs)) };
    }
    case 'identifier': {
      const c = scope.constantOf?.(n.text);
      return c && { value: c.value, type: c.type as IntType };
    }
    case 'sizeof_expression':
      return sizeofValue(n, scope);
    case 'cast_expression':
      return castValue(n, scope, depth);
    case 'unary_expression':
      return unaryValue(n, scope, depth);
    case 'binary_expression':
      return binaryValue(n, scope, depth);
    case 'conditional_expression':
      return conditionalValue(n, scope, depth);
    case 'call_expression':
      return macroCallValue(n, scope, depth);
    default:
      return undefined;
  }
}

/** The value of an operand one level deeper, or undefined when absent or not constant. */
function sub(x: Node | null, scope: ExprScope, depth: number): CConstant | undefined {
  return x ? constantValue(x, scope, depth + 1) : undefined;
}

/** `value` converted to `type` as a constant, or undefined when it has no value there. */
function make(value: bigint | undefined, type: IntType): CConstant | undefined {
  const v = value === undefined ? undefined : convert(value, type);
  return v === undefined ? undefined : { value: v, type };
}

/** `sizeof(T)` or `sizeof(typedefName)` of a scalar type. */
function sizeofValue(n: Node, scope: ExprScope): CConstant | undefined {
  // `sizeof(u8)` with u8 a typedef: tree-sitter reads the name as an expression (it knows
  // only built-in type names); a name of the typedef table is the type (no variable of
  // the function is named so, typedefs.ts).
  const ty = child(n, 'type');
  const operand = child(n, 'value');
  const named =
    operand?.type === 'parenthesized_expression' &&
    operand.namedChildren.length === 1 &&
    operand.namedChildren[0]!.type === 'identifier' &&
    scope.typedefs?.get(operand.namedChildren[0]!.text)
      ? operand.namedChildren[0]!.text
      : undefined;
  const text = ty?.text ?? named;
  const size = text !== undefined ? sizeOfType(text, scope.typedefs) : undefined;
  return size === undefined ? undefined : { value: size, type: sizeType(scope.typedefs) };
}

/** `(T)e` with T an integer type. */
function castValue(n: Node, scope: ExprScope, depth: number): CConstant | undefined {
  const t = intTypeOf(child(n, 'type')?.text ?? '', scope.typedefs);
  const v = sub(child(n, 'value'), scope, depth);
  if (!t || !v) return undefined;
  if (t.bits === 1) return { value: v.value !== 0n ? 1n : 0n, type: t };
  const m = 1n << BigInt(t.bits);
  // A conversion to any integer type: modulo 2^n when it does not fit (gcc's choice
  // for signed targets too).
  const r = typeRange(t);
  if (t.plainChar) return make(v.value, t);
  let w = ((v.value % m) + m) % m;
  if (t.signed && w > r.hi) w -= m;
  return { value: w, type: t };
}

/** `!e`, `+e`, `-e`, `~e`. */
function unaryValue(n: Node, scope: ExprScope, depth: number): CConstant | undefined {
  const op = child(n, 'operator')?.text;
  const a = sub(child(n, 'argument'), scope, depth);
  if (!a) return undefined;
  if (op === '!') return { value: a.value === 0n ? 1n : 0n, type: INT };
  const t = promote(a.type);
  const v = convert(a.value, t)!;
  if (op === '+') return { value: v, type: t };
  if (op === '-') return make(t.signed ? -v : (1n << BigInt(t.bits)) - v, t);
  if (op === '~') return make(t.signed ? -v - 1n : (1n << BigInt(t.bits)) - 1n - v, t);
  return undefined;
}

/** `l op r`: the right operand is not evaluated when `&&` or `||` is decided by the left. */
function binaryValue(n: Node, scope: ExprScope, depth: number): CConstant | undefined {
  const op = child(n, 'operator')?.text ?? '';
  const l = sub(child(n, 'left'), scope, depth);
  if (!l) return undefined;
  if (op === '&&' && l.value === 0n) return { value: 0n, type: INT };
  if (op === '||' && l.value !== 0n) return { value: 1n, type: INT };
  const r = sub(child(n, 'right'), scope, depth);
  if (!r) return undefined;
  if (op === '&&' || op === '||') return { value: r.value !== 0n ? 1n : 0n, type: INT };
  if (op === '<<' || op === '>>') return shiftValue(op, l, r);
  return arithmeticValue(op, l, r);
}

/** `l << r` or `l >> r`: the type is the promoted left operand's; out-of-range shifts are UB. */
function shiftValue(op: '<<' | '>>', l: CConstant, r: CConstant): CConstant | undefined {
  const t = promote(l.type);
  const a = convert(l.value, t)!;
  if (r.value < 0n || r.value >= BigInt(t.bits)) return undefined;
  if (op === '>>') return { value: a >> r.value, type: t };
  if (t.signed && a < 0n) return undefined;
  return t.signed ? make(a << r.value, t) : { value: convert(a << r.value, t)!, type: t };
}

/** Comparisons and arithmetic in the common type of both operands. */
function arithmeticValue(op: string, l: CConstant, r: CConstant): CConstant | undefined {
  const t = common(promote(l.type), promote(r.type));
  // Both operands converted to the common type (a negative one wraps if it is unsigned).
  const a = wrapTo(l.value, t);
  const b = wrapTo(r.value, t);
  const bool = (x: boolean): CConstant => ({ value: x ? 1n : 0n, type: INT });
  switch (op) {
    case '<':
      return bool(a < b);
    case '<=':
      return bool(a <= b);
    case '>':
      return bool(a > b);
    case '>=':
      return bool(a >= b);
    case '==':
      return bool(a === b);
    case '!=':
      return bool(a !== b);
  }
  const exact = (v: bigint) => (t.signed ? make(v, t) : { value: wrapTo(v, t), type: t });
  switch (op) {
    case '+':
      return exact(a + b);
    case '-':
      return exact(a - b);
    case '*':
      return exact(a * b);
    case '/':
      return b === 0n ? undefined : exact(a / b); // BigInt truncates toward zero, as C
    case '%':
      return b === 0n ? undefined : exact(a % b);
    case '&':
      return exact(a & b);
    case '|':
      return exact(a | b);
    case '^':
      return exact(a ^ b);
  }
  return undefined;
}

/** `c ? a : b`: all three must be constant; the result has the common type of `a` and `b`. */
function conditionalValue(n: Node, scope: ExprScope, depth: number): CConstant | undefined {
  const c = sub(child(n, 'condition'), scope, depth);
  const a = sub(child(n, 'consequence'), scope, depth);
  const b = sub(child(n, 'alternative'), scope, depth);
  if (!c || !a || !b) return undefined;
  const t = common(promote(a.type), promote(b.type));
  return { value: wrapTo(c.value !== 0n ? a.value : b.value, t), type: t };
}

/** A call of a function-like macro: its body with the arguments' values for the parameters. */
function macroCallValue(n: Node, scope: ExprScope, depth: number): CConstant | undefined {
  const m = macroCall(n, scope);
  if (!m) return undefined;
  const inner = macroScope(scope, m.macro, m.args, depth);
  const bound = new Map(m.macro.params.map((p, k) => [p, m.args[k]]));
  const withArgs: ExprScope = {
    ...inner,
    constantOf: (name) =>
      bound.has(name)
        ? constantValue(bound.get(name)!, scope, depth + 1)
        : scope.constantOf?.(name),
  };
  return constantValue(m.macro.expr!, withArgs, depth + 1);
}

/** Conversion to a common type: modulo 2^n when unsigned (values of a wider signed type fit). */
function wrapTo(v: bigint, t: IntType): bigint {
  if (t.signed) return v;
  const m = 1n << BigInt(t.bits);
  return ((v % m) + m) % m;
}
