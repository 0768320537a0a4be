/**
 * Whether the file text of a declarator or an access can be rewritten. The rewriter renders
 * `name[slot]...` over the range from the name to the last `]` and embeds the text between
 * each pair of brackets (its hole) in an expression: `(i - 2) % 3`. A comment between the
 * name and a bracket, or between brackets, would be dropped (and the range checks of the
 * rewriter stopped with an internal error on `t/**\/[i]`); a hole that ends inside a `//`
 * comment would swallow what follows it (`t[(i // x) % 3]` did not compile), and so would a
 * directive line inside the brackets. Such an array is left unchanged, with the reason.
 */
import type { ByteRange, FunctionModel, NotCandidateReason, ProgramModel } from '../model/types.js';
import { codeOnly } from '../model/identifiers.js';
import { commentEnd, literalEnd } from '../model/pragmas.js';
import { notCandidate } from '../model/reasons.js';

/** Why the text of `range` with its `holes` cannot be rewritten; undefined when it can. */
export function uneditableText(
  source: string,
  range: ByteRange,
  holes: readonly ByteRange[],
): string | undefined {
  let at = range.start;
  for (const h of [...holes, { start: range.end, end: range.end }]) {
    if (/\/[*/]/.test(source.slice(at, h.start))) return 'a comment stands by its brackets';
    at = Math.max(at, h.end);
  }
  for (const h of holes) {
    const text = source.slice(h.start, h.end);
    if (endsInLineComment(text)) return 'a // comment ends the text between its brackets';
    if (/\n[ \t]*#/.test(codeOnly(text))) return 'a directive stands between its brackets';
  }
  return undefined;
}

/** `text` ends inside a `//` comment (anything written after it would be comment too). */
function endsInLineComment(text: string): boolean {
  for (let k = 0; k < text.length;) {
    if (text[k] === '"' || text[k] === "'") {
      k = literalEnd(text, k);
      continue;
    }
    const e = commentEnd(text, k);
    if (e === k) k++;
    else if (text[k + 1] === '/' && e >= text.length) return true;
    else k = e;
  }
  return false;
}

/**
 * The model with every array whose declarator or an access of which cannot be rewritten
 * made no candidate (also arrays that are no candidates yet: the whole-program stage may
 * make a parameter one).
 */
export function refuseUneditable(model: ProgramModel, source: string): ProgramModel {
  return { ...model, functions: model.functions.map((fn) => refuseInFunction(fn, source)) };
}

function refuseInFunction(fn: FunctionModel, source: string): FunctionModel {
  const why = new Map<string, NotCandidateReason>();
  for (const a of fn.arrays) {
    const holes = a.extents.flatMap((e) => (e.range ? [e.range] : []));
    const w = uneditableText(source, a.declaratorRange, holes);
    if (w)
      why.set(a.name, notCandidate('not-editable', `its declaration is not edited: ${w}`, a.loc));
  }
  for (const s of fn.statements)
    for (const x of s.accesses) {
      const w = why.has(x.array) ? undefined : uneditableText(source, x.range, x.indexRanges);
      if (w)
        why.set(
          x.array,
          notCandidate(
            'not-editable',
            `its access at ${x.loc.line}:${x.loc.column} is not edited: ${w}`,
            x.loc,
          ),
        );
    }
  if (why.size === 0) return fn;
  return {
    ...fn,
    arrays: fn.arrays.map((a) => {
      const r = why.get(a.name);
      return r ? { ...a, candidate: false, reasons: [...a.reasons, r] } : a;
    }),
  };
}
