/**
 * `analyze --svg DIR`: per array with a conflict set, its conflict picture (DS, the kernel
 * lattice of the mapping, the mapping: Fig. 2(b) of the Bee+Cl@k paper) and the lifetime
 * chart of one run that DS comes from.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Io } from '../io.js';
import { writeOutput } from '../outputFile.js';
import type { Analysis } from '../../pipeline/analysis.js';
import { runLifetimes } from '../../pipeline/lifetimeIntervals.js';
import { arrayPicture } from './conflicts.js';
import { lifetimePicture } from './lifetimes.js';

export { arrayPicture } from './conflicts.js';
export { lifetimePicture } from './lifetimes.js';
export type { Picture } from './document.js';

/** Writes the pictures of every drawable array into `dir` (created if needed). */
export async function writePictures(dir: string, analysis: Analysis, io: Io): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const a of analysis.report.arrays) {
    const run = a.ds ? runLifetimes(analysis, a) : undefined;
    const pictures = [arrayPicture(a), run ? lifetimePicture(a, run) : undefined];
    for (const picture of pictures) {
      if (!picture) continue;
      const file = path.join(dir, picture.file);
      await writeOutput(file, picture.svg);
      io.stderr(`beeclak: wrote ${file}\n`);
    }
  }
}
