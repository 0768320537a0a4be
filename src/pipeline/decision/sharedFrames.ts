/**
 * What a run-time guard costs in memory: a function fixed for argument values keeps its
 * original body for the other values (contraction.ts), and both bodies are blocks of one
 * function, with one stack frame.
 */
import type { ArrayInfo, FunctionModel, Outline } from '../../model/types.js';
import { variables } from '../../poly/affine.js';
import type { ArrayDecision } from '../decision.js';
import { guards, type Guard } from './guards.js';
import { isContracted, warn, withWarning, type Outcome } from './outcome.js';

/**
 * The original body as a function of its own (frontend/outline.ts), when the compiler's view
 * and the text allow it: `if (n != 30) { return f__beeclak_original(n, ...); } else {
 * contracted }`. Its arrays are then in the frame of that function only, which the contracted
 * path never enters.
 */
export function outlineOf(fn: FunctionModel): Required<Outline> | undefined {
  const o = fn.outline;
  return o?.name !== undefined && o.header !== undefined
    ? { ...o, name: o.name, header: o.header }
    : undefined;
}

/**
 * A function fixed for argument values keeps its original body, with the original arrays,
 * for the other values. As a function of its own (outlineOf) it takes no room in the
 * function's frame: -fstack-usage without the red zone (-mno-red-zone) measures the frame
 * smaller by the bytes the report counts, at -O0, -O1, -O2 and -Os. Where that cannot be done,
 * the body stays a block (`if (n != 30) { original } else { contracted }`), in one stack frame:
 * GCC gives the two blocks' arrays overlapping slots at best, so the frame is the original's
 * (measured with -fstack-usage at -O0, -O1, -O2 and -Os: 456, 408, 408, 400 bytes before and
 * after for a `double t[64]` folded to 4 cells). Its local arrays of constant size stay
 * contracted (the contracted path touches fewer cells) but count no bytes saved, with the
 * reason and why the body could not be a function of its own.
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
    if (outlineOf(o.fn)) return o;
    const differs = gs.map((g) => `${g.param.name} != ${g.value}`).join(' || ');
    const shared = { ...o, verdict: { ...o.verdict, frameShared: true as const } };
    return withWarning(
      shared,
      warn(
        'guarded-frame-shared',
        `${o.fn.name}() runs its original body where ${differs}, and that body's ${o.array.name} ` +
          `takes the same stack frame as the contracted one: the program as built saves no memory through it (0 bytes counted)` +
          (o.fn.outlineObstacle
            ? `; that body stays in the function because ${o.fn.outlineObstacle}`
            : ''),
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
