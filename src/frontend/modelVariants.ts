/**
 * The other data models the same source may be built for (dataModel.ts), and which facts of
 * the unit's own model a value rests on. A contracted program is compiled again for the host
 * (`-m64` unit tests of code analysed for `arm-none-eabi-gcc`), for `-m32`, for Windows: a
 * value the analysis folded (`12 - sizeof(long)`, `-1L < 1u`, `4294967295UL + 2UL > 8`,
 * `(char)200 > 0`) that another model computes differently makes the result wrong there,
 * unless the output checks the facts it relied on (docs/design.md, "Soundness rules").
 *
 * The variants are the grid of the facts that differ among the models gcc and clang build
 * C for with a 32-bit int: long 32 or 64 bits, pointers (size_t, ptrdiff_t) 32 or 64 bits,
 * plain char signed or unsigned (when the unit's model says which), long double of the unit's
 * size or another. A value depends on the facts of the smallest set that tells the unit's model
 * from every variant where the value differs: `sizeof(void *)` on the pointer's width alone,
 * `sizeof(long) == sizeof(void *)` on both widths.
 */
import type { DataModel } from './dataModel.js';
import type { IntType } from './intTypes.js';
import { type Node, walk } from './parse.js';

/** A fact of the unit's data model a value may rest on. */
export type DataModelFact = 'long' | 'pointer' | 'char' | 'longDouble';

/** Facts in a fixed order (sets and texts are then the same for the same input). */
const FACTS: readonly DataModelFact[] = ['long', 'pointer', 'char', 'longDouble'];

/** Another model the source may be built for, and the facts where it differs from the unit's. */
export interface ModelVariant {
  /** Stable among the variants of one model: `l32p64cu`. */
  readonly key: string;
  readonly model: DataModel;
  readonly differs: ReadonlySet<DataModelFact>;
}

/** The types behind size_t, ptrdiff_t and intptr_t for pointers of `pointer` bits. */
function pointerTypes(
  long: number,
  pointer: number,
): Pick<DataModel, 'sizeType' | 'ptrdiffType' | 'intptrType' | 'uintptrType'> {
  const [s, u] =
    pointer === 32
      ? ['int', 'unsigned int']
      : long === 64
        ? ['long int', 'long unsigned int']
        : ['long long int', 'long long unsigned int'];
  return { sizeType: u, ptrdiffType: s, intptrType: s, uintptrType: u };
}

/** The variants of the unit's model `m` (none for a model the analysis does not read). */
export function modelVariants(m: DataModel): readonly ModelVariant[] {
  const out: ModelVariant[] = [];
  const chars = m.charSigned === undefined ? [undefined] : [m.charSigned, !m.charSigned];
  const longDoubles = m.longDouble > 0 ? [m.longDouble, 0] : [0];
  for (const long of [m.long, m.long === 64 ? 32 : 64])
    for (const pointer of [m.pointer, m.pointer === 64 ? 32 : 64])
      for (const charSigned of chars)
        for (const longDouble of longDoubles) {
          const differs = new Set<DataModelFact>();
          if (long !== m.long) differs.add('long');
          if (pointer !== m.pointer) differs.add('pointer');
          if (charSigned !== m.charSigned) differs.add('char');
          if (longDouble !== m.longDouble) differs.add('longDouble');
          if (differs.size === 0) continue;
          const same = long === m.long && pointer === m.pointer;
          out.push({
            key: `l${long}p${pointer}c${charSigned === undefined ? '' : charSigned ? 's' : 'u'}d${longDouble}`,
            model: {
              ...m,
              name: 'other',
              long,
              pointer,
              longDouble,
              ...(same ? {} : pointerTypes(long, pointer)),
              ...(charSigned === undefined ? {} : { charSigned }),
            },
            differs,
          });
        }
  return out;
}

/**
 * The smallest set of facts such that every variant in `differing` differs from the unit's
 * model in one of them (the first in FACTS order among sets of one size); empty when none
 * differs.
 */
export function factsTelling(differing: readonly ModelVariant[]): DataModelFact[] {
  if (differing.length === 0) return [];
  const subsets: DataModelFact[][] = [[]];
  for (const f of FACTS) for (const s of [...subsets]) subsets.push([...s, f]);
  subsets.sort((a, b) => a.length - b.length);
  return (
    subsets.find((s) => differing.every((v) => s.some((f) => v.differs.has(f)))) ?? [...FACTS]
  ).sort((a, b) => FACTS.indexOf(a) - FACTS.indexOf(b));
}

/**
 * The C condition, a constant expression, that holds in every build whose model differs
 * from `m` in `fact`: `sizeof(long) != 8`. A guard takes the original code on it.
 */
export function factDiffers(fact: DataModelFact, m: DataModel): string {
  switch (fact) {
    case 'long':
      return `sizeof(long) != ${m.long / 8}`;
    case 'pointer':
      return `sizeof(void *) != ${m.pointer / 8}`;
    case 'char':
      return m.charSigned ? '(char)-1 > 0' : '(char)-1 < 0';
    case 'longDouble':
      return `sizeof(long double) != ${m.longDouble}`;
  }
}

/**
 * The facts of the data model an expression's types may rest on: those of a variable or
 * constant of a type the model decides (`long`: its width; `size_t`: the pointers'; `char`:
 * its signedness), of a literal whose type it chooses (`1L`, `3000000000`: long's width); every
 * fact for a cast, a `sizeof` or a macro (their types are spelled elsewhere). Only for those
 * can a proof differ in another model.
 */
export function namedFacts(
  node: Node,
  typeOf: (name: string) => IntType | undefined,
): ReadonlySet<DataModelFact> {
  const out = new Set<DataModelFact>();
  for (const n of walk(node)) {
    switch (n.type) {
      case 'sizeof_expression':
      case 'cast_expression':
      case 'call_expression':
        return new Set(FACTS);
      case 'number_literal':
        if (/[lL]/.test(n.text) || /^\d{10,}|^0[xX][0-9a-fA-F]{8,}/.test(n.text)) out.add('long');
        break;
      case 'identifier': {
        const m = typeOf(n.text)?.model;
        if (m)
          out.add(
            m === 'char' ? 'char' : m === 'long' || m === 'unsigned long' ? 'long' : 'pointer',
          );
        break;
      }
    }
  }
  return out;
}
