/**
 * A guard for a macro that a user header defines under a conditional directive, when `#if`
 * cannot check its value (a function-like macro, one that is no integer): kissfft's `C_MUL`
 * and `C_FIXDIV` (`#ifdef FIXED_POINT` / ... / `#else` in _kiss_fft_guts.h), codec2's
 * `PROFILE_VAR` (`#ifdef PROFILE` in machdep.h). The definition a build reads is fixed by
 * which branch each enclosing group takes; so the guard pins those branches: at the main
 * file's first line it repeats each group around every `#define` and `#undef` of the name,
 * with `#error` in every branch but the one this build takes (and in a missing `#else`),
 * down to the group whose taken branch no longer holds the directive. A build that passes
 * it takes the same branches, so reads the same directives of the name, in the same order.
 *
 * A condition is repeated at the first line only where it reads there as at the directive
 * (unreadIncludes.ts branchValue: no user text or header of the unit, in any branch, touches
 * a name it reads; nothing read by position). Unlike an unread include's guard, no group may
 * be left out (a conjunct the fewer would stop fewer builds): one that cannot be repeated
 * leaves the macro unchecked. The header's include guard is left out, as there.
 */
import path from 'node:path';
import { conditionalGroups } from './conditionals.js';
import { isIncludeGuard } from './constantConditionals.js';
import { codeOnly } from '../model/identifiers.js';
import { branchValue, type GuardReading } from './unreadIncludes.js';
import type { HeaderText } from './headerReadings.js';

type Group = ReturnType<typeof conditionalGroups>[number];

/**
 * The lines that pin the branches around every directive of `name` in `headers`, or why
 * they cannot be written.
 */
export function definitionPins(
  name: string,
  headers: readonly HeaderText[],
  r: GuardReading & SystemReading,
): { blocks: string[][] } | { problem: string } {
  const blocks = new Map<string, string[]>();
  let selfRead = false;
  for (const h of headers) {
    // (`??=define`: a directive the reading below does not see)
    if (/\?\?[=/]/.test(h.text))
      return {
        problem: `${path.basename(h.file)} spells trigraphs, whose directives are not read here`,
      };
    const code = codeOnly(h.text);
    const lines = code.split('\n');
    const groups = conditionalGroups(h.text);
    const directive = new RegExp(`^[ \\t]*(?:#|%:)[ \\t]*(?:define|undef)[ \\t]+${name}\\b`);
    for (const [k, l] of lines.entries()) {
      if (!directive.test(l)) continue;
      const where = `${path.basename(h.file)} line ${k + 1}`;
      const pinned = pinsAround(k + 1, groups, lines, r, name, path.basename(h.file));
      if ('problem' in pinned) return { problem: `${pinned.problem} (${where})` };
      for (const b of pinned.blocks) blocks.set(b.join('\n'), b);
      selfRead ||= pinned.selfRead;
    }
  }
  if (!selfRead) return { blocks: [...blocks.values()] };
  // A group that asks only whether the name is defined (`#ifndef CHECK_OVERFLOW_OP` /
  // `#define CHECK_OVERFLOW_OP` / `#endif`, kissfft) takes the branch this build takes when
  // the name is undefined at the first line, as here, and every directive of it before the
  // group is read alike: every user header's are pinned, the main file's outside a
  // conditional directive are every build's, and none may be a system header's, a forced
  // header's or a conditionally included header's (the callers refuse those).
  const self = selfPin(name, r);
  if (typeof self === 'string') return { problem: self };
  return { blocks: [self, ...blocks.values()] };
}

