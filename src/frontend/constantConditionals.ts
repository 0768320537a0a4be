/**
 * Conditional groups that every build of a file decides alike (issue 27, struct members:
 * MachSuite's harness.c `#define CHECK_OUTPUT` ... `#ifdef CHECK_OUTPUT` inside main()). A
 * group is constant when its file's include guard opens it (or a guard of a reserved name
 * around a part of the file: no conforming build defines `__PRNG_H__`), or when its condition is
 * `#ifdef X`, `#ifndef X` or `#if defined X` / `defined(X)` alone and the file `#define`s X
 * on an earlier line outside every other conditional group, and never `#undef`s it: a `-D X`
 * or `-U X` on the command line comes before the file's own definition, which holds after
 * it, unless another text of the unit may undefine it (`UnitTexts`). Everything else may
 * depend on the build (a `#elif`, a value test, another file's macro).
 */
import { conditionalGroups } from './conditionals.js';
import { codeOnly } from '../model/identifiers.js';
import { splicedLines } from '../model/lineSplices.js';
import { neverCompiled, spellingsOnLines, throughMacros } from './groupSpellings.js';

type Group = ReturnType<typeof conditionalGroups>[number];

/**
 * A directive's `#` in any spelling: `%:` (a digraph) and `??=` (a trigraph, read with
 * -std=c11 or -trigraphs): a header's `%:undef SHOW` under `#ifdef QUIET` was missed, and a
 * -DQUIET build read the buffer after the call (adversary 2026-11-28d).
 */
const HASH = '(?:#|%:|\\?\\?=)';
const UNDEF = new RegExp(`^\\s*${HASH}\\s*undef\\s+([A-Za-z_]\\w*)`);
const INCLUDE = new RegExp(`^\\s*${HASH}\\s*include`);
const DEFINE_OR_UNDEF = new RegExp(`^\\s*${HASH}\\s*(define|undef)\\s+([A-Za-z_]\\w*)`);
/** A line ending in a splice (`\`, or the trigraph `??/`): the next line is its text. */
const SPLICED = /(\\|\?\?\/)\s*$/;

/**
 * What the unit's other texts (its user headers) may do to a macro the file defines: a
 * header's `#undef X`, in any branch, may run in another build (cfg.h's `#ifdef QUIET` /
 * `#undef SHOW` turned main.c's `#ifndef SHOW` after `#define SHOW` into a read after the
 * call); an `#include` under a conditional, in the file or a header, may bring in a header
 * this build never read, so then no macro of the file is taken as fixed.
 */
export interface UnitTexts {
  readonly undefines: ReadonlySet<string>;
  readonly includesUnderCondition: boolean;
}

/** The groups and every group nested in their branches. */
function everyGroup(gs: readonly Group[]): Group[] {
  return gs.flatMap((g) => [g, ...everyGroup(g.branches.flatMap((b) => b.groups))]);
}

