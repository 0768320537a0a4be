/**
 * HLS mode: slot indices are masks only. A row's slot at an access needs no operation when
 * its value is proved to lie in [0, b) (the rewriter then writes the index as it is), a mask
 * when b is a power of two; anything else would need a division (`%` or the helper), which
 * an HLS tool turns into a divider: the array stays unchanged. Decided here from the mapping
 * and the proven ranges the rewriter would use (src/rewrite/accessRanges.ts), before any
 * text is made.
 */
import type { ArrayDecision } from '../decision.js';
import { rowForms } from '../../rewrite/index.js';
import { rowRanges } from '../../rewrite/accessRanges.js';
import { nameRecord } from '../../poly/nameRecord.js';
import type { AccessRange, RowForm } from '../../rewrite/plan.js';
import { refuse, type Refusal } from './outcome.js';
import { place } from '../../model/place.js';

const isPowerOfTwo = (b: bigint) => b > 0n && (b & (b - 1n)) === 0n;

/** Whether `row mod b` at an access of this range is written without a division. */
function maskOnly(row: RowForm, range: AccessRange): boolean {
  const b = row.modulus.value;
  if (range.withinModulus) return true;
  if (b !== undefined && range.min !== undefined && range.max !== undefined)
    if (range.min >= 0n && range.max <= b - 1n) return true;
  return b !== undefined && isPowerOfTwo(b);
}

/** Why the decision's slot indices would need a division, if they would. */
export function hlsDivision(d: ArrayDecision): Refusal | undefined {
  const rows = rowForms(d.mapping.M, d.mapping.b, d.array.extents);
  const assumed = nameRecord(d.assumes);
  for (const statement of d.fn.statements)
    for (const access of statement.accesses) {
      if (access.array !== d.array.name) continue;
      const ranges = rowRanges(d.fn, d.array, statement, access, rows, assumed);
      const r = rows.findIndex((row, k) => !maskOnly(row, ranges[k]!));
      if (r < 0) continue;
      const row = rows[r]!;
      return refuse(
        'hls-needs-division',
        `HLS mode: the slot index of ${d.array.name} at ${place(access.loc)} ` +
          `(row [${row.coefficients.join(', ')}]) mod ${row.modulus.text} would need a division ` +
          `(masks only)`,
        { loc: access.loc },
      );
    }
  return undefined;
}
