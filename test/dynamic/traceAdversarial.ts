/**
 * `check --trace` on the adversarial programs (issue 18, "runs in the test suite on every
 * adversarial program"): each whole program of test/adversarial/programs (issue 13) is traced;
 * every array the model keeps as a candidate must agree with the run, every other one must be
 * refused with a reason. The sweep over every program is a long suite
 * (traceCheckAdversarial.long.test.ts); traceCheck.test.ts runs those of the bug it found.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildModel } from '../../src/frontend/index.js';
import { traceCheck } from '../../src/pipeline/checking/traceCheck.js';

const DIR = path.resolve('test/adversarial/programs');

/** The arrays traced in each program that has a candidate in the model. */
const TRACED: Record<string, string[]> = {
  'approx-and-guard.c': ['t1'],
  'argvalue-bool-param.c': ['t'],
  'argvalue-enum-shadow-param.c': ['t'],
  'argvalue-enum-shadow.c': ['t'],
  'argvalue-not-static.c': ['t'],
  'argvalue-passed-on-guarded.c': ['t', 'w'],
  'argvalue-passed-on-two.c': ['t'],
  'argvalue-passed-on.c': ['t'],
  'argvalue-pointer-taken.c': ['t'],
  'argvalue-shadowed.c': ['t'],
  'argvalue-wrapper-macro.c': ['t'],
  'approx-guard-empties-domain.c': ['t1'],
  'approx-guard-while-start.c': ['t1'],
  'asm-inout-writes.c': ['t'],
  'asm-output-writes.c': ['t'],
  'brace-enum-param-copy.c': ['t'],
  'brace-struct-size-param.c': ['t'],
  'comment-before-bracket.c': ['t'],
  'comment-between-brackets.c': ['t'],
  'comment-in-declarator.c': ['t'],
  'comment-line-in-brackets.c': ['t'],
  'datamodel-const-unsigned-long.c': ['t'],
  'datamodel-long-below-unsigned.c': ['t'],
  'datamodel-pointer-typedef-macro.c': ['t'],
  'datamodel-size-t-wraps.c': ['t'],
  'datamodel-sizeof-long-arg.c': ['t'],
  'dowhile-argument-changed.c': ['t', 'out'],
  'dowhile-argument-once.c': ['t', 'u', 'out'],
  'dowhile-argument-unsigned.c': ['s', 't', 't', 'u'],
  'dowhile-canonical.c': ['a', 'b', 'c', 'd'],
  'dowhile-continue.c': ['w'],
  'dowhile-false-at-entry.c': ['u'],
  // (modelled for m <= 7 since the do-while merge, BC1508: t stays, its trace must agree)
  'dowhile-notequal-at-bound.c': ['t'],
  'dowhile-step-skipped.c': ['u'],
  'effect-copy-asm-label.c': ['t'],
  'effect-copy-counter-macro.c': ['t'],
  'effect-copy-line-macro.c': ['t'],
  'guard-line-after.c': ['t', 't'],
  'guard-redefined-in-body.c': ['t'],
  'guard-spliced-redefinition.c': ['t'],
  'int-cast-uint8.c': ['t'],
  'int-const-extent.c': ['t'],
  'int-plain-char-cast.c': ['t'],
  'int-unsigned-compare.c': ['t'],
  'int-unsigned-guard.c': ['t'],
  'int-unsigned-wrap.c': ['t'],
  'scope-enum-hides-const.c': ['in', 't'],
  'scope-inner-pointer.c': ['t'],
  'scope-local-shadows-global.c': ['t'],
  'notequal-guarded-start.c': ['t'],
  'macroarg-add.c': ['t'],
  'macroarg-cmul.c': ['w'],
  'macroarg-object-macro.c': ['w'],
  'macroarg-redefined.c': ['t', 'u', 'v'],
  'macroarg-unused.c': ['t'],
  'macroarg-address.c': ['t'],
  'macroarg-pasted.c': ['t'],
  'macroarg-sizeof.c': ['t'],
  'macroarg-stringified.c': ['t'],
  'scope-row-pointer.c': ['t'],
  'storage-static-main-printf.c': ['o'],
  'symbolic-below-extent.c': ['t'],
  'symbolic-context-conditional.c': ['t', 'z'],
  'symbolic-context-parameter.c': ['t'],
  'symbolic-grows-past-extent.c': ['t', 'w'],
  'symbolic-local-after-array.c': ['t', 'w', 'z'],
  'symbolic-raised-order.c': ['a'],
  'symbolic-static-size.c': ['z', 'w', 'y', 't', 'v'],
  'structelem-field-kill.c': ['a', 'b'],
  'structelem-member-types.c': ['r'],
  'structelem-nested.c': ['s', 't'],
  'structelem-vector-member.c': ['b'],
  'structelem-whole-copy.c': ['a', 'c'],
  'typedef-array-of-pointers.c': ['p', 'q'],
  'typedef-hidden-by-local.c': ['t'],
  'typedef-hidden-by-same-name.c': ['t'],
  'typedef-local-named-uint8_t.c': ['t'],
  'uneval-choose-expr.c': ['t'],
  'uneval-constant-p.c': ['t'],
  'uneval-generic-control.c': ['t'],
  'uneval-sizeof-assign.c': ['t'],
  'uneval-sizeof-element.c': ['t'],
  'uneval-typeof.c': ['t'],
  'uneval-types-compatible.c': ['t'],
  'unread-condition-set.c': ['t'],
  'unread-elif-nested.c': ['t'],
  'unread-ifdef-main.c': ['t'],
  'unread-spliced-define.c': ['t'],
  'unread-spliced-include.c': ['t'],
  'unread-system-branch.c': ['t'],
  'unread-system-under.c': ['t'],
};
// Known gaps of the trace build, not of the analysis (`check` of each passes; 2026-11-26):
// the tracer does not record a write through a parenthesized lvalue `(t[i]) = v`, and in
// the programs with a mode(QI) typedef and with a parameter named size_t it misses the
// first write of the loop. Each is reported "unsafe" against a right model (a false alarm),
// listed here until fixed.
const TRACER_GAPS = new Set([
  // 2026-11-28: the trace misses the first write (t[0] at i = 0, t[0][0] at i = j = 0) that
  // the run performs; and the built-in reading does not expand NEXT - NEXT (a macro of
  // several tokens). The contracted runs are identical (adversarial.test.ts).
  'index-macro-chain.c',
  'index-macro-sum.c',
  'index-unsigned-skew.c',
  'paren-lvalue-write.c',
  // 2026-11-29 (guardreal's programs): the same missed first write (t[0] at i = 0) in a
  // loop bounded by a file-scope const; the contracted runs of both paths are identical
  // (adversarial.test.ts, test/e2e/guardedFrame.test.ts).
  'outline-assert-name.c',
  'outline-header-layout.c',
  'outline-void-writes-params.c',
  // 2026-11-29: the trace build instruments `t[i]` in `SQ(t[i])` once in the file, and the
  // macro copies the instrumented text twice: the trace sees two reads the built-in model
  // (which reads SQ as a function) has as one. (The compiler's reading, which contract uses,
  // sees both copies; the contracted runs are identical, adversarial.test.ts.)
  'macroarg-twice-copies.c',
  'macroarg-used-twice.c',
  'typedef-mode-attribute.c',
  'typedef-param-named-size_t.c',
  // 2026-11-29: the built-in reading takes `#define N 4`, written after the function, for the
  // N the function reads (enum { N = 16 } there): the model predicts 4 cells. The compiler's
  // reading, which `contract` uses, has 16 (adversarial.test.ts).
  'guard-enum-macro-after.c',
  // 2026-11-29: the trace build writes its probe around `t[i]` in `SETQ(t[i], v)`, and the
  // macro pastes the argument after `q.` too (`q.a`): `q.(probe)` does not compile. The
  // array is refused (BC1036); the contracted run is identical (adversarial.test.ts).
  'macroarg-member-copy.c',
]);
// The built-in reading (this test's model) cannot parse `const int __attribute__((mode(QI)))
// k` (tree-sitter stops at the attribute); the compiler's reading, which `contract` uses,
// can, and the adversarial run of this program passes. Nor a macro call standing alone at
// file scope (`REGISTER(kernel)` that expands to a function definition).
// Nor `ID(t[i)]`, a call whose parentheses cut a subscript (macroarg-paren-split.c), nor a
// directive split by a backslash followed by a blank (`# \ ` / `ifdef BIG`, guard-spliced-blank.c).
const BUILTIN_SYNTAX = new Set([
  'guard-spliced-blank.c',
  'int-mode-attribute-const.c',
  'call-visible-constructor.c',
  'macroarg-paren-split.c',
]);

