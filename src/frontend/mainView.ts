/**
 * The main file's part of the translation unit (issue 17, "many files"): the parser's text
 * of the unit (preprocess.ts `readTranslationUnit`, same offsets), and the parse of its
 * main file's lines only (tree-sitter's included ranges: the headers' lines count as blank). A unit is ~4,700 lines of system headers around a file of
 * a hundred; parsing them and walking their nodes was most of the time per file.
 *
 * In runs over many files, when this parse stands for the unit's (`standsForUnit`), the
 * model is built from it (one file is parsed whole: the verdicts below only pay off when
 * the same headers come back, compilerView.ts):
 *   - it has no ERROR or MISSING node; every header region starts and ends between its
 *     top-level items; every stretch of header text between two changes of file parses on
 *     its own without error. The stretches are then sequences of whole top-level items, and
 *     so is the main text around them: the unit is such a sequence too, the same items, and
 *     parses without error as well (nothing the full parse would report is lost);
 *   - no other `.c` file is in the unit (a unity build: its functions' calls of the main
 *     file's functions count, and the main text's parse has none of them);
 *   - nothing of the headers is looked up: no name the main text spells is declared by a
 *     header as a file-scope array (the model's globals), an enumerator or a `const` integer
 *     (its constants) or a typedef (the types of counters, casts and elements), and no
 *     `#pragma beeclak` is in the unit (promises). A model that
 *     comes to read other declarations of the headers (struct fields, ...) must add
 *     their names to `declaredNames`.
 * The stretches repeat from file to file (stdio.h is the same text in every file of a run):
 * their verdicts are kept per call, by text (src/context/callContext.ts: a multi-file run's
 * worker is one call for all its files).
 */
import { arrayDecls } from './arrays.js';
import { collectDirectives } from './directives.js';
import type { Range } from 'tree-sitter';
import { type Node, parseTree, SourceText, type TSNode } from './parse.js';
import { isMacroLine, MARKER, unescapeName } from './preprocess.js';
import { startsPragma } from '../model/pragmas.js';
import { CallSlot } from '../context/callContext.js';

/** A header stretch: parses alone without error; the names it declares that matter. */
interface Stretch {
  readonly ok: boolean;
  readonly names: readonly string[];
}

/** Verdicts by text, and how many characters their keys hold. */
interface Verdicts {
  readonly byText: Map<string, Stretch>;
  chars: number;
}
const verdicts = new CallSlot((): Verdicts => ({ byText: new Map(), chars: 0 }));
/** Past this many characters of keys the verdicts are forgotten (memory stays bounded). */
const STRETCH_CHARS_KEPT = 16 << 20;

/**
 * File-scope arrays, enumerators, `const` integers and typedef names a stretch declares (a
 * superset). Typedefs: the unit's give a loop counter, a cast or an element its type
 * (typedefs.ts, calls.ts `scalarTypedefNames`); a counter of a header's `idx_t` was "not of a
 * known integer type" in runs over many files only, whose parse lacked the header.
 */
function declaredNames(root: TSNode, src: SourceText): string[] {
  const names = new Set<string>();
  for (const d of root.namedChildren) {
    if (d.type === 'declaration' && src.textOf(d).includes('['))
      for (const a of arrayDecls(d, src, 'global')) names.add(a.name);
    if (d.type === 'type_definition')
      for (const x of d.childrenForFieldName('declarator')) names.add(typedefName(x));
  }
  // Every value known: every name that could be a constant is one.
  for (const name of collectDirectives(root, src, () => 0n).constants.keys()) names.add(name);
  return [...names];
}

/** The name a typedef declarator declares (through pointer, array and function ones). */
function typedefName(x: TSNode): string {
  let n: TSNode | null = x;
  while (n && n.type !== 'type_identifier' && n.type !== 'primitive_type')
    n =
      n.childForFieldName('declarator') ??
      n.namedChildren.find((c) => c.type !== 'parameter_list') ??
      null;
  return n?.text ?? '';
}

