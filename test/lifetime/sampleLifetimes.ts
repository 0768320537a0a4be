/**
 * Every sample, every candidate array: the static DS contains the DS of a run of the
 * dynamic oracle (the soundness property on the hand-written kernels), and equals it where
 * the analysis is exact. Sizes are shrunk with -D where the sample allows, so that the
 * oracle's run stays small. Shared by samples.test.ts (every other sample, in name order)
 * and samplesRest.long.test.ts (the others: `npm run test:long`; issue 29, item 6).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { buildModel } from '../../src/frontend/index.js';
import * as P from '../../src/poly/index.js';
import { conflictSet } from '../../src/lifetime/conflictSet.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';
import { withWorkBudget, BudgetExceeded } from '../../src/poly/budget.js';
import { DEFAULT_WORK_UNITS } from '../../src/pipeline/analysis.js';

/** Small sizes per sample (the samples guard their sizes with #ifndef). */
const SMALL: Record<string, Record<string, bigint>> = {
  'durbin.c': { N: 8n },
  'dynprog.c': { N: 6n },
  'gauss.c': { N: 8n, M: 8n },
  'mot_detect.c': { M: 6n, N: 6n, RM: 1n, RN: 1n },
  'vla.c': { n: 4n, m: 5n },
  'linebuf.c': { H: 8n, W: 8n },
  'stencil_time.c': { T: 5n, N: 8n },
  'reg_detect.c': { N: 4n, P: 4n },
  'nw.c': { N: 8n },
};

export const SAMPLES = fs
  .readdirSync(path.join(ROOT, 'samples'))
  .filter((f) => f.endsWith('.c'))
  .sort();

/** One sample of SHARE in `npm test` (helpers/longShare.ts). */
export const SHARE = 2;

export function sampleLifetimeTests(samples: readonly string[]): void {
  describe.each(samples)('%s', (file) => {
    it('static DS contains the dynamic DS for every candidate array (equal where exact)', () => {
      const source = fs.readFileSync(path.join(ROOT, 'samples', file), 'utf8');
      const model = buildModel(source, file, { defines: SMALL[file] ?? {} });
      const checked: string[] = [];
      for (const fn of model.functions) {
        const values: Record<string, bigint> = {};
        for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
        for (const array of fn.arrays.filter((a) => a.candidate)) {
          const dyn = dynamicLifetimes(fn, array, values, { maxOperations: 1_000_000 });
          if (dyn.kind !== 'done') continue;
          let ds: P.PolySet;
          try {
            // As the pipeline does: specialised to the known values, under its default budget.
            ds = P.fixParams(
              withWorkBudget(DEFAULT_WORK_UNITS, () => conflictSet(fn, array, { values })).ds,
              values,
            );
          } catch (e) {
            if (e instanceof BudgetExceeded) continue; // rejected by the pipeline: nothing to check
            throw e;
          }
          const staticPoints = new Set(P.enumeratePoints(ds).map((d) => d.join(',')));
          const missing = dyn.ds.map((d) => d.join(',')).filter((d) => !staticPoints.has(d));
          expect({ array: `${fn.name}:${array.name}`, missing }).toEqual({
            array: `${fn.name}:${array.name}`,
            missing: [],
          });
          checked.push(array.name);
        }
      }
      // Samples without any analysable candidate would say so here (a vacuous pass is visible);
      // today every sample has one (mot_detect.c's linearized arrays included).
      const none: string[] = [];
      expect({ file, checkedSome: checked.length > 0 }).toEqual({
        file,
        checkedSome: !none.includes(file),
      });
    });
  });
}
