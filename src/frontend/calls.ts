/**
 * Call sites, caller buffers and parameter uses, read from the syntax tree
 * (src/model/calls.ts): the input of the whole-program decision "this parameter is a
 * temporary of its function".
 *
 * Every mention of a buffer is classified by what it does with the buffer's cells or address
 * (usesOf.ts). Names are matched by spelling inside one function body; a buffer name declared
 * more than once there (shadowing) is marked `other` rather than resolved, and a mention that
 * belongs to another object of the same name only adds uses: both only ever lose candidates.
 */
import type { DataModel } from './dataModel.js';
import {
  type CallGraph,
  type CallerBuffer,
  type CallSite,
  type FunctionCalls,
  type SourceLoc,
} from '../model/calls.js';
import { type Node, type SourceText, child } from './parse.js';
import { argumentBase, classifyMention, type MentionContext } from './usesOf.js';
import { type CallerIndex, callerIndex, callersToFixpoint } from './callers.js';
import { argumentValue, callerNames } from './argumentValues.js';
import { reachedElsewhere, reachingAttributes } from './reachedElsewhere.js';
import { fileScopeObjects, pointerCallees, REPLACEABLE } from './pointerCallees.js';
import { breaksOrder, declaredReturningTwice } from './returnsTwice.js';
import { pragmaBody, pragmaNamespace } from '../model/pragmas.js';
import { heapSpelling } from './bufferSpelling.js';
import { blockPrototypes } from './blockPrototypes.js';
import {
  declaratorOf,
  declaredOrigin,
  parameterDeclarations,
  parameterNamesOf,
  parameterUses,
} from './declaredBuffers.js';

export interface CallOptions {
  /** The functions whose parameters the whole-program step may ask about (all when absent). */
  readonly relevant?: ReadonlySet<string>;
  /** Scalar typedef names of the unit (scalarTypedefNames). */
  readonly scalarTypedefs?: ReadonlySet<string>;
  /**
   * The buffers passed to every call, also of functions other units define (a file set's
   * summary, program.ts): by default only calls of the unit's own functions.
   */
  readonly everyCallee?: boolean;
  /** The node walked for a definition's calls (a compact copy of it; itself by default). */
  readonly walked?: (definition: Node) => Node;
  /** The unit's data model (`sizeof(long)` in an argument or an extent); LP64 when absent. */
  readonly dataModel?: DataModel;
}

/** What the walk of every definition of a unit shares (`callWalk`), read once. */
export interface CallWalk {
  readonly src: SourceText;
  readonly options: CallOptions;
  /** Each name's first definition: the one walked. */
  readonly byName: ReadonlyMap<string, Node>;
  /** The functions walked first (see extractCalls). */
  readonly taken: readonly string[];
  readonly passesBuffers: (callee: string) => boolean;
  readonly scalarTypedefs: ReadonlySet<string>;
  readonly addressTaken: ReadonlyMap<string, FunctionCalls['reachedElsewhere']>;
  readonly prototypes: ReadonlyMap<string, SourceLoc[]>;
  /** File-scope objects and the memory functions the unit defines (pointerCallees.ts). */
  readonly fileObjects: ReadonlySet<string>;
  /** Functions declared returns_twice (returnsTwice.ts). */
  readonly returningTwice: ReadonlySet<string>;
  /** Each definition's calls (by offset) with every buffer passed on, kept for the unit. */
  readonly read?: Map<number, DefinitionCalls>;
  /**
   * Each kept definition's record with its prototypes, kept for the unit: the files read
   * inside one host then hold the same record of another file's function (unitCalls.ts
   * moves it into a file's coordinates once per placement, issue 27).
   */
  readonly records?: WeakMap<DefinitionCalls, FunctionCalls>;
  /** The functions the walk goes on to from each kept record (`successors`). */
  readonly successors?: WeakMap<DefinitionCalls, readonly string[]>;
  /** Each kept definition's calls less the buffers a walk does not ask about, by those kept. */
  readonly passedOn?: WeakMap<DefinitionCalls, Map<string, DefinitionCalls>>;
}

/** One definition's calls as its walk reads them (the prototypes aside). */
export type DefinitionCalls = Omit<FunctionCalls, 'prototypes'>;

/**
 * A value computed once for the unit's text when several walks of one unit ask for it (the
 * files read inside one host: hostShare.ts), else made each time.
 */
export type KeptForUnit = <T>(what: string, make: () => T) => T;

export const EACH_TIME: KeptForUnit = (_, make) => make();

