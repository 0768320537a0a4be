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
 * - or a pointer set only from `malloc`, `calloc`, `polybench_alloc_data` or `alloca`
 *   (`__builtin_alloca`; stack memory released when the caller returns), passed as `p` or
 *   as `*p` (the same way at every call): the sizes of its pointer's array levels, of each
 *   allocation's cast and of each allocation's size arguments are rewritten, where all of
 *   them are the file's own text.
 * A parameter that only passes its buffer on, as is, to such parameters (or to others of its
 * kind: `run(double t[N][N]) { k(t); }`) counts like them: the buffers passed to it reach
 * theirs, and it is retyped with them (a buffer allocated in `main` and passed down two levels).
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
import { normalizedType, STACK_ALLOCATORS, type CallerBuffer } from '../../model/calls.js';
import type { ArrayDecision } from '../decision.js';
import { sameRunTimeExtent } from './runTimeExtents.js';
import { passingOnAcross, type PassingOn } from './passedOnAcross.js';
import { storageOffers } from './storageOffers.js';
import {
  heapCells,
  heapEdits,
  product,
  slotsUsed,
  prototypeEdits,
  prototypesRetypable,
  textsFor,
  type Slots,
  type TextEdit,
} from './bufferText.js';
import type {
  CrossFileStorage,
  ForeignParameter,
  ProgramView,
  StorageOffer,
} from '../../model/program.js';

/** A caller's buffer with smaller extents. */
export interface BufferShrink {
  readonly caller: string;
  readonly name: string;
  readonly elementType: string;
  /** `sizeof` an element in the caller's data model; absent when not known. */
  readonly elementBytes?: number;
  /** The caller's local array; absent for a heap buffer. */
  readonly array?: ArrayInfo;
  /** Where the buffer is declared (a heap buffer's report entry is placed there). */
  readonly loc: SourceLoc;
  /** Its cells before and after (undefined: known only at run time). */
  readonly before?: bigint;
  readonly after?: bigint;
  /**
   * The new extents of the object its parameters see (undefined: a run-time extent that
   * stays), and their C text.
   */
  readonly extents: Slots;
  readonly texts: readonly string[];
  /** The parameters it carries values for, as `function:parameter`. */
  readonly carriesFor: readonly string[];
  /** A heap buffer's edits: sizes of its pointer type, casts and allocations. */
  readonly edits: readonly TextEdit[];
  /** Allocated with `alloca` only: the caller's stack. */
  readonly stack?: true;
}

/** A parameter that only passes its buffer on to parameters folded in place. */
interface Forwarder {
  readonly fn: string;
  readonly array: ArrayInfo;
  /** Its function's body (the owner check declares its shadows there). */
  readonly body?: ByteRange;
}

export interface StoragePlan {
  readonly buffers: readonly BufferShrink[];
  /** The extents (C text) each retyped parameter's declarator takes. */
  readonly parameters: ReadonlyMap<ArrayDecision, readonly string[]>;
  /** The retyped parameters' sizes in their functions' prototypes. */
  readonly prototypes: readonly TextEdit[];
  /** The parameters that pass the buffers on, retyped with them. */
  readonly forwarders: readonly (Forwarder & {
    readonly extents: Slots;
    readonly texts: readonly string[];
  })[];
  /** Parameters whose callers are all in other files of the set: what they offer them. */
  readonly offers?: readonly StorageOffer[];
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
  /** The parameters on the way to them that pass the buffer on, by `function:parameter`. */
  readonly forwarders: ReadonlyMap<string, Forwarder>;
}

interface Reach {
  readonly users: ArrayDecision[];
  readonly forwarders: Map<string, Forwarder>;
}

const key = (fn: string, name: string) => `${fn}:${name}`;

/**
 * What a buffer passed as argument `argIndex` of `callee` reaches: a parameter folded in
 * place, or one that only passes it on as is (no other use, not measured, no prototype) to
 * parameters that reach such ones.
 */
