/**
 * The translation units of a file set analysed together (issue 27, "one call graph over the
 * file set"): from the summary of every unit (src/frontend/program.ts), what one file's
 * analysis needs to see of the others (a ProgramView, plain data that goes with the file's
 * options to a worker and into its cache key):
 *   - the functions of the other units that call this file's functions, that this file's
 *     functions call, and everything they call in turn, with names resolved as the linker
 *     resolves them (a `static` function of another unit, or a name defined twice, is
 *     renamed `name@file` so that it can never be taken for this file's);
 *   - per function with external linkage defined in this file, whether every call of it is
 *     a call the set shows (the set is a closed world: it holds `main`, or the user says so;
 *     the function is defined once; no unit of the set spells its name other than as a
 *     callee, in a string or in a declaration with an attribute that makes it an entry point;
 *     no file outside the set spells it; it is not `main`, a reserved or a C library name),
 *     and if not, the reason.
 * The cross-call decision (src/lifetime/crossCall.ts) then takes the call sites of every
 * unit; a caller of another unit is judged by its own unit's reading.
 */
import path from 'node:path';
import type { FunctionCalls } from '../../model/calls.js';
import type { FileSummary } from '../../frontend/program.js';
import type { ReasonName } from '../../model/reasons.js';
import type { ExternalVerdict, ProgramView } from '../../model/program.js';

export type { ExternalVerdict, ProgramView } from '../../model/program.js';
import { libraryCall } from '../../lifetime/libraryCalls.js';
import { REPLACEABLE } from '../../frontend/pointerCallees.js';
import { nameRecord } from '../../poly/nameRecord.js';
import { ASSERT_DEPENDENCE } from '../../frontend/configurationDependence.js';
import { inSystemFolder } from '../../frontend/systemFolders.js';
import { anotherBuilds } from '../../frontend/dependentSpellings.js';
import { conditionalCode, ELSE } from './configuredElsewhere.js';
import { SetIndex } from './setIndex.js';
import { memberVerdicts, type MemberVerdict } from './structMembers.js';
import {
  memberArgumentsByCallee,
  membersPassedTo,
  type MemberArguments,
} from './memberArguments.js';
import { SetGraph, type SetFunction } from './setGraph.js';
import { passingOnSeen, passingOnTo } from './forwardingChains.js';
import { leftOutOf, narrowedView } from './narrowView.js';
import { globalVerdicts } from './closedGlobals.js';

export { overriddenFunctions, withForeign } from './viewGraph.js';

/** A unit of the set: its summary, or why it could not be read (its calls are unknown). */
export type UnitSummary =
  | { readonly file: string; readonly summary: FileSummary }
  | {
      readonly file: string;
      readonly failed: string;
      /** The `.c` files its unit includes, when they were read (unityBuild.ts refuses them). */
      readonly includedSources?: readonly string[];
    };

export interface FileSetOptions {
  /** The user says the set is the whole program (`--closed-world`). */
  readonly closedWorld?: boolean;
  /** Names spelled by files outside the set (assembly, linker scripts, other sources). */
  readonly outside?: ReadonlyMap<string, string>;
  /** Why a file the set reads (a header) is also compiled by a file outside the set. */
  readonly includedOutside?: (file: string) => string | undefined;
}

const same = (a: string, b: string) => path.resolve(a) === path.resolve(b);

/** A unit of the set defines main() with external linkage (the set is an executable). */
const definesMain = (units: readonly UnitSummary[]) =>
  units.some(
    (u) => 'summary' in u && u.summary.functions.some((f) => f.name === 'main' && !f.internal),
  );

/** Why the set may not be the whole program, or undefined when it is. */
function openWorld(units: readonly UnitSummary[], options: FileSetOptions): string | undefined {
  if (!definesMain(units) && !options.closedWorld)
    return 'the file set holds no main() and --closed-world is not given: other programs may call it';
  const failed = units.find((u): u is Extract<UnitSummary, { failed: string }> => 'failed' in u);
  return failed
    ? `${failed.file} could not be read (${failed.failed}): its calls are not known`
    : undefined;
}

