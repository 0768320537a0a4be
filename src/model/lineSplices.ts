/**
 * Line splices (translation phase 2): a backslash at a line's end joins the next line to it,
 * before any directive is recognised, so `#def\` / `ine X 1` defines X and `#un\` / `def X`
 * undefines it. GCC and Clang also take a backslash followed by blanks as a splice (with a
 * warning). Every reader of directives from the text as written goes through here
 * (headerTextFacts.ts, configured.ts, constantConditionals.ts, conditionals.ts, pragmas.ts'
 * directive names, lineDirectives.ts, unreadIncludes.ts, cli/includers.ts): a reader
 * that took the lines one at a time missed such a directive (review 2026-11-29: a spliced
 * `#undef` / `#define` of a function-like macro under `#ifdef BIG` got no refusal, and a
 * -DBIG build read another cell). Trigraph splices (`??/`) are not read here: the readers
 * that meet them trust no guard (configured.ts).
 */

/** A line that ends in a splice: the next line continues it. */
const SPLICE_AT_END = /\\[ \t\f\v]*\r?$/;

/** Whether `line` (without its line break) ends in a line splice. */
export function endsInSplice(line: string): boolean {
  return SPLICE_AT_END.test(line);
}

/**
 * The lines with their line splices joined, each logical line at the index of its first
 * physical line (`#inc\` / `lude "arm.h"` includes arm.h at the first line), the lines it
 * took undefined: index k is line k + 1 of the file.
 */
export function splicedLines(lines: readonly string[]): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  for (let k = 0; k < lines.length;) {
    let l = lines[k]!;
    let n = 1;
    while (SPLICE_AT_END.test(l) && k + n < lines.length)
      l = l.replace(SPLICE_AT_END, '') + lines[k + n++]!;
    out.push(l, ...Array<undefined>(n - 1).fill(undefined));
    k += n;
  }
  return out;
}

/** A line splice at `k` of a text: its length, or 0 when there is none. */
export function spliceAt(text: string, k: number): number {
  SPLICE_HERE.lastIndex = k;
  return SPLICE_HERE.exec(text)?.[0].length ?? 0;
}
const SPLICE_HERE = /\\[ \t\f\v]*\r?\n/y;

/** `text` with its line splices replaced by `by` (offsets move; line numbers are not kept). */
export function withoutSplices(text: string, by = ''): string {
  return text.replace(/\\[ \t\f\v]*\r?\n/g, by);
}
