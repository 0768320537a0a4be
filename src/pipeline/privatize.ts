/**
 * Contracted parameters become private arrays of their function, so that every caller
 * compiles unchanged: a parameter `double B[N][N]` keeps its type in the signature (a
 * changed extent would change the pointer type callers pass, `-Wincompatible-pointer-types`),
 * and the body becomes
 *
 *     { (void)B; { double B[N][N]; ...the original body... } }
 *
 * where the inner declaration shadows the parameter and is the one the rewriter shrinks
 * (its accesses need no renaming; `check` places its shadow arrays after it). This is only
 * sound when no value flows through the parameter in either direction: a promise the
 * analysis did not disprove, or a temporary found across calls (src/pipeline/wholeProgram.ts).
 */
import type { ArrayDecision } from './analysis.js';
import type { ArrayRewrite, RewritePlan } from '../rewrite/index.js';
import { insertIntoPlan } from './planInsert.js';
import { wordsRegExp } from '../model/identifiers.js';

export interface Privatized {
  readonly plan: RewritePlan;
  /** Where an offset of the original source is in the plan's source (after text inserted there). */
  readonly mapOffset: (offset: number) => number;
  /** The same, but before any text inserted at exactly that offset. */
  readonly mapBefore: (offset: number) => number;
}

const CONST = wordsRegExp(['const'], 'g');

export function privatizeParameters(
  plan: RewritePlan,
  decisions: readonly ArrayDecision[],
): Privatized {
  const source = plan.source;
  const byFunction = new Map<number, ArrayDecision[]>();
  for (const d of decisions) {
    if (d.array.storage !== 'parameter') continue;
    byFunction.set(d.fn.range.start, [...(byFunction.get(d.fn.range.start) ?? []), d]);
  }
  const insertions: { at: number; length: number }[] = [];
  const insert = (at: number, text: string) => {
    plan = insertIntoPlan(plan, at, text);
    insertions.push({ at, length: text.length });
  };
  // Last function first: insertions never move the offsets of what is still to be done.
  for (const start of [...byFunction.keys()].sort((a, b) => b - a)) {
    const ds = byFunction.get(start)!;
    const fn = ds[0]!.fn;
    if (!fn.bodyRange) continue;
    const open = fn.bodyRange.start;
    const close = fn.bodyRange.end - 1;
    const declarations = ds.map((d) => {
      const declarator = source.slice(d.array.declaratorRange.start, d.array.declaratorRange.end);
      const type = d.array.elementType.replace(CONST, '').trim();
      return { d, type, text: `${type} ${declarator};` };
    });
    const names = ds.map((d) => d.array.name).join(', ');
    const prefix = ` ${ds.map((d) => `(void)${d.array.name};`).join(' ')} { `;
    // `(void)` of the private copies too: a write-only temporary (its writes all dead) would
    // otherwise be `set but not used` under -Wall.
    // C89 wants the body's own declarations first in a block: it gets one of its own.
    const text =
      prefix +
      declarations.map((x) => x.text).join(' ') +
      ` ${ds.map((d) => `(void)${d.array.name};`).join(' ')}` +
      ` /* beeclak: private ${ds.length === 1 ? 'copy' : 'copies'} of ${names} */` +
      (plan.c89 ? ' {' : '');
    // The original ranges of this function's parameters: nothing was inserted before them yet.
    const ranges = new Map<number, ArrayRewrite['declaratorRange']>();
    let at = open + 1 + prefix.length;
    for (const x of declarations) {
      ranges.set(x.d.array.declaratorRange.start, { start: at, end: at + x.text.length });
      at += x.text.length + 1;
    }
    insert(close, plan.c89 ? '}} ' : '} ');
    insert(open + 1, text);
    // The rewriter shrinks the new declarations, not the parameters.
    plan = {
      ...plan,
      arrays: plan.arrays.map((a) => {
        const decl = ranges.get(a.declaratorRange.start);
        if (!decl) return a;
        const type = declarations.find(
          (x) => x.d.array.declaratorRange.start === a.declaratorRange.start,
        )!.type;
        const declarator = { start: decl.start + type.length + 1, end: decl.end - 1 };
        return { ...a, declaratorRange: declarator, declarationRange: decl };
      }),
    };
  }
  const mapOffset = (offset: number) =>
    offset + insertions.filter((i) => i.at <= offset).reduce((s, i) => s + i.length, 0);
  const mapBefore = (offset: number) =>
    offset + insertions.filter((i) => i.at < offset).reduce((s, i) => s + i.length, 0);
  return { plan, mapOffset, mapBefore };
}
