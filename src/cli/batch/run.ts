/**
 * A multi-file `contract` run: list the files, take cached results, analyse the rest on
 * worker threads, then per file act by mode (write in place, print a diff, only check, or
 * list what could shrink), quiet on unchanged files, with a one-line summary at the end.
 *
 * Exit code (docs/usage.md, "Exit codes"): a bit set; 1 when `--check` found a file that would
 * change, 4 when some file was skipped (unreadable, refused, or an internal error; with
 * allowRefused, not for a refused one); 0 when neither. Usage errors (2) are thrown before anything runs.
 */
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { ContractOptions } from '../../pipeline/contraction.js';
import { emptyReport, type FileReport, type SkippedFile } from '../../pipeline/report.js';
import { bytesSaved, savedOnce, savingNotKnown } from '../../pipeline/reportSummary.js';
import type { Io } from '../io.js';
import { readCSource } from '../sourceFile.js';
import { writeOutputs } from '../outputFile.js';
import { InputError } from '../errors.js';
import { listInputs } from '../files.js';
import { ResultCache } from './cache.js';
import { runJobs } from './pool.js';
import type { FileJob, FileOutcome } from './job.js';
import { withProgramViews, type ProgramSetting } from './program.js';
import { analysesExternals } from '../../pipeline/wholeProgram/fileSet.js';
import { editAcrossFiles, type AcrossFilesResult } from './acrossFiles.js';
import { noteHostReadings, readInHost, settleUnity } from './unity.js';
import { codeOf } from '../../model/reasons.js';
import { withRuns, type UnitRuns } from './givenRuns.js';

const EXIT_WOULD_CHANGE = 1;
const EXIT_SKIPPED = 4;

interface BatchMode {
  inPlace: boolean;
  check: boolean;
  diff: boolean;
  /** List the arrays that could shrink; change nothing. */
  list: boolean;
  /** The order of the list: as the files come (default), or the largest saving first. */
  sort?: 'file' | 'bytes';
}

export interface BatchOptions {
  readonly paths: readonly string[];
  readonly excludes: readonly string[];
  readonly mode: BatchMode;
  /** The options of one file (the command line over its configuration). */
  readonly optionsFor: (file: string) => ContractOptions;
  /**
   * Files the tool or the compiler refuses (a syntax error, a missing header) are reported
   * and skipped without setting EXIT_SKIPPED: a hook must not block a commit beeclak cannot
   * help with. Internal errors and unreadable files still set it.
   */
  readonly allowRefused?: boolean;
  /** Files excluded by their configuration. */
  readonly excludedByConfig?: (file: string) => boolean;
  /** A directory for the result cache, or undefined for none. */
  readonly cacheDir?: string;
  readonly threads?: number;
  /**
   * Analyse the files as one program (issue 27): with the other files of the set
   * (`extraFiles`: the compilation database's), whose calls each file's functions with
   * external linkage see (src/pipeline/wholeProgram/fileSet.ts).
   */
  readonly program?: ProgramSetting;
  /** Show a progress line (only on a terminal). */
  readonly progress: boolean;
  readonly io: Io;
}

export interface BatchResult {
  readonly exitCode: number;
  /** The reports of the files analysed, in input order. */
  readonly reports: FileReport[];
  /** The files skipped (unreadable, refused, an internal error, not written), and why. */
  readonly skipped: SkippedFile[];
  readonly summary: Summary;
}

interface Summary {
  files: number;
  changed: number;
  skipped: number;
  bytesSaved: bigint;
  /** Of bytesSaved, those counted per struct object (struct members: their storage). */
  perObject: bigint;
  /** Arrays that change whose saving is not known (savingNotKnown): not in bytesSaved. */
  uncounted: number;
  cached: number;
}

/** `git diff` style: `--- a/FILE`, `+++ b/FILE`, three lines of context. */
function unifiedDiff(file: string, before: string, after: string): string {
  const abs = path.resolve(file);
  const rel = path.relative(process.cwd(), abs);
  const name = (rel.startsWith('..') ? abs.replace(/^\/+/, '') : rel).split(path.sep).join('/');
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, {
    context: 3,
  })
    .replace(/^=+\n/, '')
    .replace(/^(---|\+\+\+) (.*)\t$/gm, '$1 $2');
}

