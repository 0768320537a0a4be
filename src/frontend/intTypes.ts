/**
 * C's integer types by name (LP64: int 32 bits, long and pointers 64 bits), a typedef of
 * one included (typedefs.ts). The arithmetic on them is integers.ts.
 */
import { wordsRegExp } from '../model/identifiers.js';

export interface IntType {
  readonly bits: number;
  readonly signed: boolean;
  /** Plain `char`: signedness chosen by the compiler. */
  readonly plainChar?: boolean;
}

export const INT: IntType = { bits: 32, signed: true };
export const LONG: IntType = { bits: 64, signed: true };
export const ULONG: IntType = { bits: 64, signed: false };
export const UINT: IntType = { bits: 32, signed: false };

// A Map: the key is a type name of the program (a typedef may be `constructor`).
const NAMED = new Map<string, IntType>([
  ['char', { bits: 8, signed: true, plainChar: true }],
  ['signed char', { bits: 8, signed: true }],
  ['unsigned char', { bits: 8, signed: false }],
  ['short', { bits: 16, signed: true }],
  ['unsigned short', { bits: 16, signed: false }],
  ['int', INT],
  ['signed', INT],
  ['unsigned', UINT],
  ['unsigned int', UINT],
  ['long', LONG],
  ['unsigned long', ULONG],
  ['long long', LONG],
  ['unsigned long long', ULONG],
  ['size_t', ULONG],
  ['ssize_t', LONG],
  ['ptrdiff_t', LONG],
  ['intptr_t', LONG],
  ['uintptr_t', ULONG],
  ['_Bool', { bits: 1, signed: false }],
  ['bool', { bits: 1, signed: false }],
]);

const STORAGE_AND_QUALIFIERS = wordsRegExp(
  ['const', 'volatile', 'register', 'static', 'auto', 'extern', 'restrict'],
  'g',
);
const SIZE_OR_SIGN = wordsRegExp(['short', 'long', 'unsigned', 'signed']);

/** Integer types named by typedefs, by name (typedefs.ts; undefined: no integer type). */
export type TypedefTable = ReadonlyMap<string, IntType | undefined>;
const NO_TYPEDEFS: TypedefTable = new Map();

/**
 * The integer type a type name spells (qualifiers ignored), or undefined. A single name the
 * program typedefs is looked up in `typedefs` (typedefs.ts).
 */
export function intTypeOf(
  typeText: string,
  typedefs: TypedefTable = NO_TYPEDEFS,
): IntType | undefined {
  const words = typeText
    .replace(STORAGE_AND_QUALIFIERS, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== 'int' || !SIZE_OR_SIGN.test(typeText));
  const t = words.join(' ');
  // The program's own typedef first: it is what the compiler sees (`typedef int bool;` in
  // pre-C99 code is no _Bool; the system headers' size_t and uint8_t resolve to the types
  // the names below assume).
  if (words.length === 1 && typedefs.has(t)) return typedefs.get(t);
  const exact = /^(u?)int(8|16|32|64)_t$/.exec(t);
  if (exact) return { bits: Number(exact[2]), signed: exact[1] === '' };
  const norm = t
    .replace(/^signed (char)$/, 'signed $1')
    .replace(/^signed (short|long|long long)$/, '$1')
    .replace(/^(short|long|long long) unsigned$/, 'unsigned $1')
    .replace(/^long unsigned long$/, 'unsigned long long');
  return NAMED.get(norm);
}

/** Whether a declared type (its text) is an integer type. */
export function isIntegralType(typeText: string): boolean {
  return intTypeOf(typeText) !== undefined;
}