/** Names the C implementation, the startup code or the C library may call by name. */
function reservedName(name: string): string | undefined {
  if (name === 'main') return 'main() is called by the startup code';
  if (/^_/.test(name)) return `'${name}' is a reserved name (the implementation may call it)`;
  if (libraryCall(name)) return `'${name}' is a C library function (the library may call it)`;
  return undefined;
}

export class FileSet {
  private readonly summaries: readonly FileSummary[];
  private readonly open: string | undefined;
  private members: Map<string, MemberVerdict> | undefined;
  /** The struct members the set's calls pass, by callee (made at the first view). */
  private memberArguments: MemberArguments | undefined;
  private readonly index: SetIndex;
  /** A memory function of the C library that a unit defines itself, if any (replacedAllocator). */
  private readonly replaced: string | undefined;
  /** The set renamed once (null: a name would mean two functions), made at the first view. */
  private graph: SetGraph | null | undefined;

  constructor(
    private readonly units: readonly UnitSummary[],
    private readonly options: FileSetOptions = {},
  ) {
    this.summaries = units.flatMap((u) => ('summary' in u ? [u.summary] : []));
    this.open = openWorld(units, options);
    this.index = new SetIndex(this.summaries);
    this.replaced = replacedAllocator(this.summaries);
  }

  /** The summary of `file`, if it was read. */
  private summaryOf(file: string): FileSummary | undefined {
    return this.index.byPath.get(path.resolve(file));
  }

  /**
   * What `file` sees of the others, or undefined when it defines no function with external
   * linkage that takes a pointer or an array (nothing of the set changes its analysis).
   */
  viewFor(file: string): ProgramView | undefined {
    const own = this.summaryOf(file);
    return own && this.viewOf(own, file);
  }

  /**
   * What `file` sees of the set when it is read inside `host`'s unit (a unity build,
   * src/cli/batch/unity.ts): the host's unit is its own, the functions its text defines are
   * the ones it may analyse.
   */
  viewThrough(host: string, file: string): ProgramView | undefined {
    const own = this.summaryOf(host);
    return own && this.viewOf(own, file);
  }

  /** The view of the functions that `text` defines in the unit `own`. */
  private viewOf(own: FileSummary, text: string): ProgramView | undefined {
    const mine = own.functions.filter((f) => same(own.definedIn[f.name] ?? '', text));
    const externals: Record<string, ExternalVerdict> = Object.create(null);
    for (const f of mine)
      if (!f.internal && f.name !== 'main' && f.parameterUses.length > 0)
        externals[f.name] = this.external(own, f);
    const replaced = this.replaced;
    const ownPath = this.index.path.get(own)!;
    const includedBy = (this.index.includers.get(ownPath) ?? [])
      .filter((s) => this.index.path.get(s) !== ownPath)
      .map((s) => s.file);
    const globals = same(own.file, text) ? this.globalsOf(own) : undefined;
    // (A static kernel's member arguments get no view of their own: BC1114 stays.) Its heap
    // buffers do: they may come from the program's own malloc.
    if (Object.keys(externals).length === 0)
      return replaced || globals
        ? {
            overridden: nameRecord(),
            foreign: [],
            externals,
            includedBy,
            ...(replaced ? { replacedAllocator: replaced } : {}),
            ...(globals ? { globals } : {}),
          }
        : undefined;
    const members = this.membersFor(own, mine);
    // The other units' calls matter only to a function they may be all the callers of (and
    // left out otherwise, a change of theirs is no cache miss of this file).
    const seen = Object.values(externals).some((v) => v.analysable);
    const overridden: Record<string, string[]> = Object.create(null);
    for (const f of own.functions.filter((g) => !g.internal))
      for (const s of this.index.externalDefiners.get(f.name) ?? [])
        if (this.index.path.get(s) !== ownPath)
          (overridden[f.name] ??= []).push(`${f.name}@${s.file}`);
    const foreign = seen ? this.foreignFor(own) : undefined;
    return {
      overridden,
      ...(replaced ? { replacedAllocator: replaced } : {}),
      foreign: foreign?.functions ?? [],
      ...(foreign && Object.keys(foreign.passingOn).length > 0
        ? { passingOn: foreign.passingOn }
        : {}),
      ...(foreign?.leftOut ? { leftOut: foreign.leftOut } : {}),
      externals,
      ...(globals ? { globals } : {}),
      includedBy,
      ...(members ? { members } : {}),
    };
  }

