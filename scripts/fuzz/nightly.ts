/**
 * The long campaigns, moved out of `npm test` (issue 17):
 *
 *   npm run fuzz:nightly [-- --scale F]
 *
 * runs every row of NIGHTLY_PRESET (scripts/fuzz/presets.ts) with the full oracle
 * (`contract` and `check`, two processes per program), failures saved and reduced under
 * fuzz-failures/<row>/; `--scale 0.1` runs a tenth of each row. Exit 1 when any row found a
 * mismatch or a crash.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCampaign, summaryLine } from './campaign.js';
import { contractOracle } from './contractOracle.js';
import { NIGHTLY_PRESET } from './presets.js';

export async function nightly(scale: number, log: (l: string) => void): Promise<number> {
  let failed = 0;
  for (const [k, row] of NIGHTLY_PRESET.entries()) {
    const count = Math.max(1, Math.round(row.count * scale));
    log(`fuzz:nightly: ${row.name} (seed ${row.seed}, ${count} programs)`);
    const s = await runCampaign({
      seed: row.seed,
      count,
      jobs: Math.max(1, availableParallelism()),
      generate: row.generate,
      oracle: contractOracle({ contractArgs: row.args }),
      outDir: join('fuzz-failures', `row-${k}`),
      log,
    });
    log(summaryLine(s));
    failed += s.mismatches + s.crashes;
  }
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const i = process.argv.indexOf('--scale');
  const scale = i > 0 ? Number(process.argv[i + 1]) : 1;
  if (!(scale > 0)) {
    console.error('fuzz:nightly: --scale must be a positive number');
    process.exit(2);
  }
  nightly(scale, (l) => console.log(l)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
