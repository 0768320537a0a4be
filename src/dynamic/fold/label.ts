/**
 * Label functions of folded pieces (folding paper, section 5.2.3).
 *
 * The paper keeps per dimension a coefficient in Z, ⊥ (the dimension has not iterated yet)
 * or ⊤ (widened), plus a "remaining value". We keep the same information in a form whose
 * compatibility test is exact whatever the shape of the piece: a base point with its label
 * values and an echelon basis of the differences seen so far, each with the label's change
 * along it. A direction that is a combination of the basis must change the label by the
 * same combination of slopes, else the label is not affine on the union (the paper's
 * incompatible case; with widening the component becomes ⊤). Dimensions that never
 * iterated are simply absent from the basis: the paper's ⊥, set to 0 at the end.
 *
 * Every component also keeps the range of its values, so that a ⊤ label still has a sound
 * over-approximation (section 5.2.3, "label widening": a range instead of an equality).
 *
 * Arithmetic is on JavaScript numbers checked to stay safe integers; a step that would
 * leave that range counts as a conflict (the component is widened or the merge refused),
 * so no decision is ever taken on a rounded value.
 */

/** One basis row: a direction in iteration space and the change of each label along it. */
interface Row {
  readonly dir: number[];
  readonly slopes: number[];
  readonly pivot: number;
}

export interface LabelState {
  readonly base: readonly number[];
  readonly values: readonly number[];
  readonly rows: readonly Row[];
  /** Per component: widened (no affine function, only the range). */
  readonly top: readonly boolean[];
  readonly min: readonly number[];
  readonly max: readonly number[];
}

