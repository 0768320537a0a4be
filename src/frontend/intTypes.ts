/**
 * C's integer types by name, a typedef of one included (typedefs.ts), in the unit's data
 * model (dataModel.ts: long and size_t are 64 bits in LP64, 32 in ILP32; LP64 when the table
 * names none). The arithmetic on them is integers.ts.
 */
import { type DataModel, LP64 } from './dataModel.js';

export interface IntType {
  readonly bits: number;
  readonly signed: boolean;
  /** Plain `char`: signedness chosen by the compiler. */
  readonly plainChar?: boolean;
  /**
   * The name whose size or signedness the data model decides (`long`, `size_t`, `char`), for a
   * type that is one: what it is in another model (inModel, modelVariants.ts).
   */
  readonly model?: ModelTypeName;
}

type ModelTypeName =
  'char' | 'long' | 'unsigned long' | 'size_t' | 'ssize_t' | 'ptrdiff_t' | 'intptr_t' | 'uintptr_t';

export const INT: IntType = { bits: 32, signed: true };
export const UINT: IntType = { bits: 32, signed: false };

// A Map: the key is a type name of the program (a typedef may be `constructor`). Names whose
// size or signedness the data model decides are in modelType.
const NAMED = new Map<string, IntType>([
  ['signed char', { bits: 8, signed: true }],
  ['unsigned char', { bits: 8, signed: false }],
  ['short', { bits: 16, signed: true }],
  ['unsigned short', { bits: 16, signed: false }],
  ['int', INT],
  ['signed', INT],
  ['unsigned', UINT],
  ['unsigned int', UINT],
  ['_Bool', { bits: 1, signed: false }],
  ['bool', { bits: 1, signed: false }],
]);

/** Words of a type name that do not change which integer type it is. */
const STORAGE_AND_QUALIFIERS = new Set([
  'const',
  'volatile',
  'register',
  'static',
  'auto',
  'extern',
  'restrict',
]);
/** Words after which `int` is implied (`unsigned int` is `unsigned`). */
const SIZE_OR_SIGN = new Set(['short', 'long', 'unsigned', 'signed']);
/** Type keywords: never a typedef name, so never looked up among the program's typedefs. */
const TYPE_KEYWORDS = new Set(['int', 'char', 'short', 'long', 'signed', 'unsigned', '_Bool']);

/**
 * Integer types named by typedefs, by name (typedefs.ts; undefined: no integer type). Only
 * `has` and `get`: a table may be built on its first lookup.
 */
export type TypedefTable = Pick<ReadonlyMap<string, IntType | undefined>, 'has' | 'get'> & {
  /** The unit's data model (dataModel.ts); LP64 when absent. */
  readonly dataModel?: DataModel;
  /**
   * The floating or pointer type a typedef names (`float`, `long double`, `*`), for the
   * size of its objects (typedefs.ts unitScalarTypedefs); undefined for any other name.
   */
  readonly scalar?: (name: string) => string | undefined;
};
const NO_TYPEDEFS: TypedefTable = new Map();

/** The data model a table carries (LP64 when none). */
export function modelOf(typedefs: TypedefTable | undefined): DataModel {
  return typedefs?.dataModel ?? LP64;
}

/** A table with no typedef: the data model alone. */
export function modelOnly(m: DataModel | undefined): TypedefTable {
  return m ? { has: () => false, get: () => undefined, dataModel: m } : NO_TYPEDEFS;
}

/** The types whose size the data model decides (`long`, `size_t`, ...), or undefined. */
function modelType(name: string, m: DataModel): IntType | undefined {
  const behind = (spelled: string, model: ModelTypeName): IntType | undefined => {
    const t = intTypeOf(spelled, modelOnly(m));
    return t && { bits: t.bits, signed: t.signed, model };
  };
  switch (name) {
    case 'char':
      return m.charSigned === undefined
        ? { bits: 8, signed: true, plainChar: true }
        : { bits: 8, signed: m.charSigned, model: 'char' };
    case 'long':
      return { bits: m.long, signed: true, model: 'long' };
    case 'unsigned long':
      return { bits: m.long, signed: false, model: 'unsigned long' };
    case 'long long':
      return { bits: m.longLong, signed: true };
    case 'unsigned long long':
      return { bits: m.longLong, signed: false };
    case 'size_t':
      return behind(m.sizeType, 'size_t');
    case 'ssize_t':
      return behind(m.ptrdiffType, 'ssize_t');
    case 'ptrdiff_t':
      return behind(m.ptrdiffType, 'ptrdiff_t');
    case 'intptr_t':
      return behind(m.intptrType, 'intptr_t');
    case 'uintptr_t':
      return behind(m.uintptrType, 'uintptr_t');
    default:
      return undefined;
  }
}

/** The type `t` is in the data model `m` (the same but for a type the model decides). */
export function inModel(t: IntType, m: DataModel): IntType {
  return t.model ? (modelType(t.model, m) ?? t) : t;
}

/**
 * The integer type a type name spells (qualifiers ignored), or undefined. A single name the
 * program typedefs is looked up in `typedefs` (typedefs.ts).
 *
 * The words are the text's blank-separated tokens, compared whole: `const$` or `constx` is a
 * name, not the qualifier (the compiler's output has no comments between them; a comment in
 * the built-in reading leaves the type unknown, which only refuses).
 */
export function intTypeOf(
  typeText: string,
  typedefs: TypedefTable = NO_TYPEDEFS,
): IntType | undefined {
  const all = typeText.trim().split(/\s+/);
  const sized = all.some((w) => SIZE_OR_SIGN.has(w));
  const words = all.filter((w) => !STORAGE_AND_QUALIFIERS.has(w) && (w !== 'int' || !sized));
  const t = words.join(' ');
  // The program's own typedef first: it is what the compiler sees (`typedef int bool;` in
  // pre-C99 code is no _Bool; the system headers' size_t and uint8_t resolve to the types
  // the names below assume).
  const exact = /^(u?)int(8|16|32|64)_t$/.exec(t);
  if (modelOf(typedefs).foreignHeaders) {
    // Another target's headers: the width a name spells is the target's; `int_fast16_t`,
    // `intmax_t` and the like are whatever the host made them, so unknown.
    if (exact) return { bits: Number(exact[2]), signed: exact[1] === '' };
    if (/^u?int(_least|_fast)(8|16|32|64)_t$|^u?intmax_t$/.test(t)) return undefined;
  }
  if (words.length === 1 && !TYPE_KEYWORDS.has(t) && typedefs.has(t)) {
    const named = typedefs.get(t);
    // `typedef long int64_t;` of LP64's headers: 64 bits in every model.
    return named && exact ? { bits: named.bits, signed: named.signed } : named;
  }
  if (exact) return { bits: Number(exact[2]), signed: exact[1] === '' };
  const norm = t
    .replace(/^signed (char)$/, 'signed $1')
    .replace(/^signed (short|long|long long)$/, '$1')
    .replace(/^(short|long|long long) unsigned$/, 'unsigned $1')
    .replace(/^long unsigned long$/, 'unsigned long long');
  return NAMED.get(norm) ?? modelType(norm, modelOf(typedefs));
}
