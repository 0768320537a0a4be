/**
 * `#pragma HLS` lines that name a contracted array (`variable=NAME`), updated for its
 * contracted shape (HLS mode, docs/hls.md): the decision of what becomes of each, as text
 * edits for the rewriter and notes for the report.
 *
 * - ARRAY_PARTITION / ARRAY_RESHAPE on a dimension that is kept: `dim` renumbered to the
 *   dimension's new position, a cyclic/block `factor` (a literal or a macro) at or above the
 *   new extent becomes `complete` (a factor larger than the dimension is an error for the HLS
 *   tool), and a cyclic factor that does not divide a folded extent becomes the smallest
 *   divisor above it (`partitionAfter`: the banks must still separate the cells the engineer
 *   meant to read together);
 * - on a dimension that disappeared, that a skewed row mixes with another, or on an array
 *   that became a scalar: the pragma is replaced by a comment saying why, and a note;
 * - any other pragma naming an array that became a scalar (RESOURCE, BIND_STORAGE, ...):
 *   likewise removed with a note. Others stay as written.
 */
import { pragmaBody, type HlsPragma } from '../../model/pragmas.js';
import type { ByteRange } from '../../model/types.js';
import { NO_NAMES, ownValue } from '../../poly/nameRecord.js';

/** The contracted shape of one array, as far as its pragmas care. */
export interface PragmaTarget {
  readonly name: string;
  /** The pragmas where its own are looked for (its function's). */
  readonly pragmas: readonly HlsPragma[];
  /** Rows of the mapping over the original dimensions; none for a scalar. */
  readonly rows: readonly { coefficients: readonly bigint[]; extent?: bigint }[];
  /** Declared dimensions differ from the rows' (a delinearized array). */
  readonly reshaped?: boolean;
  /** Values of the macros a `factor` may be spelled with (the function's). */
  readonly values?: Readonly<Record<string, bigint>>;
}

/** What a partition of one dimension becomes when the dimension is folded to `extent`. */
export type Partition =
  { readonly type: 'complete' } | { readonly type: 'cyclic' | 'block'; readonly factor: bigint };

/**
 * A cyclic or block partition of `factor` banks on a dimension folded (or kept) to `extent`
 * cells. Cyclic bank `x mod f` of the folded index `x mod m` is bank `x mod f` of the original
 * index only when f divides m: any f consecutive cells the engineer meant to read in one
 * cycle are then still in f different banks. So the factor becomes the smallest divisor of m
 * at or above f (m itself: `complete`). Block banks follow the layout, not the index: only a
 * factor that no longer fits becomes `complete`.
 */
export function partitionAfter(
  type: 'cyclic' | 'block',
  factor: bigint,
  extent: bigint,
): Partition {
  if (factor >= extent) return { type: 'complete' };
  if (type === 'block') return { type, factor };
  let f = factor;
  while (extent % f !== 0n) f++;
  return f >= extent ? { type: 'complete' } : { type, factor: f };
}

/** The partition a pragma asks for (`complete`, or cyclic/block with its factor's value). */
export function requestedPartition(
  p: HlsPragma,
  values: Readonly<Record<string, bigint>> = NO_NAMES,
): Partition | { unknown: string } {
  const typeText = (p.options.get('type') ?? '').toLowerCase();
  const type = (['complete', 'cyclic', 'block'] as const).find(
    (t) => typeText === t || p.options.has(t),
  );
  if (type === 'complete') return { type };
  // The tool's default type is cyclic... of a factor it requires: no factor, no guess.
  const text = p.options.get('factor');
  if (text === undefined) return { unknown: 'no factor' };
  const value = /^\d+$/.test(text) ? BigInt(text) : ownValue(values, text);
  if (value === undefined || value < 1n) return { unknown: `factor ${text} of unknown value` };
  return { type: type ?? 'cyclic', factor: value };
}

/** `#pragma HLS DEPENDENCE ... false` in any spelling: the bare `false`, `dependent=false`. */
export function deniesDependence(p: HlsPragma): boolean {
  return (
    p.directive === 'DEPENDENCE' &&
    (p.options.has('false') || p.options.get('dependent')?.toLowerCase() === 'false')
  );
}

export interface PragmaNote {
  readonly array: string;
  readonly message: string;
}

/** A piece of the file replaced by new text (the rewriter's `textEdits`). */
export interface PragmaEdit {
  readonly range: ByteRange;
  readonly text: string;
  readonly what: string;
}

const PARTITIONS = new Set(['ARRAY_PARTITION', 'ARRAY_RESHAPE']);

