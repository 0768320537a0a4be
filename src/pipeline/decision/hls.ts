/**
 * HLS mode (`--hls`, docs/hls.md): which arrays a high-level-synthesis flow lets
 * beeclak touch, and the mappings it accepts.
 *
 * - Sizes must be constants: an HLS tool builds memories of fixed size.
 * - `#pragma HLS DEPENDENCE variable=X ... false` (or `dependent=false`) tells the tool that X
 *   carries no (such) dependence; a contracted X reuses cells, which adds dependences: X is
 *   left alone. Without `variable` (`class=array`), it speaks of every array of the loop:
 *   every array of the function is left alone.
 * - `#pragma HLS ARRAY_PARTITION` (or ARRAY_RESHAPE) on a dimension states a wanted
 *   parallelism: the mapping keeps that dimension as an axis of its own, folded to at least
 *   the factor (a complete partition: to at least 2 cells), unless the whole array becomes a
 *   scalar; when the smallest mapping found mixes or shrinks it, the smallest axis-aligned
 *   mapping that keeps it is taken instead, and the report says which trade-off was taken.
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
import type { HlsPragma } from '../../model/pragmas.js';
import type { OnChip } from '../report.js';
import { isStrictlyAdmissible, type Mapping } from '../../lattice/index.js';
import {
  deniesDependence,
  partitionAfter,
  requestedPartition,
  type Partition,
} from './hlsPragmaUpdates.js';
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
      deniesDependence(p) &&
      (p.options.get('variable') === array.name || !p.options.has('variable')),
  );
  if (dependence)
    return refuse(
      'hls-dependence-pragma',
      `'${dependence.text}' (line ${dependence.line}) promises the HLS tool no dependence on ${
        dependence.options.has('variable') ? array.name : 'any array of its loop'
      }; sharing cells would add some, so it is left alone`,
    );
  for (const p of pragmas) {
    if (!PARTITIONS.has(p.directive) || p.options.get('variable') !== array.name) continue;
    const asked = requestedPartition(p, fn.macroValues);
    if ('unknown' in asked)
      return refuse(
        'hls-partition-unknown-factor',
        `'${p.text}' (line ${p.line}) partitions ${array.name} with ${asked.unknown}: the new factor cannot be checked against a folded extent, so it is left alone`,
      );
  }
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

const PARTITIONS = new Set(['ARRAY_PARTITION', 'ARRAY_RESHAPE']);

/** A dimension a partition pragma wants kept: as an axis, with at least `least` cells. */
export interface PartitionWant {
  /** 0-based dimension. */
  readonly dim: number;
  readonly least: bigint;
  readonly pragma: HlsPragma;
}

/** What the partition pragmas on `array` want of its dimensions (`dim=0`: every one). */
export function partitionWants(fn: FunctionModel, array: ArrayInfo): PartitionWant[] {
  const out: PartitionWant[] = [];
  for (const p of fn.hlsPragmas ?? []) {
    if (!PARTITIONS.has(p.directive) || p.options.get('variable') !== array.name) continue;
    const asked = requestedPartition(p, fn.macroValues);
    if ('unknown' in asked) continue; // refused by hlsRefusal
    const dimText = p.options.get('dim') ?? '1';
    if (!/^\d+$/.test(dimText)) continue;
    const d = Number(dimText);
    const dims = d === 0 ? array.extents.map((_, k) => k) : [d - 1];
    for (const dim of dims) {
      const extent = array.extents[dim]?.value;
      const want = asked.type === 'complete' ? 2n : asked.factor;
      out.push({ dim, least: extent !== undefined && extent < want ? extent : want, pragma: p });
    }
  }
  return out;
}

/** Why `mapping` does not keep what `wants` ask (a scalar keeps nothing and is fine). */
function unkept(mapping: Mapping, wants: readonly PartitionWant[], name: string): string[] {
  if (mapping.b.length === 0) return [];
  const out: string[] = [];
  for (const w of wants) {
    const rows = mapping.M.map((r, k) => ({ r, b: mapping.b[k]! })).filter(
      ({ r }) => (r[w.dim] ?? 0n) !== 0n,
    );
    const axis = rows.length === 1 && rows[0]!.r.filter((c) => c !== 0n).length === 1;
    if (rows.length === 0) out.push(`dimension ${w.dim + 1} of ${name} would disappear`);
    else if (!axis) out.push(`dimension ${w.dim + 1} of ${name} would be mixed with another`);
    else if (rows[0]!.b < w.least)
      out.push(`dimension ${w.dim + 1} of ${name} would be folded to ${rows[0]!.b} cells`);
  }
  return out;
}

