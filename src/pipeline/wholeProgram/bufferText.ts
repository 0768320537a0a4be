/**
 * How a shrunk buffer is spelled (callerStorage.ts decides which shrink): the declarator's
 * extents, a heap block's pointer levels, casts and size arguments, and the sizes of the
 * retyped parameter in its prototypes, and the slots a parameter folded in place uses in its
 * callers' buffers. Every edit replaces text the file spells itself.
 */
import type { ArrayInfo, ByteRange, ProgramModel } from '../../model/types.js';
import {
  STACK_ALLOCATORS,
  type CallerBuffer,
  type FunctionCalls,
  type Spelled,
} from '../../model/calls.js';
import type { ArrayDecision } from '../decision.js';
import { copiedDimension } from '../../rewrite/index.js';
import { isConstant } from '../../poly/affine.js';

/** Per dimension, a number of slots, or undefined: the extent stays (known at run time). */
export type Slots = readonly (bigint | undefined)[];

/** A piece of the file replaced by new text. */
export interface TextEdit {
  readonly range: ByteRange;
  readonly text: string;
}

export const product = (xs: Slots): bigint | undefined =>
  xs.reduce<bigint | undefined>(
    (a, b) => (a === undefined || b === undefined ? undefined : a * b),
    1n,
  );

/**
 * Where parameter `name` of `fc` is spelled in each of its prototypes, when every one of
 * them can be retyped with it: each prototype was found, declares it as a plain array of
 * the same rank, and spells every size in the file (the outermost may be empty, `[]`: any
 * rows). Undefined otherwise: then neither the prototypes nor the definition change.
 */
function prototypeSpellings(fc: FunctionCalls, name: string): (readonly Spelled[])[] | undefined {
  const index = fc.parameterNames.indexOf(name);
  const found = fc.prototypeSizes ?? [];
  if (index < 0 || found.length !== fc.prototypes.length) return undefined;
  const out: (readonly Spelled[])[] = [];
  for (const p of found) {
    const sizes = p[index];
    if (!sizes || sizes.slice(1).some((s) => !s.range)) return undefined;
    out.push(sizes);
  }
  return out;
}

export const prototypesRetypable = (fc: FunctionCalls, name: string) =>
  prototypeSpellings(fc, name) !== undefined;

/**
 * The edits that retype parameter `array` of `fn` in its prototypes to `texts` (the levels
 * whose extent changes; an empty outermost size stays empty).
 */
export function prototypeEdits(
  model: ProgramModel,
  fn: string,
  array: ArrayInfo,
  texts: readonly string[],
): TextEdit[] {
  const fc = model.calls?.functions.find((f) => f.name === fn);
  const spellings = fc ? (prototypeSpellings(fc, array.name) ?? []) : [];
  return spellings.flatMap((sizes) =>
    sizes.flatMap((s, k) =>
      s.range && sizes.length === texts.length && array.extents[k]?.text.trim() !== texts[k]
        ? [{ range: s.range, text: texts[k]! }]
        : [],
    ),
  );
}

/** The cells of a heap buffer's smallest allocation, when all are constants. */
export function heapCells(b: CallerBuffer): bigint | undefined {
  const allocs = b.uses.filter((u) => u.kind === 'alloc');
  const size = b.shape?.elementBytes;
  if (!size || allocs.length === 0 || allocs.some((u) => u.bytes === undefined)) return undefined;
  return allocs.reduce((m, u) => (u.bytes! < m ? u.bytes! : m), allocs[0]!.bytes!) / size;
}

/**
 * A heap buffer's edits for the object extents `extents`: its pointer's level sizes, each
 * allocation's cast level sizes and its size arguments; undefined where one is not spelled in
 * the file or an allocator is not one this knows.
 */
export function heapEdits(
  buffer: CallerBuffer,
  derefs: number,
  extents: Slots,
): TextEdit[] | undefined {
  const heap = buffer.heap!;
  const shape = buffer.shape!;
  // The pointee's levels: the whole object for `*p`, the row for `p`.
  const pointee = derefs === 1 ? extents : extents.slice(1);
  // A level that keeps its size keeps its text (`N`).
  const original = shape.levels.slice(1);
  const levelEdits = (sizes: readonly Spelled[]) =>
    sizes.length === pointee.length && sizes.every((s) => s.range && !s.frame)
      ? sizes.flatMap((s, k) =>
          pointee[k] === original[k] ? [] : [{ range: s.range!, text: `${pointee[k]}` }],
        )
      : undefined;
  const out = levelEdits(heap.declaratorExtents);
  if (!out || heap.allocations.length === 0) return undefined;
  const cells = product(extents);
  const bytes = `${cells} * sizeof(${shape.elementType})`;
  for (const a of heap.allocations) {
    // Rewritten, its sizes would no longer run what they call or assign.
    if (a.sideEffects) return undefined;
    if (a.castExtents) {
      const cast = levelEdits(a.castExtents);
      if (!cast) return undefined;
      out.push(...cast);
    }
    const [first, second] = a.sizeArguments.map((s) => (s.frame ? undefined : s.range));
    const oneSize = a.allocator === 'malloc' || STACK_ALLOCATORS.includes(a.allocator);
    if (oneSize && first && a.sizeArguments.length === 1) out.push({ range: first, text: bytes });
    else if (
      (a.allocator === 'calloc' || a.allocator === 'polybench_alloc_data') &&
      first &&
      second &&
      a.sizeArguments.length === 2 &&
      a.sizeValues[1] === shape.elementBytes
    )
      out.push({ range: first, text: `${cells}` });
    else return undefined;
  }
  return out;
}

/** The declared text where an extent stays, the number where it changes. */
export function textsFor(array: ArrayInfo, extents: Slots): string[] {
  return extents.map((v, k) => {
    const e = array.extents[k];
    const keep = e && (v === undefined || e.value === v) && e.text.trim() !== '';
    return keep ? e.text.trim() : `${v}`;
  });
}

/**
 * Slots the parameter uses per dimension (1 where no row copies it); a modulus known only at
 * run time keeps its dimension's extent (each slot index `x mod b` is at most `x`).
 */
export function slotsUsed(d: ArrayDecision): Slots | undefined {
  const used: (bigint | undefined)[] = Array.from({ length: d.array.extents.length }, () => 1n);
  for (const [r, row] of d.mapping.M.entries()) {
    const dim = copiedDimension(row);
    if (dim === undefined) return undefined;
    const symbolic = d.symbolicModuli?.[r];
    used[dim] = symbolic && !isConstant(symbolic) ? undefined : d.mapping.b[r]!;
  }
  return used;
}
