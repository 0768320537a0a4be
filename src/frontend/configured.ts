/**
 * A function model as the file's configuration leaves it (compilerView.ts): the values of
 * the object-like macros its text spells, and the configuration guard of a function with
 * candidates (conditionals.ts), or its candidates made unchanged when no guard can be
 * written.
 */
import type { FunctionModel } from '../model/types.js';
import { notCandidate } from '../model/reasons.js';
import { configurationGuard, type conditionalGroups, type Liveness } from './conditionals.js';
import { usesWithin, type MacroUse } from './spelling.js';
import { countBelow, lineStarts } from './parse.js';
import { macroChanges, type MacroChanges } from './macroChanges.js';
import type { MacroEvent } from './preprocess.js';
import { cTokens } from './ctokens.js';
import { nameRecord } from '../poly/nameRecord.js';
import { codeOnly } from '../model/identifiers.js';
import type { SkippedHeaders } from './headerReadings.js';
import { firstLineMacros, isFirstLine, unreadIncludeGuard } from './unreadIncludes.js';
import { splicedLines } from '../model/lineSplices.js';
import { macroBodyNames, PASTED, pastingMacros, spellingsInGroups } from './groupSpellings.js';
import { definitionPins } from './conditionalDefinitions.js';

export interface Conditions {
  readonly groups: ReturnType<typeof conditionalGroups>;
  readonly alive: Liveness;
}

/**
 * What every function's guard reads of the whole file, read once per file (a file of many
 * functions with candidates read the text and the macro events again for each).
 */
export interface FileFacts {
  readonly lineStarts: readonly number[];
  readonly trigraphs: boolean;
  /** The file spells `??=` (a trigraph `#`): the macro roles' fixed definitions read it. */
  readonly hashTrigraph: boolean;
  /** The bodies of each macro's definitions, in order. */
  readonly bodies: ReadonlyMap<string, readonly string[]>;
  /**
   * The lines (1-based) of the file's `#define`/`#undef` of each name, in every branch: one
   * the build skipped is in no macro event.
   */
  readonly directives: ReadonlyMap<string, readonly number[]>;
  /**
   * Per name, the lines inside a conditional group that spell it other than in a plain
   * declaration (groupSpellings.ts): a function's guard covers those groups too.
   */
  readonly groupSpellings: ReadonlyMap<string, readonly number[]>;
  /**
   * Where, in words, a build deciding a user header's conditional group otherwise (or reading
   * a header only a group includes, from the file or a header) spells a name, if it does
   * (dependentSpellings.ts without the file's own groups, which the guard repeats).
   */
  readonly otherBuilds?: (name: string) => string | undefined;
  /** Where the text may change what a macro name means (macroChanges.ts). */
  readonly macroChanges: MacroChanges;
  /**
   * The names the unit's user headers `#undef` or `#define` under a conditional directive
   * (configurationDependence.ts conditionalDirectives), with where.
   */
  readonly headerDirectives: ReadonlyMap<string, string>;
  /**
   * A header included under a conditional directive that no lookup follows (its name a
   * macro, or found in no folder the compiler searches), in words: it may define any name.
   */
  readonly unknownInclude?: string;
  /**
   * Lines for the main file's first line that stop every build reading such a header when
   * each one's conditions can be repeated there (unreadIncludes.ts); `unknownInclude` is
   * then absent.
   */
  readonly unreadGuard?: readonly string[];
  /**
   * The lines for the main file's first line that pin the branches around a user header's
   * conditional definitions of a name (conditionalDefinitions.ts), or why they cannot be
   * written; undefined when no header defines it under a conditional directive it reads.
   */
  readonly pins: (name: string) => Pins | undefined;
}

