/**
 * Cartesian-product structure of an explicit point set: the coordinates split into blocks
 * S_1 | ... | S_r with DS = pi_{S_1}(DS) x ... x pi_{S_r}(DS).
 *
 * Why: for DS = A x B, the direct sum of a lattice admissible for A and one admissible for B
 * is admissible for A x B (a non-zero (a, b) of the sum has a != 0 or b != 0, which then
 * lies outside A or outside B), so the factors' optima multiply into an upper bound that
 * the exhaustive search of section 4 reaches only after exploring every smaller
 * determinant (reg_detect's diff = hexagon x [-(P-1), P-1]: 27 * 64 = 1728). It is NOT a
 * lower bound in general (a non-convex A x [-1, 1] can beat opt(A) * 3), only cliques
 * multiply soundly: K_A x K_B is a clique of A x B when K_A, K_B are cliques of A, B.
 */

/** Distinct projections of the points onto the coordinates `block`. */
export function projectPoints(
  points: readonly (readonly number[])[],
  block: readonly number[],
): number[][] {
  const out = new Map<string, number[]>();
  for (const x of points) {
    const y = block.map((i) => x[i]);
    out.set(y.join(','), y);
  }
  return [...out.values()];
}

function distinctProjections(
  points: readonly (readonly number[])[],
  block: readonly number[],
): number {
  // Mixed-radix numeric keys (exact below 2^53), strings beyond.
  const radius = block.map((i) => points.reduce((m, x) => Math.max(m, Math.abs(x[i])), 0));
  const volume = radius.reduce((v, r) => v * (2 * r + 1), 1);
  if (volume > Number.MAX_SAFE_INTEGER) {
    const seen = new Set<string>();
    for (const x of points) seen.add(block.map((i) => x[i]).join(','));
    return seen.size;
  }
  const seen = new Set<number>();
  for (const x of points) {
    let k = 0;
    for (let j = 0; j < block.length; j++) k = k * (2 * radius[j] + 1) + x[block[j]] + radius[j];
    seen.add(k);
  }
  return seen.size;
}

/**
 * True when the (distinct) points are exactly pi_S(DS) x pi_{S^c}(DS): DS is always inside
 * that product, so equal counts mean equal sets.
 */
export function isProductSplit(
  points: readonly (readonly number[])[],
  block: readonly number[],
  rest: readonly number[],
): boolean {
  return distinctProjections(points, block) * distinctProjections(points, rest) === points.length;
}

/**
 * The finest split of coordinates 0..p-1 into product blocks (each block sorted, blocks
 * ordered by their first coordinate); [[0..p-1]] when DS is not a product. `points` must be
 * distinct. Coordinates c with pi_c(DS) = {0} are blocks of their own.
 *
 * The smallest block S containing the first remaining coordinate with DS = pi_S x pi_{S^c}
 * is itself indecomposable (a split S = S1 | S2 would make S1 a smaller such block, since a
 * product of products is a product), so taking it and recursing on S^c gives the finest
 * split. At most 2^(p-1) subsets, each O(|DS|).
 */
export function productBlocks(points: readonly (readonly number[])[], p: number): number[][] {
  const blocks: number[][] = [];
  let remaining = Array.from({ length: p }, (_, i) => i);
  let current: number[][] = points.map((x) => [...x]);
  while (remaining.length > 1) {
    const first = remaining[0];
    const others = remaining.slice(1);
    let found: number[] | null = null;
    // Subsets of `others` by increasing size, joined to `first`.
    for (let size = 0; size < others.length && !found; size++) {
      for (const sub of subsetsOfSize(others.length, size)) {
        const block = [first, ...sub.map((i) => others[i])];
        const rest = remaining.filter((c) => !block.includes(c));
        const local = (cs: number[]) => cs.map((c) => remaining.indexOf(c));
        if (isProductSplit(current, local(block), local(rest))) {
          found = block;
          break;
        }
      }
    }
    if (!found) break;
    blocks.push([...found].sort((a, b) => a - b));
    const rest = remaining.filter((c) => !found!.includes(c));
    current = projectPoints(
      current,
      rest.map((c) => remaining.indexOf(c)),
    );
    remaining = rest;
  }
  if (remaining.length > 0) blocks.push(remaining);
  return blocks.sort((a, b) => a[0] - b[0]);
}

function* subsetsOfSize(n: number, k: number): Generator<number[]> {
  const idx = Array.from({ length: k }, (_, i) => i);
  if (k > n) return;
  for (;;) {
    yield [...idx];
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
  }
}
