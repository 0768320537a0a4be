/**
 * What a run-time guard costs in memory: a function fixed for argument values keeps its
 * original body for the other values (contraction.ts), and both bodies are blocks of one
 * function, with one stack frame.
 */
import type { ArrayInfo } from '../../model/types.js';
import { variables } from '../../poly/affine.js';
import type { ArrayDecision } from '../decision.js';
import { guards, type Guard } from './guards.js';
import { isContracted, warn, withWarning, type Outcome } from './outcome.js';

/**
 * A function fixed for argument values keeps its original body, with the original arrays,
 * for the other values (`if (n != 30) { original } else { contracted }`), in one stack frame:
 * GCC gives the two blocks' arrays overlapping slots at best, so the frame is the original's
 * (measured with -fstack-usage at -O0, -O1, -O2 and -Os: 456, 408, 408, 400 bytes before and
 * after for a `double t[64]` folded to 4 cells). Its local arrays of constant size stay
 * contracted (the contracted path touches fewer cells) but count no bytes saved, with the
 * reason.
 */
export function sharedFrames(os: readonly Outcome[]): Outcome[] {
  const decisions = os.filter(isContracted).map((o) => o.verdict.decision);
  const byFn = new Map<ArrayDecision['fn'], Guard[]>();
  for (const g of guards(decisions).filter((x) => x.kind === 'runtime'))
    byFn.set(g.fn, [...(byFn.get(g.fn) ?? []), g]);
  return os.map((o) => {
    if (!isContracted(o)) return o;
    const gs = byFn.get(o.fn);
    if (!gs || o.array.storage !== 'local' || allocatedWhereDeclared(o.array, gs)) return o;
    const differs = gs.map((g) => `${g.param.name} != ${g.value}`).join(' || ');
    const shared = { ...o, verdict: { ...o.verdict, frameShared: true as const } };
    return withWarning(
      shared,
      warn(
        'guarded-frame-shared',
        `${o.fn.name}() runs its original body where ${differs}, and that body's ${o.array.name} ` +
          `takes the same stack frame as the contracted one: the program as built saves no memory through it (0 bytes counted)`,
      ),
    );
  });
}

/**
 * A VLA in C (a size no constant gives, or one of the guarded arguments: `double t[n][m]`
 * read for -D n=20 -D m=30) is allocated where its declaration runs: the original body's
 * takes no stack on the contracted path.
 */
function allocatedWhereDeclared(array: ArrayInfo, gs: readonly Guard[]): boolean {
  const guarded = new Set(gs.map((g) => g.param.name));
  return (
    array.isVla ||
    array.extents.some((e) => !e.expr || variables(e.expr).some((v) => guarded.has(v)))
  );
}
