/**
 * The files of a multi-file run as one program (issue 27): every unit of the set is
 * summarized first (src/pipeline/wholeProgram/setSummaries.ts), then each file analysed
 * gets what it sees of the others in its options (a ProgramView: it goes to the worker and
 * into the file's cache key, so a changed caller in another file is a cache miss).
 */
import path from 'node:path';
import type { ContractOptions } from '../../pipeline/contraction.js';
import { summarizeSet } from '../../pipeline/wholeProgram/setSummaries.js';
import {
  analysesExternals,
  FileSet,
  unitFacts,
  type UnitSummary,
} from '../../pipeline/wholeProgram/fileSet.js';
import { readCSource } from '../sourceFile.js';
import { outsideNames } from '../outsideNames.js';
import { planUnity, throughOptions, type OtherReading, type UnityPlan } from './unity.js';
import { IncludeIndex } from '../includers.js';
import type { PreprocessorRun } from '../../frontend/preprocessorRuns.js';
import type { UnitRuns } from './givenRuns.js';

export interface ProgramSetting {
  /** The user says the set is the whole program (`--closed-world`, `closedWorld`). */
  readonly closedWorld: boolean;
  /** Files of the set besides those analysed (every entry of the compilation database). */
  readonly extraFiles: readonly string[];
  /** The files and folders of the command line (for names spelled outside the set). */
  readonly roots: readonly string[];
  /** The files the build compiles as units, when a compilation database says (`-p`). */
  readonly buildUnits?: readonly string[];
  /**
   * The `.c` files that may compile a file of the set inside them (includers.ts,
   * `unitsIncluding`): joined to the set when one of them does include a file given, so
   * that the file is read as that unit builds it (one file given too: `contract kern.c`).
   */
  readonly includers?: (file: string) => readonly string[];
}

/** The options of each file, the units of the set, and what to do with its unity builds. */
export interface ProgramViews {
  readonly options: ContractOptions[];
  readonly units?: UnitSummary[];
  readonly unity?: UnityPlan;
  /** By file index: the own reading of a file read in its host that is a unit too. */
  readonly ownOptions?: ReadonlyMap<number, ContractOptions>;
  /** By file index: its readings inside the other units that include it (unity.ts). */
  readonly otherReadings?: ReadonlyMap<number, readonly OtherReading[]>;
  /** The preprocessor's runs of the units the files given are read in (givenRuns.ts). */
  readonly runs?: UnitRuns;
}

/** `options` (one per file of `files`) with each file's view of the set, and its units. */
export async function withProgramViews(
  files: readonly string[],
  options: readonly ContractOptions[],
  setting: ProgramSetting,
  optionsFor: (file: string) => ContractOptions,
): Promise<ProgramViews> {
  const given = new Set(files.map((f) => path.resolve(f)));
  const database = new Set(setting.extraFiles.map((f) => path.resolve(f)));
  const hostNames = files.flatMap((f) => setting.includers?.(f) ?? []);
  const hosts = new Set(hostNames.map((f) => path.resolve(f)));
  // Named as found (relative to the current folder: messages name them so).
  const extra = [...database, ...hostNames.filter((f) => !database.has(path.resolve(f)))]
    .filter((f, k, all) => all.findIndex((g) => path.resolve(g) === path.resolve(f)) === k)
    .filter((f) => !given.has(path.resolve(f)));
  // One file alone is no set, unless the user says it is the whole program.
  if (files.length + extra.length < 2 && !setting.closedWorld) return { options: [...options] };
  const sources = new Map<string, string>();
  // The runs of the units a file given is read in, for its jobs: one preprocessor run per
  // file and configuration (the others' are not kept: no job reads them).
  const runs = new Map<string, readonly PreprocessorRun[]>();
  const wanted = new Set([...given, ...hosts]);
  // The includers of a file given are those the text index names (includers.ts, joined to
  // the set above) and the units whose line markers show it (a spelling the text reader
  // misses: a macro-built name, a header it does not read): either is one.
  const keep = {
    wants: (f: string, included: readonly string[]) =>
      wanted.has(path.resolve(f)) || included.some((i) => given.has(path.resolve(i))),
    runs: (f: string, r: PreprocessorRun[]) => void runs.set(path.resolve(f), r),
  };
  const summarized = await summarizeSet(
    await Promise.all(
      [...files, ...extra].map(async (file, k) => {
        try {
          const source = await readCSource(file);
          sources.set(path.resolve(file), source);
          return { file, source, options: k < files.length ? options[k]! : optionsFor(file) };
        } catch (e) {
          return { file, source: { failed: (e as Error).message }, options: {} };
        }
      }),
    ),
    keep,
  );
  // An includer found by name that compiles no file given is no part of this program.
  const read = summarized.filter(
    (u) =>
      !hosts.has(path.resolve(u.file)) ||
      given.has(path.resolve(u.file)) ||
      database.has(path.resolve(u.file)) ||
      !('summary' in u) ||
      u.summary.includedSources.some((i) => given.has(path.resolve(i))),
  );
  if (read.length < 2 && !setting.closedWorld) return { options: [...options] };
  // Files compiled only inside the file that includes them are no units (unity.ts).
  const unity = planUnity({
    files,
    options,
    units: read,
    sources,
    optionsFor,
    ...(setting.buildUnits ? { buildUnits: setting.buildUnits } : {}),
  });
  const units = unity.units;
  const facts = unitFacts(units);
  const setOptions = {
    closedWorld: setting.closedWorld,
    outside: outsideNames(
      setting.roots,
      read.map((u) => u.file),
      facts.read,
      facts.externals,
      facts.definesMain,
    ),
    includedOutside: includedOutside(units, setting.roots),
  };
  const set = new FileSet(units, setOptions);
  const viewed = options.map((o, k) => {
    const view = set.viewFor(files[k]!);
    // A file seen with its set is modelled in full: its functions with external linkage
    // may have candidates, which the pre-filter of runs over many files does not know.
    if (!view) return o;
    return analysesExternals(view)
      ? { ...o, program: view, skipWithoutCandidates: false }
      : { ...o, program: view };
  });
  const { ownOptions, otherReadings } = readInHosts(viewed, unity, {
    files,
    options,
    optionsFor,
    sources,
    set: (without) =>
      without
        ? new FileSet(
            units.filter((u) => path.resolve(u.file) !== path.resolve(without)),
            setOptions,
          )
        : set,
  });
  return { options: viewed, units, unity, ownOptions, otherReadings, runs };
}

