/**
 * The edits across the files of a set (issue 27, item 2), between the analysis of every file
 * and the writes: the parameters offered by the files analysed and the units' summaries go
 * to the set's plan (src/pipeline/wholeProgram/crossFilePlan.ts); each file with a part is
 * analysed again with it (its view's `storage`: it checks its part against its own reading);
 * a group whose parts are not all done (each buffer and parameter says `storage-shrinks`)
 * is dropped, the others written (settleGroups.ts). Headers get their prototypes' edits here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContractOptions } from '../../pipeline/contraction.js';
import type { CrossFileStorage, ProgramView } from '../../model/program.js';
import { planAcrossFiles } from '../../pipeline/wholeProgram/crossFilePlan.js';
import type { Edit } from '../../pipeline/wholeProgram/planGroups.js';
import { settleGroups } from './settleGroups.js';
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
  // Each file read once for the plan (issue 27: every kernel's prototypes are looked for in
  // every file of the set, a read per kernel and file was quadratic); nothing is written
  // before the plan is made.
  const texts = new Map<string, string | undefined>();
  const plan = planAcrossFiles({
    offers,
    units: input.units,
    written: (f) => given.has(abs(f)),
    read: (f) => {
      if (!texts.has(f)) texts.set(f, readOnce(f));
      return texts.get(f);
    },
    headerOutside: headerOutside(input.units, input.roots),
    shown,
  });
  if (plan.groups.length === 0 && plan.kept.size === 0) return NONE;
  const index = new Map(files.map((f, k) => [abs(f), k]));
  const optionsWith = (k: number, storage: CrossFileStorage): ContractOptions => {
    const o = input.options[k]!;
    const view: ProgramView = o.program ?? {
      foreign: [],
      externals: nameRecord(),
      includedBy: [],
      overridden: nameRecord(),
    };
    return { ...o, program: { ...view, storage }, skipWithoutCandidates: false };
  };
  // (a part in a file the run does not analyse is never done: its group is dropped)
  const settled = await settleGroups(plan, (parts) =>
    input
      .run(
        parts.flatMap(([f, storage]) => {
          const k = index.get(f);
          return k === undefined
            ? []
            : [{ file: files[k]!, source: input.sourceOf[k]!, options: optionsWith(k, storage) }];
        }),
      )
      .then((outs) => {
        const byFile = new Map(
          parts.filter(([f]) => index.has(f)).map(([f], j) => [f, outs[j]!] as const),
        );
        return parts.map(([f]) => byFile.get(f) ?? MISSING);
      }),
  );
  for (const [f, storage] of settled.plan.files) {
    const k = index.get(f)!;
    outcomes[k] = settled.outcomes.get(f)!;
    input.options[k] = optionsWith(k, storage);
  }
  // Only the notes (kept, with their reasons) and no edit: the notes stand alone.
  const edits = settled.plan.expected.length > 0;
  const dropped = settled.dropped.map(
    (m) => `${shown(m.file)}: ${m.fn}:${m.name} did not take its part`,
  );
  return {
    headers: edits ? headerTexts(settled.plan.headers) : [],
    joined: new Set(edits ? [...settled.plan.files.keys()] : []),
    ...(dropped.length > 0 ? { dropped: dropped.join('; ') } : {}),
  };
}

const MISSING: FileOutcome = { kind: 'internal', message: 'not analysed' };

function headerTexts(headers: ReadonlyMap<string, readonly Edit[]>): EditedHeader[] {
  return [...headers].map(([file, edits]) => {
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

function readOnce(file: string): string | undefined {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return undefined;
  }
}
