/**
 * Piecewise quasi-affine values and conditions in disjunctive normal form.
 *
 * The frontend turns C integer expressions into a list of pieces `guard -> value`, where
 * the guards of one value partition the space (they come from `?:` and from the two sign
 * cases of C's truncating division). Because the pieces partition and every existential
 * variable is a function of the others (a quotient), negating a comparison of two such
 * values is the opposite comparison piece by piece: that keeps `!`, `else` and `!=` exact.
 */
import type { Affine, Constraint } from '../poly/affine.js';
import { add, constant, isConstant, scale, sub, variable } from '../poly/affine.js';
import type { Conjunction } from '../model/types.js';

interface PwPiece {
  readonly exists: readonly string[];
  readonly constraints: readonly Constraint[];
  readonly value: Affine;
}
/** Pieces whose guards partition the space. */
export type PwAff = readonly PwPiece[];
/** A union of conjunctions: `[]` is false, `[{ exists: [], constraints: [] }]` is true. */
export type Cond = readonly Conjunction[];

/** Above this many pieces a condition is treated as not affine (keeps DNF blow-up bounded). */
export const MAX_PIECES = 64;

export const TRUE: Cond = [{ exists: [], constraints: [] }];
export const FALSE: Cond = [];

export const ge = (expr: Affine): Constraint => ({ kind: 'ge', expr });
export const eq = (expr: Affine): Constraint => ({ kind: 'eq', expr });

export function pwConst(c: bigint): PwAff {
  return [{ exists: [], constraints: [], value: constant(c) }];
}
export function pwVar(name: string): PwAff {
  return [{ exists: [], constraints: [], value: variable(name) }];
}

function cross<T>(a: PwAff, b: PwAff, f: (x: PwPiece, y: PwPiece) => T): T[] {
  const out: T[] = [];
  for (const x of a) for (const y of b) out.push(f(x, y));
  return out;
}

export function pwAdd(a: PwAff, b: PwAff): PwAff {
  return cross(a, b, (x, y) => ({
    exists: [...x.exists, ...y.exists],
    constraints: [...x.constraints, ...y.constraints],
    value: add(x.value, y.value),
  }));
}
function pwScale(a: PwAff, f: bigint): PwAff {
  return a.map((p) => ({ ...p, value: scale(p.value, f) }));
}
export function pwNeg(a: PwAff): PwAff {
  return pwScale(a, -1n);
}
export function pwSub(a: PwAff, b: PwAff): PwAff {
  return pwAdd(a, pwNeg(b));
}

/** The constant value of `a` if it has one piece without variables. */
export function constValue(a: PwAff): bigint | undefined {
  if (a.length !== 1 || a[0].constraints.length > 0 || !isConstant(a[0].value)) return undefined;
  return a[0].value.constant;
}

/** Product when one side is piecewise constant; undefined when not affine. */
export function pwMul(a: PwAff, b: PwAff): PwAff | undefined {
  const constSide = (x: PwAff) => x.every((p) => isConstant(p.value));
  if (!constSide(a) && !constSide(b)) return undefined;
  const [k, v] = constSide(b) ? [b, a] : [a, b];
  return cross(v, k, (x, y) => ({
    exists: [...x.exists, ...y.exists],
    constraints: [...x.constraints, ...y.constraints],
    value: scale(x.value, y.value.constant),
  }));
}

/**
 * C division truncating toward zero, by a non-zero constant: exact for both signs.
 * For v >= 0, q = floor(v/c): c q <= v <= c q + c - 1; for v < 0, q = ceil(v/c):
 * c q - c + 1 <= v <= c q (C11 6.5.5). `fresh` names the quotient.
 */