function reach(
  model: ProgramModel,
  callee: string,
  argIndex: number,
  inPlace: ReadonlyMap<string, ArrayDecision>,
  visiting: ReadonlySet<string> = new Set(),
): Reach | undefined {
  const fc = model.calls?.functions.find((f) => f.name === callee);
  const name = fc?.parameterNames[argIndex];
  if (!fc || !name) return undefined;
  const k = key(callee, name);
  const d = inPlace.get(k);
  if (d) return { users: [d], forwarders: new Map() };
  const fn = model.functions.find((f) => f.name === callee);
  const array = fn?.arrays.find((a) => a.name === name && a.storage === 'parameter');
  const p = fc.parameterUses.find((x) => x.name === name);
  if (visiting.has(k) || !array || !p?.known || !prototypesRetypable(fc, name)) return undefined;
  const out: Reach = {
    users: [],
    forwarders: new Map([
      [k, { fn: callee, array, ...(fn?.bodyRange ? { body: fn.bodyRange } : {}) }],
    ]),
  };
  for (const u of p.uses) {
    if (u.kind === 'inert' && !u.typeUsed) continue;
    if (u.kind !== 'call-arg' || u.callee === undefined || u.argIndex === undefined) return;
    if ((u.derefs ?? 0) !== 0) return undefined;
    const r = reach(model, u.callee, u.argIndex, inPlace, new Set([...visiting, k]));
    if (!r) return undefined;
    out.users.push(...r.users);
    for (const [fk, f] of r.forwarders) out.forwarders.set(fk, f);
  }
  return out.users.length > 0 ? out : undefined;
}

/** The parameters folded in place that every call-argument use of the buffer reaches. */
function usersOf(
  model: ProgramModel,
  buffer: CallerBuffer,
  inPlace: ReadonlyMap<string, ArrayDecision>,
): (Reach & { derefs: number }) | undefined {
  const out: Reach = { users: [], forwarders: new Map() };
  const derefs = new Set<number>();
  for (const u of buffer.uses) {
    if (u.kind === 'inert' && !u.typeUsed) continue;
    if (buffer.origin === 'heap' && (u.kind === 'alloc' || u.kind === 'free')) continue;
    if (u.kind !== 'call-arg' || u.callee === undefined || u.argIndex === undefined) return;
    const r = reach(model, u.callee, u.argIndex, inPlace);
    if (!r) return undefined;
    out.users.push(...r.users);
    for (const [fk, f] of r.forwarders) out.forwarders.set(fk, f);
    derefs.add(u.derefs ?? 0);
  }
  return out.users.length > 0 && derefs.size === 1
    ? { ...out, derefs: [...derefs][0]! }
    : undefined;
}

/**
 * Whether each parameter's (folded in place, or passing the buffer on) rank, inner extents
 * and element type are the object's (an extent known only at run time: one of the
 * parameter's too, compared at each call by sameAtEveryCall).
 */
function fits(levels: readonly (bigint | undefined)[], type: string, params: ArrayInfo[]) {
  return params.every(
    (a) =>
      a.extents.length === levels.length &&
      a.extents.slice(1).every((e, k) => e.value === levels[k + 1]) &&
      normalizedType(a.elementType) === type,
  );
}

/**
 * A variable-length array passed straight to parameters folded in place: at every call,
 * each inner extent known only at run time is the parameter's (runTimeExtents.ts).
 */
function sameAtEveryCall(
  model: ProgramModel,
  fn: FunctionModel,
  a: ArrayInfo,
  buffer: CallerBuffer,
  users: readonly ArrayDecision[],
  forwarders: ReadonlyMap<string, Forwarder>,
): boolean {
  if (forwarders.size > 0) return false;
  const fc = model.calls?.functions.find((f) => f.name === fn.name);
  for (const u of buffer.uses) {
    if (u.kind !== 'call-arg') continue;
    const call = fc?.calls.find((c) => c.start === u.call?.start && c.callee === u.callee);
    const names = model.calls?.functions.find((f) => f.name === u.callee)?.parameterNames;
    const d = users.find((x) => x.fn.name === u.callee && x.array.name === names?.[u.argIndex!]);
    if (!call || !names || !d) return false;
    for (const [k, e] of a.extents.entries())
      if (k > 0 && e.value === undefined)
        if (!sameRunTimeExtent(fn, e, d.fn, d.array.extents[k]!, names, call)) return false;
  }
  return true;
}

