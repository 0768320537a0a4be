/**
 * `#pragma HLS` lines that name an array (`variable=NAME`), found in the text and updated
 * for the array's contracted shape (HLS mode, DESIGN.md "Rewriter"):
 *
 * - ARRAY_PARTITION / ARRAY_RESHAPE on a dimension that is kept: `dim` renumbered to the
 *   dimension's new position, a cyclic/block `factor` at or above the new extent becomes
 *   `complete` (a factor larger than the dimension is an error for the HLS tool);
 * - on a dimension that disappeared, that a skewed row mixes with another, or on an array
 *   that became a scalar: the pragma is replaced by a comment saying why, and a note;
 * - any other pragma naming an array that became a scalar (RESOURCE, BIND_STORAGE, ...):
 *   likewise removed with a note. Others stay as written.
 */
import type { Edit } from './edits.js';
import type { ByteRange } from './plan.js';

export interface HlsPragma {
  /** The whole line's pragma text, `#` to the end of the line (without the line break). */
  readonly range: ByteRange;
  readonly text: string;
  /** Upper case: ARRAY_PARTITION, DEPENDENCE, DATAFLOW, ... */
  readonly directive: string;
  /** `key=value` options, keys lower case; bare words (`cyclic`, `false`) map to ''. */
  readonly options: ReadonlyMap<string, string>;
  readonly line: number;
}

const PRAGMA = /^[ \t]*#[ \t]*pragma[ \t]+HLS[ \t]+(\w+)([^\r\n]*)/gim;

/** Every `#pragma HLS` line of `source` inside `within` (default: the whole text). */
export function hlsPragmas(source: string, within?: ByteRange): HlsPragma[] {
  const out: HlsPragma[] = [];
  const start = within?.start ?? 0;
  const end = within?.end ?? source.length;
  PRAGMA.lastIndex = 0;
  for (let m = PRAGMA.exec(source); m; m = PRAGMA.exec(source)) {
    const hash = m.index + m[0].indexOf('#');
    if (hash < start || hash >= end) continue;
    const options = new Map<string, string>();
    // `variable = y`, `dim=2`, `type=cyclic` or the older bare `cyclic`, `false`.
    const body = m[2]!.replace(/\/\/.*$|\/\*.*?\*\//g, '');
    for (const o of body.matchAll(/(\w+)\s*=\s*([^\s]+)|(\w+)/g)) {
      if (o[1]) options.set(o[1].toLowerCase(), o[2]!);
      else options.set(o[3]!.toLowerCase(), '');
    }
    const line = source.slice(0, hash).split('\n').length;
    const text = source.slice(hash, m.index + m[0].length).replace(/\s+$/, '');
    out.push({
      range: { start: hash, end: hash + text.length },
      text,
      directive: m[1]!.toUpperCase(),
      options,
      line,
    });
  }
  return out;
}

/** The contracted shape of one array, as far as its pragmas care. */
export interface PragmaTarget {
  readonly name: string;
  /** Where its pragmas are looked for (its function; the file for a file-scope array). */
  readonly scope?: ByteRange;
  /** Rows of the mapping over the original dimensions; none for a scalar. */
  readonly rows: readonly { coefficients: readonly bigint[]; extent?: bigint }[];
  /** Declared dimensions differ from the rows' (a delinearized array). */
  readonly reshaped?: boolean;
}

export interface PragmaNote {
  readonly array: string;
  readonly message: string;
}

const PARTITIONS = new Set(['ARRAY_PARTITION', 'ARRAY_RESHAPE']);

function removal(p: HlsPragma, why: string): Edit {
  const comment = `/* beeclak: removed '${p.text.replace(/\*\//g, '* /')}': ${why} */`;
  return { range: p.range, holes: [], render: () => comment, what: `pragma at line ${p.line}` };
}

function replacement(p: HlsPragma, text: string): Edit {
  return { range: p.range, holes: [], render: () => text, what: `pragma at line ${p.line}` };
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

/** A partition pragma rewritten for `target`, or the reason it must go. */
function updatedPartition(p: HlsPragma, target: PragmaTarget): string | { why: string } {
  const dimText = p.options.get('dim') ?? '1';
  if (!/^\d+$/.test(dimText)) return { why: `its dim=${dimText} is not a number` };
  const dim = Number(dimText);
  if (dim === 0) return p.text; // every dimension, whatever their number
  if (target.reshaped) return { why: `the dimensions of ${target.name} were renumbered` };
  const k = newDimension(target, dim - 1);
  if (typeof k === 'string') return { why: k };
  const extent = target.rows[k]!.extent;
  const factorText = p.options.get('factor');
  let text = p.text.replace(/\bdim\s*=\s*\d+/i, `dim=${k + 1}`);
  if (!p.options.has('dim')) text += ` dim=${k + 1}`;
  if (factorText !== undefined && /^\d+$/.test(factorText) && extent !== undefined) {
    if (BigInt(factorText) >= extent) {
      // A factor at or above the extent splits it into single elements: `complete`.
      text = text
        .replace(/\s+factor\s*=\s*\d+/i, '')
        .replace(/\btype\s*=\s*(cyclic|block)\b/i, 'type=complete')
        .replace(/\s(cyclic|block)\b/i, ' complete');
    }
  }
  return text;
}

/** Edits and notes for the pragmas of the contracted arrays. */
export function hlsPragmaEdits(
  source: string,
  targets: readonly PragmaTarget[],
): { edits: Edit[]; notes: PragmaNote[] } {
  const edits: Edit[] = [];
  const notes: PragmaNote[] = [];
  const done = new Set<number>();
  for (const target of targets) {
    for (const p of hlsPragmas(source, target.scope)) {
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
      } else if (updated !== p.text) {
        edits.push(replacement(p, updated));
        notes.push({ array: target.name, message: `line ${p.line}: '${p.text}' -> '${updated}'` });
      }
    }
  }
  return { edits, notes };
}
