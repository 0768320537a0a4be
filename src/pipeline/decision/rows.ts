/**
 * The rows a decision's array is rewritten with (the rewriter's RowForm): constant moduli
 * with the extent's own text where a row keeps a whole dimension, symbolic moduli as C text,
 * and for a parameter folded in place one row per declared dimension (placement.ts).
 */
import { isConstant } from '../../poly/affine.js';
import { cExpression } from '../../rewrite/cExpression.js';
import { rankKeepingRows, rowForms } from '../../rewrite/index.js';
import type { RowForm } from '../../rewrite/plan.js';
import type { ArrayDecision } from '../decision.js';

export function decisionRows(d: ArrayDecision): RowForm[] {
  // Moduli that are constants after all are rows like any other (their extent's own text).
  const symbolic = d.symbolicModuli && !d.symbolicModuli.every(isConstant);
  const rows = symbolic
    ? d.mapping.M.map((coefficients, r) => ({
        coefficients,
        modulus: { text: cExpression(d.symbolicModuli![r]!) },
      }))
    : rowForms(d.mapping.M, d.mapping.b, d.array.extents);
  // A parameter folded in place keeps its rank and its declarator (placement.ts).
  return d.placement === 'in-place' ? rankKeepingRows(rows, d.array.extents.length) : rows;
}
