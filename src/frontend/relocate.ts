/**
 * Moves a function model built from the preprocessed text onto the author's file: every
 * location and range is translated through the spelling map (spelling.ts). A candidate
 * whose declarator or accesses are not spelled one-to-one in the file (the name and the
 * brackets; what stands between the brackets may use macros, it is kept as written) is
 * made a non-candidate with the reason, naming the macro and its line, or the header.
 */
import type { Spelled } from '../model/calls.js';
import { allocaArgumentInFile } from './allocaSpelling.js';
import { nameRecord } from '../poly/nameRecord.js';
import type {
  Access,
  ArrayInfo,
  ByteRange,
  Extent,
  FunctionModel,
  NotCandidateReason,
  SourceLoc,
  Statement,
} from '../model/types.js';
import { lineStarts } from './parse.js';
import { notCandidate } from '../model/reasons.js';
import type { SpellingMap } from './spelling.js';
import { place } from '../model/place.js';

const NOWHERE: ByteRange = { start: 0, end: 0 };

/** Converts 1-based line/column of the preprocessed text back to its offset. */
export function offsetsOf(text: string): (loc: SourceLoc) => number {
  const starts = lineStarts(text);
  return (loc) => (starts[loc.line - 1] ?? 0) + loc.column - 1;
}

interface Framed {
  readonly range: ByteRange;
  readonly holes: readonly ByteRange[];
}

function trimmed(source: string, start: number, end: number): ByteRange {
  while (start < end && /\s/.test(source[start]!)) start++;
  while (end > start && /\s/.test(source[end - 1]!)) end--;
  return { start, end };
}

/**
 * `y[i][k]`: the tokens outside the holes (name, brackets) must be spelled one-to-one and
 * follow each other in the file; each hole becomes the file text between its brackets.
 * An access (`inArgument`) may also be spelled in one argument of a macro call that copies
 * it once (macroArguments.ts: `ADD(t[i], 1)`), all its tokens in that one argument: the
 * file text between its brackets then lies in it too, and an edit of it is an edit of the
 * copy. Declarators and other pieces are spelled outside every invocation.
 */
function frame(
  map: SpellingMap,
  source: string,
  r: ByteRange,
  holes: readonly ByteRange[],
  inArgument = false,
): Framed | undefined {
  let k = map.ppIndex(r.start);
  if (k < 0) return undefined;
  const pp = map.ppTokens;
  const file = map.fileTokens;
  let previous = -1;
  let crossedHole = false;
  const before: number[] = [];
  const after: number[] = [];
  let first = -1;
  const to = inArgument ? map.ppToArgument : map.ppToFile;
  let argument: number | undefined;
  for (; k < pp.length && pp.ends[k]! <= r.end; k++) {
    const [start, end] = [pp.starts[k]!, pp.ends[k]!];
    const h = holes.findIndex((x) => x.start <= start && end <= x.end);
    if (h >= 0) {
      if (before[h] === undefined) before[h] = previous;
      crossedHole = true;
      continue;
    }
    const o = to[k]!;
    if (o < 0) return undefined;
    if ((argument ??= map.argumentOf[o]!) !== map.argumentOf[o]) return undefined;
    if (previous >= 0 && (crossedHole ? o <= previous : o !== previous + 1)) return undefined;
    holes.forEach((_, j) => {
      if (before[j] !== undefined && after[j] === undefined) after[j] = o;
    });
    if (first < 0) first = o;
    previous = o;
    crossedHole = false;
  }
  if (first < 0 || crossedHole) return undefined;
  for (let j = 0; j < holes.length; j++) {
    const a = before[j];
    const b = after[j];
    if (a === undefined || b === undefined || a < 0) return undefined;
  }
  // Made by `map`, of their exact length: an array grown by `push` from empty reserves 17
  // slots, and these are held in every access of every model (issue 29, item 3).
  const fileHoles = holes.map((_, j) =>
    trimmed(source, file.ends[before[j]!]!, file.starts[after[j]!]!),
  );
  return { range: { start: file.starts[first]!, end: file.ends[previous]! }, holes: fileHoles };
}

