/**
 * The pre-filter of the multi-file mode (issue 17, "many files"): from the preprocessor's
 * output alone, decide that no array of the main file can be a candidate, so that the
 * translation unit (~4,700 lines of system headers per file) is neither parsed as a whole
 * nor walked. A file that passes ends as "unchanged, no candidate array"; any doubt sends
 * it down the full path (compilerView.ts), which then reads the same output.
 *
 * Candidates, without a promise (docs/design.md, "Candidates"; function.ts `finish`, and
 * pipeline/wholeProgram/crossCalls.ts): local arrays, and array parameters of a `static` function
 * (temporaries across calls, decided per call site). File-scope, `extern`, static local
 * arrays and array parameters of other functions always carry a reason. So the file passes
 * when, in the text of the main file as the compiler sees it (macros expanded, the headers'
 * lines blanked):
 *   - no function definition holds an array declarator, but in the parameter list of a
 *     function that is not `static` (K&R parameter declarations and bodies count);
 *   - no promise can apply: no `--temporary`, no `#pragma beeclak` in the whole unit (the
 *     promise of a header, or of `_Pragma` out of a macro, is an error when nothing matches);
 *   - nothing would have been reported as an error or a warning: the full path refuses a
 *     file when tree-sitter finds the first error of the unit in the main file (and the
 *     compiler agrees); here the unit must parse as the main text does, without error
 *     (mainView.ts `sameParse`).
 *
 * Reports lose the lines of arrays that were never candidates (array parameters of
 * functions that are not static, file-scope arrays a function uses): a note says so.
 */
import path from 'node:path';
import { CallSlot } from '../context/callContext.js';
import type { Diagnostic } from '../model/types.js';
import type { Node, TSNode } from './parse.js';
import type { MainView } from './mainView.js';

export interface NoCandidate {
  /** Every file the preprocessor read besides the main file, as absolute paths. */
  readonly includes: readonly string[];
  /** What the report says instead of the arrays' lines. */
  readonly note: Diagnostic;
}

/** The files named by line markers, but the main file and built-ins (compilerView.ts). */
export function includedFiles(
  names: Iterable<string>,
  mainName: string,
  cwd: string | undefined,
): string[] {
  const unique = new Set<string>();
  let last: string | undefined;
  // (a name is mostly the previous one's: the set takes each run once)
  for (const n of names) if (n !== last) unique.add((last = n));
  const resolved = resolvedNames.current();
  const absolute = (n: string): string => {
    const key = `${cwd ?? '.'}\0${n}`;
    const hit = resolved?.get(key);
    if (hit !== undefined) return hit;
    const a = path.resolve(cwd ?? '.', n);
    resolved?.set(key, a);
    return a;
  };
  return [...unique]
    .filter((n) => n !== mainName && n !== '' && !/^<.*>$/.test(n))
    .map(absolute)
    .sort();
}

/** Names resolved once per call (a unity build's unit names its n files, for each file). */
const resolvedNames = new CallSlot(() => new Map<string, string>());

function isStatic(fn: Node): boolean {
  return fn.namedChildren.some((c) => c.type === 'storage_class_specifier' && c.text === 'static');
}

function functionName(fn: Node): string {
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return d?.childForFieldName('declarator')?.text ?? '?';
}

/**
 * The functions with array parameters that can only be candidates with a promise, or
 * undefined when some array of a function could be a candidate.
 */
function arrayParameterFunctions(root: TSNode): TSNode[] | undefined {
  const out: TSNode[] = [];
  for (const fn of root.descendantsOfType('function_definition')) {
    const all = fn.descendantsOfType('array_declarator').length;
    if (all === 0) continue;
    if (isStatic(fn)) return undefined;
    const inSignature = fn.childForFieldName('declarator')?.descendantsOfType('array_declarator');
    if ((inSignature?.length ?? 0) !== all) return undefined;
    out.push(fn);
  }
  return out;
}

/**
 * `undefined` unless no array of the main file can be a candidate (then the note and the
 * headers read); `view` is of the preprocessor's output (mainView.ts).
 */
export function withoutCandidates(
  view: MainView,
  options: { temporaries?: readonly string[]; cwd?: string },
): NoCandidate | undefined {
  if ((options.temporaries ?? []).length > 0 || view.promise || !view.sameParse) return undefined;
  const functions = arrayParameterFunctions(view.root);
  if (!functions) return undefined;
  const lineOf = (fn: TSNode) => view.fileLine[fn.startPosition.row] || 1;
  const names = functions.map((f) => `${functionName(f)}()`);
  const list = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  const joined = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
  const params = joined ? `array parameters of ${joined} and ` : '';
  return {
    includes: includedFiles(view.files, view.mainName, options.cwd),
    note: {
      severity: 'note',
      reason: 'no-candidate-in-file',
      loc: { line: functions.length > 0 ? lineOf(functions[0]!) : 1, column: 1 },
      message:
        `not analysed further: no array is declared in a function body or as a parameter of ` +
        `a static function, so none is a candidate (${params}file-scope arrays are ` +
        `candidates only with --temporary${params ? ', or with every file of their program: --closed-world or a main()' : ''})`,
    },
  };
}
