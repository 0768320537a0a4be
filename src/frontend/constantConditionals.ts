/**
 * Conditional groups that every build of a file decides alike (issue 27, struct members:
 * MachSuite's harness.c `#define CHECK_OUTPUT` ... `#ifdef CHECK_OUTPUT` inside main()). A
 * group is constant when its file's include guard opens it (or a guard of a reserved name
 * around a part of the file: no conforming build defines `__PRNG_H__`), or when its condition is
 * `#ifdef X`, `#ifndef X` or `#if defined X` / `defined(X)` alone and the file `#define`s X
 * on an earlier line outside every other conditional group, and never `#undef`s it: a `-D X`
 * or `-U X` on the command line comes before the file's own definition, which holds after
 * it. Everything else may depend on the build (a `#elif`, a value test, another file's macro).
 */
import { conditionalGroups } from './conditionals.js';
import { codeOnly } from '../model/identifiers.js';

type Group = ReturnType<typeof conditionalGroups>[number];

/** The first group of `raw` that a build may decide otherwise (its first line), or undefined. */
export function firstDependentGroup(raw: string): number | undefined {
  return dependentGroupMeeting(raw, 1, Number.MAX_SAFE_INTEGER);
}

/**
 * The first line of a group meeting lines `from`..`to` (1-based) that a build may decide
 * otherwise, looking inside constant groups; undefined when there is none.
 */
export function dependentGroupMeeting(raw: string, from: number, to: number): number | undefined {
  const code = codeOnly(raw);
  const lines = code.split('\n');
  const groups = conditionalGroups(raw);
  const defined = constantMacros(lines, groups);
  const visit = (gs: readonly Group[]): number | undefined => {
    for (const g of gs) {
      if (g.first > to || g.last < from) continue;
      if (!isConstant(g, lines, defined)) return g.first;
      for (const b of g.branches) {
        const inner = visit(b.groups);
        if (inner !== undefined) return inner;
      }
    }
    return undefined;
  };
  return visit(groups);
}

/** Whether every build decides the group alike (an include guard, or a constant test). */
function isConstant(g: Group, lines: readonly string[], defined: ReadonlyMap<string, number>) {
  if (isIncludeGuard(g, lines) || isReservedGuard(g, lines)) return true;
  const tested = g.branches.map((b) => testedName(b.directive.join(' ')));
  // (every branch's directive: `#ifdef X` ... `#else` ... `#endif`)
  return tested.every(
    (name, k) =>
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
  if (!guard || g.branches.length !== 1) return false;
  const next = lines.slice(g.first).find((l) => l.trim() !== '');
  return new RegExp(`^\\s*#\\s*define\\s+${guard[1]}\\s*$`).test(next ?? '');
}

/** The file's include guard: `#ifndef X` / `#define X` around everything. */
function isIncludeGuard(g: Group, lines: readonly string[]): boolean {
  const guard = /^\s*#\s*ifndef\s+(\w+)/.exec(g.branches[0]?.directive[0] ?? '');
  if (!guard || g.branches.length !== 1) return false;
  const next = lines.slice(g.first).find((l) => l.trim() !== '');
  if (!new RegExp(`^\\s*#\\s*define\\s+${guard[1]}\\b`).test(next ?? '')) return false;
  return !lines.some((l, k) => (k + 1 < g.first || k + 1 > g.last) && /^\s*[^\s]/.test(l));
}

/**
 * Macros the file defines outside every conditional group but its include guard, never
 * undefined, with the line of that definition.
 */
function constantMacros(lines: readonly string[], groups: readonly Group[]): Map<string, number> {
  const out = new Map<string, number>();
  const undefined_ = new Set<string>();
  const guard = groups.find((g) => isIncludeGuard(g, lines));
  const inside = (line: number, gs: readonly Group[]): boolean =>
    gs.some((g) =>
      g === guard
        ? g.branches.some((b) => inside(line, b.groups))
        : line >= g.first && line <= g.last,
    );
  for (const [k, l] of lines.entries()) {
    const m = /^\s*#\s*(define|undef)\s+([A-Za-z_]\w*)/.exec(l);
    if (!m) continue;
    if (m[1] === 'undef') undefined_.add(m[2]!);
    else if (!inside(k + 1, groups) && !out.has(m[2]!)) out.set(m[2]!, k + 1);
  }
  for (const n of undefined_) out.delete(n);
  return out;
}