/** The moduli a dimension of extent `e` may get, smallest first: powers of two, then e. */
function moduliFor(e: bigint, least: bigint): bigint[] {
  const out: bigint[] = [];
  for (let p = 1n; p < e; p <<= 1n) if (p >= least) out.push(p);
  out.push(e);
  return out;
}

/**
 * The smallest axis-aligned mapping with power-of-two folds (or whole dimensions) that keeps
 * `wants`, found greedily dimension by dimension in every order, each candidate verified.
 */
function axisMapping(
  ds: P.PolySet,
  extents: readonly bigint[],
  wants: readonly PartitionWant[],
  values: Readonly<Record<string, bigint>>,
): Mapping | undefined {
  const n = extents.length;
  const least = extents.map((_, k) =>
    wants.filter((w) => w.dim === k).reduce((a, w) => (w.least > a ? w.least : a), 1n),
  );
  const make = (b: readonly bigint[]): Mapping => {
    const dims = b.flatMap((x, k) => (x > 1n ? [k] : []));
    return {
      M: dims.map((k) => extents.map((_, j) => (j === k ? 1n : 0n))),
      b: dims.map((k) => b[k]!),
    };
  };
  let best: Mapping | undefined;
  for (const order of permutations(n)) {
    const b = [...extents];
    for (const k of order) {
      for (const m of moduliFor(extents[k]!, least[k]!)) {
        const trial = b.map((x, j) => (j === k ? m : x));
        if (m === extents[k] || isStrictlyAdmissible(ds, make(trial), values)) {
          b[k] = m;
          break;
        }
      }
    }
    const size = b.reduce((a, x) => a * x, 1n);
    if (!best || size < best.b.reduce((a, x) => a * x, 1n)) best = make(b);
  }
  return best;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)]),
  );
}

/**
 * HLS mode's mapping for an array: `mapping` with power-of-two folds (powerOfTwoMapping),
 * unless it undoes a partition the engineer asked for; then the smallest axis-aligned
 * mapping that keeps it, with a note saying which trade-off was taken; or why none saves.
 */
export function hlsMapping(
  ds: P.PolySet,
  mapping: Mapping,
  array: ArrayInfo,
  wants: readonly PartitionWant[],
  values: Readonly<Record<string, bigint>>,
): { mapping: Mapping; note?: string } | { reason: string } {
  const extents = array.extents.map((e) => e.value);
  const p2 = powerOfTwoMapping(ds, mapping, extents, values);
  if (wants.length === 0) return p2;
  const undone = 'mapping' in p2 ? unkept(p2.mapping, wants, array.name) : [];
  if ('mapping' in p2 && undone.length === 0) return p2;
  const known = extents.filter((e): e is bigint => e !== undefined);
  const axis = known.length === extents.length ? axisMapping(ds, known, wants, values) : undefined;
  const size = (m: Mapping) => m.b.reduce((a, x) => a * x, 1n);
  const whole = known.reduce((a, x) => a * x, 1n);
  const asked = [...new Set(wants.map((w) => `'${w.pragma.text}' (line ${w.pragma.line})`))].join(
    ', ',
  );
  if (!axis || size(axis) >= whole)
    return {
      reason:
        `${asked} asks for a parallelism that ${'mapping' in p2 ? `the smallest mapping undoes (${undone.join('; ')})` : 'no mapping found keeps'}, ` +
        `and no mapping that keeps it saves anything: left alone`,
    };
  const taken = axis.b.map((x) => `${x}`).join(' x ');
  return {
    mapping: axis,
    note:
      `HLS trade-off: ${asked} is kept, so ${array.name} gets the axis-aligned mapping of ${size(axis)} cells (${taken})` +
      ('mapping' in p2
        ? ` rather than the mapping of ${size(p2.mapping)} cells, in which ${undone.join('; ')}`
        : ''),
  };
}

export type { OnChip } from '../report.js';

