/**
 * What the model builder needs to know of a C++ translation unit (issue 30), beyond what C's
 * reading gives: the type names it defines (`typedef`, `using X = ...`), which parameters of
 * each function are taken by value (a call `f(t[i])` copies the element only then; through a
 * reference the callee may write it, or keep its address), and the element types whose
 * values are plain data (docs/hls.md "C++").
 *
 * Only what the parsed part of the unit declares is known (compilerView.ts parses the main
 * file and the headers of its own folder): anything else is unknown, and an unknown callee
 * or type is taken for the worst (a reference parameter, a class with effects).
 */
import { type Node, child, namedChildrenOf } from '../parse.js';

/** How a function takes one argument. */
type Passing = 'value' | 'reference';

/** Element types whose copies, constructors and operators have no effect besides their value. */
type ElementKind =
  | { readonly kind: 'scalar'; readonly bits?: number }
  /** `ap_int<W>`, `ap_uint<W>`, `ap_fixed<W, I>`, `ap_ufixed<W, I>`: W bits. */
  | { readonly kind: 'arbitrary-precision'; readonly bits?: number; readonly type: string }
  /** A class (or an unknown type): constructors and operators may do anything. */
  | { readonly kind: 'class'; readonly type: string };

export interface CppUnit {
  /** Every parsed declaration of a function named `name` takes argument `index` by value. */
  passing(name: string, index: number): Passing;
  /** What an array's element type is, through the unit's type names. */
  elementKind(typeText: string): ElementKind;
  /** The type a type name stands for, as written (typedefs followed), if the unit defines it. */
  resolveType(typeText: string): string;
}

const CONTAINERS =
  /^(linkage_specification|declaration_list|namespace_definition|preproc_(if|ifdef|else|elif|elifdef))$/;

/** Nodes of a type at namespace scope (inside namespaces, `extern "C"`, conditionals). */
export function namespaceLevel<T extends Node>(root: T, type: string): T[] {
  const out: T[] = [];
  for (const c of namedChildrenOf(root) as T[]) {
    if (c.type === type) out.push(c);
    else if (CONTAINERS.test(c.type)) out.push(...namespaceLevel(c, type));
    else if (c.type === 'namespace_definition') {
      const body = child(c, 'body');
      if (body) out.push(...namespaceLevel(body as T, type));
    }
  }
  return out;
}

/**
 * The names declared more than once outside function bodies: in two namespaces, or as a
 * class's member and a namespace-scope constant. The unit's constants hold the outermost one,
 * which a function of the namespace or a member of the class does not mean by the name
 * (`namespace X { const int N = 32; ... N ... }` read with `::N = 4` contracted an array
 * for 4). Template parameters are bound per instantiation, before any constant.
 */
export function namesDeclaredTwice(root: Node): Set<string> {
  const count = new Map<string, number>();
  const add = (name: string | undefined) => {
    if (name) count.set(name, (count.get(name) ?? 0) + 1);
  };
  const visit = (n: Node): void => {
    if (n.type === 'function_definition' || n.type === 'template_parameter_list') return;
    if (n.type === 'declaration' || n.type === 'field_declaration')
      for (const d of n.childrenForFieldName('declarator')) add(fieldOrDeclared(d)?.text);
    if (n.type === 'enumerator') add(child(n, 'name')?.text);
    for (const c of namedChildrenOf(n)) visit(c);
  };
  visit(root);
  return new Set([...count].filter(([, k]) => k > 1).map(([name]) => name));
}

/** The name a declarator declares, a class member's too. */
function fieldOrDeclared(d: Node): Node | null {
  let n: Node | null = d;
  while (n && n.type !== 'identifier' && n.type !== 'field_identifier')
    n =
      child(n, 'declarator') ??
      n.namedChildren.find((c) => /declarator$|^(field_)?identifier$/.test(c.type)) ??
      null;
  return n;
}