function summaryLine(s: Summary, mode: BatchMode): string {
  const verb = mode.inPlace ? 'contracted' : 'would change';
  const parts = [
    `${s.files} file${s.files === 1 ? '' : 's'}`,
    `${s.changed} ${verb}`,
    `${s.skipped} skipped`,
    `${s.bytesSaved} bytes ${mode.inPlace ? 'saved' : 'to save'}${s.perObject > 0n ? ` (${s.perObject} of them per struct object)` : ''}`,
  ];
  if (s.uncounted > 0)
    parts.push(`${s.uncounted} array${s.uncounted === 1 ? '' : 's'} whose bytes are not known`);
  if (s.cached > 0) parts.push(`${s.cached} from cache`);
  return `beeclak: ${parts.join(', ')}\n`;
}

export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  const { io, mode } = opts;
  const listed = await listInputs(opts.paths, opts.excludes);
  const files = listed.files.filter((f) => !opts.excludedByConfig?.(f));
  const summary: Summary = {
    files: 0,
    changed: 0,
    skipped: 0,
    bytesSaved: 0n,
    perObject: 0n,
    uncounted: 0,
    cached: 0,
  };
  const tally: Tally = { summary, skipped: [], failed: 0 };
  for (const u of listed.unlisted) {
    io.stderr(`beeclak: error: ${u.path}: ${u.message} (skipped)\n`);
    summary.skipped++;
    tally.skipped.push({ file: u.path, reason: u.message });
  }
  // Options first: an invalid configuration stops the run before any file is touched.
  const plain = files.map((f) => opts.optionsFor(f));
  const viewed = opts.program
    ? await withProgramViews(files, plain, opts.program, opts.optionsFor)
    : { options: plain };
  const optionsOf = viewed.options;
  const cache = opts.cacheDir !== undefined ? new ResultCache(opts.cacheDir) : undefined;
  const prepared = await prepareJobs(files, optionsOf, cache, summary);
  const { runs } = viewed;
  await runPending(prepared, files.length, cache, opts, runs);
  if (viewed.unity)
    await settleUnity({
      files,
      outcomes: prepared.outcomes,
      ownOptions: viewed.ownOptions ?? new Map(),
      ...(viewed.otherReadings ? { otherReadings: viewed.otherReadings } : {}),
      hostOptions: optionsOf,
      plan: viewed.unity,
      sourceOf: prepared.sourceOf,
      run: (jobs) => runCached(jobs, cache, opts, runs),
    });
  const across =
    opts.program && viewed.units
      ? await editAcrossFiles({
          files,
          outcomes: prepared.outcomes,
          options: optionsOf,
          units: viewed.units,
          roots: opts.program.roots,
          sourceOf: prepared.sourceOf,
          run: (jobs) => runCached(jobs, cache, opts, runs),
        })
      : undefined;
  if (viewed.unity) noteHostReadings(prepared.outcomes, viewed.unity);
  if (across?.dropped)
    io.stderr(
      `beeclak: warning: edits across files dropped: ${across.dropped} [${codeOf('across-files-dropped')} across-files-dropped]\n`,
    );

  // Skipped files that set EXIT_SKIPPED (not those allowRefused lets pass).
  tally.failed = summary.skipped;
  const acted = actOnFiles(files, prepared, optionsOf, opts, tally, across);
  const written = await writeChanged(acted.changed, mode, io, tally);
  // Counted once written: a file that could not be written saved nothing. A file-scope array
  // listed by several entries (functions, files) is one storage: counted once (savedOnce).
  const savedBy = savedOnce();
  for (const c of written) {
    summary.changed++;
    for (const a of c.report.arrays) {
      const saved = savedBy(c.file, a);
      summary.bytesSaved += saved;
      if (a.storage === 'struct-member') summary.perObject += saved;
      if (savingNotKnown(a)) summary.uncounted++;
    }
    if (!mode.diff && !mode.list)
      io.stderr(`${mode.inPlace ? 'contracted' : 'would contract'} ${c.file}\n`);
  }
  // Largest first; equal savings keep the order of the files (a stable sort).
  const { listLines } = acted;
  listLines.sort((x, y) => (x.saved === y.saved ? 0 : x.saved > y.saved ? -1 : 1));
  for (const l of listLines) io.stdout(l.line);
  io.stderr(summaryLine(summary, mode));
  const exitCode =
    (mode.check && acted.wouldChange ? EXIT_WOULD_CHANGE : 0) |
    (tally.failed > 0 ? EXIT_SKIPPED : 0);
  // A file that could not be written is among the skipped, with why: its report would count
  // bytes no file saves (the JSON report's summary is made from the reports).
  const unwritten = new Set(acted.changed.filter((c) => !written.includes(c)).map((c) => c.report));
  const reports = acted.reports.filter((r) => !unwritten.has(r));
  return { exitCode, reports, skipped: tally.skipped, summary };
}