/** What a walk reads of the whole unit, whichever functions are relevant. */
interface UnitWide {
  /** Each name's first definition's text, in the unit's order. */
  readonly texts: ReadonlyMap<string, string>;
  readonly callers: CallerIndex;
  readonly addressTaken: ReadonlyMap<string, FunctionCalls['reachedElsewhere']>;
  readonly prototypes: ReadonlyMap<string, SourceLoc[]>;
  readonly fileObjects: ReadonlySet<string>;
  readonly returningTwice: ReadonlySet<string>;
}

function unitWide(
  src: SourceText,
  allDefinitions: readonly Node[],
  byName: ReadonlyMap<string, Node>,
): UnitWide {
  const prototypes = new Map<string, SourceLoc[]>();
  // Every function's: one whose address is taken may be called back through a pointer or
  // by a library function (qsort's comparator) while a walked one runs (staticScratch.ts).
  const definitionNames = new Set(
    allDefinitions.map((d) => {
      const { declarator } = declaratorOf(d);
      return declarator ? child(declarator, 'declarator')!.startIndex : -1;
    }),
  );
  const addressTaken = reachedElsewhere(
    src,
    allDefinitions,
    definitionNames,
    new Set(byName.keys()),
    prototypes,
  );
  blockPrototypes(src, allDefinitions, byName, prototypes);
  const texts = new Map([...byName].map(([n, d]) => [n, src.textOf(d)]));
  return {
    texts,
    callers: callerIndex(texts),
    addressTaken,
    prototypes,
    // The C library's memory functions the unit defines itself (glibc lets a program replace
    // malloc): their calls are the program's, whatever they return or keep.
    fileObjects: new Set([
      ...fileScopeObjects(allDefinitions[0]?.parent),
      ...[...byName.keys()].filter((n) => REPLACEABLE.has(n)),
    ]),
    // (Comments are read too: a word there only adds names.)
    returningTwice: declaredReturningTwice(src.text),
  };
}

/**
 * What the walk of each definition of the unit shares (see extractCalls). With `kept`, what
 * it reads of the whole unit and each definition's calls are kept for the unit's text.
 */
export function callWalk(
  src: SourceText,
  allDefinitions: readonly Node[],
  options: CallOptions = {},
  kept: KeptForUnit = EACH_TIME,
): CallWalk {
  const { relevant } = options;
  // (each definition's name, in the unit's order: read once for the unit's text, each
  // reading a few nodes of each definition)
  const readNames = () => allDefinitions.map((d) => declaratorOf(d).name);
  const known = kept('names', readNames);
  const names = known.length === allDefinitions.length ? known : readNames();
  const byName = new Map<string, Node>();
  for (const [k, d] of allDefinitions.entries()) {
    const name = names[k];
    if (name !== undefined && !byName.has(name)) byName.set(name, d);
  }
  const unit = kept('unit-wide', () => unitWide(src, allDefinitions, byName));
  // Callers to a fixpoint, by their text (cheap): a function naming a taken one may call it.
  const taken = relevant
    ? callersToFixpoint(
        unit.texts,
        [...relevant].filter((r) => byName.has(r)),
        unit.callers,
      )
    : [...byName.keys()];
  const askedAbout = relevant ?? new Set(byName.keys());
  const model = options.dataModel ? JSON.stringify(options.dataModel) : 'LP64';
  return {
    src,
    options,
    byName,
    taken,
    passesBuffers: (callee) => !!options.everyCallee || askedAbout.has(callee),
    scalarTypedefs: options.scalarTypedefs ?? new Set<string>(),
    ...unit,
    ...(kept === EACH_TIME
      ? {}
      : {
          read: kept(`definitions in ${model}`, () => new Map<number, DefinitionCalls>()),
          records: kept(`records in ${model}`, () => new WeakMap<DefinitionCalls, FunctionCalls>()),
          successors: kept(
            `successors in ${model}`,
            () => new WeakMap<DefinitionCalls, readonly string[]>(),
          ),
          passedOn: kept(
            `passed on in ${model}`,
            () => new WeakMap<DefinitionCalls, Map<string, DefinitionCalls>>(),
          ),
        }),
  };
}

/**
 * The calls of `definition` read from `walked` (the node its walk reads: a compact copy of
 * it), when the walk reads this definition (the first of its name); else undefined.
 */
export function definitionCalls(
  w: CallWalk,
  definition: Node,
  walked: Node,
): DefinitionCalls | undefined {
  const name = declaratorOf(definition).name;
  if (name === undefined || w.byName.get(name) !== definition) return undefined;
  return callsOf(w, name, () => walked);
}

/**
 * The calls of the function `name`, read from `walked()`. A walk that keeps them for the
 * unit reads each definition once with every buffer passed on (as `everyCallee` does), and
 * keeps those passed to the callees this walk asks about.
 */