export function fileFacts(
  source: string,
  macros: readonly MacroEvent[],
  headers: SkippedHeaders = { names: new Map() },
  hosted = false,
  otherBuilds?: (name: string) => string | undefined,
): FileFacts {
  const bodies = new Map<string, string[]>();
  for (const m of macros)
    if (m.kind === 'define') bodies.set(m.name, [...(bodies.get(m.name) ?? []), m.body]);
  const starts = lineStarts(source);
  const directives = new Map<string, number[]>();
  // Comments and literals blanked, line splices joined, each directive at its first line
  // (lineSplices.ts: a spliced `#un\` / `def LAG` and `#def\` / `ine LAG(i) ...` under
  // `#ifdef BIG` were no directive here, and a -DBIG build read other cells).
  const code = codeOnly(source);
  splicedLines(code.split('\n')).forEach((l, k) => {
    const m = l && /^[ \t]*(?:#|%:|\?\?=)[ \t]*(?:define|undef)[ \t]+([A-Za-z_$][\w$]*)/.exec(l);
    if (m) directives.set(m[1]!, [...(directives.get(m[1]!) ?? []), k + 1]);
  });
  return {
    lineStarts: starts,
    trigraphs: /\?\?[=/]/.test(source),
    hashTrigraph: /\?\?=/.test(source),
    bodies,
    directives,
    macroChanges: macroChanges(code),
    // (a macro spelled in a group spells what its body does: `CALLK(u)` is `kern(u)`)
    groupSpellings: spellingsInGroups(
      source,
      pasting(source, bodies),
      macroBodyNames(
        [source],
        macros.filter((m) => !m.system),
      ),
    ),
    headerDirectives: headers.names,
    ...unreadIncludes(headers, macros),
    pins: hosted ? () => HOSTED : pinsOf(headers, macros),
    ...(otherBuilds ? { otherBuilds } : {}),
  };
}

/**
 * A file read inside another (a unity build's host): its first line comes after the host's
 * text, whose other branches no pin reads (`#ifdef BOARD` / `#define SCALE ...` before
 * `#include "kern.c"`).
 */
const HOSTED = { problem: 'the file is read inside another, whose branches no pin reads' };

/** Each name's pins (conditionalDefinitions.ts), computed once when first asked for. */
function pinsOf(headers: SkippedHeaders, macros: readonly MacroEvent[]): FileFacts['pins'] {
  const known = new Map<string, Pins | undefined>();
  return (name) => {
    if (known.has(name)) return known.get(name);
    const texts = headers.conditionalIn?.get(name);
    let guard: Pins | undefined;
    if (texts && headers.firstLine) {
      // (a header included under a conditional directive may define it: another build's)
      if (headers.viaSkipped?.has(name))
        guard = { problem: 'a header included under a conditional directive defines it too' };
      else {
        const first = headers.firstLine();
        const touched = new Set(first.touched);
        // (a macro some header sets in this build, a system one's included, is not the first line's)
        for (const m of macros) if (!isFirstLine(m)) touched.add(m.name);
        guard = definitionPins(name, texts, {
          touched,
          env: firstLineMacros(macros),
          systemUnder: first.systemUnder,
          systemTouched: first.systemTouched,
          // (a forced `-include`, stdc-predef.h: read before the main file's first line)
          early: new Set(
            macros.filter((m) => !isFirstLine(m) && m.afterMainLine === 0).map((m) => m.name),
          ),
        });
      }
    }
    known.set(name, guard);
    return guard;
  };
}

/** The guard of the unit's unread headers, or why it has none (unreadIncludes.ts). */
function unreadIncludes(
  headers: SkippedHeaders,
  macros: readonly MacroEvent[],
): Pick<FileFacts, 'unknownInclude' | 'unreadGuard'> {
  if (headers.unknown === undefined) return {};
  if (!headers.unknowns || !headers.touched) return { unknownInclude: headers.unknown };
  // (a macro some header sets in this build, a system one's included, is not the first line's)
  const touched = new Set(headers.touched);
  for (const m of macros) if (!isFirstLine(m)) touched.add(m.name);
  const guard = unreadIncludeGuard(headers.unknowns, {
    touched,
    env: firstLineMacros(macros),
    systemUnder: headers.systemUnder === true,
  });
  return 'problem' in guard ? { unknownInclude: guard.problem } : { unreadGuard: guard.lines };
}

/**
 * The configuration guard of a function with candidates (conditionals.ts), or its
 * candidates made unchanged when no guard can be written.
 */
export function withConfiguration(
  fm: FunctionModel,
  source: string,
  conditions: () => Conditions,
  uses: readonly MacroUse[] = [],
  macros: readonly MacroEvent[] = [],
  facts: () => FileFacts = () => fileFacts(source, macros),
): FunctionModel {
  // Every function gets its guard: a whole-program decision about another function's array
  // reads its code too (a caller, a function that gets the buffer after the call, one that
  // may call back a static scratch's function), and contraction.ts places it then.
  if (fm.range.end <= fm.range.start) return fm;
  const { groups, alive } = conditions();
  const file = facts();
  const from = countBelow(file.lineStarts, fm.range.start + 1);
  const to = countBelow(file.lineStarts, fm.range.end);
  const inside = usesWithin(uses, fm.range);
  const message = `beeclak: arrays of ${fm.name}() were contracted for the branches taken in this configuration; run beeclak again for this one`;
  // Trigraphs (`??=` is `#`, `??/` a backslash under -std=c99 or -trigraphs) spell directives
  // and line splices this reading does not see (review 2026-11-26: `??=ifdef BIG` got no
  // guard). Whether the build turns them on is not known here: no guard is trusted.
  const definitions: Pins = file.trigraphs
    ? {
        problem:
          'the file spells trigraphs (??= or ??/), whose directives and line splices are not read here',
      }
    : file.unknownInclude !== undefined
      ? { problem: `${file.unknownInclude}: what it defines is not known, and no #if can check it` }
      : uncheckedDefinition(inside, fm.range, groups, from, to, file);
  const named = callsMatter(fm) ? callNames(fm) : [];
  const unseen = named.map((n) => file.otherBuilds?.(n)).find((w) => w !== undefined);
  const calls: Guard = unseen
    ? { problem: `${unseen} ${OTHER_BUILD}` }
    : spelledGuard(groups, from, to, spelledAll(file, named), alive, message);
  const guard =
    'problem' in definitions
      ? definitions
      : both(
          both(
            configurationGuard(groups, from, to, alive, message),
            assertGuard(inside, macros, fm, source, to, file.bodies),
          ),
          'problem' in calls ? calls : { lines: [] },
        );
  if ('lines' in guard) {
    const unread = file.unreadGuard ? { unreadGuard: file.unreadGuard } : {};
    const pinned = 'blocks' in definitions && definitions.blocks.length > 0;
    const pins = pinned ? { definitionGuard: definitions.blocks } : {};
    // (the groups spelling its name matter to a result resting on its calls only: kept apart)
    const byCalls = 'lines' in calls && calls.lines.length > 0 ? { callsGuard: calls.lines } : {};
    return guard.lines.length > 0
      ? { ...fm, configurationGuard: guard.lines, ...unread, ...pins, ...byCalls }
      : { ...fm, ...unread, ...pins, ...byCalls };
  }
  // Marked whatever its arrays: a decision across calls about another function's array may
  // read its code (a caller reading the buffer after the call under another definition).
  const unguarded = { ...fm, configurationUnguarded: guard.problem };
  if (!fm.arrays.some(mayChange)) return unguarded;
  return {
    ...unguarded,
    arrays: fm.arrays.map((a) =>
      mayChange(a)
        ? {
            ...a,
            candidate: false,
            reasons: [
              ...a.reasons,
              notCandidate(
                'configuration-unguarded',
                `no guard can keep the result to this configuration: ${guard.problem}`,
                a.loc,
              ),
            ],
          }
        : a,
    ),
  };
}

/**
 * An array the output may change: a candidate, or a local buffer that only escapes into
 * calls, which shrinks when a callee's parameter folds in place in it (callerStorage.ts).
 * Its function gets the guard too (review: `#ifdef X s += buf[N - 1][3]; #endif` after the
 * call, contracted without X, built with -DX read outside the shrunk buffer), and without
 * a guard the buffer keeps its size (callerStorage reads this reason).
 */
const mayChange = (a: FunctionModel['arrays'][number]) =>
  a.candidate ||
  (a.storage === 'local' && a.reasons.length > 0 && a.reasons.every((r) => r.kind === 'escapes')) ||
  // A parameter the whole-program analysis may make a temporary (crossCalls.ts), a static or
  // file-scope array it may find to be scratch: contracted, its function needs the guard
  // (review 2026-11-28: `#ifdef DEBUG` reading t[N - 1][3] in a kernel folded to t[0][j]).
  (a.reasons.length > 0 && a.reasons.every((r) => r.kind === 'parameter')) ||
  (a.reasons.length > 0 && a.reasons.every((r) => r.kind === 'static' || r.kind === 'global'));

/**
 * A macro the function uses whose definition stands under a conditional directive of the file
 * outside the function (or comes from a header included under one), when `#if` cannot check
 * which definition a build takes: a function-like macro, or one without an integer value
 * (review 2026-11-26: `PREV(i)` defined as `i - 1`, or `i - 2` under BIG, got no guard, and
 * the result built with -DBIG read reused cells). The integer-valued ones get `#if N != v`.
 * So does a `#define` or `#undef` of its name under a conditional directive of the file
 * before the function's end (or of a user header it includes), which this build skipped (adversary 2026-11-28c:
 * `#define SHOWN in`, then `#ifdef VERBOSE` / `#define SHOWN t`: a -DVERBOSE build read the
 * caller's buffer after the call into a kernel folded in place).
 */
function uncheckedDefinition(
  uses: readonly MacroUse[],
  r: { start: number; end: number },
  groups: Conditions['groups'],
  from: number,
  to: number,
  file: Pick<FileFacts, 'directives' | 'headerDirectives' | 'pins'>,
): Pins {
  // (one block each: C_MUL and C_FIXDIV under the same `#ifdef FIXED_POINT`)
  const pins = new Map<string, string[]>();
  const problem = (why: string): Pins => ({ problem: why });
  const conditional = (line: number) =>
    // (inside the function: its own guard)
    !(line >= from && line <= to) && groups.some((g) => g.first <= line && line <= g.last);
  for (const u of uses) {
    if (u.start < r.start || u.end > r.end || !u.definition) continue;
    const valued = new Set(u.depends.filter((d) => d.value !== undefined).map((d) => d.name));
    // (review 2026-11-29: `PREV(i)` defined as `LAG(i)`, LAG as `i - 1`, or `i - 3` under BIG,
    // and an empty CHK(p) in a body under one branch, reading p under the other: no guard)
    const reached = [...u.depends.map((x) => x.definition), ...(u.reaches ?? [])];
    for (const d of [u.definition, ...reached]) {
      if (d.system || valued.has(d.name)) continue;
      // (adversary 2026-11-28d: `-DLAGOF(i)=((i)-3)` from compile_commands.json; another
      // build's `-DLAGOF(i)=((i)-7)` read reused cells, with only a warning)
      if (d.file === '<command-line>')
        return problem(`macro ${d.name} is defined on the command line, which #if cannot check`);
      const line = d.afterMainLine;
      if (conditional(line))
        return problem(
          `macro ${d.name} is defined under a conditional directive (line ${line}), which #if cannot check`,
        );
      const other = (file.directives.get(d.name) ?? []).find((l) => l <= to && conditional(l));
      if (other !== undefined)
        return problem(
          `macro ${d.name} is defined or undefined under a conditional directive (line ${other}), which #if cannot check`,
        );
      const inHeader = file.headerDirectives.get(d.name);
      if (inHeader === undefined) continue;
      // (issue: kissfft's C_MUL under `#ifdef FIXED_POINT`: the branches pinned instead)
      const pinned = file.pins(d.name);
      if (pinned && 'blocks' in pinned) for (const b of pinned.blocks) pins.set(b.join('\n'), b);
      else
        return problem(
          `macro ${d.name}: ${inHeader}, which #if cannot check${pinned ? `, and no guard pins its branches: ${pinned.problem}` : ''}`,
        );
    }
  }
  return { blocks: [...pins.values()] };
}

type Guard = { lines: string[] } | { problem: string };
type Pins = ReturnType<typeof definitionPins>;

/** The macros that paste tokens: defined so in the text (any branch) or in this build. */
function pasting(source: string, bodies: FileFacts['bodies']): Set<string> {
  const out = pastingMacros(source);
  for (const [name, list] of bodies) if (list.some((b) => /##|%:%:/.test(b))) out.add(name);
  return out;
}

/** The group lines spelling `name`, or pasting tokens (which may spell it). */
function spelledAll(file: FileFacts, names: readonly string[]): readonly number[] | undefined {
  if (names.length === 0) return undefined;
  const at = [...names, PASTED].flatMap((n) => file.groupSpellings.get(n) ?? []);
  return at.length > 0 ? at : undefined;
}

/**
 * The names whose spelling in another build may change a result resting on the function's
 * calls: its own (a call, an address taken) and its static or file-scope arrays' (a read of
 * a scratch after the call: `#ifdef DEBUG` / `double peek(void) { return scratch[40]; }`).
 */
function callNames(fm: FunctionModel): string[] {
  const arrays = fm.arrays.filter((a) => a.storage === 'global' || a.storage === 'static-global');
  return [fm.name, ...arrays.map((a) => a.name)];
}

/**
 * Why a user header's group decided otherwise is no guard's (inactive27): kern.c's
 * `#include "dbg.h"`, whose `#ifdef DEBUG` constructor calls the static kern() and reads
 * the buffer after it, was in no build analysed; kern's t folded in place and a -DDEBUG
 * build printed 0.000 for 22.500. The group's condition reads the header's own macros at
 * its place, which no line of this file can repeat.
 */
const OTHER_BUILD =
  'in a build that decides a conditional directive otherwise (it may call the function or use the array there, unseen here), and no guard in this file can repeat the conditions of a header: move that code out of the conditional group, or make the array a local one';

/**
 * Whether a result about the function's arrays rests on its calls: an array parameter (a
 * temporary across calls, or one passed on to a kernel's), a static or file-scope array (a
 * scratch no call may enter again). Its local arrays rest on its own text alone.
 */
const callsMatter = (fm: FunctionModel) => fm.arrays.some(restsOnCalls);

/**
 * Whether an array's result reads its function's callers: a parameter (a temporary across
 * calls), a static or file-scope array (a scratch no call may enter again); not a local's.
 */
export const restsOnCalls = (a: FunctionModel['arrays'][number]) => a.storage !== 'local';

/**
 * The guards of the conditional groups outside the function (lines `from`..`to`) that spell
 * its name on lines `at` (adversary 2026-11-29d): a build deciding one otherwise may call it,
 * or take its address (`#ifdef HOOK` / `static void (*hook)(...) = kern;` and a caller
 * reading after a call through it), which the decision across calls never saw: a -DHOOK
 * build of the result read rows kern() no longer wrote.
 */
function spelledGuard(
  groups: Conditions['groups'],
  from: number,
  to: number,
  at: readonly number[] | undefined,
  alive: Liveness,
  message: string,
): Guard {
  if (!at) return { lines: [] };
  const outside: Conditions['groups'][number][] = [];
  const find = (gs: Conditions['groups']) => {
    for (const g of gs)
      if (at.some((l) => g.first <= l && l <= g.last))
        if (g.last < from || g.first > to) outside.push(g);
        else for (const b of g.branches) find(b.groups);
  };
  find(groups);
  let guard: Guard = { lines: [] };
  for (const g of outside)
    guard = both(guard, configurationGuard([g], g.first, g.last, alive, message));
  return guard;
}

/** Both guards' lines, or the first problem. */
function both(a: Guard, b: Guard): Guard {
  if ('problem' in a) return a;
  if ('problem' in b) return b;
  return { lines: [...a.lines, ...b.lines] };
}

/**
 * `assert` is a conditional of <assert.h>: its reads and writes exist only while NDEBUG is
 * not defined (review: contracted with -DNDEBUG, built without, `assert(t[0] == 1.0)` read a
 * reused cell and aborted). A function that invokes it (also through a macro of its own) on
 * something the model sees (see `mattersToModel`) gets `#ifdef NDEBUG` / `#error` (or
 * `#ifndef`) after it, for NDEBUG as <assert.h> saw it, which must also be how the guard
 * sees it.
 */
function assertGuard(
  uses: readonly MacroUse[],
  macros: readonly MacroEvent[],
  fm: FunctionModel,
  source: string,
  lastLine: number,
  bodies: FileFacts['bodies'],
): Guard {
  const r = fm.range;
  const reachesAssert = (name: string, seen: Set<string>): boolean =>
    name === 'assert' ||
    (bodies.get(name) ?? []).some((b) =>
      (b.match(/[A-Za-z_]\w*/g) ?? []).some((t) => !seen.has(t) && reachesAssert(t, seen.add(t))),
    );
  const arrays = new Set(fm.arrays.map((a) => a.name));
  const use = uses.find(
    (u) =>
      u.start >= r.start &&
      u.end <= r.end &&
      reachesAssert(u.name, new Set([u.name])) &&
      mattersToModel(source.slice(u.start, u.end), arrays),
  );
  if (!use) return { lines: [] };
  // The definition of assert in force at the use, and NDEBUG where it was made.
  let assertAt = -1;
  macros.forEach((m, k) => {
    if (m.name === 'assert' && m.afterMainLine < use.line) assertAt = k;
  });
  const definition = macros[assertAt];
  if (!definition || definition.kind !== 'define' || !definition.system) return { lines: [] };
  const ndebug = (upTo: (m: MacroEvent, k: number) => boolean) => {
    let on = false;
    macros.forEach((m, k) => {
      if (m.name === 'NDEBUG' && upTo(m, k)) on = m.kind === 'define';
    });
    return on;
  };
  const atAssert = ndebug((_, k) => k < assertAt);
  if (atAssert !== ndebug((m) => m.afterMainLine <= lastLine))
    return { problem: 'NDEBUG changes between <assert.h> and the end of the function' };
  const message = `beeclak: arrays of ${fm.name}() were contracted with NDEBUG ${atAssert ? 'defined' : 'not defined'} (assert); run beeclak again for this configuration`;
  return {
    lines: [atAssert ? '#ifndef NDEBUG' : '#ifdef NDEBUG', `#error "${message}"`, '#endif'],
  };
}

const EFFECTS = new Set([
  '=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '<<=',
  '>>=',
  '++',
  '--',
]);

/**
 * An invocation `assert(...)` (its text in the file) whose presence can change the model: it
 * names an array of the function, assigns, increments or calls (`assert(n > 0)` does not).
 */
function mattersToModel(text: string, arrays: ReadonlySet<string>): boolean {
  const tokens = cTokens(text);
  return tokens.some(
    (t, k) =>
      arrays.has(t.text) ||
      EFFECTS.has(t.text) ||
      (k > 0 && /^[A-Za-z_]/.test(t.text) && tokens[k + 1]?.text === '('),
  );
}

/** Values of the object-like macros spelled inside a file range (one value each). */
export function macroValues(
  uses: readonly MacroUse[],
  r: { start: number; end: number },
): Record<string, bigint> {
  const out = nameRecord<bigint>();
  const mixed = new Set<string>();
  for (const u of usesWithin(uses, r)) {
    for (const d of u.depends) {
      if (d.value === undefined) continue;
      if (d.name in out && out[d.name] !== d.value) mixed.add(d.name);
      out[d.name] = d.value;
    }
  }
  for (const m of mixed) delete out[m];
  return out;
}