/** The counts of a run and its skipped files, filled as it goes. */
interface Tally {
  readonly summary: Summary;
  readonly skipped: SkippedFile[];
  /** Skipped files that set EXIT_SKIPPED (not those allowRefused lets pass). */
  failed: number;
}

/** Each file's outcome so far (read failures, cache hits) and the jobs left to run. */
interface Prepared {
  /** By file index; filled for every file once the jobs have run. */
  readonly outcomes: (FileOutcome | undefined)[];
  readonly jobs: FileJob[];
  /** The file index of each job. */
  readonly jobIndex: number[];
  /** The cache key of each file read, by file index. */
  readonly keys: string[];
  /** The text of each file read, by file index. */
  readonly sourceOf: string[];
}

/** Reads every file and takes cached results: what remains is a job for the workers. */
async function prepareJobs(
  files: readonly string[],
  optionsOf: readonly ContractOptions[],
  cache: ResultCache | undefined,
  summary: Summary,
): Promise<Prepared> {
  const p: Prepared = {
    outcomes: new Array<FileOutcome | undefined>(files.length),
    jobs: [],
    jobIndex: [],
    keys: [],
    sourceOf: [],
  };
  await Promise.all(
    files.map(async (file, k) => {
      let source: string;
      try {
        source = await readCSource(file);
      } catch (e) {
        p.outcomes[k] = {
          kind: 'refused',
          message:
            e instanceof InputError
              ? e.format()
              : `beeclak: error: cannot read '${file}': ${(e as Error).message}`,
        };
        return;
      }
      p.sourceOf[k] = source;
      const job: FileJob = { file, source, options: optionsOf[k]! };
      // (no key without a cache: a file's key hashes its view of the set, which grows with
      // the set; with --no-cache, 1,000 files spent most of their time on keys)
      if (cache) p.keys[k] = cache.key(job);
      const hit = cache && (await cache.get(p.keys[k]!));
      if (hit) {
        p.outcomes[k] = hit;
        summary.cached++;
      } else {
        p.jobs.push(job);
        p.jobIndex.push(k);
      }
    }),
  );
  return p;
}

/** The outcomes of `jobs`, from the cache or run (a file's part of the edits across files). */
async function runCached(
  jobs: readonly FileJob[],
  cache: ResultCache | undefined,
  opts: BatchOptions,
  runs: UnitRuns | undefined,
): Promise<FileOutcome[]> {
  const keys = cache ? jobs.map((j) => cache.key(j)) : [];
  const out = await Promise.all(keys.map(async (k) => cache?.get(k)));
  const pending = jobs.flatMap((j, k) => (out[k] ? [] : [k]));
  const results = await runJobs(
    pending.map((k) => withRuns(jobs[k]!, runs)),
    { threads: opts.threads },
  );
  await Promise.all(
    results.map(async (r, j) => {
      out[pending[j]!] = r;
      await cache?.put(keys[pending[j]!]!, r);
    }),
  );
  return out as FileOutcome[];
}

/** Runs the jobs on worker threads (with a progress line) and caches their outcomes. */
async function runPending(
  p: Prepared,
  total: number,
  cache: ResultCache | undefined,
  opts: BatchOptions,
  runs: UnitRuns | undefined,
): Promise<void> {
  const { jobs } = p;
  let done = total - jobs.length;
  const results = await runJobs(
    jobs.map((j) => withRuns(j, runs)),
    {
      threads: opts.threads,
      onDone: (j) => {
        done++;
        if (opts.progress) opts.io.stderr(`\r\x1b[K[${done}/${total}] ${jobs[j]!.file}`);
      },
    },
  );
  if (opts.progress && jobs.length > 0) opts.io.stderr('\r\x1b[K');
  await Promise.all(
    results.map(async (r, j) => {
      const k = p.jobIndex[j]!;
      p.outcomes[k] = r;
      await cache?.put(p.keys[k]!, r);
    }),
  );
}

/** A file the run would change, and whether it belongs to the file set's edit set. */
interface Changed {
  readonly file: string;
  readonly text: string;
  readonly report: FileReport;
  readonly joined: boolean;
}

/** A line of --list and the bytes it saves (for --sort bytes). */
interface ListLine {
  readonly saved: bigint;
  readonly line: string;
}

/**
 * Goes through the outcomes in file order: reports the skipped files, prints --list lines
 * and diffs, and collects the reports and the files to change.
 */