/**
 * Each file read in the unit that includes it gets the host's options and view (`viewed`
 * changed in place); returns the own readings of those that are units of their own too, and
 * the readings inside the other units that include a file.
 */
function readInHosts(
  viewed: ContractOptions[],
  unity: UnityPlan,
  c: {
    readonly files: readonly string[];
    readonly options: readonly ContractOptions[];
    readonly optionsFor: (file: string) => ContractOptions;
    readonly sources: ReadonlyMap<string, string>;
    /** The set, or the set without a file's own unit. */
    readonly set: (without?: string) => FileSet;
  },
): {
  ownOptions: Map<number, ContractOptions>;
  otherReadings: Map<number, readonly OtherReading[]>;
} {
  const ownOptions = new Map<number, ContractOptions>();
  const otherReadings = new Map<number, readonly OtherReading[]>();
  for (const [k, v] of unity.verdicts) {
    if (v.kind !== 'through') continue;
    const file = c.files[k]!;
    const own = unity.ownUnits.has(k);
    if (own) ownOptions.set(k, viewed[k]!);
    // A unit of its own too: its own unit's definitions are this text's, not another
    // program's (its own reading must give the same output, settleUnity).
    const inside = (host: string) => {
      const h = c.files.findIndex((f) => path.resolve(f) === path.resolve(host));
      const view = c.set(own ? file : undefined).viewThrough(host, file);
      return throughOptions(
        host,
        c.sources.get(path.resolve(host))!,
        h >= 0 ? c.options[h]! : c.optionsFor(host),
        view,
        analysesExternals(view),
      );
    };
    viewed[k] = inside(v.host);
    if (v.others)
      otherReadings.set(
        k,
        v.others.map((host) => ({ host, options: inside(host) })),
      );
  }
  return { ownOptions, otherReadings };
}

/**
 * Why a file the set reads (the header defining a struct whose member may shrink) is also
 * compiled by a file outside the set, directly or through headers: that program would see
 * the new layout without being analysed (MachSuite's generate.c includes the kernel's header).
 */
function includedOutside(
  units: readonly UnitSummary[],
  roots: readonly string[],
): (file: string) => string | undefined {
  const inside = new Set(
    units.flatMap((u) => [
      path.resolve(u.file),
      ...('summary' in u ? u.summary.read.map((f) => path.resolve(f)) : []),
    ]),
  );
  const includers = new IncludeIndex([...roots, ...units.map((u) => path.dirname(u.file))]);
  return (file) => {
    const seen = new Set<string>([path.resolve(file)]);
    const queue = [path.resolve(file)];
    while (queue.length > 0) {
      const f = queue.shift()!;
      for (const i of includers.includersOf(f).map((x) => path.resolve(x))) {
        if (seen.has(i)) continue;
        if (!inside.has(i))
          return `${path.relative(process.cwd(), file) || file}, which ${path.relative(process.cwd(), i) || i} includes (a file outside the set)`;
        seen.add(i);
        queue.push(i);
      }
    }
    return undefined;
  };
}
