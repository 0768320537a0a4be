/**
 * A guard for the headers a unit includes under a conditional directive that no lookup
 * finds (issue 27 item 3: codec2's codec2_fft.h reads `arm_const_structs.h` under
 * `#ifndef FDV_ARM_MATH` / `#else`). A build that reads one may define any name, so the
 * result may only be built where none is read: the conditions of each such include,
 * repeated verbatim at the main file's first line with `#error` in the branch that holds it,
 * stop exactly the builds that read it (and a few more: a header's include guard is left
 * out, a conjunct the fewer).
 *
 * The guard is before the unit's first line, not after the function: the unread header
 * itself comes between the include and the function, and it may `#undef` what the
 * condition reads. At the first line a macro reads as at the include when no text the unit
 * may read before it changes it: every name the condition reads must be one no user text
 * of the unit defines or undefines in any branch (headerDirectives' `touched`), no system
 * header touched in this build, and no name whose value depends on where it is read
 * (`__LINE__`, `__has_include`). The condition is read as `#if` reads it with the
 * compiler's built-ins and the command line: it must be false here (the include is skipped
 * in this very build), and one it cannot read (a function-like macro, a macro that is no
 * integer) refuses.
 */
import path from 'node:path';
import { conditionalGroups } from './conditionals.js';
import { isIncludeGuard } from './constantConditionals.js';
import { codeOnly } from '../model/identifiers.js';
import { withoutSplices } from '../model/lineSplices.js';
import { cTokens } from './ctokens.js';
import type { MacroEvent } from './preprocess.js';
import type { UnreadInclude } from './headerReadings.js';

/** The macros as the main file's first line reads them: the built-ins and the command line. */
export type FirstLineMacros = ReadonlyMap<string, MacroEvent>;

export function firstLineMacros(macros: readonly MacroEvent[]): FirstLineMacros {
  const out = new Map<string, MacroEvent>();
  // (all before the main file's first line: GCC reads stdc-predef.h between them)
  for (const m of macros) if (isFirstLine(m)) out.set(m.name, m);
  return out;
}

/** A built-in macro or one of the command line (`-D`, `-U`). */
export const isFirstLine = (m: MacroEvent) =>
  m.file === '<built-in>' || m.file === '<command-line>';

/** What the unit's texts say of the macros a guard's condition reads. */
export interface GuardReading {
  /** Every name the unit's user text, or a header in this build, defines or undefines. */
  readonly touched: ReadonlySet<string>;
  readonly env: FirstLineMacros;
  /** A system header is included under a conditional directive, and what it defines is not read (SkippedHeaders). */
  readonly systemUnder: boolean;
}

/** The guard lines for every unread include, or why one cannot be guarded. */
export function unreadIncludeGuard(
  unknowns: readonly UnreadInclude[],
  r: GuardReading,
): { lines: string[] } | { problem: string } {
  // (two includes under the same branch: one guard, naming the first)
  const blocks = new Map<string, string[]>();
  for (const u of unknowns) {
    const g = u.under && includeGuard(u.under, r);
    if (g === undefined) return { problem: u.why };
    if ('problem' in g) return { problem: `${u.why}, and ${g.problem}` };
    const key = g.lines.filter((l) => !l.startsWith('#error')).join('\n');
    if (!blocks.has(key)) blocks.set(key, g.lines);
  }
  return { lines: [...blocks.values()].flat() };
}

/**
 * The enclosing groups of one include, repeated with `#error` where it is. A group whose
 * directives cannot be read at the first line is left out: a conjunct the fewer, the guard
 * stops more builds, never fewer (cohpsk.c's `#if USE_VECTOR_OPS`, which the file defines,
 * around `#ifdef __ARM_NEON` / `#include "arm_neon.h"`: the guard is `#ifdef __ARM_NEON`).
 * What is kept must be false in this build.
 */
