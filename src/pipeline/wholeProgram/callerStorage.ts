/**
 * Shrinking the storage where it lives (issue 26): a parameter folded in place
 * (placement.ts) uses only the slots `x_d mod b_d` of its callers' buffers, so a caller's
 * buffer that carries nothing else can be declared or allocated with those extents, and the
 * parameter retyped to match (`double tmp[N][N]` -> `double tmp[N][2]` in both places).
 *
 * A caller's buffer shrinks when every use of it is its declaration, a comparison, an
 * allocation or `free` (a heap buffer), or an argument for a parameter folded in place whose
 * rank, inner extents and element type are those of the object passed (a `sizeof` or
 * `typeof` would change meaning; an access or any other callee needs the cells). It is:
 * - a local array of constant extents without initializer, declared where the rewriter may
 *   edit it: its declarator takes the new extents;
 * - or a pointer set only from `malloc`, `calloc` or `polybench_alloc_data`, passed as `p` or
 *   as `*p` (the same way at every call): the sizes of its pointer's array levels, of each
 *   allocation's cast and of each allocation's size arguments are rewritten, where all of
 *   them are the file's own text.
 * It takes, per dimension, the largest number of slots any of its parameters uses. A
 * parameter is retyped when every call passes such a buffer and all of them shrink to the same
 * extents (its type is one for all callers) and its function has no prototype; otherwise none
 * of its callers' buffers shrinks, which may in turn keep other parameters as they are:
 * decided to a fixpoint.
 */
import type {
  ArrayInfo,
  ByteRange,
  FunctionModel,
  ProgramModel,
  SourceLoc,
} from '../../model/types.js';
import { normalizedType, type CallerBuffer, type Spelled } from '../../model/calls.js';
import type { ArrayDecision } from '../decision.js';
import { copiedDimension } from '../../rewrite/index.js';
import { isConstant } from '../../poly/affine.js';

/** A caller's buffer with smaller extents. */
export interface BufferShrink {
  readonly caller: string;
  readonly name: string;
  readonly elementType: string;
  /** The caller's local array; absent for a heap buffer. */
  readonly array?: ArrayInfo;
  /** Where the buffer is declared (a heap buffer's report entry is placed there). */
  readonly loc: SourceLoc;
  /** Its cells before (undefined: not known, a heap block of run-time size) and after. */
  readonly before?: bigint;
  readonly after: bigint;
  /** The new extents of the object its parameters see, and their C text. */
  readonly extents: readonly bigint[];
  readonly texts: readonly string[];
  /** The parameters it carries values for, as `function:parameter`. */
  readonly carriesFor: readonly string[];
  /** A heap buffer's edits: sizes of its pointer type, casts and allocations. */
  readonly edits: readonly TextEdit[];
}

/** A piece of the file replaced by new text. */
interface TextEdit {
  readonly range: ByteRange;
  readonly text: string;
}

export interface StoragePlan {
  readonly buffers: readonly BufferShrink[];
  /** The extents (C text) each retyped parameter's declarator takes. */
  readonly parameters: ReadonlyMap<ArrayDecision, readonly string[]>;
}

/** Slots the parameter uses per dimension (1 where no row copies it), if all are constants. */
function slotsUsed(d: ArrayDecision): bigint[] | undefined {
  // Moduli known only at run time: no constant size to shrink to.
  if (d.symbolicModuli && !d.symbolicModuli.every(isConstant)) return undefined;
  const used = Array.from({ length: d.array.extents.length }, () => 1n);
  for (const [r, row] of d.mapping.M.entries()) {
    const dim = copiedDimension(row);
    if (dim === undefined) return undefined;
    used[dim] = d.mapping.b[r]!;
  }
  return used;
}

interface Candidate {
  readonly caller: string;
  readonly buffer: CallerBuffer;
  readonly array?: ArrayInfo;
  readonly fn?: FunctionModel;
  /** The object's extents as its parameters see it (undefined: the rows of a heap block). */
  readonly levels: readonly (bigint | undefined)[];
  /** `*` applied at the calls (a heap buffer: 0 or 1). */
  readonly derefs: number;
  readonly users: ArrayDecision[];
}

const key = (fn: string, name: string) => `${fn}:${name}`;