function safe(x: number): boolean {
  return Number.isSafeInteger(x);
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export function pointLabel(point: readonly number[], values: readonly number[]): LabelState {
  return {
    base: point,
    values,
    rows: [],
    top: values.map(() => false),
    min: values,
    max: values,
  };
}

/**
 * Adds the direction `dir` with label changes `slopes` to the echelon basis `rows`.
 * Returns the new rows and the components whose slope contradicts the basis
 * (`undefined` when the arithmetic left the safe range: every component conflicts).
 */
function insertRow(
  rows: readonly Row[],
  dir: readonly number[],
  slopes: readonly number[],
  top: readonly boolean[],
): { rows: Row[]; conflicts: boolean[] } | undefined {
  let w = dir.slice();
  let s = slopes.map((x, c) => (top[c] ? 0 : x));
  for (const r of rows) {
    const f = w[r.pivot]!;
    if (f === 0) continue;
    const p = r.dir[r.pivot]!;
    // w := p*w - f*r (fraction-free elimination), the slopes alike.
    for (let j = 0; j < w.length; j++) {
      const x = p * w[j]! - f * r.dir[j]!;
      if (!safe(x)) return undefined;
      w[j] = x;
    }
    for (let c = 0; c < s.length; c++) {
      if (top[c]) {
        s[c] = 0;
        continue;
      }
      const x = p * s[c]! - f * r.slopes[c]!;
      if (!safe(x)) return undefined;
      s[c] = x;
    }
    let g = 0;
    for (const x of w) g = gcd(g, x);
    for (let c = 0; c < s.length; c++) if (!top[c]) g = gcd(g, s[c]!);
    if (g > 1) {
      w = w.map((x) => x / g);
      s = s.map((x) => x / g);
    }
  }
  const pivot = w.findIndex((x) => x !== 0);
  if (pivot < 0) return { rows: rows.slice(), conflicts: s.map((x, c) => !top[c] && x !== 0) };
  const out = rows.slice();
  let at = out.findIndex((r) => r.pivot > pivot);
  if (at < 0) at = out.length;
  out.splice(at, 0, { dir: w, slopes: s, pivot });
  return { rows: out, conflicts: s.map(() => false) };
}

/**
 * The label of the union of two pieces, or `undefined` when some component is not affine
 * on the union and `widen` is off (section 5.2.3, Algorithm 4 and "label widening").
 */
export function mergeLabels(a: LabelState, b: LabelState, widen: boolean): LabelState | undefined {
  let top = a.top.map((t, c) => t || b.top[c]!);
  const diff = b.base.map((x, j) => x - a.base[j]!);
  const change = b.values.map((v, c) => v - a.values[c]!);
  if (!change.every(safe)) return undefined;
  const candidates: { dir: readonly number[]; slopes: readonly number[] }[] = [
    { dir: diff, slopes: change },
    ...b.rows,
  ];
  let rows: readonly Row[] = a.rows;
  for (const { dir, slopes } of candidates) {
    const r = insertRow(rows, dir, slopes, top);
    if (!r) return undefined;
    if (r.conflicts.some((x) => x)) {
      if (!widen) return undefined;
      top = top.map((t, c) => t || r.conflicts[c]!);
    }
    rows = r.rows;
  }
  return {
    base: a.base,
    values: a.values,
    rows,
    top,
    min: a.min.map((m, c) => Math.min(m, b.min[c]!)),
    max: a.max.map((m, c) => Math.max(m, b.max[c]!)),
  };
}

/** The label reached from `a` by `n` steps of `stride` along unit direction `dim`. */
export function runLabel(
  point: readonly number[],
  values: readonly number[],
  dim: number,
  n: number,
  strides: readonly number[],
): LabelState {
  const start = pointLabel(point, values);
  if (n <= 1) return start;
  const last = values.map((v, c) => v + (n - 1) * strides[c]!);
  const dir = point.map((_, j) => (j === dim ? 1 : 0));
  return {
    ...start,
    rows: [{ dir, slopes: strides.slice(), pivot: dim }],
    min: values.map((v, c) => Math.min(v, last[c]!)),
    max: values.map((v, c) => Math.max(v, last[c]!)),
  };
}

/**
 * The label of a rectangle: `rows` runs of `n` points from `point`, labels moving by
 * `strides` along the innermost dimension and by `rowStrides` from one run to the next.
 */
export function rectLabel(
  point: readonly number[],
  values: readonly number[],
  n: number,
  rows: number,
  strides: readonly number[],
  rowStrides: readonly number[],
): LabelState {
  const d = point.length;
  const unit = (j: number) => point.map((_, k) => (k === j ? 1 : 0));
  const out: Row[] = [];
  if (rows > 1) out.push({ dir: unit(d - 2), slopes: rowStrides.slice(), pivot: d - 2 });
  if (n > 1) out.push({ dir: unit(d - 1), slopes: strides.slice(), pivot: d - 1 });
  const corner = (i: number, r: number) =>
    values.map((v, c) => v + i * strides[c]! + r * rowStrides[c]!);
  const corners = [corner(0, 0), corner(n - 1, 0), corner(0, rows - 1), corner(n - 1, rows - 1)];
  return {
    ...pointLabel(point, values),
    rows: out,
    min: values.map((_, c) => Math.min(...corners.map((x) => x[c]!))),
    max: values.map((_, c) => Math.max(...corners.map((x) => x[c]!))),
  };
}

/** The final affine form of one component: `label(x) = (coeffs . x + constant) / den`. */
export interface AffineLabel {
  readonly coeffs: readonly bigint[];
  readonly constant: bigint;
  readonly den: bigint;
}

function bgcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Solves the basis for one component by back-substitution, the ⊥ coefficients (columns
 * without a pivot) set to 0 as at the end of the paper's folding (section 5.1.2).
 */
export function affineLabel(label: LabelState, component: number): AffineLabel | undefined {
  if (label.top[component]) return undefined;
  const n = label.base.length;
  // Rational coefficients num[j] / den[j].
  const num = new Array<bigint>(n).fill(0n);
  const den = new Array<bigint>(n).fill(1n);
  for (let k = label.rows.length - 1; k >= 0; k--) {
    const r = label.rows[k]!;
    // r.dir . c = slope, with c known beyond the pivot.
    let rn = BigInt(r.slopes[component]!);
    let rd = 1n;
    for (let j = r.pivot + 1; j < n; j++) {
      if (r.dir[j] === 0 || num[j] === 0n) continue;
      // rn/rd -= dir[j] * num[j]/den[j]
      rn = rn * den[j]! - BigInt(r.dir[j]!) * num[j]! * rd;
      rd = rd * den[j]!;
    }
    rd *= BigInt(r.dir[r.pivot]!);
    if (rd < 0n) {
      rd = -rd;
      rn = -rn;
    }
    const g = bgcd(rn, rd) || 1n;
    num[r.pivot] = rn / g;
    den[r.pivot] = rd / g;
  }
  let common = 1n;
  for (const d of den) common = (common * d) / bgcd(common, d);
  const coeffs = num.map((x, j) => (x * common) / den[j]!);
  let constant = BigInt(label.values[component]!) * common;
  for (let j = 0; j < n; j++) constant -= coeffs[j]! * BigInt(label.base[j]!);
  return { coeffs, constant, den: common };
}

export function evaluateAffine(f: AffineLabel, point: readonly number[]): bigint | undefined {
  let v = f.constant;
  point.forEach((x, j) => (v += f.coeffs[j]! * BigInt(x)));
  return v % f.den === 0n ? v / f.den : undefined;
}
