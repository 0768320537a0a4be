/**
 * Conditional directives around and inside a function, and the guard that keeps a result
 * to the configuration it was proven for.
 *
 * The model is the compiler's translation unit: the branches it skipped are not in it. A
 * contraction proven for this configuration may be wrong for another (a skipped branch may
 * write or read the array). So the output repeats each conditional group that meets the
 * function, after it, with the same conditions: a branch that has code but that the compiler
 * skipped becomes `#error`, and so does every other branch (an empty one, or the missing
 * `#else`) when the taken one has code; the taken one stays empty. Compiled with other
 * macros, the contracted file then fails loudly instead of miscompiling.
 */
import type { TokenColumns } from './ctokens.js';
import { commentEnd, directiveName, literalEnd } from '../model/pragmas.js';
import { codeOnly } from '../model/identifiers.js';
import { endsInSplice } from '../model/lineSplices.js';

interface Branch {
  /** Lines of the directive that opens the branch (with its continuation lines). */
  readonly directive: readonly string[];
  /** Body lines (1-based, inclusive); nested groups are inside. */
  readonly from: number;
  readonly to: number;
  readonly groups: Group[];
}

interface Group {
  readonly first: number;
  readonly last: number;
  readonly branches: Branch[];
  readonly endif: readonly string[];
}

const CONDITIONAL = /^(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)$/;

/**
 * Whether each line of `text` ends inside a comment: a block comment, or a `//` comment that a
 * line splice continues (the next line is then part of it; an entry per line break, so a
 * continued comment shifts nothing after it: review 2026-11-26, a guard that lost its #error).
 */
export function commentOpenAtLineEnds(text: string): boolean[] {
  const out: boolean[] = [];
  const breaks = (from: number, to: number, inside: boolean) => {
    for (let j = from; j < to; j++) if (text[j] === '\n') out.push(inside);
  };
  for (let k = 0; k < text.length;) {
    const comment = commentEnd(text, k);
    if (comment > k) {
      breaks(k, comment, true);
      k = comment;
    } else if (text[k] === '"' || text[k] === "'") {
      const end = literalEnd(text, k);
      breaks(k, end, false);
      k = end;
    } else {
      if (text[k] === '\n') out.push(false);
      k++;
    }
  }
  out.push(false);
  return out;
}

/**
 * Whether line `k` starts a line the compiler reads a directive on: not one inside a comment
 * opened after text (`old(); /* kept` then `*\/ #if 0` is text of that line, one blank
 * between: GCC reads no directive there; read as one, a group opened there took the
 * `#endif` of the `#if 0` around it, and an `#ifdef DEBUG` group after it calling the kernel
 * was read as nested in an `#if 0`, no build's: multifile/kernel-under-if0-comment-directive).
 * A comment opened at a line's start is a blank before the `#` (GCC reads the directive).
 */
function startsLogicalLine(k: number, lines: readonly string[], open: readonly boolean[]) {
  let j = k;
  while (j > 0 && open[j - 1]) {
    j--;
    if (lines[j]!.trim() !== '') return false;
  }
  return j === k || j === 0 || !endsInSplice(lines[j - 1]!);
}

/**
 * The conditional groups of a file (unbalanced input gives what balances). Directives are
 * read as C reads them, after comments are gone (translation phase 3 comes before phase 4):
 * `/* c *\/ #ifdef BIG` is a directive, and a comment spanning lines inside one is a blank
 * that joins them (review 2026-11-26: both got no guard, and the result miscompiled under
 * -DBIG). A directive's guard text is its lines without their comments, so a comment that
 * ends on a later line cannot leave the guard unterminated.
 */
