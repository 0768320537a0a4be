/**
 * `beeclak profile FILE.c [-- args]` (issue 18): for the local arrays the static analysis
 * leaves alone, trace the program over the given runs, fold the accesses
 * (dynamic/fold), build the profiled model (profileModel.ts), and run the same lifetime
 * analysis, lattice search and mapping choice as `analyze` on it (analysis.ts). A mapping
 * found so holds for the profiled runs: the result is "profiled, not proved", and
 * `contract --profiled` applies it only on request (profileContract.ts).
 */
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import type { TraceArray } from '../../model/trace.js';
import type { ReasonName } from '../../model/reasons.js';
import { affineLabel } from '../../dynamic/fold/index.js';
import { analyzeSource, type AnalysisOptions, type ArrayDecision } from '../analysis.js';
import { decideArray } from '../decision/decideArray.js';
import { reportOf } from '../decision/reports.js';
import { isContracted } from '../decision/outcome.js';
import { emptyTimings, type ArrayReport, type FileReport } from '../report.js';
import { profiledFunction } from './profileModel.js';
import { traceProgram, type TraceOutcome, type TraceRunOptions } from './traceRun.js';
import { traceSites } from '../../frontend/traceSites.js';
import { inCallContext } from '../../context/callContext.js';

export interface ProfileOptions extends Omit<TraceRunOptions, 'only'> {
  readonly analysis: AnalysisOptions;
}

export interface ProfiledArray {
  readonly function: string;
  readonly name: string;
  /** `profiled`: a mapping holds for the runs; `not-profiled`: why not. */
  readonly status: 'profiled' | 'not-profiled';
  /** What the static analysis said. */
  readonly staticReason: string;
  readonly reason?: string;
  /** The report of the profiled analysis (DS, mapping, sizes), as `analyze` prints it. */
  readonly report?: ArrayReport;
  readonly decision?: ArrayDecision;
  /** The argument lists of the runs the result holds for. */
  readonly runs: readonly (readonly string[])[];
  /**
   * A profiled mapping `contract --profiled` does not apply, and why (the array is walked
   * by pointers: its saving is reported, but the accesses cannot be rewritten).
   */
  readonly notApplied?: string;
  /** For --explain: folded pieces per access, in set notation. */
  readonly pieces: readonly string[];
}

export interface ProfileResult {
  readonly file: string;
  readonly arrays: readonly ProfiledArray[];
  readonly outcome?: TraceOutcome;
}

const NOT_TEMPORARY = new Set([
  'escapes',
  'static',
  'global',
  'parameter',
  'volatile',
  'initializer-not-modelled',
  'not-an-array',
  'excluded-by-option',
]);

/**
 * The static analysis says the array escapes through a pointer, but every such use is a
 * regular walk the trace build follows (frontend/pointerWalks.ts): it can be profiled.
 */
function walkedOnly(site: TraceArray | undefined, reason: ReasonName): boolean {
  return !!site?.walkers?.length && !site.escapes && WALKED.has(reason);
}

/** Escapes the trace build follows when they are walks (frontend/pointerWalks.ts). */
const WALKED = new Set<ReasonName>([
  'assigned-to-pointer',
  'used-as-pointer',
  'element-address-taken',
]);