function includeGuard(
  at: NonNullable<UnreadInclude['under']>,
  r: GuardReading,
): { lines: string[] } | { problem: string } {
  const lines = codeOnly(at.text).split('\n');
  const where = `${path.basename(at.file)} line ${at.line}`;
  const message = `beeclak: arrays were contracted in a build that does not read the header included at ${where}; run beeclak again for this one`;
  const kept: { open: string[]; endif: readonly string[] }[] = [];
  let firesHere = true;
  let dropped: string | undefined;
  for (let gs = conditionalGroups(at.text); ;) {
    const g = gs.find((x) => x.first <= at.line && at.line <= x.last);
    if (!g) break;
    const k = g.branches.findIndex((b) => b.from <= at.line && at.line <= b.to);
    if (k < 0) return { problem: `the include is not inside one branch (${where})` };
    gs = g.branches[k]!.groups;
    // (the header's include guard: its conjunct left out)
    if (isIncludeGuard(g, lines)) continue;
    const level = branchesTo(g.branches.slice(0, k + 1), r);
    if (typeof level === 'string') dropped ??= level;
    else {
      kept.push({ open: g.branches.slice(0, k + 1).flatMap((b) => b.directive), endif: g.endif });
      firesHere &&= level;
    }
  }
  if (kept.length === 0)
    return { problem: `${dropped ?? 'no conditional directive keeps it out'} (${where})` };
  if (firesHere) return { problem: `its condition holds in this build too (${where})` };
  return {
    lines: [
      ...kept.flatMap((l) => l.open),
      `#error "${message}"`,
      ...kept.reverse().flatMap((l) => l.endif),
    ],
  };
}

/** Whether the last of a group's branches is taken (the earlier ones not), or why not known. */
function branchesTo(
  branches: readonly { readonly directive: readonly string[] }[],
  r: GuardReading,
): boolean | string {
  let taken = true;
  for (const [j, b] of branches.entries()) {
    const value = branchValue(b.directive.join('\n'), r);
    if (typeof value === 'string') return value;
    taken &&= j < branches.length - 1 ? !value : value;
  }
  return taken;
}

/** Names whose value depends on where they are read, or that no `#if` here can read. */
const PLACED = new Set([
  '__LINE__',
  '__FILE__',
  '__BASE_FILE__',
  '__FILE_NAME__',
  '__COUNTER__',
  '__INCLUDE_LEVEL__',
  '__TIMESTAMP__',
  '__DATE__',
  '__TIME__',
  'true',
  'false',
]);