export function conditionalGroups(source: string): Group[] {
  const lines = codeOnly(source, true)
    .split('\n')
    .map((l) => l.replace(/\r$/, ''));
  const open = commentOpenAtLineEnds(source);
  const top: Group[] = [];
  type Open = {
    first: number;
    branches: Branch[];
    directive: string[];
    from: number;
    groups: Group[];
  };
  const stack: Open[] = [];
  for (let k = 0; k < lines.length; k++) {
    // Any spelling of the directive (`%:ifdef`, `# /* c */ if`, a line splice: src/model/pragmas.ts).
    if (!/^\s*(#|%:)/.test(lines[k]!) || !startsLogicalLine(k, lines, open)) continue;
    let end = k;
    while ((endsInSplice(lines[end]!) || open[end]) && end + 1 < lines.length) end++;
    // A line ending inside a comment continues the directive (the comment is one blank).
    let joined = lines[k]!;
    for (let j = k + 1; j <= end; j++) joined += (open[j - 1] ? ' ' : '\n') + lines[j]!;
    const kind = directiveName(joined);
    // (the lines a directive continues onto are its text: `#define NOTE "x" \` then
    // `#endif` closes no group, adversary 2026-11-28d)
    if (kind === undefined || !CONDITIONAL.test(kind)) {
      k = end;
      continue;
    }
    const text = joined.split('\n').map((l) => l.trimEnd());
    const start = k;
    k = end;
    const line = start + 1;
    if (kind.startsWith('if')) {
      stack.push({ first: line, branches: [], directive: text, from: k + 2, groups: [] });
      continue;
    }
    const top_ = stack.at(-1);
    if (!top_) continue;
    top_.branches.push({
      directive: top_.directive,
      from: top_.from,
      to: line - 1,
      groups: top_.groups,
    });
    if (kind === 'endif') {
      stack.pop();
      const g: Group = { first: top_.first, last: k + 1, branches: top_.branches, endif: text };
      (stack.at(-1)?.groups ?? top).push(g);
    } else {
      top_.directive = text;
      top_.from = k + 2;
      top_.groups = [];
    }
  }
  return top;
}

/** Which lines have code at all, and which the compiler kept. */
export interface Liveness {
  /** File lines holding a token outside directives. */
  readonly code: ReadonlySet<number>;
  /** File lines holding a token the compiler kept. */
  readonly live: ReadonlySet<number>;
  /** File lines holding a token inside a macro invocation's arguments. */
  readonly inInvocation: ReadonlySet<number>;
}

export function liveness(
  fileTokens: TokenColumns,
  ppToFile: Int32Array,
  invocations: readonly { start: number; end: number }[],
): Liveness {
  const code = new Set<number>();
  const live = new Set<number>();
  const invoked = new Set<number>();
  const { starts, ends, lines } = fileTokens;
  let u = 0;
  for (let k = 0; k < fileTokens.length; k++) {
    code.add(lines[k]!);
    while (u < invocations.length && invocations[u]!.end <= starts[k]!) u++;
    const inv = invocations[u];
    if (inv && inv.start < starts[k]! && ends[k]! <= inv.end) invoked.add(lines[k]!);
  }
  for (const o of ppToFile) if (o >= 0) live.add(lines[o]!);
  return { code, live, inInvocation: invoked };
}

/** An `#else` branch (any spelling: `%:else`, `# else`). */
const isElse = (b: Branch) => directiveName(b.directive.join('\n')) === 'else';

function has(set: ReadonlySet<number>, from: number, to: number): boolean {
  for (let l = from; l <= to; l++) if (set.has(l)) return true;
  return false;
}

/**
 * The guard lines for the groups meeting lines [from, to], or a reason why none can be
 * written (a branch whose code is all inside a macro invocation: kept or not, it cannot tell).
 */
export function configurationGuard(
  groups: readonly Group[],
  from: number,
  to: number,
  alive: Liveness,
  message: string,
): { lines: string[] } | { problem: string } {
  const lines: string[] = [];
  const visit = (g: Group): string | undefined => {
    // A build that leaves the taken branch's code out (another branch, even an empty one,
    // or no branch at all) was not analysed either: `#ifdef X t[i] = 2 * i; #endif`
    // contracted with -DX made t a scalar, and built without X the guard let it through
    // and the result read a reused cell (1360 became 2040).
    const takenHasCode = g.branches.some((b) => has(alive.live, b.from, b.to));
    lines.push(...g.branches[0]!.directive);
    for (const [k, b] of g.branches.entries()) {
      if (k > 0) lines.push(...b.directive);
      const hasCode = has(alive.code, b.from, b.to);
      const kept = has(alive.live, b.from, b.to);
      if (hasCode && !kept && has(alive.inInvocation, b.from, b.to))
        return `the conditional branch at line ${b.from - 1} lies inside a macro invocation`;
      if (!kept && (hasCode || takenHasCode)) lines.push(`#error "${message}"`);
      else
        for (const inner of b.groups) {
          const why = visit(inner);
          if (why) return why;
        }
    }
    if (takenHasCode && !g.branches.some(isElse)) lines.push('#else', `#error "${message}"`);
    lines.push(...g.endif);
    return undefined;
  };
  for (const g of groups) {
    if (g.last < from || g.first > to) continue;
    // A group around the whole function chooses between versions of it: edits of one
    // version are never compiled in another configuration. One that crosses the function's
    // first or last line mixes both.
    if (g.first < from && g.last > to) {
      for (const b of g.branches) {
        if (b.from <= from && to <= b.to) {
          const inner = configurationGuard(b.groups, from, to, alive, message);
          if ('problem' in inner) return inner;
          lines.push(...inner.lines);
        }
      }
      continue;
    }
    if (g.first < from || g.last > to)
      return {
        problem: `a conditional directive group (lines ${g.first}-${g.last}) crosses the function's boundary`,
      };
    // Only groups that hold code matter.
    if (!g.branches.some((b) => has(alive.code, b.from, b.to))) continue;
    const why = visit(g);
    if (why) return { problem: why };
  }
  return { lines };
}