/** The parameters folded in place that every call-argument use of the buffer reaches. */
function usersOf(
  model: ProgramModel,
  buffer: CallerBuffer,
  inPlace: ReadonlyMap<string, ArrayDecision>,
): { users: ArrayDecision[]; derefs: number } | undefined {
  const users: ArrayDecision[] = [];
  const derefs = new Set<number>();
  for (const u of buffer.uses) {
    if (u.kind === 'inert' && !u.typeUsed) continue;
    if (buffer.origin === 'heap' && (u.kind === 'alloc' || u.kind === 'free')) continue;
    if (u.kind !== 'call-arg' || u.callee === undefined) return undefined;
    const params = model.calls?.functions.find((f) => f.name === u.callee)?.parameterNames;
    const d = inPlace.get(key(u.callee, params?.[u.argIndex ?? -1] ?? ''));
    if (!d) return undefined;
    users.push(d);
    derefs.add(u.derefs ?? 0);
  }
  return users.length > 0 && derefs.size === 1 ? { users, derefs: [...derefs][0]! } : undefined;
}

/** Whether each user's rank, inner extents and element type are the object's. */
function fits(levels: readonly (bigint | undefined)[], type: string, users: ArrayDecision[]) {
  return users.every(
    (d) =>
      d.array.extents.length === levels.length &&
      d.array.extents
        .slice(1)
        .every((e, k) => e.value !== undefined && e.value === levels[k + 1]) &&
      normalizedType(d.array.elementType) === type,
  );
}

/** The buffer's own conditions (see the module comment), or undefined. */
function candidate(
  model: ProgramModel,
  caller: string,
  name: string,
  inPlace: ReadonlyMap<string, ArrayDecision>,
): Candidate | undefined {
  const buffer = model.calls?.functions
    .find((f) => f.name === caller)
    ?.buffers.find((b) => b.name === name);
  if (!buffer || !buffer.shape) return undefined;
  const reached = usersOf(model, buffer, inPlace);
  if (!reached) return undefined;
  const { users, derefs } = reached;
  if (buffer.origin === 'array') {
    const fn = model.functions.find((f) => f.name === caller);
    const arrays = fn?.arrays.filter((a) => a.name === name && a.storage === 'local') ?? [];
    const a = arrays[0];
    if (!fn || !a || arrays.length !== 1 || derefs !== 0) return undefined;
    if (a.isVla || a.isVolatile || a.hasInitializer || a.delinearized) return undefined;
    if (!a.reasons.every((r) => r.kind === 'escapes')) return undefined;
    const levels = a.extents.map((e) => e.value);
    if (levels.some((v) => v === undefined)) return undefined;
    if (!fits(levels, normalizedType(a.elementType), users)) return undefined;
    return { caller, buffer, array: a, fn, levels, derefs, users };
  }
  if (buffer.origin !== 'heap' || !buffer.heap || derefs > 1) return undefined;
  const pointee = buffer.shape.levels.slice(1).filter((l): l is bigint => typeof l === 'bigint');
  if (pointee.length !== buffer.shape.levels.length - 1) return undefined;
  // `*p`: the object is the pointee; `p`: a block of rows of the pointee.
  const levels = derefs === 1 ? pointee : [undefined, ...pointee];
  if (!fits(levels, buffer.shape.elementType, users)) return undefined;
  return { caller, buffer, levels, derefs, users };
}

function shapeOf(c: Candidate, used: ReadonlyMap<ArrayDecision, bigint[]>): bigint[] {
  return c.levels.map((extent, dim) => {
    const need = c.users.reduce((m, d) => {
      const n = used.get(d)![dim]!;
      return n > m ? n : m;
    }, 1n);
    return extent !== undefined && extent < need ? extent : need;
  });
}

/** The decisions whose callers' buffers may shrink, with the slots each uses. */
function shrinkable(model: ProgramModel, decisions: readonly ArrayDecision[]) {
  const used = new Map<ArrayDecision, bigint[]>();
  for (const d of decisions) {
    // A result that holds for some argument values keeps the original body for the others,
    // which uses every cell of the buffer (contraction.ts): its callers' buffers stay.
    const fixed = Object.keys(d.assumes).some((k) =>
      d.fn.parameters.some((p) => p.name === k && p.source !== 'define' && p.source !== 'enum'),
    );
    const slots = !fixed && d.placement === 'in-place' && d.callSites ? slotsUsed(d) : undefined;
    const fc = model.calls?.functions.find((f) => f.name === d.fn.name);
    // Retyping changes what `sizeof t[0]` or `typeof(t)` says inside the function.
    const measured = fc?.parameterUses
      .find((p) => p.name === d.array.name)
      ?.uses.some((u) => u.typeUsed);
    if (slots && fc && fc.prototypes.length === 0 && !measured) used.set(d, slots);
  }
  return used;
}

