/**
 * HLS mode (`--hls`, docs/hls.md): which arrays a high-level-synthesis flow lets
 * beeclak touch, and the mappings it accepts.
 *
 * - Sizes must be constants: an HLS tool builds memories of fixed size.
 * - `#pragma HLS DEPENDENCE variable=X ... false` tells the tool that X carries no (such)
 *   dependence; a contracted X reuses cells, which adds dependences: X is left alone.
 * - In a `#pragma HLS DATAFLOW` region, an array accessed by two top-level statements (loops)
 *   is a channel between processes (a ping-pong buffer or FIFO the tool builds from its
 *   full shape): left alone.
 * - Moduli are powers of two, applied as masks, and only on dimensions that are folded: a
 *   dimension whose row keeps its whole extent keeps it exactly (48 stays 48, no `% 48`
 *   either, since its index already lies in range). When no such mapping is admissible the
 *   array stays unchanged.
 */
import * as A from '../../poly/affine.js';
import type * as P from '../../poly/index.js';
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import { isStrictlyAdmissible, type Mapping } from '../../lattice/index.js';
import { refuse, type Refusal } from './outcome.js';

/** Why `array` of `fn` may not be contracted in HLS mode, or undefined. */
export function hlsRefusal(fn: FunctionModel, array: ArrayInfo): Refusal | undefined {
  const unknown = array.extents.filter((e) => e.value === undefined);
  if (unknown.length > 0)
    return refuse(
      'hls-run-time-size',
      `HLS mode needs constant sizes, and ${array.name}[${unknown.map((e) => e.text).join('][')}] ` +
        `is sized at run time: give the size as a constant (a macro, or -D NAME=VALUE)`,
    );
  const pragmas = fn.hlsPragmas ?? [];
  const dependence = pragmas.find(
    (p) =>
      p.directive === 'DEPENDENCE' &&
      p.options.get('variable') === array.name &&
      p.options.has('false'),
  );
  if (dependence)
    return refuse(
      'hls-dependence-pragma',
      `'${dependence.text}' (line ${dependence.line}) promises the HLS tool no dependence on ${array.name}; ` +
        `sharing cells would add some, so it is left alone`,
    );
  if (pragmas.some((p) => p.directive === 'DATAFLOW')) {
    const positions = new Set<string>();
    for (const s of fn.statements) {
      if (!s.accesses.some((a) => a.array === array.name)) continue;
      const top = s.schedule[0];
      positions.add(top && A.isConstant(top) ? `${top.constant}` : s.id);
    }
    if (positions.size > 1)
      return refuse(
        'hls-dataflow-channel',
        `${array.name} is a channel between processes of a DATAFLOW region (accessed by ${positions.size} ` +
          `of its top-level statements): the HLS tool builds it from its full shape, so it is left alone`,
      );
  }
  return undefined;
}

function roundUpPow2(x: bigint): bigint {
  let p = 1n;
  while (p < x) p <<= 1n;
  return p;
}

function isPow2(x: bigint): boolean {
  return x > 0n && (x & (x - 1n)) === 0n;
}

/** The dimension a row keeps whole (an axis row whose modulus reaches the extent), if any. */
function unfoldedExtent(
  row: readonly bigint[],
  b: bigint,
  extents: readonly (bigint | undefined)[],
) {
  const nz = row.flatMap((c, k) => (c !== 0n ? [k] : []));
  if (nz.length !== 1 || (row[nz[0]!] !== 1n && row[nz[0]!] !== -1n)) return undefined;
  const e = extents[nz[0]!];
  return e !== undefined && b >= e ? e : undefined;
}

/**
 * `mapping` with every folded row's modulus a power of two and every unfolded row's modulus
 * its dimension's extent, re-verified (a rounded mapping is another lattice), or why none
 * was found. Moduli of folded axis rows are doubled until admissible or whole.
 */
export function powerOfTwoMapping(
  ds: P.PolySet,
  mapping: Mapping,
  extents: readonly (bigint | undefined)[],
  values: Readonly<Record<string, bigint>>,
): { mapping: Mapping } | { reason: string } {
  const b = mapping.b.map((x, r) => unfoldedExtent(mapping.M[r]!, x, extents) ?? roundUpPow2(x));
  for (let attempt = 0; attempt < 64; attempt++) {
    // A folded axis row that reaches its extent is no longer folded: it keeps the extent.
    const shaped = b.map((x, r) => unfoldedExtent(mapping.M[r]!, x, extents) ?? x);
    const candidate = { M: mapping.M, b: shaped };
    if (isStrictlyAdmissible(ds, candidate, values)) return { mapping: candidate };
    let grown = false;
    shaped.forEach((x, r) => {
      if (isPow2(x) && unfoldedExtent(mapping.M[r]!, x, extents) === undefined) {
        b[r] = x * 2n;
        grown = true;
      }
    });
    if (!grown) break;
  }
  return {
    reason:
      `no power-of-two mapping is admissible (the mapping found, moduli ${mapping.b.join(', ')}, ` +
      `is not admissible with its moduli rounded up)`,
  };
}