function stretch(text: string): Stretch {
  const kept = verdicts.current();
  let s = kept?.byText.get(text);
  if (!s) {
    const root = parseTree(text).rootNode;
    s = root.hasError
      ? { ok: false, names: [] }
      : { ok: true, names: declaredNames(root, new SourceText(text, '')) };
    if (kept) keep(kept, text, s);
  }
  return s;
}

function keep(kept: Verdicts, text: string, s: Stretch): void {
  if (kept.chars + text.length > STRETCH_CHARS_KEPT) {
    kept.byText.clear();
    kept.chars = 0;
  }
  kept.byText.set(text, s);
  kept.chars += text.length;
}

const EMPTY: Range = {
  startIndex: 0,
  endIndex: 0,
  startPosition: { row: 0, column: 0 },
  endPosition: { row: 0, column: 0 },
};

export interface MainView {
  /** The unit's parser text, as readTranslationUnit makes it. */
  readonly text: string;
  /** The main file's lines of it. */
  readonly mainText: string;
  /** The parse of the main file's lines (made on first use: a table file's is long). */
  readonly root: TSNode;
  /** For each line of `text`, the main file's line it comes from (0: not the main file). */
  readonly fileLine: readonly number[];
  /** Every file named by a line marker, as the compiler names it. */
  readonly files: ReadonlySet<string>;
  readonly mainName: string;
  /** A `#pragma beeclak` somewhere in the unit (a header's, or `_Pragma` out of a macro). */
  readonly promise: boolean;
  /** The unit parses as `root` does, headers aside (see the header comment). */
  readonly sameParse: boolean;
  /** Every header stretch parses alone; what they declare (see `standsForUnit`). */
  readonly stretches: readonly Stretch[];
}

/** What reading the preprocessor's output has gathered so far (one `mainView` call). */
interface UnitReading {
  /** The parser text's lines. */
  readonly lines: string[];
  /** The main file's lines. */
  readonly main: string[];
  readonly fileLine: number[];
  /** Where each header region after a main region starts (offsets into the text). */
  readonly headerStarts: number[];
  /** The main file's regions: the ranges the parse reads. */
  readonly ranges: Range[];
  /** The header stretches' texts. */
  readonly texts: string[];
  readonly files: Set<string>;
  /** The lines of the header stretch being read. */
  part: string[];
  mainName: string | undefined;
  current: string | undefined;
  inMain: boolean;
  /** The main region being read: its start offset and row. */
  open: { index: number; row: number } | undefined;
  /** The line of its file the next line comes from. */
  line: number;
  /** The offset of the next line in the text. */
  offset: number;
  promise: boolean;
}

/** Reads the preprocessor's output (`cc -E -dD`) as readTranslationUnit does. */
export function mainView(output: string): MainView {
  const r: UnitReading = {
    lines: [],
    main: [],
    fileLine: [],
    headerStarts: [],
    ranges: [],
    texts: [],
    files: new Set<string>(),
    part: [],
    mainName: undefined,
    current: undefined,
    inMain: false,
    open: undefined,
    line: 1,
    offset: 0,
    promise: false,
  };
  for (let at = 0; at < output.length;) {
    let end = output.indexOf('\n', at);
    if (end < 0) end = output.length;
    readLine(r, output.slice(at, end));
    at = end + 1;
  }
  endPart(r);
  endRange(r);
  return viewOf(r);
}

/** Takes one line of the output: a line marker, a macro line, or a line of some file. */
function readLine(r: UnitReading, l: string): void {
  if (l.charCodeAt(0) === 35 /* # */) {
    const marker = MARKER.exec(l);
    if (marker) {
      readMarker(r, marker);
      return;
    }
    // The compiler spells every pragma `#pragma` (the test first: most lines are macros).
    if (l.includes('pragma') && startsPragma(l, 'beeclak')) r.promise = true;
    if (isMacroLine(l)) {
      push(r, '', 0);
      r.line++;
      return;
    }
  }
  if (r.inMain) {
    r.open ??= { index: r.offset, row: r.lines.length };
    r.main.push(l);
    push(r, l, r.line);
  } else {
    if (r.open) r.headerStarts.push(r.offset);
    endRange(r);
    r.part.push(l);
    push(r, l, 0);
  }
  r.line++;
}

