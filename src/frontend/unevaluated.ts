/**
 * What the compiler never evaluates: the operand of `sizeof` (unless its type is a
 * variable length array, C11 6.5.3.4p2), of `_Alignof`, of `typeof` (unless its type is
 * variably modified), the controlling expression of `_Generic` and its unchosen
 * associations, the unchosen operand of `__builtin_choose_expr`, the arguments of
 * `__builtin_constant_p`, `__builtin_types_compatible_p`, `__builtin_object_size`,
 * `__builtin_classify_type`. Nothing there reads, writes, calls or takes an address:
 * `sizeof(t[i] = 0)` leaves t[i] as it was (a model that saw that write let the earlier
 * value die, and the contracted program read another one).
 *
 * Whether an operand has a variably modified type is read from the declarations of the
 * enclosing blocks; when that reading is unsure (a block-scope typedef, a `typeof` type, a
 * size that is not a literal constant) the answer is 'unknown': evaluated or not. Every
 * collector reads 'unknown' on its safe side: an effect or a read counts, a write refuses
 * its array. Behaviour checked against GCC 12: `sizeof(v[i++])` with `double v[n][n]`
 * increments i, `_Alignof(v[i++])`, `sizeof(i++ ? v : v)`, the controlling expression of
 * `_Generic(v[i++], ...)` and `__builtin_types_compatible_p(typeof(v[i++]), ...)` do not;
 * `__builtin_offsetof(struct S, a[k++])` does (its designator is read as 'unknown').
 */
import { type Node, child } from './parse.js';
import { TYPEOF_NAMES } from './scopes.js';

/** Whether C evaluates an expression when the code around it runs. */
export type Evaluation = 'evaluated' | 'unevaluated' | 'unknown';

/**
 * Whether the expression at `n` is evaluated when the code around it runs: 'unevaluated'
 * when it lies inside an operand the compiler never evaluates, 'unknown' when that depends
 * on a type or a choice this reading cannot settle, else 'evaluated'.
 */
export function evaluation(n: Node): Evaluation {
  let out: Evaluation = 'evaluated';
  for (let x = n; x.parent && x.type !== 'function_definition'; x = x.parent) {
    const e = operandEvaluation(x.parent, x);
    if (e === 'unevaluated') return e;
    if (e === 'unknown') out = e;
  }
  return out;
}

/** The expression at `n` is never evaluated (see `evaluation`). */
export function isUnevaluated(n: Node): boolean {
  return evaluation(n) === 'unevaluated';
}

/** Builtins that look at their arguments' types or spelling only (GCC's manual). */
const UNEVALUATED_BUILTINS: ReadonlySet<string> = new Set([
  '__builtin_constant_p',
  '__builtin_types_compatible_p',
  '__builtin_object_size',
  '__builtin_dynamic_object_size',
  '__builtin_classify_type',
]);

/** How `p` evaluates its child `x` (evaluated whenever `p` is, for most). */
function operandEvaluation(p: Node, x: Node): Evaluation {
  switch (p.type) {
    case 'sizeof_expression':
      // `sizeof expr` evaluates expr only when its type is a VLA; `sizeof(T)` evaluates
      // the sizes in T only when T is a VLA type.
      return ifVariable(x.type === 'type_descriptor' ? descriptorShape(x) : shapeOf(x), isVla);
    case 'alignof_expression':
    case 'offsetof_expression':
      return 'unevaluated';
    case 'generic_expression':
      // The controlling expression and the type names never; the chosen association only.
      return x.id === p.namedChildren[0]?.id || x.type === 'type_descriptor'
        ? 'unevaluated'
        : 'unknown';
    case 'macro_type_specifier':
      // `typeof(...)` read as a type name: it may be an expression of VM type (evaluated).
      return TYPEOF_NAMES.has(child(p, 'name')?.text ?? '') && x.type !== 'identifier'
        ? 'unknown'
        : 'evaluated';
    case 'argument_list': {
      const call = p.parent;
      const f = call?.type === 'call_expression' ? child(call, 'function') : null;
      return f?.type === 'identifier' ? builtinArgument(f.text, p, x) : 'evaluated';
    }
    default:
      return 'evaluated';
  }
}

