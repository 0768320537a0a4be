/**
 * One text for a file several units include (issue 27, unity builds: `a.c` does `#define N
 * 8` before `#include "k.c"`, `b.c` `#define N 16`), when the readings inside each includer
 * change the same code and differ only in their guards: each reading's guards say for which
 * macros its result was proved (`#if N != 8 / #error`), and the text written accepts the
 * union of those configurations and no other.
 *
 * Every reading's guards stay where that reading put them, each `#error` turned into a
 * `#define` that says "not what includer k was read with"; at the end of the file one check
 * stops the build when every includer's macro is defined. A build passes exactly when all
 * the guards of some reading hold: includer k's own build does (its reading's guards hold in
 * it), and any other build only where a reading's proof covers it, as with one includer.
 *
 * That an includer's build passes another reading's guards is sound only when that reading's
 * result rests on the file's own text and the macros its guards check, not on its includer:
 * every array changed is a local one (a parameter's, a global's or a file-scope static's
 * decision reads the includer's calls or code, which names a file-scope static after the
 * `#include`), or a static one of a function that calls nothing in every reading (its verdict,
 * lifetime/staticScratch.ts, rests on the function's text: nothing re-enters it), fixed for
 * no argument values, and no reading says it holds for a macro no guard checks. Includer k built with includer j's macros then compiles the
 * function as reading j analysed it.
 *
 * The guards are conditionals only (guardLines.ts tells their lines from the code): dropping
 * or turning them changes whether a build stops, never what it compiles. Readings that change
 * the code otherwise (another mapping, an array one contracts and another leaves), or whose
 * results rest on their includers (`rest`), have no one text here: src/cli/batch/unity.ts
 * refuses those arrays in every reading and reads them again (`included-by-several-units`).
 */
import path from 'node:path';
import { codeOf } from '../../model/reasons.js';
import type { ArrayReport, FileReport } from '../report.js';
import type { ConfigurationRefusal } from '../options.js';
import type { Contraction, ContractOptions } from '../contraction.js';
import { FILE_END_NOTE } from './guardLines.js';
import {
  endCheck,
  isGuardError,
  namesOne,
  notNames,
  takenCheck,
  turnedError,
} from './notMacros.js';

/** A file's text as read inside one includer, with the indices of its guard lines. */
export interface HostReading {
  readonly host: string;
  readonly text: string;
  readonly guardLines?: readonly number[];
  readonly report: FileReport;
  /** Its functions that call nothing, not even through a pointer (hostCallFree). */
  readonly callFree?: readonly string[];
}

/** An array of a reading's report, by function, name and declaration line. */
export interface ArrayKey {
  readonly function: string;
  readonly array: string;
  readonly line: number;
}

export type MergedReadings =
  | { readonly text: string }
  /**
   * Why there is no one text; `host` is the includer whose reading stands in the way, and
   * `rest` the arrays whose results rest on their includers (refused, the others may merge).
   */
  | { readonly why: string; readonly host: string; readonly rest?: readonly ArrayKey[] };

const UNGUARDED = new Set([codeOf('function-like-macro-assumed'), codeOf('macro-unguarded')]);

const changes = (a: ArrayReport) => a.status === 'contracted' || a.status === 'scalarized';

/**
 * The functions of a file read inside its includer that call nothing (no call, none through a
 * pointer): what a static array of theirs rests on is their own text.
 */
export function hostCallFree(
  c: Pick<Contraction, 'analysis'>,
  options: Pick<ContractOptions, 'compiler'>,
): { callFree?: string[] } {
  if (!options.compiler || !options.compiler.host) return {};
  const functions = c.analysis.model.calls?.functions ?? [];
  const free = functions.filter((f) => f.calls.length === 0 && f.indirectCalls.length === 0);
  return free.length > 0 ? { callFree: free.map((f) => f.name) } : {};
}

/**
 * Why the reading's result may rest on its includer beyond the macros its guards check
 * (another includer's build that passes them could be wrong), or undefined. A static array
 * of a function that calls nothing is no one's but its function's: nothing can enter the
 * function while it runs, and no code outside it names the array.
 */
function restsOnIncluder(a: ArrayReport, callFree: ReadonlySet<string>): string | undefined {
  const what = `${a.function}:${a.name}`;
  const ownStatic = a.storage === 'static' && callFree.has(a.function);
  if (a.storage !== 'stack' && !ownStatic)
    return `${what} is ${a.storage ? `a ${a.storage} array` : 'not a local array'} (its result rests on the includer's code)`;
  if (a.assumes && Object.keys(a.assumes).length > 0)
    return `${what} holds for argument values of the includer's calls`;
  if (a.warnings.some((w) => UNGUARDED.has(w.code)))
    return `${what} holds for a macro no #if guard can check`;
  return undefined;
}

/** The arrays of the readings whose results rest on their includer, each with why. */
function restingOnIncluders(readings: readonly HostReading[]): (ArrayKey & { why: string })[] {
  const out = new Map<string, ArrayKey & { why: string }>();
  for (const r of readings)
    for (const a of r.report.arrays.filter(changes)) {
      const why = restsOnIncluder(a, new Set(r.callFree));
      const key = `${a.function}:${a.name}:${a.line}`;
      if (why && !out.has(key))
        out.set(key, { function: a.function, array: a.name, line: a.line, why });
    }
  return [...out.values()];
}

/**
 * The arrays of a settled report that its includers' readings changed otherwise (refused in
 * every reading, src/cli/batch/unity.ts): refused so again, a reading gives the text's code.
 */