/** A line marker: the file (and line) the next lines come from. */
function readMarker(r: UnitReading, marker: RegExpExecArray): void {
  const file = unescapeName(marker[2]!);
  r.mainName ??= file;
  r.files.add(file);
  // A marker that only renumbers lines of the same file (after skipped lines) is not
  // a boundary: it may stand inside a declaration.
  if (file !== r.current) endPart(r);
  r.current = file;
  r.inMain = file === r.mainName;
  r.line = Number(marker[1]);
  push(r, '', 0);
}

/** Closes the header stretch being read. */
function endPart(r: UnitReading): void {
  if (r.part.length > 0) r.texts.push(r.part.join('\n'));
  r.part = [];
}

/** Closes the main region being read: a range of the parse. */
function endRange(r: UnitReading): void {
  if (r.open)
    r.ranges.push({
      startIndex: r.open.index,
      endIndex: r.offset,
      startPosition: { row: r.open.row, column: 0 },
      endPosition: { row: r.lines.length, column: 0 },
    });
  r.open = undefined;
}

/** Adds a line to the parser text, from line `from` of the main file (0: not from it). */
function push(r: UnitReading, text: string, from: number): void {
  r.lines.push(text);
  r.fileLine.push(from);
  r.offset += text.length + 1;
}

/** The view of a reading, whose parses are made on first use. */
function viewOf(r: UnitReading): MainView {
  const { ranges, texts, headerStarts } = r;
  const text = r.lines.join('\n') + '\n';
  let root: TSNode | undefined;
  let parts: Stretch[] | undefined;
  let same: boolean | undefined;
  return {
    text,
    mainText: r.main.join('\n'),
    fileLine: r.fileLine,
    files: r.files,
    mainName: r.mainName ?? '<stdin>',
    promise: r.promise,
    get root() {
      // Only the main file's lines are read: the headers' count as blank.
      root ??= parseTree(text, ranges.length > 0 ? ranges : [EMPTY]).rootNode;
      return root;
    },
    get stretches() {
      parts ??= texts.map(stretch);
      return parts;
    },
    get sameParse() {
      same ??= sameParse(this.root, headerStarts) && this.stretches.every((s) => s.ok);
      return same;
    },
  };
}

/** No error, and every header region sits between top-level items of the main text. */
function sameParse(root: Node, headerStarts: readonly number[]): boolean {
  if (root.hasError) return false;
  const items = root.children;
  let k = 0;
  for (const at of headerStarts) {
    while (k < items.length && items[k]!.endIndex <= at) k++;
    if (k < items.length && items[k]!.startIndex < at) return false;
  }
  return true;
}

/**
 * Whether the model may be built from the main text's parse instead of the unit's: same
 * parse, and nothing of the headers is looked up (see the header comment).
 */
export function standsForUnit(view: MainView, temporaries: readonly string[]): boolean {
  if (view.promise || temporaries.length > 0) return false;
  // A unity build: the functions of an included `.c` file (or of the host a file is read in)
  // call the main file's, and their calls count (compilerView.ts `unitCalls`); the main text's
  // parse has none of them.
  if ([...view.files].some((f) => f !== view.mainName && /\.c$/i.test(f))) return false;
  // The names first: when the unit must be parsed anyway, a long main text is parsed once.
  // Not the suffixes of numbers (`0.5f`, `0x1F`): no identifier follows a word character.
  // `$` is a name character (GNU C), as in src/model/identifiers.ts.
  const spelled = new Set(view.mainText.match(/(?<![\w$])[A-Za-z_$][\w$]*/g));
  if (!view.stretches.every((s) => s.ok && s.names.every((n) => !spelled.has(n)))) return false;
  return view.sameParse;
}