/** The piece notation of --explain: `{ [call, L3] -> t[L3 + 1] : 0 <= L3 <= 9 }`. */
function describePieces(outcome: TraceOutcome, fn: string, array: string): string[] {
  const out: string[] = [];
  for (const a of outcome.sites.accesses.filter((x) => x.function === fn && x.array === array)) {
    const names = ['call', ...a.loops.map((l) => `L${l}`)];
    const stream = outcome.streams[a.id]!;
    const term = (coeffs: readonly bigint[], c: bigint, den = 1n) => {
      const parts = coeffs.flatMap((k, j) =>
        k === 0n ? [] : [`${k === 1n ? '' : k === -1n ? '-' : k}${names[j]}`],
      );
      if (c !== 0n || parts.length === 0) parts.push(String(c));
      const s = parts.join(' + ').replace(/\+ -/g, '- ');
      return den === 1n ? s : `(${s})/${den}`;
    };
    outcome.runs.forEach((run, r) => {
      const fold = run.folds[a.id]!;
      for (const p of fold.pieces) {
        const cell = Array.from({ length: a.dims }, (_, d) => {
          const f = affineLabel(p.label, stream.counterLoops.length + d);
          const m = stream.counterLoops.length + d;
          return f ? term(f.coeffs, f.constant, f.den) : `${p.label.min[m]}..${p.label.max[m]}`;
        });
        const bounds = names.map((n, j) => {
          const lo = term(p.lo[j]!.slice(0, -1).map(BigInt), BigInt(p.lo[j]![names.length]!));
          const hi = term(p.hi[j]!.slice(0, -1).map(BigInt), BigInt(p.hi[j]![names.length]!));
          return lo === hi ? `${n} = ${lo}` : `${lo} <= ${n} <= ${hi}`;
        });
        out.push(
          `${a.loc.line}:${a.loc.column} ${a.kind} ${a.text}` +
            `${outcome.runs.length > 1 ? ` (run ${r + 1})` : ''}: ` +
            `{ [${names.join(', ')}] -> ${array}[${cell.join('][')}] : ${bounds.join(', ')} }` +
            `${fold.gaveUp ? ` (given up: ${fold.gaveUp}, a box)` : ''} (${p.count} accesses)`,
        );
      }
    });
  }
  return out;
}

function declaredInfo(array: ArrayInfo): ArrayInfo {
  const extents = array.delinearized?.declaredExtents ?? array.extents;
  return { ...array, extents, delinearized: undefined };
}

export function profileSource(
  source: string,
  file: string,
  options: ProfileOptions,
): Promise<ProfileResult> {
  // A call of its own unless it runs within one (src/context/callContext.ts).
  return inCallContext(() => profileSourceInCall(source, file, options));
}

async function profileSourceInCall(
  source: string,
  file: string,
  options: ProfileOptions,
): Promise<ProfileResult> {
  const analysis = await analyzeSource(source, file, options.analysis);
  const { chosen, refused } = chooseArrays(analysis, traceSites(source, file), options);
  if (chosen.length === 0) return { file, arrays: refused };
  const outcome = await traceProgram(source, file, {
    ...options,
    only: new Set(chosen.map((c) => c.array.name)),
  });
  const arrays: ProfiledArray[] = [...refused];
  const timings = emptyTimings();
  for (const c of chosen) arrays.push(await profileArray(outcome, c, options, timings));
  return { file, arrays, outcome };
}

/** A local array the trace build follows, with what the static analysis said of it. */
interface ChosenArray {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly staticReason: string;
}

/** The fields every entry of the result has: where the array is, the static reason, the runs. */
function baseEntry(fn: string, name: string, staticReason: string, options: ProfileOptions) {
  return { function: fn, name, staticReason, runs: options.runs, pieces: [] };
}

/**
 * The local arrays to trace, and those refused before any trace (each with why), in the
 * order of the static report.
 */