function actOnFiles(
  files: readonly string[],
  p: Prepared,
  optionsOf: readonly ContractOptions[],
  opts: BatchOptions,
  tally: Tally,
  across?: AcrossFilesResult,
): { reports: FileReport[]; listLines: ListLine[]; changed: Changed[]; wouldChange: boolean } {
  const { io, mode } = opts;
  const reports: FileReport[] = [];
  const listLines: ListLine[] = [];
  const changed: Changed[] = [];
  let wouldChange = false;
  for (const [k, file] of files.entries()) {
    const o = p.outcomes[k]!;
    tally.summary.files++;
    if (o.kind !== 'done') {
      skipFile(file, o, opts, tally);
      continue;
    }
    reports.push(o.report);
    if (mode.list) {
      listLines.push(...listedArrays(file, o.report));
      if (mode.sort !== 'bytes') for (const l of listLines.splice(0)) io.stdout(l.line);
    }
    if (!o.changed) continue;
    wouldChange = true;
    if (mode.diff) io.stdout(unifiedDiff(file, p.sourceOf[k]!, o.text));
    changed.push({
      file,
      text: o.text,
      report: o.report,
      joined:
        analysesExternals(optionsOf[k]?.program) ||
        readInHost(optionsOf[k]) ||
        !!across?.joined.has(path.resolve(file)),
    });
  }
  // The headers of the edits across files: part of the set's one edit set.
  for (const h of across?.headers ?? []) {
    tally.summary.files++;
    wouldChange = true;
    if (mode.diff) io.stdout(unifiedDiff(h.file, h.before, h.text));
    changed.push({ file: h.file, text: h.text, report: emptyReport(h.file), joined: true });
  }
  return { reports, listLines, changed, wouldChange };
}

/** Reports a file that was not analysed (unreadable, refused, an internal error). */
function skipFile(
  file: string,
  o: Exclude<FileOutcome, { kind: 'done' }>,
  opts: BatchOptions,
  tally: Tally,
): void {
  tally.summary.skipped++;
  if (!(opts.allowRefused && o.kind === 'refused')) tally.failed++;
  tally.skipped.push({
    file,
    reason: o.message.replace(/^beeclak: (error: )?/, '').replace(/\n+$/, ''),
  });
  opts.io.stderr(`${o.message.replace(/\n+$/, '')}\n`);
  opts.io.stderr(`beeclak: ${file}: skipped\n`);
}

/** The --list lines of one file: its arrays that would shrink. */
function listedArrays(file: string, report: FileReport): ListLine[] {
  const lines: ListLine[] = [];
  // Arrays that save no more than the file's minBytes are unchanged (minBytes.ts).
  for (const a of report.arrays) {
    const saved = bytesSaved(a);
    // (An element whose size the target's data model does not give: cells, never a guess.)
    if (savingNotKnown(a))
      lines.push({
        saved: 0n,
        line:
          `${file}:${a.line}:${a.column}: ${a.name} in ${a.function}() could shrink from ` +
          `${a.originalCells} to ${a.compressedCells} cells of ${a.elementType} (${a.status}, bytes not known)\n`,
      });
    else if (saved > 0n)
      lines.push({
        saved,
        line:
          `${file}:${a.line}:${a.column}: ${a.name} in ${a.function}() could shrink from ` +
          `${a.originalBytes} to ${a.compressedBytes} bytes (${a.status}, saves ${saved}${a.storage === 'struct-member' ? ' per struct object' : ''})\n`,
      });
  }
  return lines;
}

/**
 * Writes the changed files (in place), or only counts them; returns those written. A set
 * that cannot be written is skipped whole.
 */
async function writeChanged(
  changed: readonly Changed[],
  mode: BatchMode,
  io: Io,
  tally: Tally,
): Promise<Changed[]> {
  // Files whose results rest on the others' text (a file set, issue 27) are one edit set,
  // written all or none (outputFile.ts): a tree half rewritten would be no program. Each
  // other file is written on its own, as before.
  const sets = [
    changed.filter((c) => c.joined),
    ...changed.filter((c) => !c.joined).map((c) => [c]),
  ];
  const written: Changed[] = [];
  for (const set of mode.inPlace ? sets.filter((x) => x.length > 0) : [changed])
    try {
      if (mode.inPlace) await writeOutputs(set, 'latin1');
      written.push(...set);
    } catch (e) {
      const reason = `${(e as Error).message}${set.length > 1 ? '; no file of the set was written' : ''}`;
      io.stderr(`beeclak: error: ${reason} (skipped)\n`);
      for (const c of set) {
        tally.summary.skipped++;
        tally.failed++;
        tally.skipped.push({ file: c.file, reason });
      }
    }
  return written;
}
