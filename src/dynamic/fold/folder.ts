/**
 * Online folding of one stream of (iteration vector, label) points into pieces with affine
 * labels: Algorithm 1 of the folding paper (section 5.2.1), organised by blocks.
 *
 * Points arrive in lexicographic order of their iteration vectors (canonical loop
 * counters, outermost first). The points sharing their first D - k coordinates form a
 * level-k block; it is the sequence of its level-(k-1) sub-blocks, one per value of
 * coordinate t = D - k. When a sub-block ends, its pieces are offered to the level-k
 * pieces still open (those that absorbed the previous value of t): each tries to absorb one
 * of them (geometry, piece.ts; label, label.ts). An open piece that absorbs nothing will
 * never grow along t again and is closed; a slice absorbed by nobody opens a new piece.
 * When the level-k block ends its pieces go up to level k + 1 (the paper's promotion
 * into `vertices_2_to_be_absorbed[d+1]`). The pieces of the level-D block are the result.
 *
 * Memory is the number of live pieces, independent of the stream's length. When more than
 * `maxPieces` are live (irregular streams), the stream is given up as in section 5.2.4:
 * the result is the bounding box of every point and every label a range (⊤), which
 * contains every point seen: sound, not exact.
 */
import { mergeLabels, pointLabel, rectLabel, runLabel, type LabelState } from './label.js';
import {
  absorbGeometry,
  anchor,
  candidateAnchors,
  rectPiece,
  runPiece,
  type Piece,
} from './piece.js';

export interface FoldOptions {
  /** Live pieces beyond which the stream is given up (section 5.2.4). Default 512. */
  readonly maxPieces?: number;
  /** Label widening (section 5.2.3): absorb with a ⊤ label instead of opening a piece. */
  readonly widen?: boolean;
}

export interface FoldResult {
  readonly dims: number;
  readonly labels: number;
  readonly points: number;
  /** Exact pieces, or the single bounding box after a give-up. */
  readonly pieces: readonly Piece[];
  /** Why the stream was given up, if it was (then `pieces` is one box with ⊤ labels). */
  readonly gaveUp?: 'too-many-pieces' | 'too-many-records' | 'not-lexicographic' | 'unsafe-value';
}

interface Level {
  open: Piece[];
  done: Piece[];
}

export class Folder {
  private readonly levels: Level[];
  private pending: Piece | undefined;
  /** Last point of `pending`. */
  private prev: number[] | undefined;
  private points = 0;
  private gaveUp: FoldResult['gaveUp'];
  private readonly boxMin: number[];
  private readonly boxMax: number[];
  private readonly labelMin: number[];
  private readonly labelMax: number[];
  private readonly maxPieces: number;
  private readonly widen: boolean;

  constructor(
    readonly dims: number,
    readonly labels: number,
    options: FoldOptions = {},
  ) {
    this.levels = Array.from({ length: dims + 1 }, () => ({ open: [], done: [] }));
    this.maxPieces = options.maxPieces ?? 512;
    this.widen = options.widen ?? false;
    this.boxMin = new Array<number>(dims).fill(Infinity);
    this.boxMax = new Array<number>(dims).fill(-Infinity);
    this.labelMin = new Array<number>(labels).fill(Infinity);
    this.labelMax = new Array<number>(labels).fill(-Infinity);
  }

  addPoint(point: readonly number[], values: readonly number[]): void {
    this.addRun(point, 1, values, values);
  }

  /**
   * `n` points `point + i e_{D-1}` with labels `values + i * strides` (i < n): the runs the
   * C runtime already folded along the innermost dimension (the paper's d = 1 step).
   */
  addRun(
    point: readonly number[],
    n: number,
    values: readonly number[],
    strides: readonly number[],
  ): void {
    if (point.length !== this.dims || values.length !== this.labels)
      throw new Error(
        `fold: point of ${point.length}/${values.length}, expected ${this.dims}/${this.labels}`,
      );
    let safe = Number.isSafeInteger(n) && n >= 1;
    const lastPoint = point.slice();
    if (this.dims > 0) lastPoint[this.dims - 1]! += n - 1;
    for (let j = 0; j < this.dims; j++) {
      safe &&= Number.isSafeInteger(point[j]) && Number.isSafeInteger(lastPoint[j]);
      if (point[j]! < this.boxMin[j]!) this.boxMin[j] = point[j]!;
      if (lastPoint[j]! > this.boxMax[j]!) this.boxMax[j] = lastPoint[j]!;
    }
    for (let c = 0; c < this.labels; c++) {
      const v = values[c]!;
      const w = v + (n - 1) * strides[c]!;
      safe &&= Number.isSafeInteger(v) && Number.isSafeInteger(w);
      this.labelMin[c] = Math.min(this.labelMin[c]!, v, w);
      this.labelMax[c] = Math.max(this.labelMax[c]!, v, w);
    }
    if (!safe) this.giveUp('unsafe-value');
    this.points += n;
    // The order is checked also after a give-up: `profile` refuses a stream whose
    // instances repeat, whatever else happened to it.
    if (this.prev) {
      const m = this.prev.findIndex((x, j) => x !== point[j]);
      if (m < 0 || point[m]! < this.prev[m]!) {
        // Not after the previous point (the same instance twice, or out of order).
        this.giveUp('not-lexicographic');
        return;
      }
      if (!this.gaveUp) this.endBlocks(m);
    }
    this.prev = lastPoint;
    if (this.gaveUp) return;
    const label =
      this.dims > 0
        ? runLabel(point, values, this.dims - 1, n, strides)
        : pointLabel(point, values);
    this.pending = runPiece(point, n, label);
  }