function chooseArrays(
  analysis: Awaited<ReturnType<typeof analyzeSource>>,
  sites: ReturnType<typeof traceSites>,
  options: ProfileOptions,
): { chosen: ChosenArray[]; refused: ProfiledArray[] } {
  const chosen: ChosenArray[] = [];
  const refused: ProfiledArray[] = [];
  for (const report of analysis.report.arrays) {
    const fn = analysis.model.functions.find((f) => f.name === report.function)!;
    const array = fn?.arrays.find((a) => a.name === report.name);
    if (!array || array.storage !== 'local') continue;
    if (options.analysis.only.length > 0 && !options.analysis.only.includes(array.name)) continue;
    const staticReason = report.reason ?? report.status;
    if (report.status === 'contracted' || report.status === 'scalarized') {
      // A proof beats a profile: say so, rather than leave the array out of the report.
      refused.push({
        ...baseEntry(
          fn.name,
          array.name,
          `${report.status}, ${report.originalCells} -> ${report.compressedCells} cells`,
          options,
        ),
        status: 'not-profiled',
        reason: 'the static analysis proves a mapping; `contract` applies it without --profiled',
      });
      continue;
    }
    const site = sites.arrays.find((a) => a.function === fn.name && a.name === array.name);
    const why = untraceable(array, site);
    if (why)
      refused.push({
        ...baseEntry(fn.name, array.name, staticReason, options),
        status: 'not-profiled',
        reason: why,
      });
    else chosen.push({ fn, array: declaredInfo(array), staticReason });
  }
  return { chosen, refused };
}

/** Why an array not proved statically cannot be profiled either, before any trace. */
function untraceable(array: ArrayInfo, site: TraceArray | undefined): string | undefined {
  const macro = array.reasons.find((r) => r.reason === 'accessed-through-macro');
  const notTemporary = array.reasons.find(
    (r) => NOT_TEMPORARY.has(r.kind) && !(r.kind === 'escapes' && walkedOnly(site, r.reason)),
  );
  if (macro) return `${macro.message}: the trace build does not see accesses inside macros`;
  if (notTemporary) return `not a temporary: ${notTemporary.message}`;
  if (array.extents.some((e) => e.value === undefined) || array.isVla)
    return 'its size is not a compile-time constant';
  return undefined;
}

/** The profiled analysis of one traced array: its mapping, or why there is none. */
async function profileArray(
  outcome: TraceOutcome,
  { fn, array, staticReason }: ChosenArray,
  options: ProfileOptions,
  timings: ArrayTimings,
): Promise<ProfiledArray> {
  const b = {
    ...baseEntry(fn.name, array.name, staticReason, options),
    pieces: describePieces(outcome, fn.name, array.name),
  };
  const site: TraceArray | undefined = outcome.sites.arrays.find(
    (a) => a.function === fn.name && a.name === array.name,
  );
  const why = traceFault(outcome, fn.name, array.name, site);
  if (why) return { ...b, status: 'not-profiled', reason: why };
  const model = profiledFunction(
    outcome.sites,
    outcome.streams,
    outcome.runs,
    array,
    fn.name,
    fn.parameters,
  );
  const o = await decideArray({
    fn: model,
    array: model.arrays[0]!,
    options: { ...options.analysis, only: [] },
    timings,
  });
  const r = { report: reportOf(o), decision: isContracted(o) ? o.verdict.decision : undefined };
  if (!r.decision)
    return {
      ...b,
      status: 'not-profiled',
      reason: r.report.reason ?? 'no mapping',
      report: r.report,
    };
  const walkers = site?.walkers ?? [];
  return {
    ...b,
    status: 'profiled',
    report: r.report,
    decision: r.decision,
    ...(walkers.length > 0 ? { notApplied: walkedNote(walkers) } : {}),
  };
}

type ArrayTimings = Parameters<typeof decideArray>[0]['timings'];

/** Why the trace of an array cannot be folded into a model (undefined: it can). */
function traceFault(
  outcome: TraceOutcome,
  fn: string,
  array: string,
  site: TraceArray | undefined,
): string | undefined {
  const header = outcome.sites.accesses.find(
    (a) => a.function === fn && a.array === array && a.inLoopHeader,
  );
  const unordered = outcome.sites.accesses.find(
    (a) =>
      a.function === fn &&
      a.array === array &&
      outcome.runs.some((r) => r.folds[a.id]!.gaveUp === 'not-lexicographic'),
  );
  return !site
    ? 'its declaration was not found by the trace build'
    : site.escapes
      ? `at ${site.escapes.line}:${site.escapes.column}, ${site.escapesWhy ?? 'a use other than a subscript'}: ` +
        'what is done that way is not traced'
      : header
        ? `${header.loc.line}:${header.loc.column}: ${header.text} is in a loop header, ` +
          'where the trace cannot order its instances'
        : unordered
          ? `${unordered.loc.line}:${unordered.loc.column}: ${unordered.text} repeats an instance ` +
            '(recursion?): the trace cannot order its instances'
          : outcome.runs.some((r) => r.malformed)
            ? 'a trace was malformed'
            : undefined;
}