/** Bits of the built-in scalar types (LP64). */
const SCALAR_BITS: ReadonlyMap<string, number> = new Map([
  ['bool', 1],
  ['char', 8],
  ['signed char', 8],
  ['unsigned char', 8],
  ['short', 16],
  ['short int', 16],
  ['unsigned short', 16],
  ['unsigned short int', 16],
  ['int', 32],
  ['signed', 32],
  ['signed int', 32],
  ['unsigned', 32],
  ['unsigned int', 32],
  ['long', 64],
  ['long int', 64],
  ['unsigned long', 64],
  ['unsigned long int', 64],
  ['long long', 64],
  ['long long int', 64],
  ['unsigned long long', 64],
  ['unsigned long long int', 64],
  ['float', 32],
  ['double', 64],
  ['long double', 128],
  ['size_t', 64],
  ['int8_t', 8],
  ['uint8_t', 8],
  ['int16_t', 16],
  ['uint16_t', 16],
  ['int32_t', 32],
  ['uint32_t', 32],
  ['int64_t', 64],
  ['uint64_t', 64],
]);

const QUALIFIERS = /\b(const|volatile|constexpr|static|register|typename)\b/g;
const AP_TYPE =
  /^(?:::)?(ap_int|ap_uint|ap_fixed|ap_ufixed)\s*<\s*(\d+|[A-Za-z_]\w*)\s*(?:,[^<>]*)?>$/;

/** The spelling of a type with qualifiers dropped and blanks made single. */
function plainType(text: string): string {
  return text
    .replace(QUALIFIERS, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*([<>,:])\s*/g, '$1')
    .replace(/,/g, ', ')
    .trim();
}

/** Whether a parameter's declarator passes a reference (`int &x`, `int (&t)[N]`, `T &&x`). */
function isReference(declarator: Node | null): boolean {
  if (!declarator) return false;
  if (/reference_declarator$/.test(declarator.type)) return true;
  return declarator.namedChildren.some((c) => c.type.endsWith('declarator') && isReference(c));
}

/** The unit's knowledge, from its (parsed part's) tree. */
export function cppUnit(root: Node): CppUnit {
  const types = new Map<string, string | null>();
  const define = (name: string, type: string) =>
    types.set(name, types.has(name) && types.get(name) !== type ? null : type);
  for (const t of namespaceLevel(root, 'type_definition')) {
    const type = child(t, 'type')?.text;
    const d = child(t, 'declarator');
    if (type && d?.type === 'type_identifier') define(d.text, plainType(type));
  }
  for (const a of namespaceLevel(root, 'alias_declaration')) {
    const name = child(a, 'name')?.text;
    const type = child(a, 'type')?.text;
    if (name && type) define(name, plainType(type));
  }
  const params = new Map<string, Passing[][]>();
  const addFunction = (declarator: Node | null) => {
    let d = declarator;
    while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
    const name = d && child(d, 'declarator');
    if (!d || name?.type !== 'identifier') return;
    const list = (child(d, 'parameters')?.namedChildren ?? []).filter(
      (p) => p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration',
    );
    const modes: Passing[] = list.map((p) =>
      isReference(child(p, 'declarator')) ? 'reference' : 'value',
    );
    params.set(name.text, [...(params.get(name.text) ?? []), modes]);
  };
  for (const f of namespaceLevel(root, 'function_definition')) addFunction(child(f, 'declarator'));
  for (const decl of namespaceLevel(root, 'declaration'))
    for (const d of decl.childrenForFieldName('declarator')) addFunction(d);
  // A template's parameters may be deduced references (`T x` with T = int&): unknown.
  for (const t of namespaceLevel(root, 'template_declaration')) {
    const inner = t.namedChildren.find(
      (c) => c.type === 'function_definition' || c.type === 'declaration',
    );
    let d = inner && child(inner, 'declarator');
    while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
    const name = d && child(d, 'declarator');
    if (name?.type === 'identifier') params.set(name.text, [[]]);
  }

  const resolveType = (text: string): string => {
    let t = plainType(text);
    for (let hops = 0; hops < 16; hops++) {
      const next = types.get(t);
      if (next === undefined || next === null) return t;
      t = next;
    }
    return t;
  };
  return {
    passing(name, index) {
      const all = params.get(name);
      if (!all || all.length === 0) return 'reference';
      return all.every((modes) => modes[index] === 'value') ? 'value' : 'reference';
    },
    resolveType,
    elementKind(typeText) {
      const t = resolveType(typeText);
      const bits = SCALAR_BITS.get(t);
      if (bits !== undefined) return { kind: 'scalar', bits };
      const ap = AP_TYPE.exec(t);
      if (ap)
        return {
          kind: 'arbitrary-precision',
          ...(/^\d+$/.test(ap[2]!) ? { bits: Number(ap[2]) } : {}),
          type: t,
        };
      return { kind: 'class', type: t };
    },
  };
}