/** The arrays of a candidate's parameters, for `fits`. */
const paramsOf = (r: Reach) => [
  ...r.users.map((d) => d.array),
  ...[...r.forwarders.values()].map((f) => f.array),
];

/** The caller's local array `name` when it may be declared smaller (its own conditions). */
function localArray(fn: FunctionModel | undefined, name: string): ArrayInfo | undefined {
  const arrays = fn?.arrays.filter((a) => a.name === name && a.storage === 'local') ?? [];
  const a = arrays[0];
  if (!a || arrays.length !== 1) return undefined;
  if (a.isVolatile || a.hasInitializer || a.delinearized) return undefined;
  return a.reasons.every((r) => r.kind === 'escapes') ? a : undefined;
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
  const { users, derefs, forwarders } = reached;
  const params = paramsOf(reached);
  if (buffer.origin === 'array') {
    const fn = model.functions.find((f) => f.name === caller);
    const a = localArray(fn, name);
    if (!fn || !a || derefs !== 0) return undefined;
    const levels = a.extents.map((e) => e.value);
    if (!fits(levels, normalizedType(a.elementType), params)) return undefined;
    const runTime = levels.some((v) => v === undefined);
    if (runTime && !sameAtEveryCall(model, fn, a, buffer, users, forwarders)) return undefined;
    return { caller, buffer, array: a, fn, levels, derefs, users, forwarders };
  }
  if (buffer.origin !== 'heap' || !buffer.heap || derefs > 1) return undefined;
  const pointee = buffer.shape.levels.slice(1).filter((l): l is bigint => typeof l === 'bigint');
  if (pointee.length !== buffer.shape.levels.length - 1) return undefined;
  // `*p`: the object is the pointee; `p`: a block of rows of the pointee.
  const levels = derefs === 1 ? pointee : [undefined, ...pointee];
  if (!fits(levels, buffer.shape.elementType, params)) return undefined;
  return { caller, buffer, levels, derefs, users, forwarders };
}

function shapeOf(c: Candidate, used: ReadonlyMap<ArrayDecision, Slots>): Slots {
  return c.levels.map((extent, dim) => {
    let need: bigint | undefined = 1n;
    for (const d of c.users) {
      const n = used.get(d)![dim];
      need = n === undefined || need === undefined ? undefined : n > need ? n : need;
    }
    // A run-time extent given a constant number of slots takes it, even where the extent
    // is smaller at run time: the slots stay inside the object either way.
    if (need === undefined) return extent;
    return extent !== undefined && extent < need ? extent : need;
  });
}

/** The decisions whose callers' buffers may shrink, with the slots each uses. */
function shrinkable(model: ProgramModel, decisions: readonly ArrayDecision[]) {
  const used = new Map<ArrayDecision, Slots>();
  for (const d of decisions) {
    const slots = slotsOf(model, d);
    const fc = slots && model.calls?.functions.find((f) => f.name === d.fn.name);
    if (slots && fc && prototypesRetypable(fc, d.array.name)) used.set(d, slots);
  }
  return used;
}

/**
 * The slots a decision uses in its callers' buffers, when they may shrink to them: folded
 * in place, for every argument value, its type not measured inside the function.
 */
function slotsOf(model: ProgramModel, d: ArrayDecision): Slots | undefined {
  // A result that holds for some argument values keeps the original body for the others,
  // which uses every cell of the buffer (contraction.ts): its callers' buffers stay. Not
  // for the values every call passes (callSiteValues.ts): there are no others.
  const fixed = Object.keys(d.assumes).some((k) =>
    d.fn.parameters.some(
      (p) => p.name === k && !['define', 'enum', 'call-sites'].includes(p.source),
    ),
  );
  const slots = !fixed && d.placement === 'in-place' && d.callSites ? slotsUsed(d) : undefined;
  // (Only then is its function looked for: a search per decision was quadratic.)
  if (!slots) return undefined;
  const fc = model.calls?.functions.find((f) => f.name === d.fn.name);
  // Retyping changes what `sizeof t[0]` or `typeof(t)` says inside the function.
  const measured = fc?.parameterUses
    .find((p) => p.name === d.array.name)
    ?.uses.some((u) => u.typeUsed);
  return fc && !measured ? slots : undefined;
}