/** Why a preprocessed range has no one-to-one spelling in the file. */
function notSpelled(map: SpellingMap, r: ByteRange, mainName: string): string {
  if (!map.inMainFile(r.start)) return `it comes from ${map.origin(r.start)}, not from this file`;
  const uses = map.usesOnLines(r);
  if (uses.length === 0) return 'it is not spelled one-to-one in this file';
  const names = [...new Set(uses.map((u) => u.name))].map((n) => {
    const d = uses.find((u) => u.name === n)!.definition;
    const at = d ? (d.file === mainName ? `line ${d.line}` : `${d.file}:${d.line}`) : 'built in';
    return `${n} (defined at ${at})`;
  });
  return `it comes out of the expansion of macro${names.length > 1 ? 's' : ''} ${names.join(', ')}; edits inside macro expansions are not made`;
}

/**
 * The file range of a declaration whose type comes out of a macro (`REAL t[N];` with
 * `#define REAL double`, libjpeg's `FAST_FLOAT workspace[DCTSIZE2];`): from the first word of
 * its line to its `;`. Edits never touch that type: the declarator (`t[N]`, spelled in the
 * file) is what gets rewritten, and the declaration's range only anchors an annotation (its
 * line) and insertions after its `;`. Undefined unless the `;` is spelled in the file, a
 * macro invocation lies before the declarator on its line, and the text from the line's
 * first word to the declarator is a type and earlier declarators (no `;`, brace or `=`).
 */
function macroTypedDeclaration(
  map: SpellingMap,
  source: string,
  declaration: ByteRange,
  declarator: ByteRange,
): ByteRange | undefined {
  const end = spelledEnd(map, declaration);
  if (end === undefined || source[end - 1] !== ';' || end < declarator.end) return undefined;
  if (/[;{}]/.test(source.slice(declarator.end, end - 1))) return undefined;
  const lineStart = source.lastIndexOf('\n', declarator.start - 1) + 1;
  const head = source.slice(lineStart, declarator.start);
  // A type, then maybe earlier declarators of the same declaration (`REAL t[N], u[N];`):
  // words, `*`, brackets, parentheses, commas and arithmetic, never `;`, braces or `=`.
  if (!/^\s*\w[\s\w*,[\]()+\-/%]*$/.test(head)) return undefined;
  const start = lineStart + head.search(/\S/);
  return macroBetween(map, declaration, start, declarator.start) ? { start, end } : undefined;
}

/**
 * The file range of a parameter declaration whose type comes out of a macro (MachSuite's
 * `TYPE x[N]` in a parameter list): from its first word to the end of its declarator, which
 * must end it (`TYPE x[N],` or `TYPE x[N])`). As for a declaration (above), edits never touch
 * the type; a parameter's declarator is all that is ever rewritten (retyped with its callers'
 * buffers). Undefined unless the text between the previous `(` or `,` and the declarator is a
 * type (words and `*` only: no comment, bracket or parenthesis) with a macro invocation in it.
 */
function macroTypedParameter(
  map: SpellingMap,
  source: string,
  declaration: ByteRange,
  declarator: ByteRange,
): ByteRange | undefined {
  if (spelledEnd(map, declaration) !== declarator.end) return undefined;
  const open = Math.max(
    source.lastIndexOf('(', declarator.start - 1),
    source.lastIndexOf(',', declarator.start - 1),
  );
  if (open < 0) return undefined;
  const head = source.slice(open + 1, declarator.start);
  if (!/^\s*[A-Za-z_][\s\w*]*$/.test(head)) return undefined;
  const start = open + 1 + head.search(/\S/);
  return macroBetween(map, declaration, start, declarator.start)
    ? { start, end: declarator.end }
    : undefined;
}

/** Where the last token of `declaration` ends in the file, if that token is spelled there. */
function spelledEnd(map: SpellingMap, declaration: ByteRange): number | undefined {
  const k = map.ppIndex(declaration.end - 1);
  const last = k >= 0 ? map.ppToFile[k]! : -1;
  return last < 0 ? undefined : map.fileTokens.ends[last]!;
}

/** A macro invocation of the declaration's lines lies within [start, end) of the file. */
function macroBetween(
  map: SpellingMap,
  declaration: ByteRange,
  start: number,
  end: number,
): boolean {
  return map.usesOnLines(declaration).some((u) => start <= u.start && u.end <= end);
}