  /**
   * Per file-scope array with external linkage `own`'s file defines: whether this file shows
   * every use of it (closedGlobals.ts), or why not. Undefined when it defines none.
   */
  private globalsOf(own: FileSummary): Record<string, ExternalVerdict> | undefined {
    const defined = own.globalArrays;
    if (!defined || Object.keys(defined).length === 0) return undefined;
    const ownPath = this.index.path.get(own)!;
    // (a unit with a syntax error is skipped by the analysis: what it names is not known)
    const unparsed = this.summaries.find((s) => s.unparsed);
    return globalVerdicts(defined, {
      open:
        this.open ??
        (unparsed && `${unparsed.file} does not parse: the names it uses are not known`),
      includer: this.index.includerOf(own)?.file,
      ownMention: (n) => own.mentions[n],
      elsewhere: (n) => {
        const s = (this.index.spelling.get(n) ?? []).find(
          (u) => this.index.path.get(u) !== ownPath,
        );
        return s && { file: s.file, ...(s.mentions[n] ? { mention: s.mentions[n] } : {}) };
      },
      outside: (n) => this.options.outside?.get(n),
      otherBuild: (n) =>
        this.index
          .spelledElsewhere(n)
          .filter((u) => this.index.path.get(u) !== ownPath)
          .map((u) => anotherBuilds(u.conditionalNames, n))
          .find((w) => w !== undefined),
    });
  }

  /** The verdicts on the struct members passed to `mine` (memberArguments.ts), if any. */
  private membersFor(
    own: FileSummary,
    mine: readonly FunctionCalls[],
  ): Record<string, MemberVerdict> | undefined {
    this.members ??= setMemberVerdicts(this.units, this.options);
    this.memberArguments ??= memberArgumentsByCallee(
      this.units.map((u) => ({
        file: u.file,
        ...('summary' in u && u.summary.structs ? { members: u.summary.structs.members } : {}),
      })),
    );
    const out = membersPassedTo(
      this.memberArguments,
      this.members,
      new Set(mine.map((f) => f.name)),
      (file) => same(file, own.file),
    );
    return Object.keys(out).length > 0 ? out : undefined;
  }

  private external(own: FileSummary, f: FunctionCalls): ExternalVerdict {
    const no = (code: ReasonName, reason: string): ExternalVerdict => ({
      analysable: false,
      code,
      reason,
    });
    const name = f.name;
    if (this.open) return no('not-closed-world', `${name}() has external linkage and ${this.open}`);
    // A unity build: the including unit defines it too (as the linker sees it, twice).
    const includer = this.index.includerOf(own);
    if (includer)
      return no(
        'included-by-other-file',
        `${includer.file} includes this file: its calls of ${name}() are not analysed with it`,
      );
    const reserved = reservedName(name);
    if (reserved) return no('entry-point', `${name}() is an entry point: ${reserved}`);
    const ownPath = this.index.path.get(own);
    for (const s of this.index.spelling.get(name) ?? []) {
      if (this.index.path.get(s) === ownPath) continue;
      const there = this.index.functions.get(s)!.get(name);
      // A static function of that name there is another function; its mentions are its own.
      if (there?.internal) continue;
      if (there)
        return no(
          'defined-more-than-once',
          `${name}() is also defined by ${s.file}${there.reachedElsewhere.length > 0 ? ` (${there.reachedElsewhere[0]!.why})` : ''}: which definition a call reaches is the linker's choice`,
        );
      const m = s.mentions[name];
      if (m)
        return no(
          /attribute/.test(m.why) ? 'entry-point' : 'address-taken-elsewhere',
          `${name}() may be called from code the set does not show: in ${m.in}:${m.loc.line}:${m.loc.column}, ${m.why}`,
        );
      // (review 2026-11-29: helper.c called kern(u) and read u after under #ifdef DEBUG
      // only; its unit read without DEBUG showed no call, kern's t was folded in place and
      // a -DDEBUG build printed 4504.5 for 4527. What a unit declares the function in and
      // may build otherwise may call it there: a group of its own file, or one inside or
      // around a function it defines. A header's group around prototypes alone calls
      // nothing (prototype-configurations); one around a whole header function that no
      // call names, a constructor, is not seen: not yet handled.)
      const hiding = s.declarations[name] && conditionalCode(s);
      if (hiding)
        return no(
          'configured-elsewhere',
          `${s.file} declares ${name}() and ${hiding} another build may decide otherwise: its calls of ${name}() in that build are not seen`,
        );
    }
    // (a build deciding another unit's conditional otherwise may call it or take its address)
    for (const s of this.index.spelledElsewhere(name)) {
      const spelled = this.index.path.get(s) !== ownPath && anotherBuilds(s.conditionalNames, name);
      if (spelled) return no('configured-elsewhere', `${spelled} ${ELSE}`);
    }
    const outside = this.options.outside?.get(name);
    if (outside)
      return no(
        'named-outside-set',
        `${outside}, a file outside the set, spells ${name} (assembly, a linker script or another program's source may call it)`,
      );
    return { analysable: true };
  }

