/**
 * Static and file-scope scratch (issue 26): an array that lives across calls (`static` in a
 * function, or `static` at file scope and named by one function only) is a temporary of that
 * function when no value crosses from one call to the next. Then every call's lifetimes start
 * and end inside the call, as a local array's do, and the array can be contracted in place,
 * staying static.
 *
 * No value crosses when:
 *   - every call writes each cell before it reads it, on every path (no upward-exposed read,
 *     must-writes only: decided by the caller of this module with upwardExposed.ts);
 *   - the function cannot be entered again while a call is running (a value written before a
 *     nested call and read after it could meet the nested call's writes of another cell of the
 *     same slot): it is not recursive, also through a callback (qsort's comparator, a raised
 *     signal's handler, a call through a pointer reach every function whose address is taken),
 *     and where code the file does not show could call it
 *     (it is not static, or its name is used other than as a callee), it calls nothing but
 *     functions of the file and C library functions that call nothing back;
 *   - nothing else sees the cells: no initializer (initial values would need one per slot),
 *     its address never leaves (the frontend's escape reasons), a file-scope array has
 *     internal linkage; when several functions name it, none reaches another (each one's
 *     values die within its call), and all take one mapping (pipeline/wholeProgram/sharedScratch.ts).
 * Signal handlers and threads that touch the array are outside the model (docs/limits.md).
 */
import type { CallGraph, FunctionCalls } from '../model/calls.js';
import { callsNothingBack, neverNamesMain } from './libraryCalls.js';
import type { ReasonName } from '../model/reasons.js';
import { type ArrayInfo, FILE_SCOPE_USER } from '../model/types.js';
import { place } from '../model/place.js';
import type { ExternalVerdict } from '../model/program.js';

export type ScratchVerdict =
  | { readonly scratch: true }
  | { readonly scratch: false; readonly code: ReasonName; readonly reason: string };

type Problem = { readonly code: ReasonName; readonly reason: string };

const at = place;

/** The array's own conditions (storage, initializer, users). */
function storageProblem(
  fnName: string,
  array: ArrayInfo,
  linkage: ExternalVerdict | undefined,
): Problem | undefined {
  // A closed world that shows every use of it makes it as good as static (closedGlobals.ts).
  if (array.storage === 'global' && linkage && !linkage.analysable)
    return { code: linkage.code, reason: linkage.reason };
  if (array.storage === 'global' && !linkage)
    return {
      code: 'external-linkage',
      reason: `'${array.name}' has external linkage: other files may use it (make it static)`,
    };
  if (array.hasInitializer)
    return {
      code: 'has-initializer',
      reason: `'${array.name}' has an initializer: a contracted array would need one initial value per slot`,
    };
  if ((array.users ?? []).includes(FILE_SCOPE_USER))
    return {
      code: 'not-scratch',
      reason: `'${array.name}' is named by a file-scope declaration (an initializer may keep its address)`,
    };
  if (
    (array.storage === 'static-global' || array.storage === 'global') &&
    !(array.users ?? []).includes(fnName)
  )
    return { code: 'not-scratch', reason: `the users of '${array.name}' are not known` };
  return undefined;
}

/**
 * A file-scope array named by several functions: one of them must not run while another's
 * values are live, so none may call (reach) another. Whether a value crosses from one to the
 * next is each one's upward-exposed read; one mapping for all is the pipeline's (sharedScratch.ts).
 */
function sharedProblem(graph: CallGraph, fnName: string, array: ArrayInfo): string | undefined {
  const users = array.users ?? [];
  if (users.length <= 1) return undefined;
  for (const u of users) {
    const f = graph.functions.find((g) => g.name === u);
    if (!f) return `${u}(), a user of '${array.name}', is not analysed as a caller`;
    const inner = reachable(graph, f).find((g) => g.name !== u && users.includes(g.name));
    if (inner)
      return `${u}() may call ${inner.name}() while its values of '${array.name}' are live (both use it)`;
  }
  return undefined;
}

/**
 * Functions reachable from `fn` (fn included): through the calls the graph shows, and, once a
 * reached function calls through a pointer or calls code the file does not show that may
 * call back (`qsort`'s comparator), through every function that code may name.
 */