/** One function's model at its places in the file (its helper calls too). */
export function relocateFunction(
  fm: FunctionModel,
  map: SpellingMap,
  source: string,
  ppOffset: (loc: SourceLoc) => number,
  mainName: string,
): FunctionModel {
  const moved = relocateBody(fm, map, source, ppOffset, mainName);
  // Its helper calls (FunctionModel.helperCalls) at their places in the file.
  const loc = (l: SourceLoc) => map.loc(ppOffset(l));
  return fm.helperCalls ? { ...moved, helperCalls: relocateLocs(fm.helperCalls, loc) } : moved;
}

/** What relocating one statement needs of its function's relocation. */
interface StatementPlace {
  readonly map: SpellingMap;
  readonly source: string;
  readonly loc: (l: SourceLoc) => SourceLoc;
  readonly statementRange: (r: ByteRange) => ByteRange | undefined;
  readonly refuse: (array: string, what: string, r: ByteRange, at: SourceLoc) => void;
}

/**
 * One statement and its accesses moved onto the file. A statement of a macro's body
 * (kissfft's `C_MUL(scratch[0], ...)` expands to `do { (m).r = ...; (m).i = ...; } while
 * (0)`) whose accesses are spelled in one call's arguments is edited there; its statement is
 * the call's text, which has no `;` of its own, so `check` lets its writes take effect at
 * once (textFacts.ts noSemicolon).
 */
function relocateStatement(s: Statement, cx: StatementPlace): Statement {
  const { map, source, loc, refuse } = cx;
  const invocation = (r: ByteRange) =>
    map.uses.find((u) => u.start <= r.start && r.end <= u.end && u.definition?.params);
  const spelled = cx.statementRange(s.range);
  const accesses = s.accesses.map((a) => ({
    a,
    f: frame(map, source, a.range, a.indexRanges, true),
  }));
  const calls = new Set(accesses.map(({ f }) => f && invocation(f.range)));
  const call = !spelled && calls.size === 1 ? [...calls][0] : undefined;
  const range = spelled ?? (call ? { start: call.start, end: call.end } : undefined);
  return {
    ...s,
    loc: loc(s.loc),
    range: range ?? NOWHERE,
    accesses: accesses.map(({ a, f }): Access => {
      const at = loc(a.loc);
      if (!f) refuse(a.array, `its access at ${place(at)}`, a.range, at);
      else if (!range) refuse(a.array, `the statement of its access at ${place(at)}`, s.range, at);
      return {
        ...a,
        loc: at,
        range: f?.range ?? NOWHERE,
        indexRanges: f?.holes ?? a.indexRanges.map(() => NOWHERE),
      };
    }),
  };
}