export function shrinkCallerStorage(
  model: ProgramModel,
  decisions: readonly ArrayDecision[],
  program?: ProgramView,
): StoragePlan {
  const across = acrossFiles(model, decisions, program);
  // Parameters whose callers are in other files: the set decides them (crossFilePlan.ts).
  // (a struct member's storage is the set's too: never this file's own plan)
  const used = shrinkable(
    model,
    decisions.filter(
      (d) => !across.offers.some((o) => o.decision === d) && !d.callSites?.some((s) => s.member),
    ),
  );
  const inPlace = new Map([...used.keys()].map((d) => [key(d.fn.name, d.array.name), d]));
  const candidates = new Map<string, Candidate>();
  for (const d of used.keys())
    for (const s of d.callSites!) {
      const c = candidate(model, s.caller, s.buffer, inPlace);
      if (c) candidates.set(key(s.caller, s.buffer), c);
    }
  // To a fixpoint: a parameter keeps its type unless all its callers' buffers shrink alike,
  // and a buffer shrinks only when all its users are retyped.
  const retyped = new Map<ArrayDecision, Slots>();
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
    // A parameter passing buffers on has one type: all of them shrink alike (they reach the
    // same parameters folded in place, so this holds once those are retyped).
    for (const [k, c] of candidates) {
      const shape = shapeOf(c, used);
      const unlike = [...candidates.values()].some(
        (o) =>
          [...o.forwarders.keys()].some((f) => c.forwarders.has(f)) &&
          shapeOf(o, used).some((v, j) => v !== shape[j]),
      );
      if (unlike) changed = candidates.delete(k) || changed;
    }
  }
  const buffers = [
    ...[...candidates.values()].flatMap((c) => shrinkOf(c, shapeOf(c, used))),
    ...across.buffers,
  ];
  const parameters = new Map<ArrayDecision, readonly string[]>();
  for (const [d, extents] of retyped)
    if (buffers.some((b) => b.carriesFor.includes(`${d.fn.name}:${d.array.name}`)))
      parameters.set(d, textsFor(d.array, extents));
  const forwarders = [...forwardersOf(candidates, buffers, used), ...across.forwarders];
  const prototypes = [
    ...[...parameters].flatMap(([d, texts]) => prototypeEdits(model, d.fn.name, d.array, texts)),
    ...forwardersOf(candidates, buffers, used).flatMap((f) =>
      prototypeEdits(model, f.fn, f.array, f.texts),
    ),
    ...across.prototypes,
  ];
  for (const [d, texts] of across.parameters) parameters.set(d, texts);
  const offers = across.offers.map((o) => o.offer);
  return { buffers, parameters, forwarders, prototypes, ...(offers.length ? { offers } : {}) };
}

/** The set's part of the plan (issue 27, item 2): see acrossFiles. */
interface AcrossFiles {
  readonly offers: readonly { readonly decision: ArrayDecision; readonly offer: StorageOffer }[];
  /** Own parameters retyped because their callers' buffers in other files shrink. */
  readonly parameters: ReadonlyMap<ArrayDecision, readonly string[]>;
  /** Own buffers that shrink for parameters of other files. */
  readonly buffers: readonly BufferShrink[];
  readonly prototypes: readonly TextEdit[];
  /** Own parameters retyped because they only pass those buffers on. */
  readonly forwarders: readonly PassingOn[];
}

const bigOrUndefined = (x: string | null) => (x === null ? undefined : BigInt(x));

