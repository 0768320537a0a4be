/**
 * The layout of an array's element when it is a struct (`COMP Sw[FFT_ENC]`,
 * `kiss_fft_cpx tmp[N]`): its scalar fields as leaf paths (`real`, `pos.x`), in declaration
 * order, for the analysis of each field as its own array over the same index space
 * (src/lifetime/fieldView.ts).
 *
 * Only what C makes unambiguous is read, from the translation unit's own text (headers
 * included when the compiler's preprocessor read it): a `struct T` whose tag has one
 * definition, or a typedef name with one file-scope definition, followed through typedef
 * chains. Every field must be a scalar (an arithmetic type the unit's typedefs name, or a
 * pointer) or a struct of such fields. Anything else makes the struct refused with a reason:
 * a union (its fields share storage, so a write of one is a write of another), a bit-field
 * (stored in a unit shared with its neighbours), an array member (`a[i].v[k]` is not one
 * cell per field), a flexible array member, a volatile field, an anonymous member, a field of
 * a type not known here. A function that declares a type of the same name in its body is
 * refused too (its scopes are not followed).
 */
import { type Node, child, walk } from './parse.js';
import { sizeOfType } from './constants.js';
import type { TypedefTable } from './intTypes.js';

export interface ElementLayout {
  /** The scalar fields, as paths from the element (`x`, `pos.y`), in declaration order. */
  readonly leaves: readonly string[];
  /** `sizeof` one element, where natural alignment certainly gives it (see layoutBytes). */
  readonly bytes?: number;
}

/** A struct element that can be analysed, one that cannot (why), or no struct at all. */
export type ElementStruct = { layout: ElementLayout } | { refused: string } | undefined;

interface Leaf {
  readonly path: string;
  readonly size: bigint;
}

/** Typedef chains and nested structs deeper than this are refused. */
const MAX_DEPTH = 16;

class Refused extends Error {}

/** What the walk over the unit knows: its root, the function's body, the typedefs. */
interface Scope {
  readonly root: Node;
  readonly body: Node;
  readonly typedefs: TypedefTable;
}

/**
 * The struct layout of an element whose declaration's type is `type` (`COMP`, `struct seg`,
 * an inline `struct { ... }`), declared in function `fn` of body `body`.
 */
export function elementStruct(
  type: Node,
  isVolatile: boolean,
  fn: Node,
  body: Node,
  typedefs: TypedefTable,
): ElementStruct {
  let root = fn;
  while (root.parent) root = root.parent;
  const scope: Scope = { root, body, typedefs };
  try {
    const spec = specifierStruct(type, scope, 0);
    if (!spec) return undefined;
    if (isVolatile) return { refused: 'its elements are volatile' };
    const leaves = fieldsOf(spec, '', scope, 0);
    if (leaves.length === 0) return { refused: 'its struct has no fields' };
    const flat = !leaves.some((l) => l.path.includes('.'));
    const bytes = flat ? layoutBytes(leaves, typedefs) : undefined;
    return {
      layout: { leaves: leaves.map((l) => l.path), ...(bytes !== undefined ? { bytes } : {}) },
    };
  } catch (e) {
    if (e instanceof Refused) return { refused: e.message };
    throw e;
  }
}

/**
 * The struct_specifier with a body that the type `text` names; undefined when the type is
 * no struct (a scalar, an enum); throws Refused for a union or an ambiguous name.
 */
function structOf(text: string, scope: Scope, depth: number, what: string): Node | undefined {
  if (depth > MAX_DEPTH) throw new Refused('its type is behind too many typedefs');
  const tagged = /^(struct|union)\s+([A-Za-z_]\w*)$/.exec(text);
  if (tagged) {
    if (tagged[1] === 'union') throw new Refused(`${what} is a union`);
    return tagDefinition(tagged[2]!, scope);
  }
  if (!/^[A-Za-z_]\w*$/.test(text)) return undefined;
  const defs = scope.root.namedChildren.filter(
    (d) =>
      d.type === 'type_definition' &&
      d
        .childrenForFieldName('declarator')
        .some((x) => x.type === 'type_identifier' && x.text === text),
  );
  if (defs.length === 0) return undefined;
  if (shadowedInBody(text, 'type_definition', scope))
    throw new Refused(`the function declares a type '${text}' of its own`);
  const types = new Set(defs.map((d) => child(d, 'type')?.text));
  if (types.size > 1) throw new Refused(`'${text}' is defined more than once`);
  return specifierStruct(child(defs[0]!, 'type'), scope, depth + 1, what);
}

/** The struct a type node names (an inline definition, a tag, a typedef name). */
function specifierStruct(
  t: Node | null,
  scope: Scope,
  depth: number,
  what = 'its element',
): Node | undefined {
  if (!t) return undefined;
  if (t.type === 'union_specifier') throw new Refused(`${what} is a union`);
  if (t.type === 'struct_specifier') {
    if (child(t, 'body')) return t;
    const tag = child(t, 'name')?.text;
    return tag ? tagDefinition(tag, scope) : undefined;
  }
  if (t.type === 'type_identifier') return structOf(t.text, scope, depth + 1, what);
  return undefined;
}

/** The one definition of `struct tag` outside function bodies. */
function tagDefinition(tag: string, scope: Scope): Node {
  if (shadowedInBody(tag, 'struct_specifier', scope))
    throw new Refused(`the function defines a struct '${tag}' of its own`);
  const defs = walk(scope.root).filter(
    (n) =>
      n.type === 'struct_specifier' && child(n, 'name')?.text === tag && child(n, 'body') !== null,
  );
  const texts = new Set(defs.map((d) => child(d, 'body')!.text));
  if (defs.length === 0) throw new Refused(`the definition of 'struct ${tag}' is not in view`);
  if (texts.size > 1) throw new Refused(`'struct ${tag}' is defined more than once`);
  return defs[0]!;
}