export function shrinkCallerStorage(
  model: ProgramModel,
  decisions: readonly ArrayDecision[],
): StoragePlan {
  const used = shrinkable(model, decisions);
  const inPlace = new Map([...used.keys()].map((d) => [key(d.fn.name, d.array.name), d]));
  const candidates = new Map<string, Candidate>();
  for (const d of used.keys())
    for (const s of d.callSites!) {
      const c = candidate(model, s.caller, s.buffer, inPlace);
      if (c) candidates.set(key(s.caller, s.buffer), c);
    }
  // To a fixpoint: a parameter keeps its type unless all its callers' buffers shrink alike,
  // and a buffer shrinks only when all its users are retyped.
  const retyped = new Map<ArrayDecision, bigint[]>();
  for (let changed = true; changed;) {
    changed = false;
    retyped.clear();
    for (const d of used.keys()) {
      const shapes = d.callSites!.map((s) => candidates.get(key(s.caller, s.buffer)));
      const first = shapes[0] && shapeOf(shapes[0], used);
      const alike =
        first !== undefined &&
        shapes.every((c) => c && shapeOf(c, used).every((v, k) => v === first[k]));
      if (alike) retyped.set(d, first);
      else
        for (const s of d.callSites!)
          changed = candidates.delete(key(s.caller, s.buffer)) || changed;
    }
    for (const [k, c] of candidates)
      if (c.users.some((d) => !retyped.has(d))) changed = candidates.delete(k) || changed;
  }
  const buffers = [...candidates.values()].flatMap((c) => shrinkOf(c, shapeOf(c, used)));
  const parameters = new Map<ArrayDecision, readonly string[]>();
  for (const [d, extents] of retyped)
    if (buffers.some((b) => b.carriesFor.includes(`${d.fn.name}:${d.array.name}`)))
      parameters.set(d, textsFor(d.array, extents));
  return { buffers, parameters };
}

const product = (xs: readonly bigint[]) => xs.reduce((a, b) => a * b, 1n);

/** The shrink of one candidate to `extents`, or none (no change, or not spelled here). */
function shrinkOf(c: Candidate, extents: bigint[]): BufferShrink[] {
  const carriesFor = [...new Set(c.users.map((d) => `${d.fn.name}:${d.array.name}`))];
  const after = product(extents);
  if (c.array) {
    if (extents.every((v, k) => v === c.levels[k])) return [];
    return [
      {
        caller: c.caller,
        name: c.buffer.name,
        elementType: c.array.elementType,
        array: c.array,
        loc: c.array.loc,
        before: product(c.levels as bigint[]),
        after,
        extents,
        texts: textsFor(c.array, extents),
        carriesFor,
        edits: [],
      },
    ];
  }
  const edits = heapEdits(c, extents);
  const declaration = c.buffer.uses.find((u) => u.kind === 'inert' || u.kind === 'alloc');
  const before = heapCells(c.buffer);
  if (!edits || !declaration || (before !== undefined && before <= after)) return [];
  return [
    {
      caller: c.caller,
      name: c.buffer.name,
      elementType: c.buffer.shape!.elementType,
      loc: declaration.loc,
      ...(before !== undefined ? { before } : {}),
      after,
      extents,
      texts: extents.map((v) => `${v}`),
      carriesFor,
      edits,
    },
  ];
}

/** The cells of a heap buffer's smallest allocation, when all are constants. */
function heapCells(b: CallerBuffer): bigint | undefined {
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
function heapEdits(c: Candidate, extents: bigint[]): TextEdit[] | undefined {
  const heap = c.buffer.heap!;
  const shape = c.buffer.shape!;
  // The pointee's levels: the whole object for `*p`, the row for `p`.
  const pointee = c.derefs === 1 ? extents : extents.slice(1);
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
    if (a.castExtents) {
      const cast = levelEdits(a.castExtents);
      if (!cast) return undefined;
      out.push(...cast);
    }
    const [first, second] = a.sizeArguments.map((s) => (s.frame ? undefined : s.range));
    if (a.allocator === 'malloc' && first && a.sizeArguments.length === 1)
      out.push({ range: first, text: bytes });
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
function textsFor(array: ArrayInfo, extents: readonly bigint[]): string[] {
  return extents.map((v, k) => {
    const e = array.extents[k];
    return e && e.value === v && e.text.trim() !== '' ? e.text.trim() : `${v}`;
  });
}
