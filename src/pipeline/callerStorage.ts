/**
 * Shrinking the storage where it lives (issue 26): a parameter folded in place
 * (placement.ts) uses only the slots `x_d mod b_d` of its callers' buffers, so a caller's
 * local array that carries nothing else can be declared with those extents, and the
 * parameter retyped to match (`double tmp[N][N]` -> `double tmp[N][2]` in both places).
 *
 * A caller's buffer shrinks when it is a local array of constant extents without
 * initializer, declared where the rewriter may edit it, and every use of it is its
 * declaration, a comparison, or an argument (as is, no `*`, no cast) for a parameter folded in
 * place whose rank, inner extents and element type are the buffer's (a `sizeof` or `typeof`
 * would change meaning; an access or any other callee needs the cells). It takes, per
 * dimension, the largest number of slots any of those parameters uses. A parameter is
 * retyped when every call passes such a buffer and all of them shrink to the same extents
 * (its type is one for all callers) and its function has no prototype; otherwise none of its
 * callers' buffers shrinks, which may in turn keep other parameters as they are: decided to
 * a fixpoint.
 */
import type { ArrayInfo, FunctionModel, ProgramModel } from '../model/types.js';
import type { CallerBuffer } from '../model/calls.js';
import type { ArrayDecision } from './decision.js';
import { copiedDimension } from '../rewrite/index.js';
import { jsonInt, type ArrayReport } from './report.js';
import { elementBytes } from './elementBytes.js';

/** A caller's local array with smaller extents. */
export interface BufferShrink {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly extents: readonly bigint[];
  /** The C text of each new extent (the declared text where the extent stays). */
  readonly texts: readonly string[];
  /** The parameters it carries values for, as `function:parameter`. */
  readonly carriesFor: readonly string[];
}

export interface StoragePlan {
  readonly buffers: readonly BufferShrink[];
  /** The extents (C text) each retyped parameter's declarator takes. */
  readonly parameters: ReadonlyMap<ArrayDecision, readonly string[]>;
}

/** Slots the parameter uses per dimension (1 where no row copies it), if all are constants. */
function slotsUsed(d: ArrayDecision): bigint[] | undefined {
  if (d.symbolicModuli) return undefined;
  const rank = d.array.extents.length;
  const used = Array.from({ length: rank }, () => 1n);
  for (const [r, row] of d.mapping.M.entries()) {
    const dim = copiedDimension(row);
    if (dim === undefined) return undefined;
    used[dim] = d.mapping.b[r]!;
  }
  return used;
}

interface Candidate {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly levels: readonly bigint[];
  readonly users: ArrayDecision[];
}

const key = (fn: string, name: string) => `${fn}:${name}`;

/** The buffer's own conditions (see the module comment); its users, or why not. */
function candidate(
  model: ProgramModel,
  caller: string,
  name: string,
  inPlace: ReadonlyMap<string, ArrayDecision>,
): Candidate | undefined {
  const fn = model.functions.find((f) => f.name === caller);
  const buffer: CallerBuffer | undefined = model.calls?.functions
    .find((f) => f.name === caller)
    ?.buffers.find((b) => b.name === name);
  const array = fn?.arrays.filter((a) => a.name === name && a.storage === 'local');
  if (!fn || !buffer || buffer.origin !== 'array' || array?.length !== 1) return undefined;
  const a = array[0]!;
  if (a.isVla || a.isVolatile || a.hasInitializer || a.delinearized) return undefined;
  if (!a.reasons.every((r) => r.kind === 'escapes')) return undefined;
  const levels = a.extents.map((e) => e.value);
  if (levels.some((v) => v === undefined)) return undefined;
  const users: ArrayDecision[] = [];
  for (const u of buffer.uses) {
    if (u.kind === 'inert' && !u.typeUsed) continue;
    if (u.kind !== 'call-arg' || u.derefs !== 0 || u.callee === undefined) return undefined;
    const params = model.calls?.functions.find((f) => f.name === u.callee)?.parameterNames;
    const d = inPlace.get(key(u.callee, params?.[u.argIndex ?? -1] ?? ''));
    if (!d) return undefined;
    const inner = d.array.extents.slice(1).map((e) => e.value);
    if (
      d.array.extents.length !== levels.length ||
      inner.some((v, k) => v !== levels[k + 1]) ||
      d.array.elementType.replace(/\bconst\b/g, '').trim() !==
        a.elementType.replace(/\bconst\b/g, '').trim()
    )
      return undefined;
    users.push(d);
  }
  return users.length > 0 ? { fn, array: a, levels: levels as bigint[], users } : undefined;
}

