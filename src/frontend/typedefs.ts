/**
 * Integer types named by `typedef` (`typedef unsigned char u8;`, MachSuite's `state_t`,
 * libjpeg's `JDIMENSION`, HLS code's `data_t`): a loop counter, a cast or a scalar of such
 * a type has the C type the typedef names, as if spelled out.
 *
 * Only what C makes unambiguous is resolved:
 * - file-scope typedefs of the translation unit (the preprocessed unit: headers included),
 *   chains (`typedef u8 state_t;`) followed in declaration order;
 * - a plain declarator: `typedef int *ip;`, `typedef int row[4];` and function types are
 *   no integer types;
 * - one meaning per name: two file-scope typedefs of one name naming different types (a
 *   compile error in C) leave the name unknown;
 * - a function that declares a typedef of the same name in its body (a block-scope typedef
 *   shadows the file's in that block) gets the name unknown in the whole function.
 * Unknown means "not an integer type": the loop or expression is refused, as before.
 */
import { CallSlot } from '../context/callContext.js';
import type { DataModel } from './dataModel.js';
import { type IntType, intTypeOf, type TypedefTable } from './intTypes.js';
import {
  type Node,
  child,
  declaredName,
  declaredNames,
  hasAttribute,
  namedChildrenOf,
  walk,
} from './parse.js';

/**
 * A declarator that is the bare name. tree-sitter-c parses the names it knows as types
 * (`bool`, `size_t`, `uint8_t`, ...) as `primitive_type`, also where a program typedefs them.
 */
const isName = (x: Node) => x.type === 'type_identifier' || x.type === 'primitive_type';

/** Every name a `type_definition` declares, with its integer type (undefined: none). */
function definitions(d: Node, known: TypedefTable): [string, IntType | undefined][] {
  const type = intTypeOf(child(d, 'type')?.text ?? '', known);
  return d
    .childrenForFieldName('declarator')
    .map((x) => [declaredTypeName(x), isName(x) ? type : undefined]);
}

/** The name a typedef declarator declares (through pointer, array and function ones). */
function declaredTypeName(x: Node): string {
  let n: Node | null = x;
  while (n && !isName(n))
    n = child(n, 'declarator') ?? n.namedChildren.find((c) => c.type !== 'parameter_list') ?? null;
  return n?.text ?? '';
}

/** The name a function definition defines. */
function functionNames(d: Node): string[] {
  const declarator = child(d, 'declarator');
  const name = declarator && declaredName(declarator);
  return name ? [name.text] : [];
}

const unitTables = new CallSlot(() => new WeakMap<object, Map<string, IntType | undefined>>());

/**
 * File-scope integer typedefs of a unit (built once per tree and call) in its data model
 * (one per tree: a tree is one unit's).
 */
export function unitTypedefs(
  tree: { readonly rootNode: Node },
  model?: DataModel,
): ReadonlyMap<string, IntType | undefined> {
  const tables = unitTables.current();
  let table = tables?.get(tree);
  if (table) return table;
  table = fileScopeTypedefs(
    tree.rootNode,
    (d, known) => {
      // An attribute may change the type: `typedef unsigned u8 __attribute__((mode(QI)));`
      // is 8 bits, glibc's register_t (mode(word)) 64 (review: read as 32, an array
      // miscompiled).
      const attributed = hasAttribute(d);
      return definitions(d, withModel(known, model)).map(([name, declared]) => [
        name,
        attributed ? undefined : declared,
      ]);
    },
    sameType,
  );
  tables?.set(tree, table);
  return table;
}

/**
 * A unit's file-scope typedefs, by name, as `typesOf` reads each definition (given the table
 * so far: a chain is followed in declaration order). A file-scope variable or function named
 * like a type tree-sitter knows (`int uint8_t;` in a file without <stdint.h>) is no type in
 * the unit; a name with two different meanings is unknown.
 */
function fileScopeTypedefs<T>(
  root: Node,
  typesOf: (d: Node, known: Map<string, T | undefined>) => [string, T | undefined][],
  same: (a: T | undefined, b: T | undefined) => boolean,
): Map<string, T | undefined> {
  const table = new Map<string, T | undefined>();
  const conflicting = new Set<string>();
  for (const d of namedChildrenOf(root)) {
    if (d.type === 'declaration' || d.type === 'function_definition') {
      for (const name of d.type === 'declaration' ? declaredNames(d) : functionNames(d))
        if (!table.has(name)) table.set(name, undefined);
      continue;
    }
    if (d.type !== 'type_definition') continue;
    for (const [name, type] of typesOf(d, table)) {
      if (!name) continue;
      if (table.has(name) && !same(table.get(name), type)) conflicting.add(name);
      table.set(name, type);
    }
  }
  for (const name of conflicting) table.set(name, undefined);
  return table;
}

const FLOATING = new Set(['float', 'double', 'long double']);
const scalarTables = new CallSlot(() => new WeakMap<object, Map<string, string | undefined>>());

/**
 * The floating and pointer typedefs of a unit (`typedef float real;`, `typedef real *rp;`),
 * by name: `float`, `double`, `long double` or `*` (a pointer, whose size the data model
 * decides where it is asked). Only for the bytes of an array of them (constants.ts
 * sizeOfType): the same rules as the integer table (a chain in declaration order, a name
 * with two meanings or an attribute unknown, a file-scope object's name no type).
 */