  /**
   * The other units' functions that matter to `own`'s: those that call a function `own`
   * defines, those its functions call, and what they call, transitively; renamed so that
   * each name means one function, as seen from `own`.
   */
  private foreignFor(own: FileSummary): Foreign {
    this.graph ??=
      SetGraph.of(this.summaries, (s) => this.index.functions.get(s)!, renamed) ?? null;
    return this.graph?.alone(own) ? this.foreignSeen(own, this.graph) : this.foreignEach(own);
  }

  /**
   * foreignFor's answer from the set renamed once (setGraph.ts): the same functions in the
   * same order, found through the callers and callees of own's names instead of by a pass
   * over every function of the set.
   */
  private foreignSeen(own: FileSummary, graph: SetGraph): Foreign {
    const ownNames = new Set(own.functions.map((f) => f.name));
    const seen = graph.from(own, renamed);
    // (a call naming one of own's names is a call of a function renamed again)
    const inOrder = (fs: Iterable<SetFunction>) => [...fs].sort((a, b) => a.position - b.position);
    const callers = inOrder(seen.again.keys())
      .filter((f) => seen.again.get(f)!.calls.some((c) => ownNames.has(c.callee)))
      .map((f) => seen.nameOf(f));
    const chain = passingOnSeen(seen, ownNames);
    const callersOfChain = new Set<SetFunction>();
    for (const n of chain) for (const f of seen.callers(n)) callersOfChain.add(f);
    const chainCallers = inOrder(callersOfChain).map((f) => seen.nameOf(f));
    // The callees of a caller that its buffers passed here never reach are left out
    // (narrowView.ts): a main() calling every file is no longer all of every view.
    const view = narrowedView(seen, own.functions, callers, chain, chainCallers);
    const wanted = new Set(view.names);
    const functions = [...view.functions];
    for (const n of chainCallers)
      if (!wanted.has(n)) {
        wanted.add(n);
        functions.push(seen.get(n)!);
      }
    const passingOn: Record<string, ExternalVerdict> = Object.create(null);
    for (const n of chain) {
      const u = seen.entry(n)!.f;
      passingOn[n] = this.visibility(u.unit, u.fn);
    }
    const leftOut = leftOutOf(functions, ownNames, (n) => !!n && !!seen.get(n));
    return { functions, passingOn, ...(leftOut.length > 0 ? { leftOut } : {}) };
  }