function builtinArgument(name: string, args: Node, x: Node): Evaluation {
  const k = args.namedChildren.findIndex((a) => a.id === x.id);
  if (TYPEOF_NAMES.has(name)) return ifVariable(shapeOf(x), isVm);
  if (UNEVALUATED_BUILTINS.has(name)) return 'unevaluated';
  if (name === '__builtin_choose_expr') {
    // The condition is a constant; the operand it does not choose is never evaluated.
    if (k === 0) return 'unevaluated';
    const c = args.namedChildren[0];
    if (c?.type !== 'number_literal' || !/^\d+$/.test(c.text)) return 'unknown';
    return (BigInt(c.text) !== 0n) === (k === 1) ? 'evaluated' : 'unevaluated';
  }
  // The member designator names members, and its subscripts are evaluated.
  if (name === '__builtin_offsetof') return k === 0 ? 'unevaluated' : 'unknown';
  return 'evaluated';
}

function ifVariable(
  shape: Shape | undefined,
  variable: (s: Shape) => boolean,
): 'unevaluated' | 'unknown' {
  return shape && !variable(shape) ? 'unevaluated' : 'unknown';
}

/**
 * The derivations of a type from its base type outward, as far as variability goes:
 * `double (*p)[n]` is [pointer, array of n]. The base type is known not to be variably
 * modified (else there is no shape).
 */
type Shape = readonly Derived[];
interface Derived {
  readonly kind: 'array' | 'pointer' | 'function';
  /** An array whose size is a constant expression (or not given). */
  readonly constant: boolean;
}

const POINTER: Derived = { kind: 'pointer', constant: true };
const SCALAR: Shape = [];

/** A variable length array type: the leading arrays have a size that is not constant. */
function isVla(s: Shape): boolean {
  for (const d of s) {
    if (d.kind !== 'array') return false;
    if (!d.constant) return true;
  }
  return false;
}

/** A variably modified type: an array of non-constant size anywhere in it. */
function isVm(s: Shape): boolean {
  return s.some((d) => d.kind === 'array' && !d.constant);
}

/** An array or function operand becomes a pointer. */
function decay(s: Shape | undefined): Shape | undefined {
  if (!s || s.length === 0) return s;
  return s[0].kind === 'pointer' ? s : [POINTER, ...s.slice(s[0].kind === 'array' ? 1 : 0)];
}