/** Why `contract --profiled` leaves an array walked by pointers as it is. */
function walkedNote(walkers: readonly string[]): string {
  return (
    `accessed through the pointer${walkers.length > 1 ? 's' : ''} ` +
    `${walkers.map((w) => `'${w}'`).join(', ')} walking it: pointer arithmetic over a ` +
    'folded array would leave it (the walk is not rewritten)'
  );
}

/**
 * `report` with the profiled arrays of `result` marked as such (`profiled`: the runs they
 * hold for, and why a mapping is not applied): the text, JSON and SARIF reports of
 * `contract --profiled` and `profile --sarif`. An array already in `report` keeps its place
 * in the file (`result` may come from the contracted text, whose lines moved).
 */
export function withProfiled(report: FileReport, result: ProfileResult): FileReport {
  const marked = new Map<string, ArrayReport>();
  for (const a of result.arrays) {
    if (a.status !== 'profiled' || !a.report) continue;
    const profiled = {
      runs: a.runs.map((r) => [...r]),
      ...(a.notApplied ? { notApplied: a.notApplied } : {}),
    };
    marked.set(`${a.function}:${a.name}`, { ...a.report, profiled });
  }
  const arrays = report.arrays.map((x) => {
    const m = marked.get(`${x.function}:${x.name}`);
    marked.delete(`${x.function}:${x.name}`);
    return m ? { ...m, line: x.line, column: x.column } : x;
  });
  return { ...report, arrays: [...arrays, ...marked.values()] };
}

/** The runs of `profile` and `contract --profiled`: `-- ARGS` and every `--run "ARGS"`. */
export function profileRuns(
  args: readonly string[],
  runs: readonly string[] | undefined,
): string[][] {
  const extra = (runs ?? []).map((r) => r.split(/\s+/).filter(Boolean));
  return args.length > 0 || extra.length === 0 ? [[...args], ...extra] : extra;
}

/** The text report of `profile` (with --explain: folded pieces and lifetimes). */
export function formatProfile(result: ProfileResult, explain: boolean): string {
  const lines = [`${result.file}:`];
  for (const a of result.arrays) {
    const r = a.report;
    if (a.status === 'profiled' && r) {
      const mapping = r.mapping
        ? r.mapping.b.length === 0
          ? 'a scalar'
          : `sigma(x) = ${JSON.stringify(r.mapping.M)} x mod ${JSON.stringify(r.mapping.b)}`
        : '';
      lines.push(
        `  ${a.function}: ${a.name}: PROFILED, NOT PROVED: ${r.originalCells} -> ${r.compressedCells} cells (${mapping})`,
        `      holds for the runs with arguments ${a.runs.map((x) => `[${x.join(' ')}]`).join(', ')}`,
      );
      if (a.notApplied) lines.push(`      not applied by contract --profiled: ${a.notApplied}`);
    } else lines.push(`  ${a.function}: ${a.name}: not profiled: ${a.reason}`);
    lines.push(`      static analysis: ${a.staticReason}`);
    if (explain && a.pieces.length > 0) {
      lines.push('      folded accesses:');
      for (const p of a.pieces) lines.push(`        ${p}`);
    }
    if (explain && r?.ds) {
      lines.push(`      conflicting differences of the runs: ${r.ds.pieces.join('; ')}`);
      for (const e of r.explanation ?? []) lines.push(`      ${e}`);
    }
  }
  return lines.join('\n') + '\n';
}
