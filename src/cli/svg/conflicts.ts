/**
 * The conflict picture of one array, in the style of Fig. 2(b) of the Bee+Cl@k paper: the
 * integer points of a window around 0, the conflicting differences DS (filled dots) and
 * their convex hull (the polytope of the paper), the points of the mapping's kernel lattice
 * {x : M x = 0 mod b} (squares; strict admissibility, section 2 of the paper, is that no
 * square but 0 is on a dot), and the mapping. 3-D sets are projected onto the two
 * differences along which they spread most, the lattice too (a dot or a square where some
 * value of the third coordinate has one, so there a square on a dot need not be a
 * conflict); 1-D ones are drawn on one row.
 */
import * as P from '../../poly/index.js';
import { formatMapping, type ArrayReport } from '../../pipeline/report.js';
import { baseName, escape, svgDocument, type Picture } from './document.js';
import { nameRecord } from '../../poly/nameRecord.js';

/** Half-width of the window drawn (points -R..R on each axis). */
const RADIUS = 12;
const STEP = 18;

const CONFLICT_STYLE =
  '.title{font:bold 13px sans-serif}.mapping,.note{font:12px monospace}.label{font:italic 12px serif}' +
  '.axis{stroke:#999;stroke-width:1}.grid{fill:#bbb}.hull{fill:#dde7f7;stroke:#8fb0e3;stroke-width:1}' +
  '.ds{fill:#1f5fbf}.lattice{fill:none;stroke:#c0392b;stroke-width:2}';

/**
 * DS points in the window, as `a,b` keys over the two axes drawn (b = 0 for a 1-D set);
 * undefined when not drawable. A 3-D set is drawn over the two axes along which it spreads
 * most (the inner ones on a tie), so that a set along one axis is not drawn as a point.
 */
function dsPoints(
  a: ArrayReport,
): { points: Set<string>; dims: number; axes: [number, number] } | undefined {
  if (!a.ds || a.ds.pieces.length === 0 || a.ds.dims < 1 || a.ds.dims > 3) return undefined;
  let ds = P.parseSet(a.ds.pieces.join(' ; '));
  const assumed = nameRecord<bigint>();
  for (const [k, v] of Object.entries(a.assumes ?? {})) assumed[k] = BigInt(v);
  if (ds.space.params.some((p) => assumed[p] === undefined)) return undefined;
  ds = P.fixParams(ds, assumed);
  const names = ds.space.dims;
  const box = P.parseSet(
    `{ [${names.join(', ')}] : ${names.map((n) => `-${RADIUS} <= ${n} <= ${RADIUS}`).join(' and ')} }`,
  );
  const inside = P.enumeratePoints(P.intersect(ds, box), {}, 200_000).map((p) => p.map(Number));
  let axes: [number, number] = [0, 1];
  if (names.length === 3) {
    const spread = [0, 1, 2].map(
      (k) => Math.max(0, ...inside.map((p) => p[k]!)) - Math.min(0, ...inside.map((p) => p[k]!)),
    );
    const dropped = [0, 1, 2].reduce((m, k) => (spread[k]! < spread[m]! ? k : m), 0);
    axes = [0, 1, 2].filter((k) => k !== dropped) as [number, number];
  }
  return {
    points: new Set(inside.map((p) => `${p[axes[0]]},${p.length > 1 ? p[axes[1]] : 0}`)),
    dims: names.length,
    axes,
  };
}

/** The mapping as integers, or undefined when it has none or a modulus is not a number. */
function integerMapping(a: ArrayReport): { M: bigint[][]; b: bigint[] } | undefined {
  if (!a.mapping || a.mapping.M.length === 0) return undefined;
  try {
    return {
      M: a.mapping.M.map((r) => r.map((x) => BigInt(x))),
      b: a.mapping.b.map((x) => BigInt(x)),
    };
  } catch {
    return undefined;
  }
}

/** Whether x (padded with zeros to the mapping's width) is in the kernel lattice. */
function inKernel(M: bigint[][], b: bigint[], x: bigint[]): boolean {
  return M.every((row, r) => {
    const v = row.reduce((s, c, k) => s + c * (x[k] ?? 0n), 0n);
    return ((v % b[r]!) + b[r]!) % b[r]! === 0n;
  });
}

/**
 * Whether the lattice has a point drawn at (c, r) over `axes`: itself, or in 3-D one with
 * some value of the third coordinate in the window.
 */
