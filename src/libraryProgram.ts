/**
 * The library's file sets (`contractFiles`, and `closedWorld` for one file): each file's
 * options with what it sees of the others (src/pipeline/wholeProgram/fileSet.ts). The files
 * given are the set; no folder is searched for names spelled outside it (the command line
 * does that, src/cli/outsideNames.ts), nor for the files that include one of them.
 *
 * A file of the set that another file of the set `#include`s (a unity build) is read as the
 * command line reads it (src/cli/batch/unity.ts): inside its includer, or kept as written
 * with the rule's reason. The includer's preprocessor reads the included file from disk, so
 * the text given must be the file's: another text is kept as written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnalysisOptions } from './pipeline/analysis.js';
import type { ContractOptions } from './pipeline/contraction.js';
import { summarizeSet } from './pipeline/wholeProgram/setSummaries.js';
import { analysesExternals, FileSet } from './pipeline/wholeProgram/fileSet.js';
import type { UnityVerdict } from './pipeline/wholeProgram/unityBuild.js';
import { planUnity, throughOptions, type OtherReading, type UnityPlan } from './cli/batch/unity.js';

type File = { readonly file: string; readonly source: string };

/** Each file's options, and the plan of the set's unity builds (when it has one). */
export interface LibraryProgram {
  readonly options: AnalysisOptions[];
  readonly unity?: UnityPlan;
  /** By file index: the own reading of a file read in its includer that is a unit too. */
  readonly ownOptions?: ReadonlyMap<number, ContractOptions>;
  /** By file index: its readings inside the other units that include it. */
  readonly otherReadings?: ReadonlyMap<number, readonly OtherReading[]>;
}

const same = (a: string, b: string) => path.resolve(a) === path.resolve(b);

/**
 * `includers`: the files that include one of `files` (the `includedBy` option, read from
 * disk), part of the set without being contracted.
 */
export async function withProgram(
  files: readonly File[],
  options: AnalysisOptions,
  set: { readonly closedWorld?: boolean },
  includers: readonly File[] = [],
): Promise<LibraryProgram> {
  const all = [...files, ...includers];
  if (all.length < 2 && !set.closedWorld) return { options: files.map(() => options) };
  const read = await summarizeSet(all.map((f) => ({ ...f, options })));
  // An includer's reading: its own (no file includes it).
  const { includedBy: _, ...hostOptions } = options;
  const contract = { ...hostOptions, annotate: false } as ContractOptions;
  const unity =
    options.compiler === false
      ? undefined
      : onDisk(
          planUnity({
            files: files.map((f) => f.file),
            options: files.map(() => contract),
            units: read,
            sources: new Map(all.map((f) => [path.resolve(f.file), f.source])),
            optionsFor: () => contract,
          }),
          files,
        );
  const units = unity?.units ?? read;
  const setOf = (without?: string) =>
    new FileSet(without ? units.filter((u) => !same(u.file, without)) : units, {
      closedWorld: !!set.closedWorld,
    });
  const fileSet = setOf();
  const each = files.map((f) => {
    const view = fileSet.viewFor(f.file);
    if (!view) return options;
    return analysesExternals(view)
      ? { ...options, program: view, skipWithoutCandidates: false }
      : { ...options, program: view };
  });
  if (!unity) return { options: each };
  const ownOptions = new Map<number, ContractOptions>();
  const otherReadings = new Map<number, readonly OtherReading[]>();
  for (const [k, v] of unity.verdicts) {
    if (v.kind !== 'through') continue;
    const file = files[k]!.file;
    const own = unity.ownUnits.has(k);
    if (own) ownOptions.set(k, { ...each[k]!, annotate: false });
    const inside = (name: string) => {
      const view = setOf(own ? file : undefined).viewThrough(name, file);
      const host = all.find((f) => same(f.file, name))!;
      return throughOptions(host.file, host.source, contract, view, analysesExternals(view));
    };
    each[k] = inside(v.host);
    if (v.others)
      otherReadings.set(
        k,
        v.others.map((host) => ({ host, options: inside(host) })),
      );
  }
  return { options: each, unity, ownOptions, otherReadings };
}

/**
 * The plan, a file read in its includer whose text given is not the file on disk (which
 * the includer's preprocessor reads) kept as written instead.
 */
function onDisk(plan: UnityPlan, files: readonly File[]): UnityPlan {
  const verdicts = new Map<number, UnityVerdict>();
  for (const [k, v] of plan.verdicts) {
    const f = files[k]!;
    let disk: string | undefined;
    try {
      disk = readFileSync(f.file, 'latin1');
    } catch {
      disk = undefined;
    }
    verdicts.set(
      k,
      v.kind === 'through' && disk !== f.source
        ? {
            kind: 'refused',
            code: 'included-by-other-file',
            reason: `${v.host} includes this file, and its compiler reads ${f.file} from disk, whose text is not the one given: its arrays are left unchanged`,
          }
        : v,
    );
  }
  return {
    ...plan,
    verdicts,
    ownUnits: new Set([...plan.ownUnits].filter((k) => verdicts.get(k)?.kind === 'through')),
  };
}
