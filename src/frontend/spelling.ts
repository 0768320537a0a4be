/**
 * Where each token of the preprocessed text is spelled in the author's file.
 *
 * Line markers give, for every preprocessed line, the file line it comes from; inside one
 * line the file's tokens and the compiler's are lined up token by token. A file token is
 * *spelled one-to-one* only when it lies outside every macro invocation (the macro name, its
 * argument list, and conservatively the parenthesised group after an object-like macro) and
 * sits in the common prefix or suffix of the two token lists of its line. Everything else
 * (expansions, headers, the compiler's built-ins) has no spelling in the file and is never
 * edited. Macro names are known at each token from the `#define`/`#undef` stream of
 * `cc -dD`, so `#undef` and redefinition are what the compiler did.
 */
import path from 'node:path';
import type { ByteRange, SourceLoc } from '../model/types.js';
import { alignLine, type LineItem } from './alignLine.js';
import { ColumnsBuilder, type CToken, cTokens, type TokenColumns } from './ctokens.js';
import { callExpansion, type CallExpansion } from './macroArguments.js';
import { evaluateTokens } from './macroValues.js';
import { firstIndex, SourceText } from './parse.js';
import type { MacroEvent, TranslationUnit } from './preprocess.js';

/** Names the compiler expands without a `#define` (never spelled as what they become). */
const BUILTIN_MACROS = new Set([
  '__LINE__',
  '__FILE__',
  '__COUNTER__',
  '__DATE__',
  '__TIME__',
  '__TIMESTAMP__',
  '__BASE_FILE__',
  '__FILE_NAME__',
  '__INCLUDE_LEVEL__',
  '_Pragma',
]);