export function unitScalarTypedefs(tree: {
  readonly rootNode: Node;
}): ReadonlyMap<string, string | undefined> {
  const tables = scalarTables.current();
  let table = tables?.get(tree);
  if (table) return table;
  table = fileScopeTypedefs<string>(
    tree.rootNode,
    (d, known) => {
      const words = (child(d, 'type')?.text ?? '').replace(/\b(const|volatile)\b/g, ' ');
      const spelled = words.replace(/\s+/g, ' ').trim();
      const base = FLOATING.has(spelled) ? spelled : known.get(spelled);
      const attributed = hasAttribute(d);
      return d.childrenForFieldName('declarator').map((x) => {
        const pointer = x.type === 'pointer_declarator' && isName(child(x, 'declarator') ?? x);
        const scalar = attributed ? undefined : isName(x) ? base : pointer ? '*' : undefined;
        return [declaredTypeName(x), scalar];
      });
    },
    (a, b) => a === b,
  );
  tables?.set(tree, table);
  return table;
}

function sameType(a: IntType | undefined, b: IntType | undefined): boolean {
  if (!a || !b) return a === b;
  return a.bits === b.bits && a.signed === b.signed && !!a.plainChar === !!b.plainChar;
}

/**
 * A table built on its first lookup: most functions name only built-in types, which are
 * never looked up (intTypeOf), and the unit's typedefs (~100 in <stdio.h>) are then not read.
 */
export function lazily(make: () => TypedefTable, dataModel?: DataModel): TypedefTable {
  let table: TypedefTable | undefined;
  return {
    has: (n) => (table ??= make()).has(n),
    get: (n) => (table ??= make()).get(n),
    scalar: (n) => (table ??= make()).scalar?.(n),
    ...(dataModel ? { dataModel } : {}),
  };
}

/** `table` read in the data model `model`. */
function withModel(table: TypedefTable, model: DataModel | undefined): TypedefTable {
  return model ? { ...readThrough(table), dataModel: model } : table;
}

/** A table's lookups (a table may be built on its first lookup: never copied). */
function readThrough(table: TypedefTable): TypedefTable {
  return {
    has: (n) => table.has(n),
    get: (n) => table.get(n),
    ...(table.scalar ? { scalar: table.scalar } : {}),
  };
}

/** What a function itself declares: its typedef names and its ordinary identifiers. */
interface OwnNames {
  readonly typedefs: ReadonlySet<string>;
  /** Parameters, variables and enumerators. */
  readonly ordinary: ReadonlySet<string>;
}

const ownNamesOf = new CallSlot(() => new WeakMap<Node, OwnNames>());

/** One walk of the function per copy and call (the compiler view's casts and its types share it). */
function ownNames(fn: Node): OwnNames {
  const known = ownNamesOf.current();
  let own = known?.get(fn);
  if (own) return own;
  const typedefs = new Set<string>();
  const ordinary = new Set<string>();
  for (const n of walk(fn)) {
    if (n.type === 'type_definition')
      for (const x of n.childrenForFieldName('declarator')) typedefs.add(declaredTypeName(x));
    else if (n.type === 'declaration' || n.type === 'parameter_declaration')
      for (const name of declaredNames(n)) ordinary.add(name);
    else if (n.type === 'enumerator') {
      const name = child(n, 'name');
      if (name) ordinary.add(name.text);
    }
  }
  own = { typedefs, ordinary };
  known?.set(fn, own);
  return own;
}

/**
 * Whether a name is a type name everywhere in the function: a typedef of the unit that the
 * function does not typedef again. A typedef of one block of the body is a type there only:
 * elsewhere `(T)(1)` may call a file-scope function T (review 2026-11-26: read as a cast,
 * the call vanished from the model).
 */
export function isTypeNameIn(fn: Node): (name: string) => boolean {
  return (name) =>
    unitTypedefs(fn.tree).get(name) !== undefined && !ownNames(fn).typedefs.has(name);
}

/** The unit's integer typedefs a function sees: minus the names it typedefs in its body. */
export function functionTypedefs(
  fn: Node,
  hidden: (name: string) => boolean = () => false,
  model?: DataModel,
): TypedefTable {
  const unit = unitTypedefs(fn.tree, model);
  const own = ownNames(fn);
  // A variable, parameter or enumerator named like a type hides it in its scope: `int u8 =
  // 1; t[(u8) + i]` adds 1, it casts nothing (review: read as a cast, t was scalarized). So
  // does one named like a type tree-sitter knows (`int size_t;` without <stddef.h>). A mere
  // use of the name (`sizeof(u8)`, read as an expression) can only be the type: no
  // file-scope object shares a typedef's name.
  // Read through, not copied: the unit's table names every file-scope declaration and
  // function, so a copy per function made a file of 43,000 small functions quadratic
  // (issue 29: 28 % of the CPU of 13,000 functions).
  const shadowed = (name: string) =>
    own.typedefs.has(name) || own.ordinary.has(name) || (unit.has(name) && hidden(name));
  return withModel(
    {
      has: (name) => unit.has(name) || own.typedefs.has(name) || own.ordinary.has(name),
      get: (name) => (shadowed(name) ? undefined : unit.get(name)),
      scalar: (name) => (shadowed(name) ? undefined : unitScalarTypedefs(fn.tree).get(name)),
    },
    model,
  );
}

/**
 * The integer type a declaration (or parameter declaration) gives its names; unknown when an
 * attribute may change it (review 2026-11-26: `const int __attribute__((mode(QI))) k = 256;`
 * holds 0, and the model took 256).
 */
export function declaredIntType(decl: Node, typedefs: TypedefTable): IntType | undefined {
  return hasAttribute(decl) ? undefined : intTypeOf(child(decl, 'type')?.text ?? '', typedefs);
}