function callsOf(w: CallWalk, name: string, walked: () => Node): DefinitionCalls {
  const read = (passesBuffers: (callee: string) => boolean) =>
    functionCalls(
      w.src,
      walked(),
      name,
      passesBuffers,
      w.scalarTypedefs,
      w.addressTaken.get(name) ?? [],
      w.options.dataModel,
      w.fileObjects,
      w.returningTwice,
    );
  if (!w.read) return read(w.passesBuffers);
  const at = w.byName.get(name)!.startIndex;
  let every = w.read.get(at);
  if (!every)
    try {
      w.read.set(at, (every = read(() => true)));
    } catch {
      // (a buffer this walk does not ask about may fail to read: the walk's own reading
      // decides, as without the share)
      return read(w.passesBuffers);
    }
  return passedOn(every, w.passesBuffers, w.passedOn);
}

/**
 * A definition's calls read with every buffer passed on, less the buffers passed to no
 * callee `passesBuffers` takes: what `functionCalls` reads with it (a buffer's uses are its
 * own, whichever others are read; the buffers come in the order of their first call).
 */
function passedOn(
  every: DefinitionCalls,
  passesBuffers: (callee: string) => boolean,
  kept?: WeakMap<DefinitionCalls, Map<string, DefinitionCalls>>,
): DefinitionCalls {
  // (no call passes a buffer: nothing to leave out)
  if (
    every.buffers.length === 0 &&
    every.calls.every((c) => c.buffers.every((b) => b === undefined))
  )
    return every;
  const passed = new Set<string>();
  for (const c of every.calls)
    if (passesBuffers(c.callee)) for (const b of c.buffers) if (b !== undefined) passed.add(b);
  // (the same buffers: the same record, which the files read inside one host then share,
  // issue 27)
  const key = [...passed].join(',');
  let byPassed = kept?.get(every);
  const hit = byPassed?.get(key);
  if (hit) return hit;
  const byName = new Map(every.buffers.map((b) => [b.name, b]));
  const record = { ...every, buffers: [...passed].map((b) => byName.get(b)!) };
  if (kept && !byPassed) kept.set(every, (byPassed = new Map()));
  byPassed?.set(key, record);
  return record;
}

/**
 * The call graph of a translation unit: per function definition its calls, buffers and
 * parameter uses.
 *
 * With `relevant` only part of the unit is walked (a walk over every function of a large file
 * costs seconds): the relevant functions, every function that can reach one of them (its
 * text names a function already taken, to a fixpoint: the callers, their callers, and so every
 * cycle through a relevant function, for recursion), and every function a walked one calls
 * (whether it keeps an address it gets, whether it can call back).
 *
 * `read` holds definitions' calls read already, with this walk (`definitionCalls`).
 */
export function extractCalls(
  src: SourceText,
  allDefinitions: readonly Node[],
  options: CallOptions = {},
  walk: CallWalk = callWalk(src, allDefinitions, options),
  read: ReadonlyMap<Node, DefinitionCalls> = new Map(),
): CallGraph {
  const { byName, prototypes } = walk;
  const functions = new Map<string, FunctionCalls>();
  const queue = [...walk.taken];
  for (let head = 0; head < queue.length;) {
    const name = queue[head++]!;
    if (functions.has(name)) continue;
    const fnDef = byName.get(name)!;
    const fc = read.get(fnDef) ?? callsOf(walk, name, () => options.walked?.(fnDef) ?? fnDef);
    functions.set(name, withOwnPrototypes(walk, fc, prototypes.get(name)));
    for (const callee of successors(walk, fc))
      if (byName.has(callee) && !functions.has(callee)) queue.push(callee);
  }
  return { functions: [...functions.values()] };
}

/** The functions a walk goes on to from a definition's calls, in order (kept with the walk's). */
function successors(w: CallWalk, fc: DefinitionCalls): readonly string[] {
  const hit = w.successors?.get(fc);
  if (hit) return hit;
  // Whoever receives a buffer or a parameter: does it keep the address?
  const passedTo = [
    ...fc.buffers.flatMap((b) => b.uses),
    ...fc.parameterUses.flatMap((p) => p.uses),
  ]
    .filter((u) => u.kind === 'call-arg' && u.callee !== undefined)
    .map((u) => u.callee!);
  // And every function it calls: whether a static array's function can be entered again
  // while its values are live (staticScratch.ts) follows calls forward.
  const next = [...passedTo, ...fc.calls.map((c) => c.callee)];
  w.successors?.set(fc, next);
  return next;
}

const NO_PROTOTYPES: readonly SourceLoc[] = [];

/** A definition's record with its prototypes, the one kept for the unit when there is one. */
function withOwnPrototypes(
  w: CallWalk,
  fc: DefinitionCalls,
  prototypes: readonly SourceLoc[] = NO_PROTOTYPES,
): FunctionCalls {
  const hit = w.records?.get(fc);
  if (hit) return hit;
  const record = { ...fc, prototypes };
  w.records?.set(fc, record);
  return record;
}