  /**
   * `rows` runs of `n` points, run r starting at `point + r e_{D-2}` with labels
   * `values + r * rowStrides` (the C runtime's second folding step). The first run goes in
   * as a run; the others, whole sub-blocks of level 1, go straight to level 2 as one piece
   * (which level 2 absorbs like any slice: piece.ts accepts slices spanning several values).
   */
  addRect(
    point: readonly number[],
    n: number,
    rows: number,
    values: readonly number[],
    strides: readonly number[],
    rowStrides: readonly number[],
  ): void {
    const d = this.dims;
    const row = (r: number) => {
      const x = point.slice();
      x[d - 2]! += r;
      return x;
    };
    const rowValues = (r: number) => values.map((v, c) => v + r * rowStrides[c]!);
    this.addRun(point, n, values, strides);
    if (rows <= 1) return;
    const start = row(1);
    const startValues = rowValues(1);
    const end = row(rows - 1);
    end[d - 1]! += n - 1;
    const endValues = rowValues(rows - 1).map((v, c) => v + (n - 1) * strides[c]!);
    const simple =
      !this.gaveUp &&
      d >= 2 &&
      [...start, ...end, ...startValues, ...endValues].every(Number.isSafeInteger);
    if (!simple) {
      for (let r = 1; r < rows; r++) this.addRun(row(r), n, rowValues(r), strides);
      return;
    }
    // Runs 1..rows-1, as if each had arrived: the first ends run 0's level-1 block.
    this.endBlocks(d - 2);
    if (this.gaveUp) {
      for (let r = 1; r < rows; r++) this.addRun(row(r), n, rowValues(r), strides);
      return;
    }
    const label = rectLabel(start, startValues, n, rows - 1, strides, rowStrides);
    this.feed(2, [rectPiece(start, n, rows - 1, label)]);
    for (let j = 0; j < d; j++) {
      this.boxMin[j] = Math.min(this.boxMin[j]!, start[j]!);
      this.boxMax[j] = Math.max(this.boxMax[j]!, end[j]!);
    }
    for (let c = 0; c < this.labels; c++) {
      this.labelMin[c] = Math.min(this.labelMin[c]!, label.min[c]!);
      this.labelMax[c] = Math.max(this.labelMax[c]!, label.max[c]!);
    }
    this.points += n * (rows - 1);
    // Level 2 already has the last level-1 block: nothing is pending below it.
    this.pending = undefined;
    this.prev = end;
  }

  /**
   * The pending sub-block ends; so do the blocks of every level up to D - m - 1. Without a
   * pending piece (addRect fed level 2 itself), levels 1 and 2 receive nothing.
   */
  private endBlocks(m: number): void {
    let out: Piece[] = this.pending ? [this.pending] : [];
    for (let k = 1; k <= this.dims; k++) {
      if (this.pending || k > 2) this.feed(k, out);
      if (m <= this.dims - k - 1) out = this.endBlock(k);
      else break;
    }
    let live = 0;
    for (const l of this.levels) live += l.open.length + l.done.length;
    if (live > this.maxPieces) this.giveUp('too-many-pieces');
  }