export function includerRefusals(report: FileReport): ConfigurationRefusal[] {
  const code = codeOf('included-by-several-units');
  return report.arrays.flatMap((a) =>
    a.status === 'unchanged' && a.code === code
      ? [
          {
            function: a.function,
            array: a.name,
            line: a.line,
            message: a.reason ?? '',
            code: 'included-by-several-units' as const,
          },
        ]
      : [],
  );
}

/** The code lines of a reading, and its guard lines by the number of code lines before them. */
interface Split {
  readonly code: readonly string[];
  readonly guards: ReadonlyMap<number, readonly string[]>;
}

function split(r: HostReading): Split {
  const guard = new Set(r.guardLines ?? []);
  const code: string[] = [];
  const guards = new Map<number, string[]>();
  for (const [k, l] of r.text.split('\n').entries()) {
    if (!guard.has(k)) code.push(l);
    else guards.set(code.length, [...(guards.get(code.length) ?? []), l]);
  }
  return { code, guards };
}

/** The directive a logical line spells (`if`, `endif`, ...), or undefined. */
const directive = (l: string) => /^\s*(?:#|%:)\s*([a-z]+)/.exec(l)?.[1];

const OPENS = new Set(['if', 'ifdef', 'ifndef']);
const BRANCHES = new Set(['elif', 'elifdef', 'elifndef', 'else']);

/** The logical lines of a run of physical ones (a `\` at the end continues a line). */
function logical(lines: readonly string[]): string[] {
  const out: string[] = [];
  let open = false;
  for (const l of lines) {
    const bare = l.replace(/\r$/, '');
    if (open) out[out.length - 1] += '\n' + bare;
    else out.push(bare);
    open = bare.endsWith('\\');
  }
  return out;
}

/**
 * Whether a run of guard lines only tests macros and stops the build: conditionals, each
 * closed within the run, and beeclak's own `#error`s inside them.
 */
function onlyConditionals(lines: readonly string[]): boolean {
  let depth = 0;
  for (const l of logical(lines)) {
    if (l === FILE_END_NOTE) continue;
    const d = directive(l);
    if (d && OPENS.has(d)) depth++;
    else if (d === 'endif') depth--;
    else if (!(d && BRANCHES.has(d)) && !(isGuardError(l) && depth > 0)) return false;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** A reading's guard lines with each `#error` turned into its "not this one" definition. */
function turned(lines: readonly string[], name: string): string[] {
  return lines
    .filter((l) => l.replace(/\r$/, '') !== FILE_END_NOTE)
    .map((l) => turnedError(l, name));
}

/**
 * The one text of `file` for every reading (the first includer's first), or why there is none.
 * Readings with the same text are that text.
 */
export function mergedReadings(file: string, readings: readonly HostReading[]): MergedReadings {
  const first = readings[0]!;
  if (readings.every((r) => r.text === first.text)) return { text: first.text };
  const splits = readings.map(split);
  const code = splits[0]!.code.join('\n');
  for (const [k, s] of splits.entries()) {
    if (s.code.join('\n') !== code)
      return { why: 'changes its code otherwise, not only its guards', host: readings[k]!.host };
    for (const run of s.guards.values())
      if (!onlyConditionals(run))
        return { why: 'guards it with more than conditionals', host: readings[k]!.host };
  }
  const unguarded = readings.find((r) => r.report.diagnostics.some((d) => UNGUARDED.has(d.code)));
  const rest = restingOnIncluders(readings);
  if (unguarded || rest.length > 0)
    return {
      why: `differs in its guards only, but ${rest[0]?.why ?? 'its result holds for a macro no #if guard can check'}; one text would let each includer build it with another's macros`,
      host: readings[1]!.host,
      ...(rest.length > 0 && !unguarded ? { rest } : {}),
    };
  // A reading without guards holds for every build: so does the union.
  if (splits.some((s) => s.guards.size === 0)) return { text: code };
  // The guards' macros are defined from a reading's guard to the file's end.
  if (namesOne(code, file, 'READING_'))
    return {
      why: 'differs in its guards only, but its code reads a BEECLAK_NOT_ macro that the merged guards would define',
      host: readings[1]!.host,
    };
  const cr = first.text.includes('\r\n') ? '\r' : '';
  // Readings with the same guards (N 8 in two includers) are one "not this one" macro.
  const keys = splits.map((s) => JSON.stringify([...s.guards]));
  const distinct = splits.flatMap((s, k) => (keys.indexOf(keys[k]!) === k ? [s] : []));
  const names = notNames(file, distinct.length, 'READING_');
  const hosts = readings.map((r) => path.basename(r.host).replace(/[\\"]/g, "'")).join(', ');
  const check = [
    `/* beeclak: contracted for the macros of each file that includes this one (see the report). */`,
    ...endCheck(
      names,
      `arrays of this file were contracted for the macros of ${hosts} (each includes it) only; this build is none of them: run beeclak again with its includer`,
    ),
  ].map((l) => l + cr);
  // (an includer's or an enclosing file's of the same base name: notMacros.ts)
  const taken = takenCheck(names).map((l) => l + cr);
  const firstGuard = Math.min(...distinct.flatMap((s) => [...s.guards.keys()]));
  const lines = splits[0]!.code;
  const out: string[] = [];
  const guardsAt = (p: number) => [
    ...(p === firstGuard ? taken : []),
    ...distinct.flatMap((s, k) => turned(s.guards.get(p) ?? [], names[k]!)),
  ];
  for (const [p, line] of lines.entries()) {
    out.push(...guardsAt(p));
    // Before the empty line that ends a text with a line break.
    if (p === lines.length - 1 && line === '') out.push(...check);
    out.push(line);
  }
  out.push(...guardsAt(lines.length));
  if (lines[lines.length - 1] !== '') out.push(...check, '');
  return { text: out.join('\n') };
}