function functionCalls(
  src: SourceText,
  fnDef: Node,
  name: string,
  passesBuffers: (callee: string) => boolean,
  scalarTypedefs: ReadonlySet<string>,
  reached: FunctionCalls['reachedElsewhere'],
  model: DataModel | undefined,
  fileObjects: ReadonlySet<string>,
  returningTwice: ReadonlySet<string>,
): Omit<FunctionCalls, 'prototypes'> {
  const body = child(fnDef, 'body')!;
  const objects = pointerCallees(fnDef, fileObjects);
  const internal = fnDef.namedChildren.some(
    (c) => c.type === 'storage_class_specifier' && c.text === 'static',
  );
  // A nested function (GNU C) runs where it is called, not where it is written: its reads of
  // the caller's buffer may come after a call that precedes it in the text.
  // An OpenMP or OpenACC construct runs statements on several threads: a use written before
  // a call may run after it on another thread (adversary 2026-11-29).
  let unstructured =
    body.descendantsOfType('goto_statement').length > 0 ||
    body.descendantsOfType('function_definition').length > 0 ||
    body.descendantsOfType('preproc_call').some((p) => threadsPragma(p.text));
  const passed = new Set<string>();
  const calls: CallSite[] = [];
  const indirectCalls: SourceLoc[] = [];
  const paramDecls = parameterDeclarations(fnDef);
  const names = callerNames(fnDef, body, parameterNamesOf(fnDef), paramDecls, model);
  for (const n of body.descendantsOfType('call_expression')) {
    const fnNode = child(n, 'function');
    const f = fnNode?.text ?? '';
    if (breaksOrder(f, returningTwice)) unstructured = true;
    if (fnNode?.type !== 'identifier' || objects.has(f)) {
      indirectCalls.push(src.locOf(n));
      continue;
    }
    const args = child(n, 'arguments')?.namedChildren ?? [];
    const bases = args.map((a) => argumentBase(a));
    calls.push({
      callee: f,
      loc: src.locOf(n),
      start: n.startIndex,
      end: n.endIndex,
      buffers: bases.map((b) => b?.node.text),
      derefs: bases.map((b) => b?.derefs ?? 0),
      arguments: args.map((a) => a.text),
      values: args.map((a) => argumentValue(a, names, n.startIndex)),
    });
    if (passesBuffers(f)) for (const b of bases) if (b) passed.add(b.node.text);
  }
  // An `asm goto` jumps: textual order is not execution order.
  if (
    body.descendantsOfType('gnu_asm_expression').some((a) => /\bgoto\b/.test(a.text.slice(0, 40)))
  )
    unstructured = true;
  const params = parameterNamesOf(fnDef);
  const wanted = new Set([...passed, ...params.filter((p) => p !== '')]);
  const mentions = new Map<string, Node[]>();
  for (const n of body.descendantsOfType('identifier')) {
    if (!wanted.has(n.text)) continue;
    const list = mentions.get(n.text);
    if (list) list.push(n);
    else mentions.set(n.text, [n]);
  }
  const mentionsOf = (b: string) => mentions.get(b) ?? [];
  const ctx: Omit<MentionContext, 'levels'> = {
    body,
    src,
    objects,
    ...(model ? { dataModel: model } : {}),
  };
  const buffers: CallerBuffer[] = [...passed].map((b) => {
    const o = declaredOrigin(b, fnDef, mentionsOf(b), scalarTypedefs, model);
    const levels = o.shape?.levels.length ?? 0;
    const heap = o.origin === 'heap' ? heapSpelling(mentionsOf(b), model) : undefined;
    return {
      name: b,
      ...o,
      ...(heap ? { heap } : {}),
      uses: mentionsOf(b).map((n) => classifyMention(n, { ...ctx, levels })),
    };
  });
  return {
    name,
    loc: src.locOf(fnDef),
    internal,
    reachedElsewhere: [...reached, ...reachingAttributes(src, fnDef)],
    unstructured,
    // (an ERROR node hides what it covers: `double t[N] __attribute__((cleanup(show)));`)
    ...(fnDef.hasError ? { unparsed: true as const } : {}),
    parameterNames: params,
    parameterUses: parameterUses(fnDef, mentionsOf, { ...ctx, levels: 0 }, scalarTypedefs),
    integerParameters: names.parameters,
    calls,
    indirectCalls,
    buffers,
  };
}

/** An OpenMP or OpenACC pragma (`#pragma omp parallel`, `_Pragma("acc kernels")`). */
function threadsPragma(text: string): boolean {
  const body = pragmaBody(text);
  return body !== undefined && /^(omp|acc)$/.test(pragmaNamespace(body));
}