/** (width, depth) configurations of one 18 Kb block RAM. */
const BRAM18_SHAPES: readonly (readonly [number, number])[] = [
  [1, 16384],
  [2, 8192],
  [4, 4096],
  [9, 2048],
  [18, 1024],
  [36, 512],
];

/** Block RAMs for one memory of `bits`-wide words, `depth` deep: the best configuration. */
export function bram18(bits: number, depth: bigint): number {
  let best = Infinity;
  for (const [w, d] of BRAM18_SHAPES) {
    const n = Math.ceil(bits / w) * Number((depth + BigInt(d) - 1n) / BigInt(d));
    if (n < best) best = n;
  }
  return best;
}

/** Partitions by dimension (0-based; a dimension partitioned twice takes the last). */
type Partitions = ReadonlyMap<number, Partition>;

/** On-chip memory of an array of `extents` (no dimension: a scalar) with `partitions`. */
export function onChip(extents: readonly bigint[], bits: number, partitions: Partitions): OnChip {
  const cells = extents.reduce((a, x) => a * x, 1n);
  if (extents.every((_, k) => partitions.get(k)?.type === 'complete'))
    return { bram18: 0, registerBits: Number(cells) * bits };
  let banks = 1n;
  let depth = 1n;
  extents.forEach((e, k) => {
    const p = partitions.get(k);
    if (p?.type === 'complete') banks *= e;
    else if (p) {
      banks *= p.factor;
      depth *= (e + p.factor - 1n) / p.factor;
    } else depth *= e;
  });
  return { bram18: Number(banks) * bram18(bits, depth), registerBits: 0 };
}

/** The partitions the pragmas on `array` ask for, by original dimension. */
function askedPartitions(fn: FunctionModel, array: ArrayInfo): Partitions {
  const out = new Map<number, Partition>();
  for (const p of fn.hlsPragmas ?? []) {
    if (!PARTITIONS.has(p.directive) || p.options.get('variable') !== array.name) continue;
    const asked = requestedPartition(p, fn.macroValues);
    const dimText = p.options.get('dim') ?? '1';
    if ('unknown' in asked || !/^\d+$/.test(dimText)) continue;
    const d = Number(dimText);
    for (const k of d === 0 ? array.extents.map((_, j) => j) : [d - 1]) out.set(k, asked);
  }
  return out;
}

/**
 * On-chip memory of `array` before and after `mapping` (none: unchanged), the partitions
 * following their dimensions as the rewriter updates them (hlsPragmaUpdates.ts); undefined when
 * a size or the element's width is unknown.
 */
export function onChipMemory(
  fn: FunctionModel,
  array: ArrayInfo,
  bits: number | undefined,
  mapping: Mapping | undefined,
): { before: OnChip; after: OnChip } | undefined {
  const extents = array.extents.map((e) => e.value);
  if (bits === undefined || extents.some((e) => e === undefined)) return undefined;
  const asked = askedPartitions(fn, array);
  const before = onChip(extents as bigint[], bits, asked);
  if (!mapping) return { before, after: before };
  const after = new Map<number, Partition>();
  for (const [d, p] of asked) {
    const k = mapping.M.findIndex((r) => r[d] !== 0n && r.filter((c) => c !== 0n).length === 1);
    if (k < 0) continue;
    after.set(k, p.type === 'complete' ? p : partitionAfter(p.type, p.factor, mapping.b[k]!));
  }
  return { before, after: onChip(mapping.b, bits, after) };
}

/** On-chip memory of every function with arrays, summed over its arrays (HLS mode). */
export function onChipTotals(
  arrays: readonly { function: string; onChip?: { before: OnChip; after: OnChip } }[],
): { function: string; before: OnChip; after: OnChip }[] {
  const out = new Map<string, { function: string; before: OnChip; after: OnChip }>();
  const add = (a: OnChip, b: OnChip): OnChip => ({
    bram18: a.bram18 + b.bram18,
    registerBits: a.registerBits + b.registerBits,
  });
  for (const a of arrays) {
    if (!a.onChip) continue;
    const t = out.get(a.function) ?? {
      function: a.function,
      before: { bram18: 0, registerBits: 0 },
      after: { bram18: 0, registerBits: 0 },
    };
    out.set(a.function, {
      function: a.function,
      before: add(t.before, a.onChip.before),
      after: add(t.after, a.onChip.after),
    });
  }
  return [...out.values()];
}