function removal(p: HlsPragma, why: string): PragmaEdit {
  const comment = `/* beeclak: removed '${p.text.replace(/\*\//g, '* /')}': ${why} */`;
  return { range: p.range, text: comment, what: `pragma at line ${p.line}` };
}

/** The pragma with its body (as spelled) replaced: the spelling around it stays. */
function replacement(p: HlsPragma, body: string): PragmaEdit {
  return { range: p.bodyRange, text: body, what: `pragma at line ${p.line}` };
}

/** The new position (0-based) of original dimension `d` (0-based), or why there is none. */
function newDimension(target: PragmaTarget, d: number): number | string {
  const uses = target.rows
    .map((r, k) => ({ k, r }))
    .filter(({ r }) => (r.coefficients[d] ?? 0n) !== 0n);
  if (uses.length === 0) return `dimension ${d + 1} of ${target.name} no longer exists`;
  const axis = uses.find(({ r }) => r.coefficients.filter((c) => c !== 0n).length === 1);
  if (uses.length > 1 || !axis)
    return `dimension ${d + 1} of ${target.name} is mixed with another by the mapping`;
  return axis.k;
}

/** A partition pragma's body (as spelled) rewritten for `target`, or why it must go. */
function updatedPartition(p: HlsPragma, target: PragmaTarget): string | { why: string } {
  const dimText = p.options.get('dim') ?? '1';
  if (!/^\d+$/.test(dimText)) return { why: `its dim=${dimText} is not a number` };
  const dim = Number(dimText);
  if (dim === 0) return p.body; // every dimension, whatever their number
  if (target.reshaped) return { why: `the dimensions of ${target.name} were renumbered` };
  const k = newDimension(target, dim - 1);
  if (typeof k === 'string') return { why: k };
  const extent = target.rows[k]!.extent;
  const asked = requestedPartition(p, target.values);
  const after =
    'factor' in asked && extent !== undefined
      ? partitionAfter(asked.type, asked.factor, extent)
      : undefined;
  const edit = (body: string) => {
    let text = body.replace(/\bdim\s*=\s*\d+/i, `dim=${k + 1}`);
    if (!p.options.has('dim')) text += ` dim=${k + 1}`;
    if (after?.type === 'complete') {
      // A factor at or above the extent splits it into single elements: `complete`.
      text = text
        .replace(/\s+factor\s*=\s*\w+/i, '')
        .replace(/\btype\s*=\s*(cyclic|block)\b/i, 'type=complete')
        .replace(/\s(cyclic|block)\b/i, ' complete');
    } else if (after && 'factor' in asked && after.factor !== asked.factor)
      text = text.replace(/\bfactor\s*=\s*\w+/i, `factor=${after.factor}`);
    return text;
  };
  // The spelling is kept when its edit reads as the edit of the tokens; otherwise (a line
  // splice inside `dim \⏎= 2`, a `dim = 1` inside a comment: review 2026-11-26, a pragma
  // left for a dimension the array no longer has) the tokens are written instead.
  const spelled = edit(p.body);
  const tokens = edit(p.tokens);
  return pragmaBody(`#pragma ${spelled}`) === pragmaBody(`#pragma ${tokens}`) ? spelled : tokens;
}

/** Edits and notes for the pragmas of the contracted arrays. */
export function hlsPragmaEdits(targets: readonly PragmaTarget[]): {
  edits: PragmaEdit[];
  notes: PragmaNote[];
} {
  const edits: PragmaEdit[] = [];
  const notes: PragmaNote[] = [];
  const done = new Set<number>();
  for (const target of targets) {
    for (const p of target.pragmas) {
      if (p.options.get('variable') !== target.name || done.has(p.range.start)) continue;
      done.add(p.range.start);
      if (target.rows.length === 0) {
        const why = `${target.name} is now a scalar`;
        edits.push(removal(p, why));
        notes.push({ array: target.name, message: `line ${p.line}: removed '${p.text}': ${why}` });
        continue;
      }
      if (!PARTITIONS.has(p.directive)) continue;
      const updated = updatedPartition(p, target);
      if (typeof updated !== 'string') {
        edits.push(removal(p, updated.why));
        notes.push({
          array: target.name,
          message: `line ${p.line}: removed '${p.text}': ${updated.why}`,
        });
      } else if (updated !== p.body) {
        edits.push(replacement(p, updated));
        const around = (from: number, to: number) =>
          p.text.slice(from - p.range.start, to - p.range.start);
        const text = `${around(p.range.start, p.bodyRange.start)}${updated}${around(p.bodyRange.end, p.range.end)}`;
        notes.push({ array: target.name, message: `line ${p.line}: '${p.text}' -> '${text}'` });
      }
    }
  }
  return { edits, notes };
}
