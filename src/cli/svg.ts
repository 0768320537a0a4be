/**
 * `analyze --svg DIR`: a picture per array in the style of Fig. 2(b) of the Bee+Cl@k paper:
 * the integer points of a window around 0, the conflicting differences DS (filled dots), the
 * points of the mapping's kernel lattice {x : M x = 0 mod b} (squares; strict admissibility
 * is that no square but 0 is a dot), and the mapping. 3-D sets are projected onto their
 * first two differences (a dot where some third coordinate conflicts); 1-D ones drawn on
 * one row.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as P from '../poly/index.js';
import type { Io } from './io.js';
import { writeAtomically } from './sourceFile.js';
import type { ArrayReport } from '../pipeline/report.js';
import type { Analysis } from '../pipeline/analysis.js';
import { cellIntervals, type CellInterval } from '../pipeline/lifetimeIntervals.js';
import { formatMapping } from '../pipeline/report.js';

/** Half-width of the window drawn (points -R..R on each axis). */
const RADIUS = 12;
const STEP = 18;

export interface Picture {
  readonly file: string;
  readonly svg: string;
}

/** `FUNCTION_ARRAY_LINE`: unique per declaration, safe as a file name. */
function baseName(a: ArrayReport): string {
  return `${a.function}_${a.name}_${a.line}`.replace(/[^A-Za-z0-9_]/g, '_');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** DS points in the window, as [a, b] (b = 0 for a 1-D set); undefined when not drawable. */
function dsPoints(a: ArrayReport): { points: Set<string>; dims: number } | undefined {
  if (!a.ds || a.ds.pieces.length === 0 || a.ds.dims < 1 || a.ds.dims > 3) return undefined;
  let ds = P.parseSet(a.ds.pieces.join(' ; '));
  const assumed: Record<string, bigint> = {};
  for (const [k, v] of Object.entries(a.assumes ?? {})) assumed[k] = BigInt(v);
  if (ds.space.params.some((p) => assumed[p] === undefined)) return undefined;
  ds = P.fixParams(ds, assumed);
  const names = ds.space.dims;
  const box = P.parseSet(
    `{ [${names.join(', ')}] : ${names.map((n) => `-${RADIUS} <= ${n} <= ${RADIUS}`).join(' and ')} }`,
  );
  const inside = P.enumeratePoints(P.intersect(ds, box), {}, 200_000);
  return {
    points: new Set(inside.map((p) => `${p[0]},${p.length > 1 ? p[1] : 0n}`)),
    dims: names.length,
  };
}

/** Whether x (padded with zeros to the mapping's width) is in the kernel lattice. */
function inKernel(M: bigint[][], b: bigint[], x: bigint[]): boolean {
  return M.every((row, r) => {
    const v = row.reduce((s, c, k) => s + c * (x[k] ?? 0n), 0n);
    return ((v % b[r]!) + b[r]!) % b[r]! === 0n;
  });
}

export function arrayPicture(a: ArrayReport): Picture | undefined {
  const ds = dsPoints(a);
  if (!ds) return undefined;
  const M = (a.mapping?.M ?? []).map((r) => r.map((x) => BigInt(x)));
  const numeric = (a.mapping?.b ?? []).every((x) => typeof x === 'number');
  const b = numeric ? (a.mapping?.b ?? []).map((x) => BigInt(x)) : undefined;
  const rows = ds.dims === 1 ? [0] : Array.from({ length: 2 * RADIUS + 1 }, (_, k) => k - RADIUS);
  const cols = Array.from({ length: 2 * RADIUS + 1 }, (_, k) => k - RADIUS);
  const width = cols.length * STEP + 40;
  const height = rows.length * STEP + 90;
  const x = (d: number) => 20 + (d + RADIUS) * STEP + STEP / 2;
  const y = (d: number) => 50 + (rows.length - 1 - rows.indexOf(d)) * STEP + STEP / 2;
  const parts: string[] = [];
  const title = `${a.function}: ${a.name} (${a.status})`;
  parts.push(`<title>${escape(title)}</title>`);
  parts.push(`<text x="10" y="18" class="title">${escape(title)}</text>`);
  const mapping = a.mapping ? formatMapping(a.name, a.mapping) : 'no mapping';
  parts.push(`<text x="10" y="36" class="mapping">${escape(mapping)}</text>`);
  // Axes through 0.
  parts.push(
    `<line class="axis" x1="${x(-RADIUS)}" y1="${y(0)}" x2="${x(RADIUS)}" y2="${y(0)}"/>`,
    ds.dims > 1
      ? `<line class="axis" x1="${x(0)}" y1="${y(rows[0]!)}" x2="${x(0)}" y2="${y(rows.at(-1)!)}"/>`
      : '',
  );
  for (const r of rows) {
    for (const c of cols) {
      const key = `${c},${r}`;
      const cx = x(c);
      const cy = y(r);
      if (ds.points.has(key))
        parts.push(`<circle class="ds" cx="${cx}" cy="${cy}" r="4" data-point="${key}"/>`);
      else parts.push(`<circle class="grid" cx="${cx}" cy="${cy}" r="1.5"/>`);
      const point = ds.dims === 1 ? [BigInt(c)] : [BigInt(c), BigInt(r)];
      if (b && M.length > 0 && ds.dims <= 2 && inKernel(M, b, point))
        parts.push(
          `<rect class="lattice" x="${cx - 6}" y="${cy - 6}" width="12" height="12" data-point="${key}"/>`,
        );
    }
  }
  const note =
    ds.dims === 3
      ? 'DS projected onto its first two coordinates; lattice not drawn'
      : `window ${-RADIUS}..${RADIUS}; dots: DS, squares: kernel lattice of the mapping`;
  parts.push(`<text x="10" y="${height - 12}" class="note">${escape(note)}</text>`);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<style>.title{font:bold 13px sans-serif}.mapping,.note{font:12px monospace}' +
      '.axis{stroke:#999;stroke-width:1}.grid{fill:#bbb}.ds{fill:#1f5fbf}' +
      '.lattice{fill:none;stroke:#c0392b;stroke-width:2}</style>',
    ...parts.filter(Boolean),
    '</svg>',
    '',
  ].join('\n');
  return { file: `${baseName(a)}.svg`, svg };
}