function reachable(graph: CallGraph, fn: FunctionCalls): FunctionCalls[] {
  const byName = new Map(graph.functions.map((f) => [f.name, f]));
  const seen = new Map([[fn.name, fn]]);
  const stack = [fn];
  let calledBack = false;
  const visit = (g: FunctionCalls | undefined) => {
    if (g && !seen.has(g.name)) {
      seen.set(g.name, g);
      stack.push(g);
    }
  };
  while (stack.length > 0) {
    const f = stack.pop()!;
    for (const c of f.calls) visit(byName.get(c.callee));
    const mayCallBack =
      f.indirectCalls.length > 0 ||
      f.calls.some((c) => !byName.has(c.callee) && !callsNothingBack(c.callee));
    if (mayCallBack && !calledBack) {
      calledBack = true;
      // What it runs may call any function whose address is taken, and any function with
      // external linkage by name (main aside: the C library never calls it by name).
      for (const g of graph.functions)
        if (g.reachedElsewhere.length > 0 || (!g.internal && g.name !== 'main')) visit(g);
    }
    // The program's own code the unit does not show may call main() again (C allows it).
    if (programCall(f, byName)) visit(byName.get('main'));
  }
  return [...seen.values()];
}

/**
 * The call of `f` that runs the program's code the unit does not show, if any: a call
 * through a pointer, or of a function neither defined in the unit nor a C library function
 * known to libraryCalls.ts (neverNamesMain).
 */
function programCallee(
  f: FunctionCalls,
  defined: { has(name: string): boolean },
): string | undefined {
  const c = f.calls.find((x) => !defined.has(x.callee) && !neverNamesMain(x.callee));
  if (c) return `${c.callee}() at ${at(c.loc)}`;
  const p = f.indirectCalls[0];
  return p ? `a call through a pointer at ${at(p)}` : undefined;
}

const programCall = (f: FunctionCalls, defined: { has(name: string): boolean }) =>
  programCallee(f, defined) !== undefined;

/**
 * Why `fnName` may be entered again while one of its calls runs, if it may. `unseenCallers`:
 * code the unit does not show names it though it is static (a file that includes this one,
 * not read with it).
 */
function reentryProblem(
  graph: CallGraph,
  fnName: string,
  unseenCallers: boolean,
): Problem | undefined {
  const no = (reason: string): Problem => ({ code: 'not-scratch', reason });
  const fn = graph.functions.find((f) => f.name === fnName);
  if (!fn) return no(`${fnName}() is not analysed as a caller`);
  const known = new Set(graph.functions.map((f) => f.name));
  const all = reachable(graph, fn);
  const back = all.find((g) => g.calls.some((c) => c.callee === fnName));
  if (back)
    return { code: 'recursive', reason: `${fnName}() may call itself (through ${back.name}())` };
  // Unknown code can call it only if it can name it; the C library never names main(), so
  // only its address taken or the program's code of another file (adversary 2026-11-29b:
  // `again()` of another file calling main() while main()'s static t was live) enters it again.
  if (fn.internal && fn.reachedElsewhere.length === 0 && !unseenCallers) return undefined;
  if (fnName === 'main' && fn.reachedElsewhere.length === 0) {
    const g = all.find((x) => programCall(x, known));
    return (
      g &&
      no(
        `${g.name}() calls code of the program the file does not show (${programCallee(g, known)}), which may call main() again`,
      )
    );
  }
  for (const g of all) {
    const indirect = g.indirectCalls[0];
    if (indirect)
      return no(
        `${g.name}() calls through a pointer at ${at(indirect)}, which may enter ${fnName}() again`,
      );
    const unknown = g.calls.find((c) => !known.has(c.callee) && !callsNothingBack(c.callee));
    if (unknown)
      return no(
        `${g.name}() calls ${unknown.callee}() at ${at(unknown.loc)}, which the file does not show and which may enter ${fnName}() again`,
      );
  }
  return undefined;
}

/**
 * Whether a static or file-scope array is a temporary of `fnName` (see the module comment).
 * `includedBy`: files that include this one and are not read with it (their code, after the
 * `#include`, may name its static functions and file-scope arrays). `linkage`: for a
 * file-scope array with external linkage, whether the set shows every use (closedGlobals.ts).
 */
export function staticScratchVerdict(
  graph: CallGraph,
  fnName: string,
  array: ArrayInfo,
  includedBy: readonly string[] = [],
  linkage?: ExternalVerdict,
): ScratchVerdict {
  const storage = storageProblem(fnName, array, linkage);
  if (storage) return { scratch: false, ...storage };
  // (adversary 2026-11-29 rv-hosts: read alone under --configurations, main.c read
  // kern.c's file-scope t[5] after summed(), and its hook() entered summed() again)
  if (includedBy.length > 0 && array.storage !== 'static-local')
    return {
      scratch: false,
      code: 'included-by-other-file',
      reason: `${includedBy[0]} includes this file: its code may name '${array.name}'`,
    };
  const reentry = reentryProblem(graph, fnName, includedBy.length > 0);
  if (reentry) return { scratch: false, ...reentry };
  const shared = sharedProblem(graph, fnName, array);
  return shared ? { scratch: false, code: 'not-scratch', reason: shared } : { scratch: true };
}