/** The one-file programs of the folder the trace build can take, sorted. */
export const TRACEABLE = readdirSync(DIR)
  .filter((f) => f.endsWith('.c') && !TRACER_GAPS.has(f) && !BUILTIN_SYNTAX.has(f))
  .sort();

/** The test of one program `f` of the folder. */
export async function traceAdversarial(f: string): Promise<void> {
  const file = path.join(DIR, f);
  const source = readFileSync(file, 'utf8');
  const model = buildModel(source, file, {});
  const arrays = model.functions.flatMap((fn) => fn.arrays);
  for (const a of arrays)
    if (!a.candidate) expect([a.name, a.reasons.length > 0]).toEqual([a.name, true]);
  // No candidate in the model (most temporaries across calls become candidates later, in
  // the whole-program step): nothing is traced, and the build and run are not needed.
  if (!arrays.some((a) => a.candidate)) {
    expect(TRACED[f]).toBeUndefined();
    return;
  }
  const flags = /#\s*pragma\s+omp/.test(source) ? ['-fopenmp'] : [];
  const r = await traceCheck(source, file, model, { runs: [[]], flags });
  expect(r.arrays.map((a) => a.name)).toEqual(TRACED[f] ?? []);
  for (const a of r.arrays)
    expect([a.name, a.status, a.findings.map((x) => x.message)]).toEqual([a.name, 'agrees', []]);
}
