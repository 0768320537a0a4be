/**
 * `poly` section of `npm run bench`: median time per operation of the polyhedral core on
 * systems shaped like the lifetime analysis output (two statement instances per cell, cell
 * vectors, parameters, lexicographic order pieces; about 15-20 variables, 40-60 constraints).
 *
 *   node dist/scripts/bench-poly.js [--runs 20]
 */
import { pathToFileURL } from 'node:url';
import * as P from '../src/poly/index.js';
import { clearOmegaMemo } from '../src/poly/omega.js';
import { withCallContext } from '../src/context/callContext.js';

/** One conflict piece of a triangular 2-d loop nest: W(c) < A(d) and W(d) < A(c), cells c, d. */
function conflictPiece(levelA: number, levelB: number, shift: number): string {
  const lt = (x: string[], y: string[], level: number) => {
    const eqs = x.slice(0, level).map((v, i) => `${v} = ${y[i]}`);
    return [...eqs, `${x[level]} < ${y[level]}`].join(' and ');
  };
  const dom = (i: string, j: string) => `0 <= ${i} < N and 0 <= ${j} <= ${i}`;
  return [
    '[N] -> { [a, b] : exists c1, c2, d1, d2, wi, wj, ri, rj, ui, uj, si, sj :',
    `c1 = wi and c2 = wj and d1 = ri and d2 = rj - ${shift}`,
    `and d1 = ui and d2 = uj and c1 = si and c2 = sj - ${shift}`,
    `and ${dom('wi', 'wj')} and ${dom('ri', 'rj')} and ${dom('ui', 'uj')} and ${dom('si', 'sj')}`,
    `and ${lt(['wi', 'wj'], ['ri', 'rj'], levelA)} and ${lt(['ui', 'uj'], ['si', 'sj'], levelB)}`,
    'and a = c1 - d1 and b = c2 - d2 }',
  ].join(' ');
}

export interface BenchRow {
  name: string;
  medianMs: number;
  runs: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(name: string, runs: number, f: () => unknown): BenchRow {
  f(); // warm-up
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    clearOmegaMemo(); // each run answers from scratch, not from the memo of the last one
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
  }
  return { name, medianMs: median(ts), runs };
}

export function benchPoly(runs = 20): BenchRow[] {
  const pieces = [conflictPiece(1, 1, 1), conflictPiece(1, 1, 2), conflictPiece(1, 1, 3)].map(
    P.parseSet,
  );
  const all = pieces.reduce((a, b) => P.union(a, b));
  const ds = P.projectOnto(all, ['a', 'b']);
  const a = { coeffs: { a: 1n, b: 1n }, constant: 0n };
  const rows: BenchRow[] = [
    time('isEmpty (piece, 15 locals, ~50 constraints)', runs, () => P.isEmpty(pieces[1])),
    time('projectOnto DS (3 pieces)', runs, () => P.projectOnto(all, ['a', 'b'])),
    time('isEmpty (DS with N = 100)', runs, () => P.isEmpty(P.fixParams(ds, { N: 100n }))),
    time('maximize a + b over DS, N = 100', runs, () =>
      P.maximize(P.fixParams(ds, { N: 100n }), a),
    ),
    time('maximize a + b over DS, N = 10^6', runs, () =>
      P.maximize(P.fixParams(ds, { N: 1000000n }), a),
    ),
    time('maximizeParametric a + b over DS', Math.max(3, runs >> 2), () =>
      P.maximizeParametric(ds, a),
    ),
    time('simplify DS', Math.max(3, runs >> 2), () => P.simplify(ds)),
  ];
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--runs');
  const runs = i > 0 ? Number(process.argv[i + 1]) : 20;
  console.log('poly (median per operation)');
  // One call (src/context/callContext.ts): its memo is the one each run clears.
  for (const r of withCallContext(() => benchPoly(runs)))
    console.log(`  ${r.name.padEnd(48)} ${r.medianMs.toFixed(2).padStart(9)} ms  (${r.runs} runs)`);
}
