/**
 * What makes a do-while loop the `for` loop loops.ts models: its condition holds for the
 * counter's first value (the body runs once before any test), and the value of the step the
 * condition holds (`++k` is the next iteration's counter, `k++` the one before).
 */
import type { Affine } from '../poly/affine.js';
import { scale, sub, substitute } from '../poly/affine.js';
import { affineRange } from './bounds.js';
import { domainBox } from './names.js';
import { type Node, child } from './parse.js';
import { type Cond, type PwAff, pwConst, pwSub, pwVar } from './pwaff.js';
import type { Ctx, FunctionState } from './state.js';

/**
 * The value of a do-while condition's step `u` over the counter `it` of the iteration the
 * test starts: `++i` is that counter, `i++` the one before. (Its C value is the model's while
 * the counter stays in its type, which boundedContext checks.)
 */
export function stepValue(u: Node, it: string, s: bigint): (n: Node) => PwAff | undefined {
  const prefix = child(u, 'operator')!.startIndex < child(u, 'argument')!.startIndex;
  const value = prefix ? pwVar(it) : pwSub(pwVar(it), pwConst(s));
  return (n) => (n.startIndex === u.startIndex && n.endIndex === u.endIndex ? value : undefined);
}

/**
 * Test `exit` holds at `it = lb` wherever the loop starts: in every piece of ctx, one piece
 * of `exit` whose every constraint that piece implies (a constraint of it that differs by a
 * non-negative constant, the guard `if (a < n)` around the loop) or its bounds prove; `lb`
 * a single affine value.
 */
export function holdsAtEntry(
  st: FunctionState,
  ctx: Ctx,
  exit: Cond,
  it: string,
  lb: PwAff | undefined,
): boolean {
  if (!lb || lb.length !== 1 || lb[0].constraints.length > 0 || lb[0].exists.length > 0)
    return false;
  const first = lb[0].value;
  return ctx.cond.every((q) => {
    const box = domainBox(st, { order: ctx.order, cond: [q] }, true);
    const facts = q.constraints.flatMap((k) =>
      k.kind === 'eq' ? [k.expr, scale(k.expr, -1n)] : [k.expr],
    );
    const proved = (e: Affine): boolean => {
      const r = affineRange(e, box);
      if (r.lo !== null && r.lo >= 0n) return true;
      return facts.some((f) => {
        const slack = sub(e, f);
        return Object.values(slack.coeffs).every((c) => c === 0n) && slack.constant >= 0n;
      });
    };
    return exit.some(
      (p) =>
        p.exists.length === 0 &&
        p.constraints.every((k) => {
          const e = substitute(k.expr, { [it]: first });
          return proved(e) && (k.kind === 'ge' || proved(scale(e, -1n)));
        }),
    );
  });
}
