/**
 * Lines up the tokens of one file line with the tokens the compiler made of it (spelling.ts).
 *
 * The file line is a sequence of plain tokens and macro invocations. Plain tokens are copied
 * by the preprocessor unchanged and in order; an invocation becomes some tokens. When the
 * expansion is known (an object-like macro expanded through object-like macros only) its
 * length is known and the walk goes on; otherwise the walk resynchronises on the next run of
 * plain tokens only when that run occurs exactly once in what is left (then that occurrence
 * is the copy: the copy must be somewhere there). Lines are walked from both ends; what
 * cannot be placed stays unmapped, which only means "not edited".
 */

export type LineItem =
  | { readonly kind: 'token'; readonly text: string; readonly index: number }
  | {
      readonly kind: 'use';
      /** The tokens it expands to, when known; undefined when not. */
      readonly expansion?: readonly string[];
      /** For each of those, the file token it copies (an argument's, macroArguments.ts) or -1. */
      readonly copies?: readonly number[];
    };

/** Places the copied tokens of a known expansion that starts at pp token `at`. */
function placeCopies(to: number[], at: number, copies: readonly number[] | undefined): void {
  copies?.forEach((o, k) => {
    if (o >= 0) to[at + k] = o;
  });
}

function matchesAt(pp: readonly string[], at: number, texts: readonly string[]): boolean {
  if (at < 0 || at + texts.length > pp.length) return false;
  for (let k = 0; k < texts.length; k++) if (pp[at + k] !== texts[k]) return false;
  return true;
}

/** For each preprocessed token of the line, the file token index (LineItem.index) or -1. */
export function alignLine(pp: readonly string[], items: readonly LineItem[]): number[] {
  const to = new Array<number>(pp.length).fill(-1);
  // From the end: plain tokens and known expansions only.
  let ppEnd = pp.length;
  let itemEnd = items.length;
  while (itemEnd > 0) {
    const it = items[itemEnd - 1]!;
    if (it.kind === 'token') {
      if (ppEnd === 0 || pp[ppEnd - 1] !== it.text) break;
      to[--ppEnd] = it.index;
    } else {
      if (!it.expansion || !matchesAt(pp, ppEnd - it.expansion.length, it.expansion)) break;
      ppEnd -= it.expansion.length;
      placeCopies(to, ppEnd, it.copies);
    }
    itemEnd--;
  }
  // From the start, up to what the backward walk placed.
  let p = 0;
  let i = 0;
  while (i < itemEnd) {
    const it = items[i]!;
    if (it.kind === 'token') {
      if (p >= ppEnd || pp[p] !== it.text) break;
      to[p++] = it.index;
      i++;
      continue;
    }
    if (it.expansion && matchesAt(pp.slice(0, ppEnd), p, it.expansion)) {
      placeCopies(to, p, it.copies);
      p += it.expansion.length;
      i++;
      continue;
    }
    // Unknown expansion: skip the invocations, then find the next plain run once.
    while (i < itemEnd && items[i]!.kind === 'use') i++;
    const run: string[] = [];
    for (let k = i; k < itemEnd && items[k]!.kind === 'token'; k++)
      run.push((items[k] as { text: string }).text);
    if (run.length === 0) break;
    let found = -1;
    let count = 0;
    for (let at = p; at + run.length <= ppEnd; at++)
      if (matchesAt(pp, at, run)) {
        count++;
        found = at;
      }
    if (count !== 1) break;
    p = found;
  }
  return to;
}
