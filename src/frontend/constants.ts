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
import { inModel, modelOnly } from './intTypes.js';
import { type Node, child, parseIntLiteral, unparenthesized, walk } from './parse.js';
import {
  type DataModelFact,
  type ModelVariant,
  factsTelling,
  modelVariants,
} from './modelVariants.js';
import { wordsRegExp } from '../model/identifiers.js';

/** Type qualifiers as whole words (not inside `consté`). */
const QUALIFIERS = wordsRegExp(['const', 'volatile', 'restrict'], 'g');

export interface CConstant {
  readonly value: bigint;
  readonly type: IntType;
  /**
   * The facts of the unit's data model the value rests on (modelVariants.ts: `12 -
   * sizeof(long)` on long's width); absent when every model the source may be built for
   * gives it.
   */
  readonly facts?: readonly DataModelFact[];
  /** Its value and type in the variants of the unit's model where either differs, by key. */
  readonly variants?: ReadonlyMap<string, { value: bigint; type: IntType } | undefined>;
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

/**
 * The value and type C gives the integer constant expression `node`, or undefined; with the
 * facts of the data model it rests on (evaluated again in each variant of the unit's model).
 */
export function constantValue(node: Node, scope: ExprScope): CConstant | undefined {
  const main = evaluate(node, scope, 0);
  return main && mayDependOnModel(node, scope) ? withVariants(main, node, scope) : main;
}

/**
 * Whether the value of `node` may differ in another data model: it names a type, a
 * `sizeof`, a literal whose type the model chooses, a macro, or a constant that does.
 */
function mayDependOnModel(node: Node, scope: ExprScope): boolean {
  return walk(node).some((n) => {
    switch (n.type) {
      case 'sizeof_expression':
      case 'cast_expression':
      case 'call_expression':
        return true;
      case 'number_literal': {
        const v = parseIntLiteral(n.text);
        return /[lL]/.test(n.text) || (v !== undefined && v > 0x7fffffffn);
      }
      case 'identifier': {
        const c = scope.constantOf?.(n.text);
        return !!c && (!!c.variants || !!(c.type as IntType).model);
      }
      default:
        return false;
    }
  });
}

function withVariants(main: CConstant, node: Node, scope: ExprScope): CConstant {
  const variants = new Map<string, { value: bigint; type: IntType } | undefined>();
  const differing: ModelVariant[] = [];
  for (const v of modelVariants(modelOf(scope.typedefs))) {
    const c = evaluate(node, variantScope(scope, v), 0);
    if (c?.value !== main.value) differing.push(v);
    if (!c || c.value !== main.value || !sameType(c.type, main.type))
      variants.set(v.key, c && { value: c.value, type: c.type });
  }
  const facts = factsTelling(differing);
  return {
    value: main.value,
    type: main.type,
    ...(facts.length > 0 ? { facts } : {}),
    ...(variants.size > 0 ? { variants } : {}),
  };
}

const sameType = (a: IntType, b: IntType) => a.bits === b.bits && a.signed === b.signed;

/** `scope` read in the variant `v`: its types and constants as they are there. */
export function variantScope(scope: ExprScope, v: ModelVariant): ExprScope {
  const t = scope.typedefs;
  return {
    ...scope,
    typedefs: {
      has: (name) => t?.has(name) ?? false,
      get: (name) => {
        const x = t?.get(name);
        return x && inModel(x, v.model);
      },
      dataModel: v.model,
    },
    constantOf: (name) => {
      const c = scope.constantOf?.(name);
      if (!c) return undefined;
      if (c.variants?.has(v.key)) return c.variants.get(v.key);
      return { value: c.value, type: inModel(c.type as IntType, v.model) };
    },
  };
}

/**
 * The facts of the data model converting the value `v` to type `t` rests on, as the
 * conditions that hold where it does not: `unsigned long x = -1` holds 2^64 - 1 where
 * `sizeof(long) == 8` only (t's width is 32 or 64 bits in every model; char's signedness).
 */
export function conversionFacts(v: bigint, t: IntType): string[] {
  if (!t.model) return [];
  if (t.model === 'char') {
    const s = convert(v, { bits: 8, signed: true });
    if (s === convert(v, { bits: 8, signed: false })) return [];
    return [t.signed ? '(char)-1 > 0' : '(char)-1 < 0'];
  }
  const narrow = convert(v, { bits: 32, signed: t.signed });
  if (narrow === convert(v, { bits: 64, signed: t.signed })) return [];
  const of = t.model === 'long' || t.model === 'unsigned long' ? 'long' : 'void *';
  return [`sizeof(${of}) != ${t.bits / 8}`];
}

/** The evaluation of constantValue, in one model. */
function evaluate(node: Node, scope: ExprScope, depth: number): CConstant | undefined {
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
  return x ? evaluate(x, scope, depth + 1) : undefined;
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
      bound.has(name) ? evaluate(bound.get(name)!, scope, depth + 1) : scope.constantOf?.(name),
  };
  return evaluate(m.macro.expr!, withArgs, depth + 1);
}

/** Conversion to a common type: modulo 2^n when unsigned (values of a wider signed type fit). */
function wrapTo(v: bigint, t: IntType): bigint {
  if (t.signed) return v;
  const m = 1n << BigInt(t.bits);
  return ((v % m) + m) % m;
}