export function pwDiv(a: PwAff, divisor: bigint, fresh: () => string): PwAff {
  if (divisor === 0n) throw new Error('division by zero');
  const c = divisor < 0n ? -divisor : divisor;
  const sign = divisor < 0n ? -1n : 1n;
  const out: PwPiece[] = [];
  for (const p of a) {
    if (c === 1n) {
      out.push({ ...p, value: scale(p.value, sign) });
      continue;
    }
    if (isConstant(p.value)) {
      // BigInt division truncates toward zero, like C.
      out.push({ ...p, value: constant((p.value.constant / c) * sign) });
      continue;
    }
    const q = fresh();
    const vq = variable(q);
    const cq = scale(vq, c);
    const v = p.value;
    out.push({
      exists: [...p.exists, q],
      constraints: [...p.constraints, ge(v), ge(sub(v, cq)), ge(sub(add(cq, constant(c - 1n)), v))],
      value: scale(vq, sign),
    });
    out.push({
      exists: [...p.exists, q],
      constraints: [
        ...p.constraints,
        ge(sub(constant(-1n), v)),
        ge(sub(v, sub(cq, constant(c - 1n)))),
        ge(sub(cq, v)),
      ],
      value: scale(vq, sign),
    });
  }
  return out;
}

/** C remainder `v % c`: v - c * trunc(v / c); its sign follows v. */
export function pwMod(a: PwAff, divisor: bigint, fresh: () => string): PwAff {
  const c = divisor < 0n ? -divisor : divisor;
  const out: PwPiece[] = [];
  for (const p of a) {
    for (const d of pwDiv([p], c, fresh)) {
      out.push({ ...d, value: sub(p.value, scale(d.value, c)) });
    }
  }
  return out;
}

export type CmpOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

export function negateOp(op: CmpOp): CmpOp {
  return ({ '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' } as const)[op];
}

/** `a op b` as a union of conjunctions. */
export function pwCompare(a: PwAff, op: CmpOp, b: PwAff): Cond {
  const out: Conjunction[] = [];
  for (const x of a) {
    for (const y of b) {
      const exists = [...x.exists, ...y.exists];
      const base = [...x.constraints, ...y.constraints];
      const d = sub(y.value, x.value); // b - a
      const atoms: Constraint[][] =
        op === '<'
          ? [[ge(sub(d, constant(1n)))]]
          : op === '<='
            ? [[ge(d)]]
            : op === '>'
              ? [[ge(sub(scale(d, -1n), constant(1n)))]]
              : op === '>='
                ? [[ge(scale(d, -1n))]]
                : op === '=='
                  ? [[eq(d)]]
                  : [[ge(sub(d, constant(1n)))], [ge(sub(scale(d, -1n), constant(1n)))]];
      for (const at of atoms) out.push({ exists, constraints: [...base, ...at] });
    }
  }
  return simplifyCond(out);
}

export function condAnd(a: Cond, b: Cond): Cond {
  const out: Conjunction[] = [];
  for (const x of a)
    for (const y of b)
      out.push({
        exists: [...x.exists, ...y.exists],
        constraints: [...x.constraints, ...y.constraints],
      });
  return simplifyCond(out);
}
export function condOr(a: Cond, b: Cond): Cond {
  return simplifyCond([...a, ...b]);
}

/** Drops conjunctions with a constant constraint that is false, and constant true constraints. */
function simplifyCond(c: readonly Conjunction[]): Cond {
  const out: Conjunction[] = [];
  for (const conj of c) {
    let dead = false;
    const kept: Constraint[] = [];
    const seen = new Set<string>();
    for (const k of conj.constraints) {
      const id = constraintKey(k);
      if (seen.has(id)) continue;
      seen.add(id);
      if (isConstant(k.expr)) {
        const v = k.expr.constant;
        if ((k.kind === 'ge' && v < 0n) || (k.kind === 'eq' && v !== 0n)) dead = true;
        continue;
      }
      kept.push(k);
    }
    if (!dead) out.push({ exists: conj.exists, constraints: kept });
  }
  return out;
}

function constraintKey(k: Constraint): string {
  const vars = Object.keys(k.expr.coeffs)
    .filter((v) => k.expr.coeffs[v] !== 0n)
    .sort()
    .map((v) => `${v}:${k.expr.coeffs[v]}`);
  return `${k.kind}|${k.expr.constant}|${vars.join(',')}`;
}
