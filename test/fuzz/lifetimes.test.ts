import { generateKernel } from '../../scripts/fuzz/generate.js';
import { asub, cst, tref, v, type Program, type Stmt } from '../../scripts/fuzz/ir.js';
import {
  dynamicConflicts,
  inputValues,
  mappingViolation,
  maxLive,
  traceLifetimes,
  type TempLifetimes,
} from '../../scripts/fuzz/lifetimes.js';

const loop = (body: Stmt[]): Stmt => ({
  kind: 'for',
  v: 'i',
  init: { kind: 'aff', e: cst(0) },
  cmp: '<',
  limit: { kind: 'aff', e: v('N') },
  step: 1,
  body,
});
const write: Stmt = {
  kind: 'assign',
  lhs: { kind: 'temp', ref: tref('t0', [asub(v('i'))]) },
  op: '=',
  rhs: { kind: 'in', idx: v('i') },
};
const use: Stmt = {
  kind: 'assign',
  lhs: { kind: 'out', idx: v('i') },
  op: '+=',
  rhs: { kind: 'temp', ref: tref('t0', [asub(v('i'))]) },
};
const program = (body: Stmt[]): Program => ({
  seed: 1,
  params: [{ name: 'N', value: 5, kind: 'define' }],
  temps: [{ name: 't0', extents: [v('N')] }],
  body,
  inLen: 8,
  outLen: 8,
});
const t0 = (p: Program): TempLifetimes => traceLifetimes(p).get('t0')!;

/** Brute force: most cells whose closed [FW, LA] intervals contain one timestamp. */
function bruteMaxLive(t: TempLifetimes): number {
  const cells = t.cells.filter((c) => c !== null) as { firstWrite: number; lastAccess: number }[];
  let best = 0;
  for (const c of cells)
    best = Math.max(
      best,
      cells.filter((d) => d.firstWrite <= c.firstWrite && c.firstWrite <= d.lastAccess).length,
    );
  return best;
}

describe('dynamic lifetimes', () => {
  it('reproduces the LCG of the generated main', () => {
    // First values of s = s * 1103515245 + 12345 from s = 1, shifted right by 8.
    let x = 1n;
    const expected: number[] = [];
    for (let k = 0; k < 8; k++) {
      x = (x * 1103515245n + 12345n) % 2n ** 32n;
      expected.push(Number(x >> 8n));
    }
    expect(inputValues(program([]))).toEqual(expected);
  });

  it('fused producer/consumer: DS = {0}, one live cell, a scalar suffices', () => {
    const t = t0(program([loop([write, use])]));
    expect(dynamicConflicts(t)).toEqual([[0]]);
    expect(maxLive(t)).toBe(1);
    expect(mappingViolation(dynamicConflicts(t), { M: [], b: [] })).toBeNull();
  });

  it('write-all-then-read-all: every difference conflicts, N live cells', () => {
    const t = t0(program([loop([write]), loop([use])]));
    const ds = dynamicConflicts(t);
    expect(ds.length).toBe(9);
    expect(maxLive(t)).toBe(5);
    expect(mappingViolation(ds, { M: [[1]], b: [5] })).toBeNull();
    expect(mappingViolation(ds, { M: [[1]], b: [4] })).toEqual([-4]);
    expect(mappingViolation(ds, { M: [], b: [] })).not.toBeNull();
  });

  it('a dead write still clobbers: it conflicts with the cells live around it', () => {
    // t0[i] written and read back only at the end; t0[0] is rewritten in between and never read again.
    const rewrite0: Stmt = {
      kind: 'assign',
      lhs: { kind: 'temp', ref: tref('t0', [asub(cst(0))]) },
      op: '=',
      rhs: { kind: 'const', n: 1 },
    };
    const readFrom1: Stmt = { ...loop([use]), init: { kind: 'aff', e: cst(1) } } as Stmt;
    const t = t0(program([loop([write]), readFrom1, rewrite0]));
    // Cell 0: FW first, LA = the dead rewrite at the very end, so it conflicts with all others.
    expect(dynamicConflicts(t)).toContainEqual([4]);
  });

  it('on generated programs: DS symmetric, maxLive exact and below the cell count, identity mapping valid', () => {
    for (let s = 0; s < 25; s++) {
      const k = generateKernel(s);
      for (const t of traceLifetimes(k.program).values()) {
        const ds = dynamicConflicts(t);
        const keys = new Set(ds.map((d) => d.join(',')));
        for (const d of ds) expect(keys.has(d.map((x) => -x || 0).join(','))).toBe(true);
        expect(maxLive(t)).toBe(bruteMaxLive(t));
        expect(maxLive(t)).toBeLessThanOrEqual(t.cells.length);
        const identity = {
          M: t.extents.map((_, r) => t.extents.map((__, c) => (r === c ? 1 : 0))),
          b: t.extents,
        };
        expect(mappingViolation(ds, identity)).toBeNull();
      }
    }
  });
});
