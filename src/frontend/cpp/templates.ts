/**
 * The function templates of a C++ unit and the instantiations the unit uses (issue 30): each
 * instantiation is analysed as a function of its own, with the template's parameters bound
 * to its constant arguments (compilerView.ts); the decision then contracts an array of the
 * template only when every instantiation agrees on the one rewrite of the shared text
 * (pipeline/decision/templates.ts).
 *
 * An instantiation is read from a call or an explicit instantiation that spells constant
 * arguments (`f<8>(x)`, `template void f<8>(int *);`), or from a call whose arguments give
 * the rest (`f(t)` with `template <int M> void f(int (&a)[M])` and `int t[32]`: M = 32, and
 * `T` from the element type of such an array). A call inside a template is read once per
 * instantiation of that template, with its bindings. A template is refused, whole, when one
 * of its uses gives no constant arguments (a value argument, an argument deduced from a
 * scalar, its address taken without arguments), when its name is overloaded or specialized,
 * or when it has parameters of another kind (a pack, a template template parameter); and a
 * template the unit never instantiates has no code to analyse.
 */
import { type Node, child, namedChildrenOf, parseIntLiteral, walk } from '../parse.js';
import type { IntType } from '../intTypes.js';
import { namespaceLevel } from './unit.js';

/** One template parameter bound to a constant: its value and C type, or the type named. */
export interface TemplateBindings {
  readonly values: ReadonlyMap<string, { readonly value: bigint; readonly type: IntType }>;
  readonly types: ReadonlyMap<string, string>;
}

/** One instantiation: `fill<32,int>` and its bindings. */
export interface TemplateInstance {
  readonly name: string;
  readonly bindings: TemplateBindings;
}

/** Why a template's arrays are left unchanged (its code and the message's words). */
export interface TemplateRefusal {
  readonly reason:
    'template-not-instantiated' | 'template-instantiation-unknown' | 'outside-cpp-subset';
  readonly why: string;
}

export interface FunctionTemplate<N extends Node = Node> {
  readonly name: string;
  /** The `function_definition` inside the template declaration. */
  readonly fn: N;
  readonly use: { readonly instances: readonly TemplateInstance[] } | TemplateRefusal;
}

/** What the unit knows of names and types, for the arguments and the deduced extents. */
export interface TemplateContext {
  /** The value of a namespace-scope constant (`const int N = 8;`), if the unit has one. */
  readonly constant: (name: string) => bigint | undefined;
  /** The integer type a parameter's type spells (through the unit's typedefs), if any. */
  readonly intType: (typeText: string) => IntType | undefined;
}

/** More instantiations of one template than this: taken for unknown (a recursion). */
const MAX_INSTANCES = 16;

type Param =
  | { readonly kind: 'value'; readonly name: string; readonly type: IntType; readonly def?: Node }
  | { readonly kind: 'type'; readonly name: string; readonly def?: string };

interface Template {
  readonly name: string;
  readonly decl: Node;
  readonly fn: Node;
  readonly params: readonly Param[] | string;
}

const blanks = (t: string) =>
  t
    .replace(/\s+/g, ' ')
    .replace(/\s*([<>,*&])\s*/g, '$1')
    .trim();

/** The template's parameters, or why they are outside what is read. */
function parametersOf(decl: Node, ctx: TemplateContext): Param[] | string {
  const out: Param[] = [];
  for (const p of namedChildrenOf(child(decl, 'parameters') ?? decl)) {
    if (p.type === 'comment') continue;
    const def = child(p, 'default_value') ?? undefined;
    if (p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration') {
      const name = child(p, 'declarator');
      const type = ctx.intType(child(p, 'type')?.text ?? '');
      if (name?.type !== 'identifier' || !type)
        return `its parameter '${p.text}' is not an integer constant or a type`;
      out.push({ kind: 'value', name: name.text, type, ...(def ? { def } : {}) });
    } else if (
      p.type === 'type_parameter_declaration' ||
      p.type === 'optional_type_parameter_declaration'
    ) {
      const name = p.namedChildren.find((c) => c.type === 'type_identifier');
      const dt = child(p, 'default_type')?.text;
      if (!name) return `its parameter '${p.text}' is not an integer constant or a type`;
      out.push({ kind: 'type', name: name.text, ...(dt ? { def: blanks(dt) } : {}) });
    } else return `its parameter '${p.text}' is not an integer constant or a type`;
  }
  return out;
}