/** Cells drawn in a lifetime chart at most (the first ones to be written). */
const CHART_CELLS = 64;

/**
 * The lifetime chart of one run: time (execution order of the array's accesses) across,
 * one row per cell (in first-write order), a bar from its first write to its last access.
 * Two cells may share a slot only if their bars do not overlap.
 */
export function lifetimePicture(a: ArrayReport, intervals: readonly CellInterval[]): Picture {
  const cells = [...intervals].sort((x, y) => x.firstWrite - y.firstWrite).slice(0, CHART_CELLS);
  const end = Math.max(1, ...cells.map((c) => c.lastAccess + 1));
  const width = 640;
  const rowH = 8;
  const left = 90;
  const height = 70 + cells.length * rowH;
  const tx = (t: number) => left + ((width - left - 10) * t) / end;
  const parts: string[] = [];
  const title = `${a.function}: ${a.name}, cell lifetimes in one run`;
  parts.push(`<title>${escape(title)}</title>`);
  parts.push(`<text x="10" y="18" class="title">${escape(title)}</text>`);
  cells.forEach((c, k) => {
    const y0 = 40 + k * rowH;
    const label = `[${c.cell.join('][')}]`;
    parts.push(`<text x="10" y="${y0 + rowH - 1}" class="cell">${escape(label)}</text>`);
    const x0 = tx(c.firstWrite);
    const w = Math.max(1, tx(c.lastAccess + 1) - x0);
    parts.push(
      `<rect class="life" x="${x0.toFixed(1)}" y="${y0}" width="${w.toFixed(1)}" height="${rowH - 2}" data-cell="${label}"/>`,
    );
  });
  const more =
    intervals.length > cells.length ? `; first ${cells.length} of ${intervals.length} cells` : '';
  parts.push(
    `<text x="10" y="${height - 12}" class="note">${escape(`time: the array's accesses in execution order${more}`)}</text>`,
  );
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<style>.title{font:bold 13px sans-serif}.cell{font:8px monospace}.note{font:12px monospace}' +
      '.life{fill:#1f5fbf}</style>',
    ...parts,
    '</svg>',
    '',
  ].join('\n');
  return { file: `${baseName(a)}_lifetimes.svg`, svg };
}

/** Writes the pictures of every drawable array into `dir` (created if needed). */
export async function writePictures(dir: string, analysis: Analysis, io: Io): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const a of analysis.report.arrays) {
    const intervals = a.ds ? cellIntervals(analysis, a) : undefined;
    const pictures = [arrayPicture(a), intervals ? lifetimePicture(a, intervals) : undefined];
    for (const picture of pictures) {
      if (!picture) continue;
      const file = path.join(dir, picture.file);
      await writeAtomically(file, picture.svg);
      io.stderr(`beeclak: wrote ${file}\n`);
    }
  }
}