function shapeOf(c: Candidate, used: ReadonlyMap<ArrayDecision, bigint[]>): bigint[] {
  return c.levels.map((extent, dim) => {
    const need = c.users.reduce((m, d) => {
      const n = used.get(d)![dim]!;
      return n > m ? n : m;
    }, 1n);
    return need < extent ? need : extent;
  });
}

export function shrinkCallerStorage(
  model: ProgramModel,
  decisions: readonly ArrayDecision[],
): StoragePlan {
  const used = new Map<ArrayDecision, bigint[]>();
  for (const d of decisions) {
    // A result that holds for some argument values keeps the original body for the others,
    // which uses every cell of the buffer (contraction.ts): its callers' buffers stay.
    if (
      Object.keys(d.assumes).some((k) =>
        d.fn.parameters.some((p) => p.name === k && p.source !== 'define' && p.source !== 'enum'),
      )
    )
      continue;
    const slots = d.placement === 'in-place' && d.callSites ? slotsUsed(d) : undefined;
    const fc = model.calls?.functions.find((f) => f.name === d.fn.name);
    if (slots && fc && fc.prototypes.length === 0) used.set(d, slots);
  }
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
      if (c.users.some((d) => !used.has(d) || !retyped.has(d)))
        changed = candidates.delete(k) || changed;
  }
  const buffers: BufferShrink[] = [];
  for (const c of candidates.values()) {
    const extents = shapeOf(c, used);
    if (extents.every((v, k) => v === c.levels[k])) continue;
    buffers.push({
      fn: c.fn,
      array: c.array,
      extents,
      texts: textsFor(c.array, extents),
      carriesFor: [...new Set(c.users.map((d) => `${d.fn.name}:${d.array.name}`))],
    });
  }
  const parameters = new Map<ArrayDecision, readonly string[]>();
  for (const [d, extents] of retyped)
    if (buffers.some((b) => b.carriesFor.includes(`${d.fn.name}:${d.array.name}`)))
      parameters.set(d, textsFor(d.array, extents));
  return { buffers, parameters };
}

/** The declared text where an extent stays, the number where it changes. */
function textsFor(array: ArrayInfo, extents: readonly bigint[]): string[] {
  return extents.map((v, k) => {
    const e = array.extents[k];
    return e && e.value === v && e.text.trim() !== '' ? e.text.trim() : `${v}`;
  });
}

/** A shrunk buffer's report: contracted to its new extents, with what it still carries. */
export function reportShrink(r: ArrayReport, b: BufferShrink): void {
  const cells = b.extents.reduce((x, y) => x * y, 1n);
  r.status = 'contracted';
  delete r.reason;
  r.compressedCells = jsonInt(cells);
  // Cell x keeps its index: the mapping is the identity, each row a dimension of new extent.
  const rank = b.extents.length;
  r.mapping = {
    M: b.extents.map((_, d) => Array.from({ length: rank }, (_, k) => (k === d ? 1 : 0))),
    b: b.extents.map(jsonInt),
  };
  r.heuristic = 'caller storage';
  const bytes = elementBytes(b.array.elementType);
  if (bytes !== undefined) r.compressedBytes = jsonInt(cells * BigInt(bytes));
  r.warnings.push(
    `its storage shrinks to [${b.texts.join('][')}]: it only carries values for ${b.carriesFor.join(', ')}, folded in place, whose parameter type changes with it`,
  );
}
