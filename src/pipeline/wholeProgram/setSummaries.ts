/**
 * The first pass over a file set (issue 27): every unit read as its own analysis reads it
 * (the same compiler, flags and defines) and summarized (src/frontend/program.ts), then
 * joined (fileSet.ts). A unit that cannot be read is kept as such: its calls are unknown, so
 * the set is no closed world.
 */
import { summarizeFile } from '../../frontend/program.js';
import { releaseParsedTrees } from '../../frontend/parse.js';
import type { UnitSummary } from './fileSet.js';
import type { AnalysisOptions } from '../options.js';

export interface SetUnit {
  readonly file: string;
  /** The text, or why it could not be read. */
  readonly source: string | { readonly failed: string };
  readonly options: Partial<Pick<AnalysisOptions, 'compiler' | 'defines'>>;
}

export async function summarizeSet(units: readonly SetUnit[]): Promise<UnitSummary[]> {
  const out: UnitSummary[] = [];
  for (const u of units) {
    if (typeof u.source !== 'string') {
      out.push({ file: u.file, failed: u.source.failed });
      continue;
    }
    try {
      out.push({
        file: u.file,
        summary: summarizeFile(u.source, u.file, {
          compiler: u.options.compiler ?? {},
          defines: u.options.defines,
        }),
      });
    } catch (e) {
      out.push({ file: u.file, failed: (e as Error)?.message ?? String(e) });
    }
    // Frees the trees' native memory between files (parse.ts).
    await releaseParsedTrees();
  }
  return out;
}