/** The unit's texts (its file's and its user headers') as `UnitTexts`. */
export function unitTextsOf(texts: readonly string[]): UnitTexts {
  const undefines = new Set<string>();
  let includesUnderCondition = false;
  for (const raw of texts) {
    const lines = codeOnly(raw).split('\n');
    // (each directive read with its line splices joined, at its first line: lineSplices.ts)
    const logical = splicedLines(lines).map((l) => l ?? '');
    for (const l of logical) {
      const m = UNDEF.exec(l);
      if (m) undefines.add(m[1]!);
    }
    for (const n of poppedMacros(raw)) undefines.add(n);
    // A header named by a macro (`#include CFG_H`) is another build's choice too: a
    // -DCFG_H='"quiet.h"' build reads a header this one never did (its #undef PEEK unseen).
    includesUnderCondition ||= logical.some((l) =>
      /^\s*(#|%:)\s*include(_next)?\s*[A-Za-z_]/.test(l),
    );
    includesUnderCondition ||= everyGroup(conditionalGroups(raw)).some(
      (g) =>
        !isIncludeGuard(g, lines) &&
        !isReservedGuard(g, lines) &&
        logical.slice(g.first, g.last - 1).some((l) => INCLUDE.test(l)),
    );
  }
  return { undefines, includesUnderCondition };
}

/** The first group of `raw` that a build may decide otherwise (its first line), or undefined. */
export function firstDependentGroup(raw: string, unit?: UnitTexts): number | undefined {
  return dependentGroupMeeting(raw, 1, Number.MAX_SAFE_INTEGER, unit);
}

/**
 * The first line of a group meeting lines `from`..`to` (1-based) that a build may decide
 * otherwise, looking inside constant groups; undefined when there is none. Without `unit`
 * (the unit's other texts not known) no macro of the file is taken as fixed. `name`: the
 * macro whose definition on those lines is asked about; a group testing that very name is
 * never its guard (`#ifndef SHOWN` / `#define SHOWN in` / `#endif` is SHOWN's default).
 */
function dependentGroupMeeting(
  raw: string,
  from: number,
  to: number,
  unit?: UnitTexts,
  name?: string,
): number | undefined {
  return groupReader(raw, unit)(from, to, name);
}

/** `dependentGroupMeeting` for one text, its groups read once (many questions on one file). */
export function groupReader(
  raw: string,
  unit?: UnitTexts,
): (from: number, to: number, name?: string) => number | undefined {
  const code = codeOnly(raw);
  const lines = code.split('\n');
  const groups = conditionalGroups(raw);
  const defined = constantMacros(lines, groups, unit, poppedMacros(raw));
  return (from, to, name) => {
    const visit = (gs: readonly Group[]): number | undefined => {
      for (const g of gs) {
        if (g.first > to || g.last < from) continue;
        if (!isConstant(g, lines, defined, name)) return g.first;
        for (const b of compiled(g)) {
          const inner = visit(b.groups);
          if (inner !== undefined) return inner;
        }
      }
      return undefined;
    };
    return visit(groups);
  };
}

/**
 * Each name spelled inside a group that a build may decide otherwise, with the first line
 * that spells it (1-based), as groupSpellings.ts reads them (a plain declaration is none).
 * Adversary 2026-11-29d: other.c's `#ifdef HOOK` / `... = kern;` / a call through it and a
 * read after it is no use of kern() in the build analysed, so kern.c's tmp folded in place,
 * and a -DHOOK build read rows the kernel no longer wrote.
 */
export function namesInDependentGroups(
  raw: string,
  unit?: UnitTexts,
  pasting?: ReadonlySet<string>,
  bodies: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Map<string, number> {
  const groups = conditionalGroups(raw);
  if (groups.length === 0) return new Map();
  const lines = codeOnly(raw).split('\n');
  const defined = constantMacros(lines, groups, unit, poppedMacros(raw));
  const dependent = new Uint8Array(lines.length + 2);
  const visit = (gs: readonly Group[]) => {
    for (const g of gs)
      if (!isConstant(g, lines, defined, undefined))
        dependent.fill(1, g.first, Math.min(g.last, lines.length) + 1);
      else for (const b of compiled(g)) visit(b.groups);
  };
  visit(groups);
  const out = new Map<string, number>();
  // (a macro spelled there spells what its body does: `CALLK(u)` is `kern(u)`)
  const spelled = throughMacros(spellingsOnLines(raw, dependent, pasting, bodies), bodies);
  for (const [name, at] of spelled) out.set(name, at[0]!);
  return out;
}

/**
 * The branches of a group some build compiles: all but an `#if 0` one (groupSpellings.ts
 * neverCompiled), whose nested groups no build reads either.
 */
function compiled(g: Group): Group['branches'] {
  return g.branches[0] && neverCompiled(g.branches[0].directive) ? g.branches.slice(1) : g.branches;
}

/** Whether every build decides the group alike (an include guard, or a constant test). */
function isConstant(
  g: Group,
  lines: readonly string[],
  defined: ReadonlyMap<string, number>,
  name: string | undefined,
) {
  const guard = /^\s*#\s*ifndef\s+(\w+)/.exec(g.branches[0]?.directive[0] ?? '')?.[1];
  if (guard !== undefined && guard === name) return false;
  if (isIncludeGuard(g, lines) || isReservedGuard(g, lines)) return true;
  const dead = neverCompiled(g.branches[0]?.directive ?? []);
  const tested = g.branches.map((b) => testedName(b.directive.join(' ')));
  // (every branch's directive: `#ifdef X` ... `#else` ... `#endif`; `#if 0` none compiles)
  return tested.every(
    (name, k) =>
      (k === 0 && dead) ||
      (k > 0 && name === 'else') ||
      (name !== undefined && name !== 'else' && (defined.get(name) ?? Infinity) < g.first),
  );
}

/** The macro a directive tests alone (`else` for `#else`), or undefined. */
function testedName(directive: string): string | undefined {
  if (/^\s*#\s*else\s*$/.test(directive)) return 'else';
  const m =
    /^\s*#\s*(?:ifn?def|elifn?def)\s+([A-Za-z_]\w*)\s*$/.exec(directive) ??
    /^\s*#\s*(?:el)?if\s+!?\s*defined\s*\(?\s*([A-Za-z_]\w*)\s*\)?\s*$/.exec(directive);
  return m?.[1];
}

/**
 * `#ifndef __X` / `#define __X` around a part of a file (MachSuite's support.h `__PRNG_H__`):
 * a reserved name (C11 7.1.3) that no conforming build defines, so the part is read once.
 */
function isReservedGuard(g: Group, lines: readonly string[]): boolean {
  const guard = /^\s*#\s*ifndef\s+(_[A-Z_]\w*)\s*$/.exec(g.branches[0]?.directive.join(' ') ?? '');
  if (!guard || g.branches.length !== 1 || g.branches[0]!.directive.length !== 1) return false;
  const next = lines.slice(g.first).find((l) => l.trim() !== '');
  return new RegExp(`^\\s*#\\s*define\\s+${guard[1]}\\s*$`).test(next ?? '');
}

/**
 * The file's include guard: `#ifndef X` (or `#if !defined(X)`, opus's headers) / `#define X`
 * around everything, X defined empty or to an integer, parenthesized or not (whose uses
 * `#if X != v` checks; opus's `# define _entenc_H (1)`). A header that is only `#ifndef SCALE` /
 * `#define SCALE(i) (0.25 * (i))` / `#endif` defines a default, not a guard (adversary
 * 2026-11-29: no guard, and a `-DSCALE(i)=(t[0])` build read a reused cell).
 */
export function isIncludeGuard(g: Group, lines: readonly string[]): boolean {
  const directive = g.branches[0]?.directive[0] ?? '';
  const guard =
    /^\s*#\s*ifndef\s+(\w+)/.exec(directive) ??
    /^\s*#\s*if\s*!\s*defined\s*(?:\(\s*(\w+)\s*\)|\s(\w+))\s*(?:\/\*.*\*\/\s*|\/\/.*)?$/.exec(
      directive,
    );
  // (a directive on one line: the `#define` after a spliced `#ifndef X \` is its text)
  if (!guard || g.branches.length !== 1 || g.branches[0]!.directive.length !== 1) return false;
  const name = guard[1] ?? guard[2] ?? guard[3]!;
  const next = lines.slice(g.first).find((l) => l.trim() !== '');
  const integer = '(?:0[xX][0-9a-fA-F]+|\\d+)[uUlL]*';
  const define = new RegExp(
    `^\\s*#\\s*define\\s+${name}(?:\\s+(?:${integer}|\\(\\s*${integer}\\s*\\)))?\\s*$`,
  );
  if (!define.test(next ?? '')) return false;
  return !lines.some((l, k) => (k + 1 < g.first || k + 1 > g.last) && /^\s*[^\s]/.test(l));
}

/**
 * Macros the file defines outside every conditional group but its include guard, never
 * undefined, with the line of that definition.
 */
function constantMacros(
  lines: readonly string[],
  groups: readonly Group[],
  unit: UnitTexts | undefined,
  popped: ReadonlySet<string>,
): Map<string, number> {
  const out = new Map<string, number>();
  if (!unit || unit.includesUnderCondition) return out;
  const undefined_ = new Set<string>();
  const guard = groups.find((g) => isIncludeGuard(g, lines));
  const inside = (line: number, gs: readonly Group[]): boolean =>
    gs.some((g) =>
      g === guard
        ? g.branches.some((b) => inside(line, b.groups))
        : line >= g.first && line <= g.last,
    );
  // Each directive with its line splices joined, at its first line (`#un\` / `def X` undefines
  // X); a line after a backslash is the previous directive's text, no directive of its own:
  // `#define BANNER "x" \` then `#define PEEK` defines no PEEK (-DPEEK read M after the call).
  for (const [k, l] of splicedLines(lines).entries()) {
    const m = l === undefined ? null : DEFINE_OR_UNDEF.exec(l);
    if (!m || SPLICED.test(lines[k - 1] ?? '')) continue;
    if (m[1] === 'undef') undefined_.add(m[2]!);
    // (`??=define` is one only where trigraphs are read: not taken for a definition)
    else if (!inside(k + 1, groups) && !out.has(m[2]!) && !/^\s*\?\?=/.test(l!))
      out.set(m[2]!, k + 1);
  }
  for (const n of [...undefined_, ...unit.undefines, ...popped]) out.delete(n);
  return out;
}

/**
 * The macros a `#pragma pop_macro("X")` or `_Pragma("pop_macro(\"X\")")` restores: to what
 * a `push_macro` saved, which may be a `-D X` or nothing (`push_macro` / `#define PEEK` /
 * `pop_macro` left `#ifdef PEEK` to the build). An undefinition as far as the rules go.
 */
function poppedMacros(raw: string): Set<string> {
  const code = codeOnly(raw, true);
  return new Set([...code.matchAll(/pop_macro\s*\(\s*\\?"\s*([A-Za-z_]\w*)/g)].map((m) => m[1]!));
}