/** The name a function declarator declares, and whether it spells template arguments. */
function declaredFunction(fn: Node): Node | undefined {
  let d = child(fn, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  return (d && child(d, 'declarator')) ?? undefined;
}

/** The value of an integer constant expression, with `values` for names. */
function evaluate(
  n: Node,
  values: (name: string) => bigint | undefined,
  ctx: TemplateContext,
): bigint | undefined {
  switch (n.type) {
    case 'number_literal':
      return parseIntLiteral(n.text);
    case 'parenthesized_expression':
      return n.namedChildren.length === 1 ? evaluate(n.namedChildren[0]!, values, ctx) : undefined;
    case 'identifier':
      return values(n.text) ?? ctx.constant(n.text);
    // `f<N>` with a constant N: the grammar cannot tell a name from a type there.
    case 'type_descriptor':
      return /^\w+$/.test(n.text) ? (values(n.text) ?? ctx.constant(n.text)) : undefined;
    case 'unary_expression': {
      const v = evaluate(child(n, 'argument')!, values, ctx);
      const op = child(n, 'operator')?.text;
      return v === undefined ? undefined : op === '-' ? -v : op === '+' ? v : undefined;
    }
    case 'binary_expression': {
      const a = evaluate(child(n, 'left')!, values, ctx);
      const b = evaluate(child(n, 'right')!, values, ctx);
      if (a === undefined || b === undefined) return undefined;
      switch (child(n, 'operator')?.text) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        // C++ truncates toward zero, as BigInt does.
        case '/':
          return b === 0n ? undefined : a / b;
        case '%':
          return b === 0n ? undefined : a % b;
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}

function fits(v: bigint, t: IntType): boolean {
  const lo = t.signed ? -(1n << BigInt(t.bits - 1)) : 0n;
  const hi = t.signed ? (1n << BigInt(t.bits - 1)) - 1n : (1n << BigInt(t.bits)) - 1n;
  return v >= lo && v <= hi;
}

/** Where a template name is used, in which function (a template's: per instantiation). */
interface Use {
  readonly node: Node;
  readonly callee: Template;
  /** The template whose body holds the use, if any. */
  readonly inside?: Template;
}

/** The `function_definition` around a node. */
function enclosingFunction(n: Node): Node | undefined {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'function_definition') return p;
  return undefined;
}

/** The name a declarator declares, and its array sizes when it declares an array. */
function declared(d: Node): { name: string; sizes?: Node[] } | undefined {
  const sizes: Node[] = [];
  let array = true;
  let x: Node | null = d;
  while (x && x.type !== 'identifier') {
    if (x.type === 'array_declarator') {
      const s = child(x, 'size');
      if (s) sizes.unshift(s);
      else array = false;
    } else if (x.type !== 'init_declarator') array = false;
    x =
      child(x, 'declarator') ??
      x.namedChildren.find((c) => /declarator$|^identifier$/.test(c.type)) ??
      null;
  }
  if (!x) return undefined;
  return array && sizes.length > 0 ? { name: x.text, sizes } : { name: x.text };
}

const DECLARING =
  /^(declaration|parameter_declaration|optional_parameter_declaration|for_range_loop)$/;

/**
 * The one declaration of `name` in the function around a use, or else at namespace scope, as
 * an array with its sizes and element type; undefined when it is no array or declared more
 * than once there (a shadowing name may be another object).
 */
function arrayDeclaration(
  name: string,
  fn: Node | undefined,
  root: Node,
): { sizes: Node[]; elementType: string } | undefined {
  const found: { sizes?: Node[]; elementType: string }[] = [];
  const declarations = fn
    ? walk(fn).filter((n) => DECLARING.test(n.type))
    : namespaceLevel(root, 'declaration');
  for (const d of declarations) {
    const type = child(d, 'type')?.text ?? '';
    for (const x of d.childrenForFieldName('declarator')) {
      const got = declared(x);
      if (got?.name === name) found.push({ ...got, elementType: blanks(type) });
    }
  }
  if (fn && found.length === 0) return arrayDeclaration(name, undefined, root);
  const only = found.length === 1 ? found[0]! : undefined;
  return only?.sizes ? { sizes: only.sizes, elementType: only.elementType } : undefined;
}

/** The sizes of a reference-to-array parameter (`T (&a)[M][K]`: M, K), else undefined. */
function referencedArraySizes(declarator: Node | null): Node[] | undefined {
  const sizes: Node[] = [];
  let x = declarator;
  while (x?.type === 'array_declarator') {
    const s = child(x, 'size');
    if (!s) return undefined;
    sizes.unshift(s);
    x = child(x, 'declarator');
  }
  if (x?.type === 'parenthesized_declarator') x = x.namedChildren[0] ?? null;
  return x?.type === 'reference_declarator' && sizes.length > 0 ? sizes : undefined;
}

interface Reading {
  readonly bindings?: TemplateInstance;
  readonly why?: string;
}

/** The instantiation a use names, read in the bindings of the function around it. */
function readUse(use: Use, env: TemplateBindings | undefined, root: Node, ctx: TemplateContext) {
  const t = use.callee;
  const params = t.params as readonly Param[];
  const values = new Map<string, { value: bigint; type: IntType }>();
  const types = new Map<string, string>();
  const outer = (name: string) => env?.values.get(name)?.value;
  const typeText = (text: string) => {
    const b = blanks(text);
    return env?.types.get(b) ?? b;
  };
  const at = (n: Node) => `'${n.text.replace(/\s+/g, ' ').slice(0, 60)}'`;
  const fail = (why: string): Reading => ({
    why: `${why} at ${at(calledAt(use.node) ?? use.node)}`,
  });
  // Explicit arguments.
  const explicit = use.node.type === 'template_function' ? child(use.node, 'arguments') : null;
  const args = explicit ? namedChildrenOf(explicit).filter((c) => c.type !== 'comment') : [];
  if (args.length > params.length) return fail('more template arguments than parameters');
  for (const [k, a] of args.entries()) {
    const p = params[k]!;
    if (p.kind === 'type') {
      types.set(p.name, typeText(a.type === 'type_descriptor' ? a.text : a.text));
      continue;
    }
    const v = evaluate(a, outer, ctx);
    if (v === undefined || !fits(v, p.type)) return fail(`the argument ${at(a)} is no constant`);
    values.set(p.name, { value: v, type: p.type });
  }
  // Deduced from the call's arguments: arrays passed by reference give extents and types.
  const call = calledAt(use.node);
  const declarator = declaredFunction(t.fn)?.parent;
  const fparams = (child(declarator ?? t.fn, 'parameters')?.namedChildren ?? []).filter((p) =>
    /parameter_declaration$/.test(p.type),
  );
  const cargs = call ? namedChildrenOf(child(call, 'arguments')!) : [];
  const caller = enclosingFunction(use.node);
  for (const [k, fp] of fparams.entries()) {
    const sizes = referencedArraySizes(child(fp, 'declarator'));
    const ptype = blanks(child(fp, 'type')?.text ?? '').replace(/^const /, '');
    const a = cargs[k];
    if (!sizes || a?.type !== 'identifier') continue;
    const declared = arrayDeclaration(a.text, caller, root);
    if (!declared || declared.sizes.length !== sizes.length) continue;
    for (const [d, s] of sizes.entries()) {
      const p = params.find((q) => q.kind === 'value' && q.name === s.text);
      if (!p || p.kind !== 'value' || values.has(p.name)) continue;
      const v = evaluate(declared.sizes[d]!, outer, ctx);
      if (v !== undefined && fits(v, p.type)) values.set(p.name, { value: v, type: p.type });
    }
    const tp = params.find((q) => q.kind === 'type' && q.name === ptype);
    if (tp && !types.has(tp.name))
      types.set(tp.name, typeText(declared.elementType.replace(/^const /, '')));
  }
  // Defaults, in the bindings made so far.
  for (const p of params) {
    if (p.kind === 'type' && !types.has(p.name) && p.def) types.set(p.name, p.def);
    if (p.kind === 'value' && !values.has(p.name) && p.def) {
      const v = evaluate(p.def, (n) => values.get(n)?.value ?? outer(n), ctx);
      if (v !== undefined && fits(v, p.type)) values.set(p.name, { value: v, type: p.type });
    }
  }
  const unbound = params.find((p) => !(p.kind === 'type' ? types : values).has(p.name));
  if (unbound) return fail(`its parameter '${unbound.name}' has no constant argument`);
  const spelled = params.map((p) =>
    p.kind === 'type' ? types.get(p.name)! : `${values.get(p.name)!.value}`,
  );
  return { bindings: { name: `${t.name}<${spelled.join(',')}>`, bindings: { values, types } } };
}

/**
 * `ctx` with the namespace-scope constants of only the names nothing else in the unit
 * declares: `win<N>` in a function or a namespace that declares its own N means that N
 * (a block's `const int N = 4;` or `namespace X { const int N = 4; }` hid `::N = 32`, and
 * win<32> was taken for every instantiation). A name declared twice gives no constant, and
 * the template is refused as for any argument not read.
 */
function unshadowedConstants(root: Node, ctx: TemplateContext): TemplateContext {
  const count = new Map<string, number>();
  for (const n of walk(root)) {
    const names =
      n.type === 'enumerator'
        ? [child(n, 'name')?.text]
        : DECLARING.test(n.type) || n.type === 'field_declaration'
          ? n.childrenForFieldName('declarator').map((d) => declared(d)?.name)
          : [];
    for (const name of names) if (name) count.set(name, (count.get(name) ?? 0) + 1);
  }
  return { ...ctx, constant: (name) => (count.get(name) === 1 ? ctx.constant(name) : undefined) };
}

/** The call whose callee the use is (`f(...)`, `f<8>(...)`, `ns::f<8>(...)`). */
function calledAt(n: Node): Node | undefined {
  const callee = n.parent?.type === 'qualified_identifier' ? n.parent : n;
  const p = callee.parent;
  return p?.type === 'call_expression' && child(p, 'function')?.id === callee.id ? p : undefined;
}

/** Every use of a template's name in the parsed unit; undefined with why for an unread one. */
function usesOf(root: Node, byName: ReadonlyMap<string, Template>, fns: Set<number>) {
  const uses: Use[] = [];
  const unread = new Map<Template, string>();
  for (const n of walk(root)) {
    const nameNode =
      n.type === 'template_function' ? child(n, 'name') : n.type === 'identifier' ? n : null;
    const t = nameNode && byName.get(nameNode.text);
    if (!t || (n.type === 'identifier' && n.parent?.type === 'template_function')) continue;
    // The declarator of a definition or a prototype: no use (a specialization is refused).
    if (n.parent?.type === 'function_declarator' && child(n.parent, 'declarator')?.id === n.id) {
      const explicit = n.parent.parent?.type === 'template_instantiation';
      if (n.type === 'template_function' && !explicit)
        unread.set(t, 'it is explicitly specialized');
      if (!explicit) continue;
    }
    const f = enclosingFunction(n);
    const inside =
      f && fns.has(f.id) ? [...byName.values()].find((x) => x.fn.id === f.id) : undefined;
    // Without arguments a use must be a call, for them to be deduced.
    if (n.type === 'identifier' && !calledAt(n)) {
      unread.set(t, `it is named without a call at '${n.parent?.text.slice(0, 60) ?? n.text}'`);
      continue;
    }
    uses.push({ node: n, callee: t, ...(inside ? { inside } : {}) });
  }
  return { uses, unread };
}

/** The function templates of the unit, each with its instantiations or why it has none. */
export function functionTemplates<N extends Node>(
  root: N,
  ctx: TemplateContext,
): FunctionTemplate<N>[] {
  const all: Template[] = [];
  const names = new Map<string, number>();
  for (const decl of namespaceLevel(root, 'template_declaration')) {
    const fn = decl.namedChildren.find((c) => c.type === 'function_definition');
    const name = fn && declaredFunction(fn);
    if (!fn || name?.type !== 'identifier') continue;
    all.push({ name: name.text, decl, fn, params: parametersOf(decl, ctx) });
    names.set(name.text, (names.get(name.text) ?? 0) + 1);
  }
  if (all.length === 0) return [];
  const unit = unshadowedConstants(root, ctx);
  // A name also given to another function (an overload) or template: calls may mean either.
  const others = [
    ...namespaceLevel(root, 'function_definition'),
    ...namespaceLevel(root, 'declaration'),
  ];
  for (const f of others) {
    const n = declaredFunction(f);
    if (n?.type === 'identifier' && names.has(n.text)) names.set(n.text, 2);
  }
  const refused = new Map<Template, TemplateRefusal>();
  const notAnalysed = (t: Template, why: string) =>
    refused.set(t, { reason: 'outside-cpp-subset', why });
  for (const t of all) {
    if (typeof t.params === 'string') notAnalysed(t, t.params);
    else if ((names.get(t.name) ?? 0) > 1)
      notAnalysed(t, `its name '${t.name}' is overloaded (another function or template)`);
  }
  const byName = new Map(all.filter((t) => (names.get(t.name) ?? 0) === 1).map((t) => [t.name, t]));
  const { uses, unread } = usesOf(root, byName, new Set(all.map((t) => t.fn.id)));
  for (const [t, why] of unread)
    if (!refused.has(t))
      refused.set(t, {
        reason: why.includes('specialized')
          ? 'outside-cpp-subset'
          : 'template-instantiation-unknown',
        why,
      });
  const instances = new Map<Template, Map<string, TemplateInstance>>();
  const unknown = (t: Template, why: string) => {
    if (!refused.has(t)) refused.set(t, { reason: 'template-instantiation-unknown', why });
  };
  // The uses outside any template first; then those in each instantiation, as it is found.
  const queue: { inside?: Template; env?: TemplateBindings }[] = [{}];
  while (queue.length > 0) {
    const { inside, env } = queue.shift()!;
    for (const use of uses.filter((u) => u.inside === inside)) {
      const t = use.callee;
      if (refused.has(t)) continue;
      const r = readUse(use, env, root, unit);
      if (!r.bindings) {
        unknown(t, r.why ?? 'an instantiation is not read');
        continue;
      }
      const known = instances.get(t) ?? new Map<string, TemplateInstance>();
      instances.set(t, known);
      if (known.has(r.bindings.name)) continue;
      if (known.size >= MAX_INSTANCES) {
        unknown(t, `it has more than ${MAX_INSTANCES} instantiations`);
        continue;
      }
      known.set(r.bindings.name, r.bindings);
      queue.push({ inside: t, env: r.bindings.bindings });
    }
  }
  // What a refused template instantiates is unknown too.
  for (let changed = true; changed;) {
    changed = false;
    for (const use of uses)
      if (use.inside && refused.has(use.inside) && !refused.has(use.callee)) {
        unknown(
          use.callee,
          `it is used in '${use.inside.name}', whose instantiations are not read`,
        );
        changed = true;
      }
  }
  return all.map((t) => ({
    name: t.name,
    fn: t.fn as N,
    use:
      refused.get(t) ??
      (instances.get(t)?.size
        ? { instances: [...instances.get(t)!.values()] }
        : {
            reason: 'template-not-instantiated' as const,
            why: 'the file never instantiates it',
          }),
  }));
}