/** One macro invocation spelled in the file. */
export interface MacroUse {
  readonly name: string;
  /** File offsets of the invocation (name through the closing parenthesis). */
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** The definition in force, if any (absent for the compiler's built-ins). */
  readonly definition?: MacroEvent;
  /**
   * The object-like macros its expansion depends on (itself included), with their integer
   * value when `#if` can compute it: what a result proven for this text assumes.
   */
  readonly depends: readonly MacroValue[];
  /**
   * The function-like macros its expansion reaches besides itself (a body's `LAG(i)`, an
   * argument's `LAG(i)`): a result holds for their definitions too, which `#if` cannot check
   * (configured.ts refuses one defined under a conditional directive).
   */
  readonly reaches?: readonly MacroEvent[];
}

export interface MacroValue {
  readonly name: string;
  readonly value?: bigint;
  readonly definition: MacroEvent;
  /** The `#define` or `#undef` of the same name that ends this definition, if any. */
  readonly until?: MacroEvent;
}

export interface SpellingMap {
  /** File range of a preprocessed range whose first and last tokens are spelled in the file. */
  range(r: ByteRange): ByteRange | undefined;
  /** The file token a preprocessed token (by its start offset) is spelled as. */
  token(ppOffset: number): CToken | undefined;
  /** Whether the file tokens of a preprocessed range follow each other without a gap. */
  contiguous(r: ByteRange): boolean;
  /** File line/column of a preprocessed offset (its token's, else the line's origin). */
  loc(ppOffset: number): SourceLoc;
  /** Whether a preprocessed offset comes from the main file at all. */
  inMainFile(ppOffset: number): boolean;
  /** The header a preprocessed offset comes from, as `file:line`, if not the main file. */
  origin(ppOffset: number): string;
  /** Macro invocations in the file whose text meets the file lines of a preprocessed range. */
  usesOnLines(r: ByteRange): MacroUse[];
  /** Every macro invocation spelled in the file. */
  readonly uses: readonly MacroUse[];
  /** The file's tokens and the preprocessed ones, with ppToFile[k] the file token of pp[k] or -1. */
  readonly fileTokens: TokenColumns;
  readonly ppTokens: TokenColumns;
  readonly ppToFile: Int32Array;
  /**
   * ppToFile, and besides the tokens of a macro call's argument the call copies once
   * (macroArguments.ts): only an access's tokens are read there (relocate.ts).
   */
  readonly ppToArgument: Int32Array;
  /**
   * For each file token, -1 outside every macro invocation, the same number >= 0 for the
   * tokens of one argument copied once, -2 elsewhere in an invocation.
   */
  readonly argumentOf: Int32Array;
  /** Index of the preprocessed token starting exactly at an offset, or -1. */
  ppIndex(offset: number): number;
}

type Definitions = Map<string, MacroEvent>;

/**
 * The tokens an object-like macro becomes when it expands through object-like macros only
 * (no `#`, `##`, function-like macro or built-in on the way); undefined otherwise.
 */
function objectExpansion(
  def: MacroEvent,
  active: Definitions,
  hidden: ReadonlySet<string> = new Set(),
): string[] | undefined {
  const out: string[] = [];
  for (const t of cTokens(def.body)) {
    if (t.text === '#' || t.text === '##' || BUILTIN_MACROS.has(t.text)) return undefined;
    const inner = hidden.has(t.text) || t.text === def.name ? undefined : active.get(t.text);
    if (!inner) {
      out.push(t.text);
      continue;
    }
    if (inner.params !== undefined || out.length > 200) return undefined;
    const sub = objectExpansion(inner, active, new Set([...hidden, def.name]));
    if (!sub) return undefined;
    out.push(...sub);
  }
  return out;
}

interface Reached {
  depends: MacroValue[];
  reaches: MacroEvent[];
  expansion?: string[];
}

/**
 * The object-like macros a definition's expansion goes through, with their values, and the
 * function-like ones it reaches (itself included).
 */
function dependencies(
  def: MacroEvent,
  active: Definitions,
  ends: ReadonlyMap<MacroEvent, MacroEvent>,
): Reached {
  const out: MacroValue[] = [];
  const reaches: MacroEvent[] = [];
  const seen = new Set<string>();
  const visit = (d: MacroEvent) => {
    if (seen.has(d.name)) return;
    seen.add(d.name);
    if (d.params !== undefined) reaches.push(d);
    else {
      const tokens = objectExpansion(d, active);
      const value = tokens && evaluateTokens(tokens);
      const until = ends.get(d);
      out.push({
        name: d.name,
        definition: d,
        ...(value !== undefined ? { value } : {}),
        ...(until ? { until } : {}),
      });
    }
    for (const t of cTokens(d.body)) {
      if (d.params?.includes(t.text)) continue;
      const inner = active.get(t.text);
      if (inner) visit(inner);
    }
  };
  visit(def);
  return { depends: out, reaches };
}

/** For each `#define`, the next event of its name (the `#undef` or `#define` that ends it). */
function definitionEnds(macros: readonly MacroEvent[]): Map<MacroEvent, MacroEvent> {
  const out = new Map<MacroEvent, MacroEvent>();
  const next = new Map<string, MacroEvent>();
  for (let k = macros.length - 1; k >= 0; k--) {
    const m = macros[k]!;
    const after = next.get(m.name);
    if (m.kind === 'define' && after) out.set(m, after);
    next.set(m.name, m);
  }
  return out;
}

const [OPEN, CLOSE] = [40, 41];

/** Marks tokens inside macro invocations (use[i] = index into uses, or -1). */
function invocations(
  tokens: TokenColumns,
  macros: readonly MacroEvent[],
): {
  use: Int32Array;
  uses: MacroUse[];
  expansions: (string[] | undefined)[];
  calls: (CallExpansion | undefined)[];
} {
  const use = new Int32Array(tokens.length).fill(-1);
  const uses: MacroUse[] = [];
  const expansions: (string[] | undefined)[] = [];
  const calls: (CallExpansion | undefined)[] = [];
  const active: Definitions = new Map();
  // What a definition depends on and expands to, while the definitions in force stay the
  // same (both read only those): a macro-heavy file invokes the same few macros thousands
  // of times (issue 17: libjpeg-turbo's jchuff.c), each use took its own walk of the bodies.
  const known = new Map<MacroEvent, Reached>();
  const ends = definitionEnds(macros);
  let e = 0;
  for (let i = 0; i < tokens.length; i++) {
    const line = tokens.lines[i]!;
    while (e < macros.length && macros[e]!.afterMainLine < line) {
      const m = macros[e++]!;
      if (m.kind === 'define') active.set(m.name, m);
      else active.delete(m.name);
      known.clear();
    }
    if (use[i]! >= 0 || !tokens.isWord(i)) continue;
    const name = tokens.text(i);
    const def = active.get(name);
    const builtin = BUILTIN_MACROS.has(name);
    if (!def && !builtin) continue;
    const callLike = tokens.isChar(i + 1, OPEN);
    if (def?.params !== undefined && !callLike) continue; // a function-like name, not called
    let last = i;
    if (callLike) {
      let depth = 0;
      last = tokens.length - 1;
      for (let k = i + 1; k < tokens.length; k++) {
        if (tokens.isChar(k, OPEN)) depth++;
        else if (tokens.isChar(k, CLOSE) && --depth === 0) {
          last = k;
          break;
        }
      }
    }
    for (let k = i; k <= last; k++) use[k] = uses.length;
    let about = def && known.get(def);
    if (def && !about) known.set(def, (about = dependencies(def, active, ends)));
    // An object-like macro followed by `(` may end in a function-like name: unknown.
    if (about && !callLike && def!.params === undefined && !('expansion' in about))
      about.expansion = objectExpansion(def!, active);
    expansions.push(about && !callLike && def!.params === undefined ? about.expansion : undefined);
    const expands = (w: string) => active.has(w) || BUILTIN_MACROS.has(w);
    const objectTokens = (w: string) => {
      const d = active.get(w);
      return d && d.params === undefined ? objectExpansion(d, active) : undefined;
    };
    // A function-like macro defined to nothing (`#define CHECK(a, op, b) /* noop */`).
    const emptyCall = (w: string) => {
      const d = active.get(w);
      return d?.params !== undefined && cTokens(d.body).length === 0;
    };
    calls.push(
      def?.params !== undefined && last > i
        ? callExpansion(def, tokens, i, last, expands, objectTokens, emptyCall)
        : undefined,
    );
    const depends = about ? [...about.depends] : [];
    const reaches = new Set(about?.reaches ?? []);
    // The macros its arguments spell expand too (`t[i - ID(GAIN)]`): a result holds for
    // their values as well (review 2026-11-28: GAIN there got no guard, and a -DGAIN=2
    // build read a cell the contraction reused).
    for (let k = i + 1; callLike && k <= last; k++) {
      const inner = tokens.isWord(k) ? active.get(tokens.text(k)) : undefined;
      if (!inner) continue;
      let its = known.get(inner);
      if (!its) known.set(inner, (its = dependencies(inner, active, ends)));
      for (const r of its.reaches) reaches.add(r);
      for (const d of its.depends)
        if (!depends.some((x) => x.name === d.name && x.definition === d.definition))
          depends.push(d);
    }
    uses.push({
      name,
      start: tokens.starts[i]!,
      end: tokens.ends[last]!,
      line,
      ...(def ? { definition: def } : {}),
      depends,
      ...(reaches.size > 0 ? { reaches: [...reaches].filter((r) => r !== def) } : {}),
    });
  }
  return { use, uses, expansions, calls };
}

/** SpellingMap.argumentOf, from the invocations and their calls' copied arguments. */
function argumentsOf(use: Int32Array, calls: readonly (CallExpansion | undefined)[]): Int32Array {
  const out = new Int32Array(use.length);
  use.forEach((u, k) => (out[k] = u < 0 ? -1 : -2));
  let id = 0;
  for (const c of calls)
    for (const arg of c?.copied ?? []) {
      for (const k of arg) out[k] = id;
      id++;
    }
  return out;
}

/** The file line as plain tokens and invocations (one item per invocation part on the line). */
function lineItems(
  os: readonly number[],
  file: TokenColumns,
  use: Int32Array,
  expansions: readonly (string[] | undefined)[],
  calls: readonly (CallExpansion | undefined)[],
): LineItem[] {
  const items: LineItem[] = [];
  for (let k = 0; k < os.length; k++) {
    const o = os[k]!;
    const u = use[o]!;
    if (u < 0) {
      items.push({ kind: 'token', text: file.text(o), index: o });
      continue;
    }
    let last = k;
    while (last + 1 < os.length && use[os[last + 1]!] === u) last++;
    // Whole on this line: its expansion may be known; a part of a longer one is not.
    const whole = (o === 0 || use[o - 1] !== u) && use[os[last]! + 1] !== u;
    const expansion = whole ? expansions[u] : undefined;
    const call = whole ? calls[u] : undefined;
    items.push(
      expansion
        ? { kind: 'use', expansion }
        : call
          ? { kind: 'use', expansion: call.texts, copies: call.indices }
          : { kind: 'use' },
    );
    k = last;
  }
  return items;
}

function byLine(lines: Int32Array): Map<number, number[]> {
  const out = new Map<number, number[]>();
  lines.forEach((line, k) => {
    const list = out.get(line);
    if (list) list.push(k);
    else out.set(line, [k]);
  });
  return out;
}

interface Tokens {
  readonly file: TokenColumns;
  readonly uses: MacroUse[];
  readonly pp: TokenColumns;
  readonly to: Int32Array;
  readonly toArgument: Int32Array;
  readonly argumentOf: Int32Array;
}

/**
 * The preprocessed tokens of each main-file line, in order. The preprocessor may cut one
 * line into several around an expansion from a header (`fprintf(` / `stdout` / `, t[i]);`
 * behind line markers for glibc's `#define stdout stdout`): consecutive preprocessed lines
 * from one file line are one run. Only the first run of a file line is lined up with it (the
 * tokens after the cut were not: `t[i]` there was blamed on the macro `stdout`, issue 28).
 */
function ppRunsByFileLine(pp: TokenColumns, tu: TranslationUnit): Map<number, number[]> {
  const runs = new Map<number, number[]>();
  let current: number | undefined;
  for (const [ppLine, ks] of byLine(pp.lines)) {
    const origin = tu.lines[ppLine - 1];
    if (!origin?.main) continue;
    if (origin.line === current) runs.get(current)!.push(...ks);
    else if (!runs.has(origin.line)) runs.set((current = origin.line), [...ks]);
    else current = undefined;
  }
  return runs;
}

/** The token-level correspondence (the costly part: only computed when asked for). */
function lineUp(source: string, tu: TranslationUnit): Tokens {
  const file = new ColumnsBuilder(source).scan().done();
  const { use, uses, expansions, calls } = invocations(file, tu.macros);
  // Only the main file's lines can be spelled in it: headers are not tokenized.
  const pp = new ColumnsBuilder(tu.text);
  let offset = 0;
  let runStart = -1;
  let runLine = 0;
  tu.lines.forEach((o, k) => {
    if (o.main && runStart < 0) [runStart, runLine] = [offset, k + 1];
    if (!o.main && runStart >= 0) {
      pp.scan(runStart, offset, runLine);
      runStart = -1;
    }
    const eol = tu.text.indexOf('\n', offset);
    offset = eol < 0 ? tu.text.length : eol + 1;
  });
  if (runStart >= 0) pp.scan(runStart, tu.text.length, runLine);
  return {
    file,
    uses,
    argumentOf: argumentsOf(use, calls),
    ...lineUpTokens(file, pp.done(), tu, use, expansions, calls),
  };
}

/** Preprocessed token -> file token index, or -1, line by line. */
function lineUpTokens(
  file: TokenColumns,
  pp: TokenColumns,
  tu: TranslationUnit,
  use: Int32Array,
  expansions: readonly (string[] | undefined)[],
  calls: readonly (CallExpansion | undefined)[],
): { pp: TokenColumns; to: Int32Array; toArgument: Int32Array } {
  const to = new Int32Array(pp.length).fill(-1);
  const toArgument = new Int32Array(pp.length).fill(-1);
  const fileLines = byLine(file.lines);
  for (const [line, ks] of ppRunsByFileLine(pp, tu)) {
    const os = fileLines.get(line) ?? [];
    const placed = alignLine(
      ks.map((k) => pp.text(k)),
      lineItems(os, file, use, expansions, calls),
    );
    // A file token inside an invocation is placed only as an argument's copy.
    placed.forEach((o, k) => {
      if (o >= 0) toArgument[ks[k]!] = o;
      if (o >= 0 && use[o]! < 0) to[ks[k]!] = o;
    });
  }
  return { pp, to, toArgument };
}

/** What the queries of a spelling map share: both texts, and the tokens lined up on first use. */
interface SpellingContext {
  readonly tu: TranslationUnit;
  readonly tokens: () => Tokens;
  // SourceText's line table gives 1-based lines; lines of `tu` are indexed from 0.
  readonly ppText: SourceText;
  readonly fileText: SourceText;
}

/** The spelling map of `tu`, preprocessed from `source` (tokens lined up on first use). */
export function spellingMap(source: string, tu: TranslationUnit): SpellingMap {
  let memo: Tokens | undefined;
  const cx: SpellingContext = {
    tu,
    tokens: () => (memo ??= lineUp(source, tu)),
    ppText: new SourceText(tu.text, ''),
    fileText: new SourceText(source, ''),
  };
  const { tokens } = cx;
  return {
    get uses() {
      return tokens().uses;
    },
    get fileTokens() {
      return tokens().file;
    },
    get ppTokens() {
      return tokens().pp;
    },
    get ppToFile() {
      return tokens().to;
    },
    get ppToArgument() {
      return tokens().toArgument;
    },
    get argumentOf() {
      return tokens().argumentOf;
    },
    ppIndex: (offset) => sortedIndex(tokens().pp.starts, offset),
    token: (offset) => {
      const k = tokenIndex(cx, offset);
      return k >= 0 ? tokens().file.token(k) : undefined;
    },
    range: (r) => fileRange(cx, r),
    contiguous: (r) => contiguous(cx, r),
    loc: (offset) => fileLoc(cx, offset),
    inMainFile: (offset) => !!tu.lines[ppLineOf(cx, offset)]?.main,
    origin(offset) {
      const o = tu.lines[ppLineOf(cx, offset)];
      return o ? `${o.file}:${o.line}` : '?';
    },
    usesOnLines: (r) => usesOnLines(cx, r),
  };
}

/** Index of `v` in the ascending `xs`, or -1. */
function sortedIndex(xs: Int32Array, v: number): number {
  const lo = firstIndex(xs, (x) => x >= v);
  return lo < xs.length && xs[lo] === v ? lo : -1;
}

/** The 0-based line of `tu` a preprocessed offset is on. */
function ppLineOf(cx: SpellingContext, offset: number): number {
  return cx.ppText.loc(offset).line - 1;
}

/** The file token a preprocessed token (by its start offset) is spelled as, or -1. */
function tokenIndex(cx: SpellingContext, ppOffset: number): number {
  const { pp, to } = cx.tokens();
  const k = sortedIndex(pp.starts, ppOffset);
  return k >= 0 ? to[k]! : -1;
}

/** The main-file lines a preprocessed range comes from. */
function originLines(cx: SpellingContext, r: ByteRange): Set<number> {
  const a = ppLineOf(cx, r.start);
  const b = ppLineOf(cx, Math.max(r.start, r.end - 1));
  const lines = new Set<number>();
  for (let l = a; l <= b; l++) {
    const o = cx.tu.lines[l];
    if (o?.main) lines.add(o.line);
  }
  return lines;
}

/** SpellingMap.range: from the first token's file start to the last one's file end. */
function fileRange(cx: SpellingContext, r: ByteRange): ByteRange | undefined {
  const { file, to, pp } = cx.tokens();
  const a = tokenIndex(cx, r.start);
  const kEnd = sortedIndex(pp.ends, r.end);
  const b = kEnd >= 0 ? to[kEnd]! : -1;
  if (a < 0 || b < 0 || b < a) return undefined;
  return { start: file.starts[a]!, end: file.ends[b]! };
}

/** SpellingMap.contiguous: every token of the range spelled, each right after the previous. */
function contiguous(cx: SpellingContext, r: ByteRange): boolean {
  const { pp, to } = cx.tokens();
  let k = sortedIndex(pp.starts, r.start);
  if (k < 0) return false;
  let previous = -1;
  for (; k < pp.length && pp.ends[k]! <= r.end; k++) {
    const o = to[k]!;
    if (o < 0 || (previous >= 0 && o !== previous + 1)) return false;
    previous = o;
  }
  return previous >= 0;
}

/** SpellingMap.loc: the spelled token's place, else the line's origin (a header's include). */
function fileLoc(cx: SpellingContext, offset: number): SourceLoc {
  const k = tokenIndex(cx, offset);
  if (k >= 0) return cx.fileText.loc(cx.tokens().file.starts[k]!);
  const l = ppLineOf(cx, offset);
  const o = cx.tu.lines[l];
  const column = cx.ppText.loc(offset).column;
  // Its own place too, for messages (the column is the preprocessed line's: exact unless
  // a macro expanded earlier on that line).
  if (o && !o.main)
    return {
      line: o.includedAt ?? 1,
      column: 1,
      ...(o.line > 0 ? { in: { file: shownName(o.file), line: o.line, column } } : {}),
    };
  return { line: o?.line ?? 1, column };
}

/** A file as messages name it: below the current folder, relative to it. */
function shownName(file: string): string {
  if (!path.isAbsolute(file)) return file;
  const r = path.relative(process.cwd(), file);
  return r && !r.startsWith('..') && !path.isAbsolute(r) ? r : file;
}

/** SpellingMap.usesOnLines: the macro uses whose file lines meet those of `r`. */
function usesOnLines(cx: SpellingContext, r: ByteRange): MacroUse[] {
  const lines = originLines(cx, r);
  if (lines.size === 0) return [];
  let [low, high] = [Infinity, -Infinity];
  for (const l of lines) [low, high] = [Math.min(low, l), Math.max(high, l)];
  const uses = cx.tokens().uses;
  const out: MacroUse[] = [];
  // Uses are in text order and never overlap: their last lines grow with them, so the
  // ones that can touch `lines` are a run found by a binary search (a file of many
  // functions asks this for each).
  const lastLine = (u: MacroUse) => cx.fileText.loc(u.end - 1).line;
  for (let k = firstIndex(uses, (u) => lastLine(u) >= low); k < uses.length; k++) {
    const u = uses[k]!;
    if (u.line > high) break;
    const last = lastLine(u);
    for (let l = u.line; l <= last; l++)
      if (lines.has(l)) {
        out.push(u);
        break;
      }
  }
  return out;
}

/**
 * The macro uses inside `r`, in order: uses are in text order and never overlap, so they
 * are a run found by a binary search (a file of many functions asks this for each).
 */
export function usesWithin(uses: readonly MacroUse[], r: ByteRange): MacroUse[] {
  const out: MacroUse[] = [];
  for (let k = firstIndex(uses, (u) => u.start >= r.start); k < uses.length; k++) {
    const u = uses[k]!;
    if (u.start >= r.end) break;
    if (u.end <= r.end) out.push(u);
  }
  return out;
}
