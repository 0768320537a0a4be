/**
 * The edits across the files of a set (issue 27, item 2), between the analysis of every file
 * and the writes: the parameters offered by the files analysed and the units' summaries go
 * to the set's plan (src/pipeline/wholeProgram/crossFilePlan.ts); each file with a part is
 * analysed again with it (its view's `storage`: it checks its part against its own reading);
 * then every part must have been done (each buffer and parameter says `storage-shrinks`), or
 * nothing of the plan is: the first results stand. Headers get their prototypes' edits here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContractOptions } from '../../pipeline/contraction.js';
import type { ProgramView } from '../../model/program.js';
import { codeOf } from '../../model/reasons.js';
import { planAcrossFiles, type CrossFilePlan } from '../../pipeline/wholeProgram/crossFilePlan.js';
import type { UnitSummary } from '../../pipeline/wholeProgram/fileSet.js';
import { IncludeIndex } from '../includers.js';
import { nameRecord } from '../../poly/nameRecord.js';
import type { FileJob, FileOutcome } from './job.js';

/** A file no analysis writes (a header) with its new text. */
interface EditedHeader {
  readonly file: string;
  readonly before: string;
  readonly text: string;
}

export interface AcrossFilesInput {
  readonly files: readonly string[];
  /** By file index; replaced where a file's part is done. */
  readonly outcomes: (FileOutcome | undefined)[];
  readonly options: ContractOptions[];
  readonly units: readonly UnitSummary[];
  /** The files and folders of the command line. */
  readonly roots: readonly string[];
  /** Runs jobs (cache, workers) and gives their outcomes in order. */
  readonly run: (jobs: readonly FileJob[]) => Promise<FileOutcome[]>;
  readonly sourceOf: readonly string[];
}

export interface AcrossFilesResult {
  /** The headers edited, and the files analysed whose parts are in the edit set. */
  readonly headers: readonly EditedHeader[];
  readonly joined: ReadonlySet<string>;
  /** Why the plan was dropped, when it was. */
  readonly dropped?: string;
}

const NONE: AcrossFilesResult = { headers: [], joined: new Set() };
const abs = (f: string) => path.resolve(f);
const STORAGE_SHRINKS = codeOf('storage-shrinks');

export async function editAcrossFiles(input: AcrossFilesInput): Promise<AcrossFilesResult> {
  const { files, outcomes } = input;
  const offers = files.flatMap((file, k) => {
    const o = outcomes[k];
    if (o?.kind !== 'done') return [];
    const contracted = (fn: string, name: string) =>
      o.report.arrays.some(
        (a) =>
          a.function === fn &&
          a.name === name &&
          (a.status === 'contracted' || a.status === 'scalarized'),
      );
    return (o.offers ?? [])
      .filter((x) => contracted(x.fn, x.param))
      .map((offer) => ({ file, offer }));
  });
  if (offers.length === 0) return NONE;
  const given = new Set(files.map(abs));
  const plan = planAcrossFiles({
    offers,
    units: input.units,
    written: (f) => given.has(abs(f)),
    read: (f) => {
      try {
        return readFileSync(f, 'latin1');
      } catch {
        return undefined;
      }
    },
    headerOutside: headerOutside(input.units, input.roots),
    shown,
  });
  if (plan.files.size === 0) return NONE;
  const index = new Map(files.map((f, k) => [abs(f), k]));
  const parts = [...plan.files].filter(([f]) => index.has(f));
  const jobs = parts.map(([f, storage]): FileJob => {
    const k = index.get(f)!;
    const o = input.options[k]!;
    const view: ProgramView = o.program ?? {
      foreign: [],
      externals: nameRecord(),
      includedBy: [],
      overridden: nameRecord(),
    };
    return {
      file: files[k]!,
      source: input.sourceOf[k]!,
      options: { ...o, program: { ...view, storage }, skipWithoutCandidates: false },
    };
  });
  const again = await input.run(jobs);
  const byFile = new Map(parts.map(([f], j) => [f, again[j]!]));
  const missing = plan.expected.find((e) => !done(byFile.get(abs(e.file)), e.fn, e.name));
  // Only the notes (kept, with their reasons) and no edit: the notes stand alone.
  const edits = plan.expected.length > 0;
  if (missing)
    return {
      ...NONE,
      dropped: `${shown(missing.file)}: ${missing.fn}:${missing.name} did not take its part`,
    };
  for (const [j, [f]] of parts.entries()) {
    const k = index.get(f)!;
    outcomes[k] = again[j]!;
    input.options[k] = jobs[j]!.options;
  }
  return {
    headers: edits ? headerTexts(plan) : [],
    joined: new Set(edits ? parts.map(([f]) => f) : []),
  };
}

/** The outcome has the entry `fn:name` with `storage-shrinks`. */
function done(o: FileOutcome | undefined, fn: string, name: string): boolean {
  return (
    o?.kind === 'done' &&
    o.report.arrays.some(
      (a) =>
        a.function === fn &&
        a.name === name &&
        (a.warnings ?? []).some((w) => w.code === STORAGE_SHRINKS),
    )
  );
}

function headerTexts(plan: CrossFilePlan): EditedHeader[] {
  return [...plan.headers].map(([file, edits]) => {
    const before = readFileSync(file, 'latin1');
    let text = before;
    for (const e of [...edits].sort((a, b) => b.start - a.start))
      text = text.slice(0, e.start) + e.text + text.slice(e.end);
    return { file: shown(file), before, text };
  });
}

/**
 * Why a header is not the set's to edit: it is outside the set's folders (those of the
 * command line, with everything under them, and the folder of each unit), or a file outside
 * the set includes it (any file there whose directive names it: a false match only keeps).
 */
function headerOutside(
  units: readonly UnitSummary[],
  roots: readonly string[],
): (file: string) => string | undefined {
  const inside = new Set(
    units.flatMap((u) => [abs(u.file), ...('summary' in u ? u.summary.read.map(abs) : [])]),
  );
  const folders = units.map((u) => path.dirname(abs(u.file)));
  const trees = roots.map(abs);
  const includers = new IncludeIndex([...roots, ...folders]);
  return (file) => {
    const f = abs(file);
    const under =
      trees.some((t) => f.startsWith(t + path.sep)) || folders.includes(path.dirname(f));
    if (!under) return `${shown(file)}, outside the folders of the set`;
    const outside = includers.includersOf(f).find((i) => !inside.has(abs(i)));
    return outside
      ? `${shown(file)}, which ${shown(outside)} includes (a file outside the set)`
      : undefined;
  };
}

/** A file as the run's messages name it: relative to the current folder. */
function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}
