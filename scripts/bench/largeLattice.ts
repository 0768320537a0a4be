/**
 * `npm run bench`, large conflict sets (issue 14): the lattice search on DS of 10^6 points
 * and more, which it never lists (integer programs over the pieces, src/lattice/querySearch.ts).
 *
 * - samples/nw.c with N = 708 and N = 1000 through the whole pipeline (its DS has
 *   2(N-1)^2 + 2(N-1) + 1 points: 1.0 * 10^6 and 2.0 * 10^6): the lattice stage's time;
 * - the same DS, parsed, through `chooseMapping` alone at N = 1000 and N = 10^4 (2 * 10^8
 *   points), with the proof of optimality (clique lower bound met) it reports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { contractSource, type ContractOptions } from '../../src/pipeline/contraction.js';
import { parseSet } from '../../src/poly/index.js';
import { chooseMapping, formatMapping } from '../../src/lattice/index.js';
import { markdownTable, median, ms } from './util.js';

export interface LargeLatticeRow {
  input: string;
  points: string;
  cells: string;
  mapping: string;
  optimal: string;
  latticeMs: number;
}

const NW_DS =
  '[N] -> { [d0, d1] : d1 = 0 and 1 <= d0 <= N - 1; [d0, d1] : d1 = 0 and -(N - 1) <= d0 <= -1; ' +
  '[d0, d1] : 0 <= d0 <= N - 1 and -(N - 1) <= d1 <= -1; [d0, d1] : -(N - 1) <= d0 <= 0 and 1 <= d1 <= N - 1; ' +
  '[d0, d1] : d0 = 1 and -(N - 3) <= d1 <= 0; [d0, d1] : d0 = -1 and 0 <= d1 <= N - 3; [d0, d1] : d0 = 0 and d1 = 0 }';

const nwPoints = (n: number) => 2 * (n - 1) ** 2 + 2 * (n - 1) + 1;
const sci = (x: number) => x.toExponential(1).replace('e+', ' * 10^');

export async function benchLargeLattice(
  root: string,
  options: (over: Partial<ContractOptions>) => ContractOptions,
  runs: number,
): Promise<LargeLatticeRow[]> {
  const rows: LargeLatticeRow[] = [];
  const source = readFileSync(join(root, 'samples', 'nw.c'), 'utf8');
  for (const n of [708, 1000]) {
    const times: number[] = [];
    let cells = '?';
    let mapping = '?';
    for (let k = 0; k < runs; k++) {
      const rep = (
        await contractSource(source, 'samples/nw.c', options({ defines: { N: BigInt(n) } }))
      ).analysis.report;
      times.push(rep.timings.latticeMs);
      const a = rep.arrays.find((x) => x.name === 'M');
      cells = String(a?.compressedCells ?? '?');
      mapping = a?.mapping ? JSON.stringify(a.mapping.M) + ' mod ' + a.mapping.b.join(', ') : '—';
    }
    rows.push({
      input: `nw.c M, N = ${n} (whole pipeline)`,
      points: sci(nwPoints(n)),
      cells,
      mapping,
      optimal: '—',
      latticeMs: median(times),
    });
  }
  const ds = parseSet(NW_DS);
  for (const n of [1000, 10000]) {
    const times: number[] = [];
    let c: Awaited<ReturnType<typeof chooseMapping>> | null = null;
    for (let k = 0; k < runs; k++) {
      const t = performance.now();
      c = await chooseMapping(ds, { heuristic: 'auto', params: { N: BigInt(n) } });
      times.push(performance.now() - t);
    }
    rows.push({
      input: `nw DS, N = ${n} (\`chooseMapping\`)`,
      points: sci(nwPoints(n)),
      cells: String(c!.size),
      mapping: formatMapping(c!.mapping, ['d0', 'd1']),
      optimal: c!.optimal
        ? `${c!.optimal.optimal ? 'proved' : 'not proved'} (lower bound ${c!.optimal.lowerBound}, ${c!.optimal.programs ?? 0} integer programs)`
        : '—',
      latticeMs: median(times),
    });
  }
  return rows;
}

export function largeLatticeTable(rows: readonly LargeLatticeRow[]): string {
  return markdownTable(
    ['input', '|DS|:', 'cells:', 'mapping', 'optimal', 'lattice (ms):'],
    rows.map((r) => [r.input, r.points, r.cells, r.mapping, r.optimal, ms(r.latticeMs)]),
  );
}
