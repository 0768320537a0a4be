/**
 * One step of delinearization (optimistic-delinearization paper, section 3.1, step 3):
 * divide a linearized index x by the size W of its innermost dimension, x = W * q + r,
 * where r is the innermost subscript and q what is left for the outer dimensions.
 *
 * The paper divides polynomials symbolically by a size parameter; our subscripts come with
 * the sizes already folded into integer coefficients (`2340i + 80j + 9k + l`), so each
 * coefficient c is split as c = W * a + rc with |rc| <= W / 2 (the only choice when the
 * variable takes three or more consecutive values and r must stay inside [0, W)), and the
 * constant so that r's smallest value over the access lands in [0, W).
 *
 * Validity (the paper's R2 and R3, section 2): x = W * q + r holds identically by
 * construction; 0 <= r < W is proven here with exact integer min/max over every instance
 * of the access. Only then is the split returned: a wrong split would let the lifetime
 * analysis see two different cells where the program uses one.
 */
import * as A from '../poly/affine.js';
import { floorDiv, ceilDiv } from '../poly/int.js';
import { rangeOver, type AccessInstances } from './instances.js';
import { nameRecord } from '../poly/nameRecord.js';

export type Split =
  | { readonly kind: 'split'; readonly quotient: A.Affine; readonly remainder: A.Affine }
  | { readonly kind: 'out-of-range'; readonly min: bigint; readonly max: bigint }
  | { readonly kind: 'unbounded' };

/** round(c / w), halves upwards, for w > 0. */
function nearestQuotient(c: bigint, w: bigint): bigint {
  return floorDiv(2n * c + w, 2n * w);
}

/** x = size * quotient + remainder with 0 <= remainder < size at every instance, or why not. */
export function splitAtSize(x: A.Affine, size: bigint, instances: AccessInstances): Split {
  if (size < 1n) throw new Error(`splitAtSize: size ${size}`);
  const quotientCoeffs = nameRecord<bigint>();
  const remainderCoeffs = nameRecord<bigint>();
  for (const [v, c] of Object.entries(x.coeffs)) {
    const a = nearestQuotient(c, size);
    quotientCoeffs[v] = a;
    remainderCoeffs[v] = c - a * size;
  }
  const variablePart = A.normalize({ coeffs: remainderCoeffs, constant: 0n });
  const range = rangeOver(instances, variablePart);
  if (range.kind === 'unbounded') return { kind: 'unbounded' };
  // Never executed: any split is valid; take the plain residue of the constant.
  const low = range.kind === 'range' ? range.min : 0n;
  const high = range.kind === 'range' ? range.max : 0n;
  // The constant remainder r0 = x.constant (mod size) with low + r0 in [0, size).
  const r0 = x.constant + size * ceilDiv(-low - x.constant, size);
  if (high + r0 > size - 1n) return { kind: 'out-of-range', min: low + r0, max: high + r0 };
  return {
    kind: 'split',
    quotient: A.normalize({ coeffs: quotientCoeffs, constant: (x.constant - r0) / size }),
    remainder: A.normalize({ coeffs: remainderCoeffs, constant: r0 }),
  };
}