/** The type of expression `e` as a shape; undefined when it cannot be read. */
function shapeOf(e: Node): Shape | undefined {
  switch (e.type) {
    case 'parenthesized_expression':
      return e.namedChildren.length === 1 ? shapeOf(e.namedChildren[0]) : undefined;
    case 'identifier':
      return objectShape(e);
    case 'subscript_expression': {
      const a = shapeOf(child(e, 'argument')!);
      if (!a) return undefined;
      if (a.length > 0) return a.slice(1);
      // `i[t]`: the pointer is the index.
      const i = shapeOf(child(e, 'index') ?? e.namedChildren[1]);
      return i && i.slice(1);
    }
    case 'pointer_expression': {
      const a = shapeOf(child(e, 'argument')!);
      if (!a) return undefined;
      return child(e, 'operator')?.text === '&' ? [POINTER, ...a] : a.slice(1);
    }
    case 'field_expression':
      // Members have constant types, except GCC's arrays of variable size in a struct.
      return variableMembers(e) ? undefined : SCALAR;
    case 'cast_expression':
    case 'compound_literal_expression':
      return descriptorShape(child(e, 'type')!);
    case 'assignment_expression':
      return decay(shapeOf(child(e, 'left')!));
    case 'update_expression':
      return shapeOf(child(e, 'argument')!);
    case 'comma_expression':
      return decay(shapeOf(child(e, 'right')!));
    case 'conditional_expression':
      return mostVariable(
        [child(e, 'consequence') ?? child(e, 'condition')!, child(e, 'alternative')!].map((x) =>
          decay(shapeOf(x)),
        ),
      );
    case 'generic_expression':
      return mostVariable(
        e.namedChildren.slice(1).flatMap((x) => (x.type === 'type_descriptor' ? [] : [shapeOf(x)])),
      );
    case 'binary_expression': {
      const op = child(e, 'operator')?.text;
      if (op !== '+' && op !== '-') return SCALAR;
      // Pointer arithmetic keeps the pointer's type.
      return mostVariable([child(e, 'left')!, child(e, 'right')!].map((x) => decay(shapeOf(x))));
    }
    case 'call_expression': {
      const f = child(e, 'function');
      const arg = child(e, 'arguments')?.namedChildren[0];
      return f && TYPEOF_NAMES.has(f.text) && arg ? shapeOf(arg) : SCALAR;
    }
    case 'unary_expression':
    case 'sizeof_expression':
    case 'alignof_expression':
    case 'offsetof_expression':
    case 'number_literal':
    case 'char_literal':
    case 'string_literal':
    case 'concatenated_string':
    case 'true':
    case 'false':
    case 'null':
      return SCALAR;
    default:
      return undefined; // a statement expression, ...
  }
}

/** Of several possible types, one that is variably modified if any is; undefined if unknown. */
function mostVariable(shapes: (Shape | undefined)[]): Shape | undefined {
  if (shapes.some((s) => !s)) return undefined;
  return (shapes as Shape[]).find(isVm) ?? shapes[0] ?? SCALAR;
}

/** The shape of a type name (`double (*)[n]`). */
function descriptorShape(d: Node): Shape | undefined {
  const base = child(d, 'type');
  if (!base || !constantBase(base)) return undefined;
  const dec = child(d, 'declarator');
  return dec ? declaratorShape(dec) : SCALAR;
}

/** Derivations of a declarator (named or abstract), from the name outward. */
function declaratorShape(d: Node): Shape | undefined {
  const inner = child(d, 'declarator');
  const rest = inner ? declaratorShape(inner) : SCALAR;
  if (!rest) return undefined;
  switch (d.type) {
    case 'identifier':
    case 'field_identifier':
    case 'type_identifier':
      return SCALAR;
    case 'array_declarator':
    case 'abstract_array_declarator':
      return [...rest, { kind: 'array', constant: constantSize(child(d, 'size')) }];
    case 'pointer_declarator':
    case 'abstract_pointer_declarator':
      return [...rest, POINTER];
    case 'function_declarator':
    case 'abstract_function_declarator':
      return [...rest, { kind: 'function', constant: true }];
    case 'init_declarator':
      return rest;
    case 'parenthesized_declarator':
    case 'abstract_parenthesized_declarator':
    case 'attributed_declarator': {
      const c = d.namedChildren.find((x) => /declarator$|identifier$/.test(x.type));
      return c ? declaratorShape(c) : SCALAR;
    }
    default:
      return undefined;
  }
}

/** An array size that is a constant expression of literals (the preprocessor expanded N). */
function constantSize(size: Node | null): boolean {
  if (!size) return true; // `t[]`: its size comes from the initializer
  switch (size.type) {
    case 'number_literal':
    case 'char_literal':
      return true;
    case 'parenthesized_expression':
    case 'binary_expression':
    case 'unary_expression':
    case 'conditional_expression':
      return size.namedChildren.every((c) => c.type === 'comment' || constantSize(c));
    case 'cast_expression':
      return (
        descriptorShape(child(size, 'type')!)?.length === 0 && constantSize(child(size, 'value'))
      );
    case 'sizeof_expression':
    case 'alignof_expression':
      return operandEvaluation(size, size.namedChildren[0]) === 'unevaluated';
    default:
      return false; // a name: an enumerator, or a variable (a VLA)
  }
}

