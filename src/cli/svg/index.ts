/**
 * `analyze --svg DIR`: per array with a conflict set, its conflict picture (DS, the kernel
 * lattice of the mapping, the mapping: Fig. 2(b) of the Bee+Cl@k paper) and the lifetime
 * chart of one run that DS comes from.
 */
import path from 'node:path';
import type { Io } from '../io.js';
import { makeOutputFolder, writeOutput } from '../outputFile.js';
import type { Analysis } from '../../pipeline/analysis.js';
import { runLifetimes } from '../../pipeline/checking/lifetimeIntervals.js';
import { arrayPicture } from './conflicts.js';
import { lifetimePicture } from './lifetimes.js';

export { arrayPicture } from './conflicts.js';
/**
 * Writes the pictures of every drawable array into `dir` (created if needed). An array that
 * shrank but has no picture, or no lifetime chart, is named on stderr with the reason.
 */
export async function writePictures(dir: string, analysis: Analysis, io: Io): Promise<void> {
  makeOutputFolder(dir);
  for (const a of analysis.report.arrays) {
    const run = a.ds ? runLifetimes(analysis, a) : undefined;
    const conflicts = arrayPicture(a);
    const chart = run && !('skipped' in run) ? lifetimePicture(a, run) : undefined;
    for (const picture of [conflicts, chart]) {
      if (!picture) continue;
      const file = path.join(dir, picture.file);
      await writeOutput(file, picture.svg);
      io.stderr(`beeclak: wrote ${file}\n`);
    }
    const shrank = a.status === 'contracted' || a.status === 'scalarized';
    if (shrank && !conflicts)
      io.stderr(
        `beeclak: no pictures of ${a.function}: ${a.name}: it has no conflict set to draw\n`,
      );
    else if (conflicts && run && 'skipped' in run)
      io.stderr(`beeclak: no lifetime chart of ${a.function}: ${a.name}: ${run.skipped}\n`);
  }
}