/** relocateFunction, but for the helper calls. */
function relocateBody(
  fm: FunctionModel,
  map: SpellingMap,
  source: string,
  ppOffset: (loc: SourceLoc) => number,
  mainName: string,
): FunctionModel {
  const loc = (l: SourceLoc) => map.loc(ppOffset(l));
  // Messages name places as `line:column` of the text they were built from.
  const text = (m: string) =>
    m.replace(/\b(\d+):(\d+)\b/g, (_, l: string, c: string) => {
      const at = loc({ line: Number(l), column: Number(c) });
      return `${place(at)}`;
    });
  const span = (r: ByteRange) => map.range(r);
  /** From the first token of `r` spelled in the file to its end (a macro may start it). */
  const spannedTail = (r: ByteRange) => {
    let k = map.ppIndex(r.start);
    while (k >= 0 && k < map.ppTokens.length && map.ppToFile[k]! < 0) k++;
    const start = k >= 0 ? map.ppTokens.starts[k] : undefined;
    return start !== undefined && start < r.end ? span({ start, end: r.end }) : undefined;
  };
  // The function's extent: from its first token spelled in the file to its closing brace.
  const fnRange = span(fm.range) ?? spannedTail(fm.range);
  // A statement's: where `check` waits for its `;` (a declaration's type may be a macro:
  // `TYPE v = t[i];` left t unchanged, "not edited", issue 28).
  const statementRange = (r: ByteRange) => span(r) ?? spannedTail(r);
  const unspelled = new Map<string, NotCandidateReason>();
  const refuse = (array: string, what: string, r: ByteRange, at: SourceLoc) => {
    if (!unspelled.has(array))
      unspelled.set(
        array,
        notCandidate('not-editable', `${what} is not edited: ${notSpelled(map, r, mainName)}`, at),
      );
  };
  const statements = fm.statements.map((st) =>
    relocateStatement(st, { map, source, loc, statementRange, refuse }),
  );
  const arrays: ArrayInfo[] = fm.arrays.map((a) => {
    const at = loc(a.loc);
    const holes = a.extents.flatMap((e) => (e.range ? [e.range] : []));
    const f = frame(map, source, a.declaratorRange, holes);
    const macroTyped = a.storage === 'parameter' ? macroTypedParameter : macroTypedDeclaration;
    const declaration =
      span(a.declarationRange) ??
      (f ? macroTyped(map, source, a.declarationRange, f.range) : undefined);
    if (!f || !declaration) refuse(a.name, 'its declaration', a.declaratorRange, at);
    if (!fnRange) refuse(a.name, 'its function', fm.range, loc(fm.loc));
    let h = 0;
    const extents: Extent[] = a.extents.map((e) => {
      if (!e.range || !f) return { ...e, range: undefined } as Extent;
      const r = f.holes[h++]!;
      return { ...e, text: source.slice(r.start, r.end), range: r };
    });
    const reasons = a.reasons.map((r) => ({ ...r, message: text(r.message), loc: loc(r.loc) }));
    // Also on arrays that are not candidates here: the whole-program stage can make a
    // parameter a temporary of its function later, and must then see that it cannot be
    // edited (PolyBench's `POLYBENCH_1D(tmp, N, n)` parameters crashed the rewriter).
    const extra = unspelled.get(a.name);
    return {
      ...a,
      loc: at,
      extents,
      declaratorRange: f?.range ?? NOWHERE,
      declarationRange: declaration ?? NOWHERE,
      candidate: a.candidate && !extra,
      reasons: extra ? [...reasons, extra] : reasons,
    };
  });
  // The body's braces, when both are the file's own.
  const body = fm.bodyRange && span(fm.bodyRange);
  const { bodyRange: _, ...rest } = fm;
  return {
    ...rest,
    ...(body && source[body.start] === '{' && source[body.end - 1] === '}'
      ? { bodyRange: body }
      : {}),
    loc: loc(fm.loc),
    range: fnRange ?? NOWHERE,
    parameters: fm.parameters.map((p) => (p.loc ? { ...p, loc: loc(p.loc) } : p)),
    arrays,
    statements,
    diagnostics: fm.diagnostics.map((d) => ({ ...d, message: text(d.message), loc: loc(d.loc) })),
  };
}

/**
 * Plain data with every `loc` field moved by `move` (preprocessed -> file): a copy of each
 * object or list that holds one, the others shared (a file read inside a host of n kernels
 * copied the calls of all of them, ranges and uses included, for each file: issue 27).
 */
export function relocateLocs<T>(data: T, move: (loc: SourceLoc) => SourceLoc): T {
  if (Array.isArray(data)) {
    const out = data.map((x) => relocateLocs(x, move));
    return (out.some((x, k) => x !== data[k]) ? out : data) as T;
  }
  if (data === null || typeof data !== 'object') return data;
  const out = nameRecord<unknown>();
  let moved = false;
  for (const [k, v] of Object.entries(data)) {
    const w =
      k === 'loc' && v && typeof v === 'object'
        ? move(v as SourceLoc)
        : k === 'indirectCalls' && Array.isArray(v)
          ? v.map((l: SourceLoc) => move(l)) // (FunctionCalls: a list of places)
          : relocateLocs(v, move);
    if (w !== v) moved = true;
    out[k] = w;
  }
  return (moved ? out : data) as T;
}

/**
 * A piece of preprocessed text moved to the file: through the tokens around it, spelled in
 * the file (its own text may come from a macro: `[N]`), else as it is; absent when neither
 * (a heap buffer's spelling that is no such piece is not retyped: HeapSpelling).
 */
export function spelledInFile(map: SpellingMap, source: string, s: Spelled): Spelled {
  const framed = s.frame && s.range ? frame(map, source, s.frame, [s.range]) : undefined;
  const range =
    framed?.holes[0] ??
    (s.range ? (map.range(s.range) ?? allocaArgumentInFile(map, source, s.range)) : undefined);
  return range ? { range } : {};
}