/**
 * Across the files of a set: the parameters of this file folded in place whose call sites
 * are all in other files (offered to the set, which decides whether their buffers shrink:
 * crossFilePlan.ts), and what the set agreed for this file (`program.storage`): its
 * parameters retyped, its buffers shrunk for parameters of other files (checked here again
 * against this file's own reading), the prototypes it spells.
 */
function acrossFiles(
  model: ProgramModel,
  decisions: readonly ArrayDecision[],
  program: ProgramView | undefined,
): AcrossFiles {
  const none: AcrossFiles = {
    offers: [],
    parameters: new Map(),
    buffers: [],
    prototypes: [],
    forwarders: [],
  };
  if (!program) return none;
  const offers = storageOffers(model, decisions, program, (d) => slotsOf(model, d));
  const agreed = program.storage;
  if (!agreed) return { ...none, offers };
  const parameters = new Map<ArrayDecision, readonly string[]>();
  for (const p of agreed.parameters) {
    const o = offers.find((x) => x.offer.fn === p.fn && x.offer.param === p.param);
    const extents = p.extents.map(bigOrUndefined);
    const slots = o && slotsOf(model, o.decision);
    // The slots it uses stay inside the extents agreed (the set took the largest need).
    const inside = slots?.every((v, k) => {
      const e = extents[k];
      return e === undefined ? v === undefined : v !== undefined && v <= e;
    });
    if (o && inside && extents.length === slots!.length)
      parameters.set(o.decision, textsFor(o.decision.array, extents));
  }
  const retyped = new Set([
    ...[...parameters.keys()].map((d) => key(d.fn.name, d.array.name)),
    ...agreed.forwarders.map((f) => key(f.fn, f.param)),
  ]);
  return {
    offers,
    parameters,
    forwarders: passingOnAcross(model, agreed.forwarders, retyped),
    buffers: agreed.buffers.flatMap((b) => foreignShrink(model, b, retyped) ?? []),
    prototypes: agreed.prototypes.map((e) => ({
      range: { start: e.start, end: e.end },
      text: e.text,
    })),
  };
}

/**
 * A buffer of this file the set agreed to shrink for parameters of other files (or of this
 * file's, retyped with the set's plan: `retyped`), when this file's reading says it may:
 * every use is inert, an allocation or `free`, or an argument for one of those parameters
 * (whose rank, inner extents and element type are the object's).
 */
function foreignShrink(
  model: ProgramModel,
  b: CrossFileStorage['buffers'][number],
  retyped: ReadonlySet<string>,
): BufferShrink | undefined {
  const buffer = model.calls?.functions
    .find((f) => f.name === b.caller && !f.file)
    ?.buffers.find((x) => x.name === b.buffer);
  if (!buffer?.shape) return undefined;
  const param = (u: CallerBuffer['uses'][number]): ForeignParameter | undefined => {
    const p = b.carriesFor.find((x) => x.fn === u.callee && x.index === u.argIndex);
    const mine = model.functions.some((f) => f.name === u.callee);
    return p && (!mine || retyped.has(key(p.fn, p.param))) ? p : undefined;
  };
  const derefs = new Set<number>();
  for (const u of buffer.uses) {
    if (u.kind === 'inert' && !u.typeUsed) continue;
    if (buffer.origin === 'heap' && (u.kind === 'alloc' || u.kind === 'free')) continue;
    if (u.kind !== 'call-arg' || !param(u)) return undefined;
    derefs.add(u.derefs ?? 0);
  }
  if (derefs.size !== 1) return undefined;
  const d = [...derefs][0]!;
  const fits = (levels: readonly (bigint | undefined)[], type: string) =>
    b.carriesFor.every(
      (p) =>
        p.levels.length === levels.length &&
        p.levels.slice(1).every((e, k) => e !== null && BigInt(e) === levels[k + 1]) &&
        p.elementType === type,
    );
  const extents = b.extents.map(bigOrUndefined);
  const carriesFor = b.carriesFor.map((p) => `${p.fn}:${p.param}`);
  const base = { caller: b.caller, buffer, derefs: d, users: [], forwarders: new Map() };
  let c: Candidate | undefined;
  if (buffer.origin === 'array') {
    const fn = model.functions.find((f) => f.name === b.caller);
    const a = localArray(fn, b.buffer);
    const levels = a?.extents.map((e) => e.value) ?? [];
    // (run-time extents are shrunk only with the kernel's own reading: runTimeExtents.ts)
    if (!a || d !== 0 || levels.some((v) => v === undefined)) return undefined;
    if (!fits(levels, normalizedType(a.elementType))) return undefined;
    c = { ...base, array: a, fn, levels };
  } else if (buffer.origin === 'heap' && buffer.heap && d <= 1) {
    const pointee = buffer.shape.levels.slice(1).filter((l): l is bigint => typeof l === 'bigint');
    if (pointee.length !== buffer.shape.levels.length - 1) return undefined;
    const levels = d === 1 ? pointee : [undefined, ...pointee];
    if (!fits(levels, buffer.shape.elementType)) return undefined;
    c = { ...base, levels };
  }
  if (!c || extents.length !== c.levels.length) return undefined;
  // Each extent agreed stays inside the object (the set capped the needs at its extents).
  if (extents.some((e, k) => e === undefined || (c.levels[k] !== undefined && e > c.levels[k]!)))
    return undefined;
  const [shrink] = shrinkOf(c, extents);
  return shrink && { ...shrink, carriesFor };
}