/** One block per group around `line`, outermost first, down to the first not taken here. */
function pinsAround(
  line: number,
  top: readonly Group[],
  lines: readonly string[],
  r: GuardReading,
  name: string,
  header: string,
): { blocks: string[][]; selfRead: boolean } | { problem: string } {
  const blocks: string[][] = [];
  let selfRead = false;
  for (let gs = top; ;) {
    const g = gs.find((x) => x.first <= line && line <= x.last);
    if (!g) break;
    const k = g.branches.findIndex((b) => b.from <= line && line <= b.to);
    if (k < 0) return { problem: 'the directive is not inside one branch' };
    // (the header's include guard: read whenever the header is)
    if (isIncludeGuard(g, lines)) {
      gs = g.branches[k]!.groups;
      continue;
    }
    if (g.branches.every((b) => asksDefined(b.directive, name))) {
      selfRead = true;
      gs = g.branches[k]!.groups;
      continue;
    }
    const taken = takenBranch(g, r);
    if (typeof taken === 'string') return { problem: taken };
    // (one message per group: the blocks of two names defined in one group are one)
    const message = `beeclak: arrays were contracted for the branch this build takes at ${header} line ${g.first}; run beeclak again for this configuration`;
    blocks.push(pinBlock(g, taken, `#error "${message}"`));
    if (taken !== k) break;
    gs = g.branches[k]!.groups;
  }
  return { blocks, selfRead };
}

/** A directive that reads nothing but whether `name` is defined (or `#else`). */
function asksDefined(directive: readonly string[], name: string): boolean {
  if (directive.length !== 1) return false;
  const d = directive[0]!.trim();
  const n = `(?:\\s+${name}|\\s*\\(\\s*${name}\\s*\\))`;
  return (
    new RegExp(`^(?:#|%:)\\s*(?:ifn?def|elifn?def)\\s+${name}$`).test(d) ||
    new RegExp(`^(?:#|%:)\\s*(?:if|elif)\\s*(?:!\\s*)?defined${n}$`).test(d) ||
    /^(?:#|%:)\s*else$/.test(d)
  );
}

/**
 * `#ifdef NAME` / `#error` at the first line, when no system header (in any branch) and no
 * header read before the first line may define the name there: it is then undefined at the
 * first line in every build that passes, as in this one.
 */
function selfPin(name: string, r: GuardReading & SystemReading): string[] | string {
  if (r.env.get(name)?.kind === 'define')
    return `macro ${name} is defined on the command line, and a group asks whether it is defined`;
  if (r.systemTouched.has(name))
    return `a system header may define macro ${name}, and a group asks whether it is defined`;
  if (r.early.has(name))
    return `a header read before the first line defines macro ${name}, and a group asks whether it is defined`;
  return [
    `#ifdef ${name}`,
    `#error "beeclak: arrays were contracted with ${name} undefined before its headers; run beeclak again for this configuration"`,
    '#endif',
  ];
}

/** What the unit's system headers and forced headers may define (the caller reads them). */
export interface SystemReading {
  /** Every name a system header the unit reads may define or undefine, in any branch. */
  readonly systemTouched: ReadonlySet<string>;
  /** Every name a directive read before the main file's first line touches. */
  readonly early: ReadonlySet<string>;
}

/** The branch this build takes (-1: none), read at the first line, or why not known. */
function takenBranch(g: Group, r: GuardReading): number | string {
  for (const [j, b] of g.branches.entries()) {
    const v = branchValue(b.directive.join('\n'), r);
    if (typeof v === 'string') return v;
    if (v) return j;
  }
  return -1;
}

/** The group's directives up to the taken branch, `#error` in every other. */
function pinBlock(g: Group, taken: number, error: string): string[] {
  const out: string[] = [];
  const last = taken < 0 ? g.branches.length - 1 : taken;
  const elseTaken = taken >= 0 && /^\s*(?:#|%:)\s*else\b/.test(g.branches[taken]!.directive[0]!);
  for (const [j, b] of g.branches.slice(0, last + 1).entries()) {
    if (j === taken && elseTaken) break;
    out.push(...b.directive);
    if (j !== taken) out.push(error);
  }
  // (a later branch, or none of them, is another build's)
  if (taken >= 0 && !elseTaken) out.push('#else', error);
  out.push(...g.endif);
  return out;
}