  /** foreignFor's answer with the set renamed for `own` alone (a name may mean two functions). */
  private foreignEach(own: FileSummary): Foreign {
    const ownNames = new Set(own.functions.map((f) => f.name));
    // External names defined by exactly one other unit keep their name.
    const definers = new Map<string, number>();
    for (const s of this.summaries)
      if (!same(s.file, own.file))
        for (const g of s.functions)
          if (!g.internal) definers.set(g.name, (definers.get(g.name) ?? 0) + 1);
    const resolved = (s: FileSummary, callee: string): string => {
      const local = s.functions.find((g) => g.name === callee);
      if (local)
        return local.internal || ownNames.has(callee) || definers.get(callee) !== 1
          ? `${callee}@${s.file}`
          : callee;
      // Not defined there: the external definition, wherever it is. A static function of
      // this file by that name is not the one the call reaches.
      const mineStatic = own.functions.find((g) => g.name === callee)?.internal;
      return mineStatic ? `${callee}@extern` : callee;
    };
    const all = new Map<string, FunctionCalls>();
    const unitOf = new Map<string, { unit: FileSummary; fn: FunctionCalls }>();
    for (const s of this.summaries) {
      if (same(s.file, own.file)) continue;
      for (const g of s.functions) {
        const r = renamed(g, (c) => resolved(s, c));
        all.set(r.name, r);
        unitOf.set(r.name, { unit: s, fn: g });
      }
    }
    const wanted = new Set<string>();
    const queue: string[] = [];
    const want = (n: string) => {
      if (!wanted.has(n) && all.has(n)) {
        wanted.add(n);
        queue.push(n);
      }
    };
    for (const f of own.functions)
      for (const c of f.calls) if (!ownNames.has(c.callee)) want(c.callee);
    for (const [n, g] of all) if (g.calls.some((c) => ownNames.has(c.callee))) want(n);
    while (queue.length > 0) for (const c of all.get(queue.shift()!)!.calls) want(c.callee);
    // Functions of other units that pass a parameter of theirs on to this file's (to any
    // depth), with their callers (not what those call): the calls that reach this file's
    // functions through them, and whether every call of them is seen.
    const chain = passingOnTo(all, ownNames);
    for (const [n, g] of all)
      if (!wanted.has(n) && g.calls.some((c) => chain.has(c.callee))) wanted.add(n);
    const passingOn: Record<string, ExternalVerdict> = Object.create(null);
    for (const n of chain) {
      const u = unitOf.get(n);
      if (u) passingOn[n] = this.visibility(u.unit, u.fn);
    }
    const functions = [...wanted].map((n) => all.get(n)!);
    const leftOut = leftOutOf(functions, ownNames, (n) => !!n && all.has(n));
    return { functions, passingOn, ...(leftOut.length > 0 ? { leftOut } : {}) };
  }

  /** Whether every call of `f` (of unit `s`) is a call the set shows, or why not. */
  private visibility(s: FileSummary, f: FunctionCalls): ExternalVerdict {
    // (its own unit's other builds too: no guard of the kernel's file checks them)
    const spelled = anotherBuilds(s.conditionalNames, f.name);
    if (spelled)
      return { analysable: false, code: 'configured-elsewhere', reason: `${spelled} ${ELSE}` };
    if (!f.internal) return this.external(s, f);
    const includer = this.index.includerOf(s);
    return includer
      ? {
          analysable: false,
          code: 'included-by-other-file',
          reason: `${includer.file} includes ${s.file}: its calls of ${f.name}() are not analysed with it`,
        }
      : { analysable: true };
  }
}

/** The other units' functions a file's view holds, and those passing a parameter on to it. */
interface Foreign {
  functions: FunctionCalls[];
  passingOn: Record<string, ExternalVerdict>;
  leftOut?: string[];
}

/** `f` with its own name and every callee it names resolved by `resolve`. */
function renamed(f: FunctionCalls, resolve: (name: string) => string): FunctionCalls {
  const use = <U extends { callee?: string }>(u: U): U =>
    u.callee === undefined ? u : { ...u, callee: resolve(u.callee) };
  return {
    ...f,
    name: resolve(f.name),
    calls: f.calls.map((c) => ({ ...c, callee: resolve(c.callee) })),
    // Where its heap buffers are spelled is another file's text: never this file's to edit.
    buffers: f.buffers.map(({ heap: _, ...b }) => ({ ...b, uses: b.uses.map(use) })),
    parameterUses: f.parameterUses.map((p) => ({ ...p, uses: p.uses.map(use) })),
  };
}

/**
 * The verdict on every struct member the set's calls pass (structMembers.ts), by
 * `file@start#index`; `without` leaves rules out (tests).
 */