/** Whether a branch's directive holds at the first line (`#else`: true), or why not known. */
export function branchValue(directive: string, r: GuardReading): boolean | string {
  const { touched, env } = r;
  const text = withoutSplices(directive, ' ');
  const m = /^\s*(?:#|%:)\s*(\w+)([\s\S]*)$/.exec(text);
  if (!m) return 'a directive is not read';
  const [, name, rest] = m;
  const tokens = cTokens(rest!).map((t) => t.text);
  for (const t of tokens) {
    if (!/^[A-Za-z_]/.test(t) || t === 'defined') continue;
    if (PLACED.has(t) || t.startsWith('__has_'))
      return `its condition reads ${t}, which a guard elsewhere reads otherwise`;
    if (touched.has(t))
      return `its condition reads macro ${t}, which the unit's text defines or undefines`;
    // (a system header only another build reads may define any name the command line
    // does not: `__GLIBC__` after `#ifdef POSIX` / `#include <stdio.h>`, and M_PI after
    // `#ifdef WANT_MATH` / `#include <math.h>`)
    if (r.systemUnder && !env.has(t))
      return `its condition reads ${t}, which a system header included under a conditional directive may define`;
  }
  switch (name) {
    case 'else':
      return true;
    case 'ifdef':
    case 'elifdef':
    case 'ifndef':
    case 'elifndef': {
      if (tokens.length !== 1 || !/^[A-Za-z_]\w*$/.test(tokens[0]!))
        return 'a directive is not read';
      const on = env.get(tokens[0]!)?.kind === 'define';
      return name.endsWith('ndef') ? !on : on;
    }
    case 'if':
    case 'elif': {
      const v = evaluate(tokens, env);
      return typeof v === 'string' ? v : v !== 0n;
    }
    default:
      return 'a directive is not read';
  }
}

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/**
 * An `#if` expression's value, in signed 64-bit arithmetic (an unsigned operand, a character
 * constant, a macro that is function-like or no integer, an overflow: why not read).
 */
export function evaluate(tokens: readonly string[], env: FirstLineMacros): bigint | string {
  let k = 0;
  const fail = (why: string): never => {
    throw new NotRead(why);
  };
  const peek = () => tokens[k];
  const take = (t: string) => (tokens[k] === t ? (k++, true) : false);
  const checked = (v: bigint) => (v < INT64.min || v > INT64.max ? fail('it overflows') : v);
  const primary = (): bigint => {
    const t = tokens[k++];
    if (t === undefined) return fail('it ends early');
    if (t === '(') {
      const v = conditional();
      if (!take(')')) fail('a parenthesis is not closed');
      return v;
    }
    if (t === 'defined') {
      const paren = take('(');
      const n = tokens[k++];
      if (n === undefined || !/^[A-Za-z_]\w*$/.test(n)) return fail('defined names no macro');
      if (paren && !take(')')) fail('a parenthesis is not closed');
      return env.get(n)?.kind === 'define' ? 1n : 0n;
    }
    if (/^[A-Za-z_]/.test(t)) {
      if (peek() === '(') return fail(`it calls ${t}`);
      const m = env.get(t);
      if (!m || m.kind === 'undef') return 0n;
      if (m.params !== undefined) return fail(`macro ${t} is function-like`);
      const v = integer(
        m.body
          .trim()
          .replace(/^\((.*)\)$/, '$1')
          .trim(),
      );
      return v ?? fail(`macro ${t} is not an integer`);
    }
    return integer(t) ?? fail(`${t} is not a signed integer`);
  };
  const unary = (): bigint => {
    if (take('!')) return unary() === 0n ? 1n : 0n;
    if (take('-')) return checked(-unary());
    if (take('+')) return unary();
    if (take('~')) return ~unary();
    return primary();
  };
  const LEVELS: readonly (readonly string[])[] = [
    ['||'],
    ['&&'],
    ['|'],
    ['^'],
    ['&'],
    ['==', '!='],
    ['<', '>', '<=', '>='],
    ['<<', '>>'],
    ['+', '-'],
    ['*', '/', '%'],
  ];
  const binary = (level: number): bigint => {
    if (level === LEVELS.length) return unary();
    let v = binary(level + 1);
    for (let op = peek(); op !== undefined && LEVELS[level]!.includes(op); op = peek()) {
      k++;
      // (both sides read: a skipped side's macro must be readable too)
      const w = binary(level + 1);
      v = checked(apply(op, v, w, fail));
    }
    return v;
  };
  const conditional = (): bigint => {
    const c = binary(0);
    if (!take('?')) return c;
    const a = conditional();
    if (!take(':')) fail('a ? has no :');
    const b = conditional();
    return c !== 0n ? a : b;
  };
  try {
    const v = conditional();
    if (k !== tokens.length) return `its condition is not read past ${tokens[k]}`;
    return v;
  } catch (e) {
    if (e instanceof NotRead) return `its condition is not read: ${e.message}`;
    throw e;
  }
}

class NotRead extends Error {}

function apply(op: string, a: bigint, b: bigint, fail: (why: string) => never): bigint {
  const truth = (x: boolean) => (x ? 1n : 0n);
  switch (op) {
    case '||':
      return truth(a !== 0n || b !== 0n);
    case '&&':
      return truth(a !== 0n && b !== 0n);
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '&':
      return a & b;
    case '==':
      return truth(a === b);
    case '!=':
      return truth(a !== b);
    case '<':
      return truth(a < b);
    case '>':
      return truth(a > b);
    case '<=':
      return truth(a <= b);
    case '>=':
      return truth(a >= b);
    case '<<':
    case '>>':
      if (b < 0n || b > 62n || a < 0n) return fail('a shift is not read');
      return op === '<<' ? a << b : a >> b;
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    default:
      if (b === 0n) return fail('it divides by zero');
      // (C truncates toward zero, as BigInt does)
      return op === '/' ? a / b : a % b;
  }
}

/** A signed integer literal's value (decimal, octal, hex; `l`/`ll` suffixes), else undefined. */
function integer(t: string): bigint | undefined {
  const m = /^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)(?:[lL]|ll|LL)?$/.exec(t);
  if (!m) return undefined;
  const s = m[1]!;
  const v = /^0[0-7]+$/.test(s) ? BigInt(`0o${s.slice(1)}`) : BigInt(s);
  return v > INT64.max ? undefined : v;
}
