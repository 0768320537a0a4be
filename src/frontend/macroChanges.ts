/**
 * Where the file's text may change what a macro name means, read once per file (issue 29,
 * item 3): a `#define` or `#undef` of the name, an `#include` (`#include_next`, `#import`),
 * a `pop_macro`. A fixed macro (macroRoles.ts) has none of them between its definition and
 * the end of the function that uses it; each function searched the text from the one to
 * the other, so a `#define N` at the top of a file of many functions read the file once per
 * function (quadratic: 500 KB of kernels sharing one `N` spent a fifth of its CPU there).
 *
 * The text is read as the preprocessor reads it (comments and literals blanked over the
 * whole file by `codeOnly`, line splices joined); each change is kept as its range in the
 * file's offsets.
 */
/** Offsets in the file, `end` exclusive. */
interface Span {
  readonly start: number;
  readonly end: number;
}

export interface MacroChanges {
  /** Per name, its `#define` and `#undef` directives, in text order. */
  readonly defines: ReadonlyMap<string, readonly Span[]>;
  /** `#include`, `#include_next`, `#import` and `pop_macro`, in text order. */
  readonly resets: readonly Span[];
}

/** The changes in a file's text as `codeOnly` gives it (see the file's comment). */
export function macroChanges(code: string): MacroChanges {
  const { text, offset } = joinSplices(code);
  const span = (m: RegExpMatchArray): Span => ({
    start: offset(m.index!, true),
    end: offset(m.index! + m[0].length, false),
  });
  const defines = new Map<string, Span[]>();
  for (const m of text.matchAll(/(#|%:)\s*(undef|define)\s+([A-Za-z_$][\w$]*)/g)) {
    let list = defines.get(m[3]!);
    if (!list) defines.set(m[3]!, (list = []));
    list.push(span(m));
  }
  const resets = [
    ...[...text.matchAll(/(#|%:)\s*(include|include_next|import)(?![\w$])/g)].map(span),
    ...[...text.matchAll(/pop_macro/g)].map(span),
  ].sort((a, b) => a.start - b.start);
  return { defines, resets };
}

/**
 * Whether a change of `name` (or a reset) lies wholly within the file's offsets
 * [`from`, `to`).
 */
export function changedBetween(
  changes: MacroChanges,
  name: string,
  from: number,
  to: number,
): boolean {
  return within(changes.defines.get(name) ?? [], from, to) || within(changes.resets, from, to);
}

/** Whether a span of `spans` (in text order, none inside another) lies within [from, to). */
function within(spans: readonly Span[], from: number, to: number): boolean {
  let [lo, hi] = [0, spans.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.start < from) lo = mid + 1;
    else hi = mid;
  }
  const first = spans[lo];
  return first !== undefined && first.end <= to;
}

/**
 * The text with its line splices (`\` at a line's end) removed, and the offset in the text
 * given of an offset in it: of a start, past the splices before it; of an end, before the
 * splices right after it.
 */
function joinSplices(code: string): {
  text: string;
  offset: (at: number, start: boolean) => number;
} {
  const splices: { at: number; removed: number }[] = [];
  let removed = 0;
  const text = code.replace(/\\[ \t\f\v]*\r?\n/g, (s, index: number) => {
    removed += s.length;
    splices.push({ at: index - (removed - s.length), removed });
    return '';
  });
  const offset = (at: number, start: boolean): number => {
    // The last splice at or before `at` (a start) or strictly before it (an end).
    let [lo, hi] = [0, splices.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const s = splices[mid]!.at;
      if (start ? s <= at : s < at) lo = mid + 1;
      else hi = mid;
    }
    return at + (lo > 0 ? splices[lo - 1]!.removed : 0);
  };
  return { text, offset };
}