  /**
   * Level k receives the pieces of a finished sub-block (Algorithm 1, steps 1 to 3). As in
   * the paper, each open piece looks its candidates up by anchor (lexicographically first
   * point) instead of trying them all: in the extension case the one anchor its bounds
   * predict, in the merge case its own anchor moved by a search vector (1, δ), δ in
   * {-1, 0, 1} on the inner dimensions (section 5.2.2).
   */
  private feed(k: number, incoming: readonly Piece[]): void {
    const t = this.dims - k;
    const level = this.levels[k]!;
    // Few pieces (the regular case): the anchors are compared directly, without keys.
    const small = level.open.length * incoming.length <= 16;
    const anchors = small ? incoming.map((q) => anchor(q).join(',')) : [];
    const byAnchor = new Map<string, number[]>();
    if (!small)
      incoming.forEach((q, i) => {
        const key = anchor(q).join(',');
        byAnchor.set(key, [...(byAnchor.get(key) ?? []), i]);
      });
    const lookup = (key: string): number[] =>
      small ? anchors.flatMap((a, i) => (a === key ? [i] : [])) : (byAnchor.get(key) ?? []);
    const taken = new Array<boolean>(incoming.length).fill(false);
    const next: Piece[] = [];
    for (const p of level.open) {
      let absorbed: Piece | undefined;
      for (const key of candidateAnchors(p, t)) {
        for (const i of lookup(key)) {
          if (taken[i]) continue;
          const q = incoming[i]!;
          const geometry = absorbGeometry(p, q, t);
          if (!geometry) continue;
          const label = mergeLabels(p.label, q.label, this.widen);
          if (!label) continue;
          taken[i] = true;
          absorbed = { ...geometry, label, count: p.count + q.count };
          break;
        }
        if (absorbed) break;
      }
      if (absorbed) next.push(absorbed);
      else level.done.push(p);
    }
    incoming.forEach((q, i) => {
      if (!taken[i]) next.push(q);
    });
    level.open = next;
  }

  private endBlock(k: number): Piece[] {
    const level = this.levels[k]!;
    const out = [...level.done, ...level.open];
    level.done = [];
    level.open = [];
    return out;
  }

  /**
   * The bounding box of `n` points the C runtime did not fold (too many records), with the
   * ranges of their labels; `unordered` when they left lexicographic order. The stream is
   * given up: its result is the box of everything (section 5.2.4).
   */
  addBox(
    lo: readonly number[],
    hi: readonly number[],
    labelLo: readonly number[],
    labelHi: readonly number[],
    n: number,
    unordered: boolean,
  ): void {
    const values = [...lo, ...hi, ...labelLo, ...labelHi, n];
    if (!values.every(Number.isSafeInteger)) this.giveUp('unsafe-value');
    // The runtime checked the order of the boxed points, from the last one it sent before
    // (the bounds alone cannot tell).
    if (unordered) this.giveUp('not-lexicographic');
    this.giveUp('too-many-records');
    for (let j = 0; j < this.dims; j++) {
      this.boxMin[j] = Math.min(this.boxMin[j]!, lo[j]!);
      this.boxMax[j] = Math.max(this.boxMax[j]!, hi[j]!);
    }
    for (let c = 0; c < this.labels; c++) {
      this.labelMin[c] = Math.min(this.labelMin[c]!, labelLo[c]!);
      this.labelMax[c] = Math.max(this.labelMax[c]!, labelHi[c]!);
    }
    this.points += n;
    // Componentwise largest: lexicographically after every boxed point.
    this.prev = hi.slice();
  }

  private giveUp(why: NonNullable<FoldResult['gaveUp']>): void {
    // A repeated instance overrides any other reason (profile refuses on it).
    if (this.gaveUp === why || (this.gaveUp && why !== 'not-lexicographic')) return;
    const first = !this.gaveUp;
    this.gaveUp = why;
    if (!first) return;
    for (const l of this.levels) {
      l.open = [];
      l.done = [];
    }
    this.pending = undefined;
  }

  finish(): FoldResult {
    const base = { dims: this.dims, labels: this.labels, points: this.points };
    if (this.points === 0) return { ...base, pieces: [] };
    if (this.gaveUp) return { ...base, pieces: [this.box()], gaveUp: this.gaveUp };
    let out: Piece[] = this.pending ? [this.pending] : [];
    for (let k = 1; k <= this.dims; k++) {
      if (this.pending || k > 2) this.feed(k, out);
      out = this.endBlock(k);
    }
    this.pending = undefined;
    this.prev = undefined;
    return { ...base, pieces: out };
  }

  /** The bounding box of every point, every label ⊤ with its range (section 5.2.4). */
  private box(): Piece {
    const d = this.dims;
    const row = (v: number) => {
      const r = new Array<number>(d + 1).fill(0);
      r[d] = v;
      return r;
    };
    const label: LabelState = {
      base: this.boxMin.slice(),
      values: this.labelMin.slice(),
      rows: [],
      top: this.labelMin.map(() => true),
      min: this.labelMin.slice(),
      max: this.labelMax.slice(),
    };
    return {
      lo: this.boxMin.map(row),
      hi: this.boxMax.map(row),
      label,
      count: this.points,
    };
  }
}
