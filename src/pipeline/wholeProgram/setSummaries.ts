/**
 * The first pass over a file set (issue 27): every unit read as its own analysis reads it
 * (the same compiler, flags and defines) and summarized (src/frontend/program.ts), then
 * joined (fileSet.ts). A unit that cannot be read is kept as such: its calls are unknown, so
 * the set is no closed world. A unit built in several configurations (`--configurations`,
 * the entries of compile_commands.json) is read in each: the other files' analyses see one
 * summary, which must be what every configuration builds (a caller that reads its buffer
 * after the call only under `#if MODE == 1`); when they differ, more than in where things
 * are, the unit is one that cannot be read; so is a unit whose target's data model is not
 * known (what it shows was read in LP64).
 */
import { summarizeFile } from '../../frontend/program.js';
import { releaseParsedTrees } from '../../frontend/parse.js';
import type { UnitSummary } from './fileSet.js';
import type { AnalysisOptions } from '../options.js';
import { codeOf } from '../../model/reasons.js';
import { recordingRuns, type PreprocessorRun } from '../../frontend/preprocessorRuns.js';

export interface SetUnit {
  readonly file: string;
  /** The text, or why it could not be read. */
  readonly source: string | { readonly failed: string };
  readonly options: Partial<Pick<AnalysisOptions, 'compiler' | 'defines' | 'configurations'>>;
}

/**
 * The units summarized. `keep`, when given, is handed the preprocessor's runs of each unit
 * it wants (preprocessorRuns.ts): the run gives them to the unit's analysis, which then reads
 * the compiler's output of this reading instead of running the compiler again. It is asked
 * once the unit is read, with the `.c` files its unit includes (its line markers): a unit
 * that includes a file given is one that file is read in.
 */
export async function summarizeSet(
  units: readonly SetUnit[],
  keep?: {
    wants: (file: string, includedSources: readonly string[]) => boolean;
    runs: (file: string, runs: PreprocessorRun[]) => void;
  },
): Promise<UnitSummary[]> {
  const out: UnitSummary[] = [];
  for (const u of units) {
    if (typeof u.source !== 'string') {
      out.push({ file: u.file, failed: u.source.failed });
      continue;
    }
    try {
      const source = u.source;
      if (keep) {
        const r = recordingRuns(() => summarizedInEach(u, source));
        if (keep.wants(u.file, sourcesOf(r.value))) keep.runs(u.file, r.runs);
        out.push(r.value);
      } else out.push(summarizedInEach(u, source));
    } catch (e) {
      out.push({ file: u.file, failed: (e as Error)?.message ?? String(e) });
    }
    // Frees the trees' native memory between files (parse.ts).
    await releaseParsedTrees();
  }
  return out;
}

/** The `.c` files a unit's line markers show it includes (read or not). */
function sourcesOf(u: UnitSummary): readonly string[] {
  return 'summary' in u ? u.summary.includedSources : (u.includedSources ?? []);
}

/** The unit's summary, the same in each of its configurations, or why not. */
function summarizedInEach(u: SetUnit, source: string): UnitSummary {
  const configurations = u.options.configurations ?? [];
  const compilers =
    configurations.length >= 2
      ? configurations.map((c) => c.compiler)
      : [configurations[0]?.compiler ?? u.options.compiler ?? {}];
  const summaries = compilers.map((compiler) =>
    summarizeFile(source, u.file, { compiler, defines: u.options.defines }),
  );
  // Sizes, constants and buffers read in no known model: none of them may be relied on.
  if (summaries.some((x) => x.dataModelUnknown))
    return {
      file: u.file,
      failed: `the data model of its target is not known (${codeOf('data-model-unknown')}): its calls and buffers are read in none`,
      ...included(summaries),
    };
  const first = withoutPlaces(summaries[0]!);
  const other = summaries.findIndex((x) => withoutPlaces(x) !== first);
  if (other < 0) return { file: u.file, summary: summaries[0]! };
  const labels = [configurations[0]!.label, configurations[other]!.label];
  return {
    file: u.file,
    failed: `it reads otherwise in the configurations '${labels.join("' and '")}': the calls and buffers the other files see depend on the configuration`,
    ...included(summaries),
  };
}

/**
 * The `.c` files any configuration's unit includes: a unit that cannot be read still compiles
 * them (read alone, a file it includes was taken to have no callers but its own: adversary
 * 2026-11-29 rv-hosts).
 */
function included(summaries: readonly { readonly includedSources: readonly string[] }[]): {
  includedSources?: string[];
} {
  const all = [...new Set(summaries.flatMap((x) => x.includedSources))];
  return all.length > 0 ? { includedSources: all } : {};
}

/** Where things are (lines, columns, offsets) moves with a macro's length: not compared. */
const PLACES = new Set(['loc', 'start', 'end', 'range', 'line', 'column', 'offset']);
const withoutPlaces = (s: unknown) =>
  JSON.stringify(s, (k, v: unknown) =>
    PLACES.has(k) ? undefined : typeof v === 'bigint' ? `${v}n` : v,
  );