export function setMemberVerdicts(
  units: readonly UnitSummary[],
  options: FileSetOptions,
  without?: ReadonlySet<ReasonName>,
): Map<string, MemberVerdict> {
  const open = openWorld(units, options);
  const configured = configuredSet(units);
  return memberVerdicts(
    units.map((u) => ({
      file: u.file,
      ...('summary' in u && u.summary.structs ? { facts: u.summary.structs } : {}),
      functions: 'summary' in u ? u.summary.functions : [],
      mentioned: new Set('summary' in u ? Object.keys(u.summary.mentions) : []),
    })),
    {
      ...(open ? { open } : {}),
      ...(configured ? { configured } : {}),
      ...(options.includedOutside ? { includedOutside: options.includedOutside } : {}),
      ...(without ? { without } : {}),
    },
  );
}

/**
 * Why the set's reading may differ in another configuration (a member's verdict reads every
 * unit): a conditional group a build may decide otherwise in a unit or a user header, or a
 * function whose text depends on the configuration (frontend/configurationDependence.ts).
 */
function configuredSet(units: readonly UnitSummary[]): string | undefined {
  for (const u of units) {
    if (!('summary' in u)) continue;
    if (u.summary.conditional)
      return `a conditional directive at ${u.summary.conditional} may be decided otherwise in another build`;
    // (a system header's functions do not know the user's struct)
    const own = (g: FunctionCalls) => !inSystemFolder(u.summary.definedIn[g.name] ?? '');
    // (read without NDEBUG, every assertion any build has is seen: one fewer reads no more)
    const asserts = (g: FunctionCalls) => g.configured === ASSERT_DEPENDENCE && !u.summary.ndebug;
    const f = u.summary.functions.find((g) => g.configured !== undefined && own(g) && !asserts(g));
    if (f)
      return `${f.name}() of ${path.basename(u.file)} depends on the configuration: ${f.configured}`;
  }
  return undefined;
}

/** What the cross-call decision is told of a function's external linkage (crossCall.ts). */
export function externalOf(
  view: ProgramView | undefined,
  name: string,
): 'seen' | { code: ReasonName; reason: string } | undefined {
  const v = view?.externals[name];
  if (!v) return undefined;
  return v.analysable ? 'seen' : { code: v.code, reason: v.reason };
}

/**
 * What the set's units show of themselves: the names of the functions with external
 * linkage that take a pointer or an array (the ones a closed world may let analyse) and its
 * file-scope arrays with external linkage (closedGlobals.ts), and
 * every file their units read (their own and their headers).
 */
export function unitFacts(units: readonly UnitSummary[]): {
  externals: Set<string>;
  read: string[];
  definesMain: boolean;
} {
  const externals = new Set<string>();
  const read: string[] = [];
  for (const u of units) {
    read.push(u.file);
    if (!('summary' in u)) continue;
    read.push(...u.summary.read);
    for (const f of u.summary.functions)
      if (!f.internal && f.parameterUses.length > 0) externals.add(f.name);
    // (a file-scope array with external linkage is the set's only when no file outside names it)
    for (const name of Object.keys(u.summary.globalArrays ?? {})) externals.add(name);
  }
  // A weak main() of the set may be replaced by another file's: then no file that defines
  // main() is known to be another program.
  const strongMain = units.some(
    (u) =>
      'summary' in u &&
      u.summary.functions.some(
        (f) => f.name === 'main' && !f.internal && f.reachedElsewhere.length === 0,
      ),
  );
  return { externals, read, definesMain: strongMain };
}

/**
 * The set is a closed world for the view's file: its functions with external linkage are
 * analysed (or refused for a reason of their own), so the file is modelled in full.
 */
export function analysesExternals(view: ProgramView | undefined): boolean {
  return (
    !!view &&
    (Object.values(view.externals).some((v) => v.analysable || v.code !== 'not-closed-world') ||
      Object.values(view.globals ?? {}).some((v) => v.analysable))
  );
}

/** A memory function of the C library that a unit defines itself (malloc first), if any. */
function replacedAllocator(summaries: readonly FileSummary[]): string | undefined {
  const all = summaries.flatMap((u) =>
    u.functions
      .filter((g) => !g.internal && REPLACEABLE.has(g.name))
      .map((g) => `${g.name}() in ${u.file}`),
  );
  return all.find((x) => x.startsWith('malloc(')) ?? all.sort()[0];
}
