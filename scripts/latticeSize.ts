/**
 * Size independence of the lattice search: the same DS family at N = 10 and N = 10^6.
 * `npm run build && node dist/scripts/latticeSize.js`
 */
import { parseSet } from '../src/poly/index.js';
import { chooseMapping, enumerationStats, formatMapping } from '../src/lattice/index.js';
import { withCallContext } from '../src/context/callContext.js';

const families: Record<string, string> = {
  'toeplitz y (2-D)': '[N] -> { [a, b] : -N < a + 2b < N and -N < a - b < N and -1 <= b <= 1 }',
  'triangle (2-D)': '[N] -> { [a, b] : -N < a < N and -N < b < N and -N < a + b < N }',
  'toeplitz x box (3-D)':
    '[N] -> { [a, b, c] : -N < a + 2b < N and -N < a - b < N and -1 <= b <= 1 and -3 <= c <= 3 }',
};

async function main(): Promise<void> {
  for (const [name, text] of Object.entries(families)) {
    const ds = parseSet(text);
    for (const N of [10n, 1_000_000n]) {
      for (const heuristic of ['h3', 'auto'] as const) {
        // Warm-up (glpk start-up), then the measure.
        await chooseMapping(ds, { heuristic, params: { N } });
        const before = enumerationStats().points;
        const t = process.hrtime.bigint();
        const r = await chooseMapping(ds, { heuristic, params: { N } });
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        console.log(
          `${name.padEnd(22)} N=${String(N).padEnd(8)} ${heuristic.padEnd(5)} ${ms.toFixed(1).padStart(7)} ms  ` +
            `${formatMapping(r.mapping, ds.space.dims)} size ${r.size} (${r.heuristic}); ` +
            `points enumerated ${enumerationStats().points - before}` +
            (r.optimal ? `; search by ${r.optimal.method}` : ''),
        );
      }
    }
  }
}
// One call: its enumeration counts are the ones read (src/context/callContext.ts).
void withCallContext(main);
