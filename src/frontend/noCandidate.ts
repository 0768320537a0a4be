/**
 * The pre-filter of the multi-file mode (issue 17, "many files"): from the preprocessor's
 * output alone, decide that no array of the main file can be a candidate, so that the
 * translation unit (~4,700 lines of system headers per file) is neither parsed as a whole
 * nor walked. A file that passes ends as "unchanged, no candidate array"; any doubt sends
 * it down the full path (compilerView.ts), which then reads the same output.
 *
 * Candidates, without a promise (DESIGN.md, "Frontend"; function.ts `finish`, and
 * pipeline/wholeProgram.ts): local arrays, and array parameters of a `static` function
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
 *     compiler agrees), so the main text must parse without ERROR or MISSING node, every
 *     header region must start and end between top-level items of it, and every stretch of
 *     header text between two changes of file must parse on its own without error. Such
 *     stretches are sequences of whole top-level items, and so is the main text around
 *     them: the unit is then such a sequence too, and parses without error as a whole.
 * The header stretches repeat from file to file (stdio.h is the same text in every file
 * of a run): their verdict is kept per process, by text.
 *
 * Reports lose the lines of arrays that were never candidates (array parameters of
 * functions that are not static, file-scope arrays a function uses): a note says so.
 */
import path from 'node:path';
import type { Diagnostic } from '../model/types.js';
import { type Node, parseTree } from './parse.js';
import { MARKER, unescapeName } from './preprocess.js';

export interface NoCandidate {
  /** Every file the preprocessor read besides the main file, as absolute paths. */
  readonly includes: readonly string[];
  /** What the report says instead of the arrays' lines. */
  readonly note: Diagnostic;
}

/** Verdicts of header stretches (text -> parses alone without error), per process. */
const stretches = new Map<string, boolean>();
let stretchChars = 0;
/** Past this many characters of keys the verdicts are forgotten (memory stays bounded). */
const STRETCH_CHARS_KEPT = 64 << 20;

function parsesAlone(text: string): boolean {
  let ok = stretches.get(text);
  if (ok === undefined) {
    ok = !parseTree(text).rootNode.hasError;
    if (stretchChars + text.length > STRETCH_CHARS_KEPT) {
      stretches.clear();
      stretchChars = 0;
    }
    stretches.set(text, ok);
    stretchChars += text.length;
  }
  return ok;
}

/** The preprocessor's output split: the main file's text (headers blanked) and the rest. */
interface Split {
  /** Same lines as the output; lines of headers, markers and `#define`s are empty. */
  readonly main: string;
  /** For each line of `main`, the main file's line it comes from (0: not the main file). */
  readonly fileLine: readonly number[];
  /** Offsets in `main` where a run of header lines begins. */
  readonly headerStarts: readonly number[];
  /** The header text between changes of file, `#define` lines left out. */
  readonly stretches: readonly string[];
  readonly files: ReadonlySet<string>;
  readonly mainName: string;
  readonly promise: boolean;
}

function split(output: string): Split {
  const main: string[] = [];
  const fileLine: number[] = [];
  const headerStarts: number[] = [];
  const stretchList: string[] = [];
  const files = new Set<string>();
  let stretch: string[] = [];
  let mainName: string | undefined;
  let current: string | undefined;
  let inMain = false;
  let wasMain = true;
  let line = 1;
  let offset = 0;
  let promise = false;
  const endStretch = () => {
    if (stretch.length > 0) stretchList.push(stretch.join('\n'));
    stretch = [];
  };
  for (let at = 0; at < output.length;) {
    let end = output.indexOf('\n', at);
    if (end < 0) end = output.length;
    const l = output.slice(at, end);
    at = end + 1;
    let keep = '';
    let isMain = inMain;
    if (l.charCodeAt(0) === 35 /* # */) {
      const marker = MARKER.exec(l);
      if (marker) {
        const file = unescapeName(marker[2]!);
        mainName ??= file;
        files.add(file);
        // A marker that only renumbers lines of the same file (after skipped lines) is
        // not a boundary: it may stand inside a declaration.
        if (file !== current) endStretch();
        current = file;
        inMain = file === mainName;
        isMain = false;
        line = Number(marker[1]);
        fileLine.push(0);
        main.push('');
        offset += 1;
        continue;
      }
      // A promise anywhere in the unit (a header's, or `_Pragma` out of a macro).
      if (/^#\s*pragma\s+beeclak\b/.test(l)) promise = true;
      if (l.startsWith('#define ') || l.startsWith('#undef ')) {
        fileLine.push(0);
        main.push('');
        offset += 1;
        line++;
        continue;
      }
    }
    if (isMain) {
      keep = l;
      wasMain = true;
    } else {
      stretch.push(l);
      if (wasMain) headerStarts.push(offset);
      wasMain = false;
    }
    fileLine.push(isMain ? line : 0);
    main.push(keep);
    offset += keep.length + 1;
    line++;
  }
  endStretch();
  return {
    main: main.join('\n') + '\n',
    fileLine,
    headerStarts,
    stretches: stretchList,
    files,
    mainName: mainName ?? '<stdin>',
    promise,
  };
}

/** The files named by line markers, but the main file and built-ins (compilerView.ts). */
export function includedFiles(
  names: Iterable<string>,
  mainName: string,
  cwd: string | undefined,
): string[] {
  return [...new Set(names)]
    .filter((n) => n !== mainName && n !== '' && !/^<.*>$/.test(n))
    .map((n) => path.resolve(cwd ?? '.', n))
    .sort();
}

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
function arrayParameterFunctions(root: Node): Node[] | undefined {
  const out: Node[] = [];
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
 * headers read); `output` is the preprocessor's (`cc -E -dD`, preprocess.ts).
 */
export function withoutCandidates(
  output: string,
  options: { temporaries?: readonly string[]; cwd?: string },
): NoCandidate | undefined {
  if ((options.temporaries ?? []).length > 0) return undefined;
  const s = split(output);
  if (s.promise) return undefined;
  const root = parseTree(s.main).rootNode;
  if (root.hasError) return undefined;
  // Every header region sits between top-level items of the main text.
  const items = root.children;
  let k = 0;
  for (const at of s.headerStarts) {
    while (k < items.length && items[k]!.endIndex <= at) k++;
    if (k < items.length && items[k]!.startIndex < at) return undefined;
  }
  const functions = arrayParameterFunctions(root);
  if (!functions) return undefined;
  if (!s.stretches.every(parsesAlone)) return undefined;
  const lineOf = (fn: Node) => s.fileLine[fn.startPosition.row] || 1;
  const names = functions.map((f) => `${functionName(f)}()`);
  const list = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  const joined = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
  const params = joined ? `array parameters of ${joined} and ` : '';
  return {
    includes: includedFiles(s.files, s.mainName, options.cwd),
    note: {
      severity: 'note',
      loc: { line: functions.length > 0 ? lineOf(functions[0]!) : 1, column: 1 },
      message:
        `not analysed further: no array is declared in a function body or as a parameter of ` +
        `a static function, so none is a candidate (${params}file-scope arrays are ` +
        `candidates only with --temporary)`,
    },
  };
}