/** A base type that is not variably modified (a typedef, `typeof` or VLA member may be). */
function constantBase(t: Node): boolean {
  switch (t.type) {
    case 'primitive_type':
    case 'sized_type_specifier':
    case 'enum_specifier':
      return true;
    case 'type_identifier':
      // Only a typedef at block scope can name a VLA type; a variable here is an
      // expression read as a type name (`sizeof(v[3])`), not read further.
      return lookup(t, t.text) === undefined;
    case 'struct_specifier':
    case 'union_specifier':
      return !variableMembers(t);
    default:
      return false;
  }
}

/** The enclosing function declares a struct member of variable size (a GCC extension). */
function variableMembers(n: Node): boolean {
  for (let x: Node | null = n; x; x = x.parent) {
    if (x.type !== 'function_definition') continue;
    const fields = x.descendantsOfType('field_declaration');
    if (fields.some((f) => f.childrenForFieldName('declarator').some((d) => !constantShape(d))))
      return true;
  }
  return false;
}

function constantShape(d: Node): boolean {
  const s = declaratorShape(d);
  return !!s && !isVm(s);
}

/** The shape of the object identifier `id` names, from its declaration. */
function objectShape(id: Node): Shape | undefined {
  const decl = lookup(id, id.text);
  // Not declared in a block or as a parameter: at file scope, where no type is variable.
  if (!decl) return SCALAR;
  if (decl.type === 'type_definition' || decl.type === 'enumerator') return SCALAR;
  const base = child(decl, 'type');
  if (!base || !constantBase(base)) return undefined;
  const d = decl.childrenForFieldName('declarator').find((x) => nameNode(x)?.text === id.text);
  const s = d && declaratorShape(d);
  // A parameter declared as an array is a pointer.
  return s && decl.type === 'parameter_declaration' && s[0]?.kind === 'array'
    ? [POINTER, ...s.slice(1)]
    : s;
}

/**
 * The declaration (declaration, type_definition, parameter_declaration or enumerator) of
 * `name` visible at `use` inside its function; undefined when it is not declared there.
 */
function lookup(use: Node, name: string): Node | undefined {
  for (let x: Node = use; x.parent; x = x.parent) {
    const scope = x.parent;
    const candidates =
      scope.type === 'compound_statement'
        ? scope.namedChildren.filter((c) => c.startIndex < use.startIndex)
        : scope.type === 'for_statement'
          ? scope.childrenForFieldName('initializer')
          : scope.type === 'function_definition'
            ? parameters(scope)
            : [];
    let found: Node | undefined;
    for (const c of candidates) if (declares(c, name, use)) found = c;
    if (found) return found;
  }
  return undefined;
}

function parameters(fn: Node): Node[] {
  let d = child(fn, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  const params = d && child(d, 'parameters');
  return params ? params.namedChildren.filter((p) => p.type === 'parameter_declaration') : [];
}

/** `c` declares `name`, visible at `use` (from the end of its declarator on). */
function declares(c: Node, name: string, use: Node): boolean {
  if (
    c.type === 'declaration' ||
    c.type === 'type_definition' ||
    c.type === 'parameter_declaration'
  )
    return c.childrenForFieldName('declarator').some((d) => {
      const n = nameNode(d);
      return n?.text === name && n.endIndex <= use.startIndex;
    });
  return false;
}

/** The name a declarator declares (an identifier, or a type name in a typedef). */
function nameNode(d: Node): Node | null {
  let n: Node | null = d;
  while (n && !/identifier$/.test(n.type))
    n =
      child(n, 'declarator') ??
      n.namedChildren.find((c) => /declarator$|identifier$/.test(c.type)) ??
      null;
  return n;
}