function latticeAt(
  m: { M: bigint[][]; b: bigint[] },
  dims: number,
  axes: readonly [number, number],
  c: number,
  r: number,
): boolean {
  if (dims === 1) return inKernel(m.M, m.b, [BigInt(c)]);
  if (dims === 2) return inKernel(m.M, m.b, [BigInt(c), BigInt(r)]);
  const x = [0n, 0n, 0n];
  x[axes[0]] = BigInt(c);
  x[axes[1]] = BigInt(r);
  const other = [0, 1, 2].find((k) => !axes.includes(k))!;
  for (let z = -RADIUS; z <= RADIUS; z++) {
    x[other] = BigInt(z);
    if (inKernel(m.M, m.b, x)) return true;
  }
  return false;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, no collinear points. */
function convexHull(points: readonly (readonly [number, number])[]): [number, number][] {
  const ps = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  if (ps.length <= 2) return ps.map((p) => [p[0], p[1]]);
  const cross = (o: readonly number[], a: readonly number[], b: readonly number[]) =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const half = (list: (readonly [number, number])[]) => {
    const h: (readonly [number, number])[] = [];
    for (const p of list) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= 0) h.pop();
      h.push(p);
    }
    h.pop();
    return h;
  };
  return [...half(ps), ...half([...ps].reverse())].map((p) => [p[0], p[1]]);
}

export function arrayPicture(a: ArrayReport): Picture | undefined {
  const ds = dsPoints(a);
  if (!ds) return undefined;
  const mapping = integerMapping(a);
  const rows = ds.dims === 1 ? [0] : Array.from({ length: 2 * RADIUS + 1 }, (_, k) => RADIUS - k);
  const cols = Array.from({ length: 2 * RADIUS + 1 }, (_, k) => k - RADIUS);
  const width = cols.length * STEP + 40;
  const height = rows.length * STEP + 100;
  const x = (d: number) => 20 + (d + RADIUS) * STEP + STEP / 2;
  const y = (d: number) => 50 + rows.indexOf(d) * STEP + STEP / 2;
  const parts: string[] = [];
  const title = `${a.function}: ${a.name} (${a.status})`;
  parts.push(`<title>${escape(title)}</title>`);
  parts.push(`<text x="10" y="18" class="title">${escape(title)}</text>`);
  const text = a.mapping ? formatMapping(a.name, a.mapping) : 'no mapping';
  parts.push(`<text x="10" y="36" class="mapping">${escape(text)}</text>`);
  // The polytope: the convex hull of the DS points drawn.
  if (ds.dims > 1) {
    const hull = convexHull(
      [...ds.points].map((k) => k.split(',').map(Number) as [number, number]),
    );
    if (hull.length >= 3)
      parts.push(
        `<polygon class="hull" points="${hull.map(([c, r]) => `${x(c)},${y(r)}`).join(' ')}"/>`,
      );
  }
  // Axes through 0, named as the differences drawn (d0 across and d1 up, in 2-D).
  const [across, up] = ds.axes.map((k) => `d${k}`);
  parts.push(
    `<line class="axis" x1="${x(-RADIUS)}" y1="${y(0)}" x2="${x(RADIUS)}" y2="${y(0)}"/>`,
    `<text class="label" x="${x(RADIUS) + 4}" y="${y(0) - 4}">${across}</text>`,
  );
  if (ds.dims > 1)
    parts.push(
      `<line class="axis" x1="${x(0)}" y1="${y(rows.at(-1)!)}" x2="${x(0)}" y2="${y(rows[0]!)}"/>`,
      `<text class="label" x="${x(0) + 5}" y="${y(rows[0]!) - 6}">${up}</text>`,
    );
  for (const r of rows) {
    for (const c of cols) {
      const key = `${c},${r}`;
      const cx = x(c);
      const cy = y(r);
      if (ds.points.has(key))
        parts.push(`<circle class="ds" cx="${cx}" cy="${cy}" r="4" data-point="${key}"/>`);
      else parts.push(`<circle class="grid" cx="${cx}" cy="${cy}" r="1.5"/>`);
      if (mapping && latticeAt(mapping, ds.dims, ds.axes, c, r))
        parts.push(
          `<rect class="lattice" x="${cx - 6}" y="${cy - 6}" width="12" height="12" data-point="${key}"/>`,
        );
    }
  }
  const what = mapping
    ? 'dots: DS, squares: kernel lattice of the mapping'
    : a.mapping
      ? 'dots: DS (one cell: every point is in the lattice)'
      : 'dots: DS';
  const window =
    ds.dims === 3
      ? `projection onto (${across}, ${up}): a square on a dot need not conflict`
      : `window ${-RADIUS}..${RADIUS}; shaded: the convex hull of DS`;
  parts.push(
    `<text x="10" y="${height - 28}" class="note">${escape(what)}</text>`,
    `<text x="10" y="${height - 12}" class="note">${escape(ds.dims === 1 ? `window ${-RADIUS}..${RADIUS}` : window)}</text>`,
  );
  return { file: `${baseName(a)}.svg`, svg: svgDocument(width, height, CONFLICT_STYLE, parts) };
}