/** The parameters passing on buffers that shrink, with the extents they take. */
function forwardersOf(
  candidates: ReadonlyMap<string, Candidate>,
  buffers: readonly BufferShrink[],
  used: ReadonlyMap<ArrayDecision, Slots>,
): StoragePlan['forwarders'] {
  const out = new Map<string, StoragePlan['forwarders'][number]>();
  for (const c of candidates.values()) {
    if (!buffers.some((b) => b.caller === c.caller && b.name === c.buffer.name)) continue;
    const extents = shapeOf(c, used);
    for (const [k, f] of c.forwarders)
      out.set(k, { ...f, extents, texts: textsFor(f.array, extents) });
  }
  return [...out.values()];
}

/** The shrink of one candidate to `extents`, or none (no change, or not spelled here). */
function shrinkOf(c: Candidate, extents: Slots): BufferShrink[] {
  const carriesFor = [...new Set(c.users.map((d) => `${d.fn.name}:${d.array.name}`))];
  const after = product(extents);
  if (c.array) {
    if (extents.every((v, k) => v === c.levels[k])) return [];
    return [
      {
        caller: c.caller,
        name: c.buffer.name,
        elementType: c.array.elementType,
        ...(c.array.elementBytes !== undefined ? { elementBytes: c.array.elementBytes } : {}),
        array: c.array,
        loc: c.array.loc,
        ...(product(c.levels) !== undefined ? { before: product(c.levels) } : {}),
        ...(after !== undefined ? { after } : {}),
        extents,
        texts: textsFor(c.array, extents),
        carriesFor,
        edits: [],
      },
    ];
  }
  // (a heap buffer's extents are all constants: run-time ones stay, folded in place)
  const edits = after !== undefined ? heapEdits(c.buffer, c.derefs, extents) : undefined;
  const declaration = c.buffer.uses.find((u) => u.kind === 'inert' || u.kind === 'alloc');
  const before = heapCells(c.buffer);
  if (!edits || after === undefined || !declaration || (before !== undefined && before <= after))
    return [];
  return [
    {
      caller: c.caller,
      name: c.buffer.name,
      elementType: c.buffer.shape!.elementType,
      ...(c.buffer.shape!.elementBytes !== undefined
        ? { elementBytes: Number(c.buffer.shape!.elementBytes) }
        : {}),
      loc: declaration.loc,
      ...(before !== undefined ? { before } : {}),
      after,
      extents,
      texts: extents.map((v) => `${v}`),
      carriesFor,
      edits,
      ...(c.buffer.heap!.allocations.every((a) => STACK_ALLOCATORS.includes(a.allocator))
        ? { stack: true as const }
        : {}),
    },
  ];
}
