/**
 * What makes a do-while loop the `for` loop loops.ts models: its condition holds for the
 * counter's first value (the body runs once before any test), and the value of the step the
 * condition holds (`++k` is the next iteration's counter, `k++` the one before).
 */
import type { EntryFact } from '../model/types.js';
import type { Affine } from '../poly/affine.js';
import {
  add,
  coeff,
  constant,
  scale,
  sub,
  substitute,
  variable,
  variables,
} from '../poly/affine.js';
import { affineRange } from './bounds.js';
import { heldRange } from './integers.js';
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

/** Bounds written as plain `int` literals in a guard (C's `int` holds at least these). */
const LITERAL_LIMIT = 32767n;

/**
 * The test `exit` at `it = lb` as a condition on one argument the function never changes,
 * when the loop's first value is that argument plus a constant and each constraint bounds it
 * (`size_t k = m; do ... while (--k)`: m >= 1). At the function's entry the argument has
 * the value every entry to the loop sees: where the condition holds there, the loop is the
 * `for` loop; elsewhere it is not (an unsigned `--k` from 0 wraps and runs the body 2^w
 * times, a signed one runs down to its overflow). The model is built for that loop, and the
 * decision leaves its function's arrays unchanged, naming the guard to write (file.ts
 * entryDependent): a check at the entry would keep the original array in the frame.
 * Undefined when the condition needs anything else: two arguments, a local, an equality.
 */
export function entryFact(
  st: FunctionState,
  exit: Cond,
  it: string,
  lb: PwAff | undefined,
): EntryFact | undefined {
  if (!lb || lb.length !== 1 || lb[0].constraints.length > 0 || lb[0].exists.length > 0)
    return undefined;
  if (exit.length !== 1 || exit[0].exists.length > 0) return undefined;
  const bounds = exit[0].constraints.map((k) => {
    const e = substitute(k.expr, { [it]: lb[0].value });
    const names = variables(e);
    if (names.length === 0) return e.constant >= 0n && (k.kind === 'ge' || e.constant === 0n);
    if (k.kind !== 'ge' || names.length !== 1) return undefined;
    return argumentBound(st, names[0], coeff(e, names[0]), e.constant);
  });
  if (bounds.some((b) => b === undefined || b === false)) return undefined;
  const facts = bounds.filter((b): b is EntryFact => typeof b === 'object');
  if (facts.length === 0) return undefined;
  return {
    differs: facts.map((f) => f.differs).join(' || '),
    holds: facts.map((f) => f.holds).join(' && '),
    bounds: facts.flatMap((f) => f.bounds),
  };
}

/**
 * `a * p + b >= 0` with a = ±1 as C (`p >= -b` or `p <= b`): `p` an integer argument never
 * written, whose address is never taken, not volatile (its value in the loop is its value at
 * the entry),
 * the bound an `int` literal in its type's range (so C's comparison compares the values).
 */
function argumentBound(st: FunctionState, p: string, a: bigint, b: bigint): EntryFact | undefined {
  const param = st.params.get(p);
  const type = st.varTypes.get(p);
  if (param?.source !== 'argument' || param.value !== undefined || !type) return undefined;
  const decl = st.intArgs.get(p);
  if (!decl || st.assigned.has(p) || st.addressTaken.has(p)) return undefined;
  // A volatile argument may be read as another value at the loop than at the check.
  if (/\b(__)?volatile(__)?\b/.test(decl.text)) return undefined;
  if (a !== 1n && a !== -1n) return undefined;
  const bound = a === 1n ? -b : b;
  const { lo, hi } = heldRange(type);
  if (bound < lo || bound > hi || bound > LITERAL_LIMIT || bound < -LITERAL_LIMIT) return undefined;
  const holds = { kind: 'ge' as const, expr: add(variable(p, a), constant(b)) };
  return a === 1n
    ? { differs: `${p} < ${bound}`, holds: `${p} >= ${bound}`, bounds: [holds] }
    : { differs: `${p} > ${bound}`, holds: `${p} <= ${bound}`, bounds: [holds] };
}
