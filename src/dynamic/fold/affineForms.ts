/**
 * Folded pieces as affine constraints over named iteration-vector coordinates: what both
 * `check --trace` (compare with the model) and `profile` (a model of the run) need.
 */
import * as A from '../../poly/affine.js';
import { affineLabel } from './label.js';
import type { Piece, Row } from './piece.js';
import { nameRecord } from '../../poly/nameRecord.js';

function rowForm(r: Row, names: readonly string[]): A.Affine {
  return {
    constant: BigInt(r[names.length]!),
    coeffs: nameRecord(
      names.map((n, j) => [n, BigInt(r[j]!)] as const).filter(([, v]) => v !== 0n),
    ),
  };
}

/** `lo_j <= x_j <= hi_j` for every coordinate, `names` naming them outermost first. */
export function pieceConstraints(piece: Piece, names: readonly string[]): A.Constraint[] {
  return names.flatMap((n, j) => [
    { kind: 'ge' as const, expr: A.sub(A.variable(n), rowForm(piece.lo[j]!, names)) },
    { kind: 'ge' as const, expr: A.sub(rowForm(piece.hi[j]!, names), A.variable(n)) },
  ]);
}

/** Label `component` as `den * label = form` over `names`; undefined when it is ⊤. */
export function labelForm(
  piece: Piece,
  component: number,
  names: readonly string[],
): { form: A.Affine; den: bigint } | undefined {
  const f = affineLabel(piece.label, component);
  if (!f) return undefined;
  const form: A.Affine = {
    constant: f.constant,
    coeffs: nameRecord(names.map((n, j) => [n, f.coeffs[j]!] as const).filter(([, v]) => v !== 0n)),
  };
  return { form, den: f.den };
}
