/**
 * The library's file sets (`contractFiles`, and `closedWorld` for one file): each file's
 * options with what it sees of the others (src/pipeline/wholeProgram/fileSet.ts). The files
 * given are the set; no folder is searched for names spelled outside it (the command line
 * does that, src/cli/outsideNames.ts).
 */
import type { AnalysisOptions } from './pipeline/analysis.js';
import { summarizeSet } from './pipeline/wholeProgram/setSummaries.js';
import { analysesExternals, FileSet } from './pipeline/wholeProgram/fileSet.js';

export async function withProgram(
  files: readonly { readonly file: string; readonly source: string }[],
  options: AnalysisOptions,
  set: { readonly closedWorld?: boolean },
): Promise<AnalysisOptions[]> {
  if (files.length < 2 && !set.closedWorld) return files.map(() => options);
  const units = await summarizeSet(files.map((f) => ({ ...f, options })));
  const fileSet = new FileSet(units, { closedWorld: !!set.closedWorld });
  return files.map((f) => {
    const view = fileSet.viewFor(f.file);
    if (!view) return options;
    return analysesExternals(view)
      ? { ...options, program: view, skipWithoutCandidates: false }
      : { ...options, program: view };
  });
}