/** The function body declares a type (typedef name or struct tag) of this name. */
function shadowedInBody(name: string, kind: string, scope: Scope): boolean {
  return walk(scope.body).some((n) =>
    kind === 'type_definition'
      ? n.type === 'type_definition' &&
        n.childrenForFieldName('declarator').some((x) => x.text === name)
      : n.type === kind && child(n, 'name')?.text === name && child(n, 'body') !== null,
  );
}

/** The scalar leaves of a struct's body, with `prefix` before their names. */
function fieldsOf(spec: Node, prefix: string, scope: Scope, depth: number): Leaf[] {
  if (depth > MAX_DEPTH) throw new Refused('its structs are nested too deeply');
  const out: Leaf[] = [];
  for (const f of child(spec, 'body')!.namedChildren) {
    if (f.type === 'comment') continue;
    if (f.type !== 'field_declaration')
      throw new Refused(`its struct has a member this reading does not know (${f.type})`);
    if (f.namedChildren.some((c) => c.type === 'type_qualifier' && c.text === 'volatile'))
      throw new Refused('its struct has a volatile member');
    if (f.namedChildren.some((c) => c.type === 'bitfield_clause'))
      throw new Refused('its struct has a bit-field');
    // `int v __attribute__((vector_size(16)))` is a vector that `a[i].v[1] = x` writes in
    // part (taken as the scalar int, that write was none: a miscompilation); `mode` changes
    // the type too. Only attributes that change no member's type are followed.
    if (attributes(f).some((a) => !HARMLESS_ATTRIBUTE.test(a)))
      throw new Refused('its struct has a member with an attribute that may change its type');
    const type = child(f, 'type');
    const declarators = f.childrenForFieldName('declarator');
    if (declarators.length === 0) throw new Refused('its struct has an anonymous member');
    for (const d of declarators) out.push(...memberLeaves(type, d, prefix, scope, depth));
  }
  return out;
}

/** Attributes that leave a member's type as written (alignment, packing, diagnostics). */
const HARMLESS_ATTRIBUTE = /^_*(aligned|packed|unused|deprecated|used|warn_unused)_*$/;

/** The names of the attributes written in a member declaration (GNU and C23 spellings). */
function attributes(f: Node): string[] {
  return walk(f)
    .filter((n) => n.type === 'attribute_specifier' || n.type === 'attribute_declaration')
    .flatMap((n) =>
      n.type === 'attribute_declaration'
        ? n.namedChildren.map((a) => (a.text.split('(')[0] ?? '').replace(/^.*::/, '').trim())
        : attributeNames(n.text),
    );
}

/** The attribute names of `__attribute__((a, b(1)))`, arguments dropped. */
function attributeNames(text: string): string[] {
  const inner = text.replace(/^\s*__attribute__\s*\(\(/, '').replace(/\)\)\s*$/, '');
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of inner) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      names.push(current.trim());
      current = '';
    } else if (depth === 0) current += ch;
  }
  names.push(current.trim());
  return names.filter((x) => x !== '');
}

/** The leaves of one member `type d;`. */
function memberLeaves(
  type: Node | null,
  d: Node,
  prefix: string,
  scope: Scope,
  depth: number,
): Leaf[] {
  if (d.type === 'array_declarator') throw new Refused('its struct has an array member');
  if (d.type === 'pointer_declarator') {
    // `T *p;` is one scalar; `T (*f)[4]`, `T *p[2]` are refused by their shape.
    const inner = child(d, 'declarator');
    if (inner?.type !== 'field_identifier')
      throw new Refused('its struct has a member of a complex declarator');
    return [{ path: prefix + inner.text, size: 0n }];
  }
  if (d.type !== 'field_identifier')
    throw new Refused('its struct has a member of a complex declarator');
  const path = prefix + d.text;
  const nested = specifierStruct(type, scope, depth, `its member '${path}'`);
  if (nested) return fieldsOf(nested, `${path}.`, scope, depth + 1);
  const size = type ? sizeOfType(type.text, scope.typedefs) : undefined;
  if (size === undefined)
    throw new Refused(`its struct has a member '${path}' of a type not known here`);
  return [{ path, size }];
}

/**
 * The size of a struct without nested structs (their own alignment and padding are not
 * followed) with natural alignment, where every C ABI agrees: each scalar
 * aligned to its own size, when all are at most 4 bytes, or at most 8 with 8-byte pointers
 * (i386 aligns a double to 4 in a struct); else unknown (the report then counts no bytes).
 * Pointers (size 0 above) take the data model's pointer size.
 */
function layoutBytes(leaves: readonly Leaf[], typedefs: TypedefTable): number | undefined {
  const pointer = sizeOfType('void *', typedefs)!;
  const sizes = leaves.map((l) => (l.size === 0n ? pointer : l.size));
  const most = sizes.reduce((a, b) => (a > b ? a : b), 1n);
  if (!(most <= 4n || (most <= 8n && pointer === 8n))) return undefined;
  if (sizes.some((s) => s !== 1n && s !== 2n && s !== 4n && s !== 8n)) return undefined;
  let offset = 0n;
  for (const s of sizes) offset = ((offset + s - 1n) / s) * s + s;
  return Number(((offset + most - 1n) / most) * most);
}
