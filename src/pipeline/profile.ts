/**
 * `beeclak profile FILE.c [-- args]` (issue 18): for the local arrays the static analysis
 * leaves alone, trace the program over the given runs, fold the accesses
 * (dynamic/fold), build the profiled model (profileModel.ts), and run the same lifetime
 * analysis, lattice search and mapping choice as `analyze` on it (analysis.ts). A mapping
 * found so holds for the profiled runs: the result is "profiled, not proved", and
 * `contract --profiled` applies it only on request, with a shadow-owner check under
 * `BEECLAK_VERIFY` (profiledText).
 */
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import type { TraceArray } from '../model/trace.js';
import { affineLabel } from '../dynamic/fold/index.js';
import { instrument, rewrite, type ArrayRewrite, type RewritePlan } from '../rewrite/index.js';
import {
  analyzeArray,
  analyzeSource,
  type AnalysisOptions,
  type ArrayDecision,
} from './analysis.js';
import type { ArrayReport } from './report.js';
import { profiledFunction } from './profileModel.js';
import { traceProgram, type TraceOutcome, type TraceRunOptions } from './traceRun.js';

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

export async function profileSource(
  source: string,
  file: string,
  options: ProfileOptions,
): Promise<ProfileResult> {
  const analysis = await analyzeSource(source, file, options.analysis);
  const chosen: { fn: FunctionModel; array: ArrayInfo; staticReason: string }[] = [];
  const refused: ProfiledArray[] = [];
  const base = (fn: string, name: string, staticReason: string) => ({
    function: fn,
    name,
    staticReason,
    runs: options.runs,
    pieces: [],
  });
  for (const report of analysis.report.arrays) {
    if (report.status === 'contracted' || report.status === 'scalarized') continue;
    const fn = analysis.model.functions.find((f) => f.name === report.function)!;
    const array = fn?.arrays.find((a) => a.name === report.name);
    if (!array || array.storage !== 'local') continue;
    if (options.analysis.only.length > 0 && !options.analysis.only.includes(array.name)) continue;
    const staticReason = report.reason ?? report.status;
    const notTemporary = array.reasons.find((r) => NOT_TEMPORARY.has(r.kind));
    if (notTemporary) {
      refused.push({
        ...base(fn.name, array.name, staticReason),
        status: 'not-profiled',
        reason: `not a temporary: ${notTemporary.message}`,
      });
    } else if (array.extents.some((e) => e.value === undefined) || array.isVla) {
      refused.push({
        ...base(fn.name, array.name, staticReason),
        status: 'not-profiled',
        reason: 'its size is not a compile-time constant',
      });
    } else chosen.push({ fn, array: declaredInfo(array), staticReason });
  }
  if (chosen.length === 0) return { file, arrays: refused };
  const outcome = await traceProgram(source, file, {
    ...options,
    only: new Set(chosen.map((c) => c.array.name)),
  });
  const arrays: ProfiledArray[] = [...refused];
  const timings = {
    parseMs: 0,
    delinearizeMs: 0,
    lifetimeMs: 0,
    latticeMs: 0,
    rewriteMs: 0,
    oracleMs: 0,
  };
  for (const { fn, array, staticReason } of chosen) {
    const b = {
      ...base(fn.name, array.name, staticReason),
      pieces: describePieces(outcome, fn.name, array.name),
    };
    const site: TraceArray | undefined = outcome.sites.arrays.find(
      (a) => a.function === fn.name && a.name === array.name,
    );
    const header = outcome.sites.accesses.find(
      (a) => a.function === fn.name && a.array === array.name && a.inLoopHeader,
    );
    const unordered = outcome.sites.accesses.find(
      (a) =>
        a.function === fn.name &&
        a.array === array.name &&
        outcome.runs.some((r) => r.folds[a.id]!.gaveUp === 'not-lexicographic'),
    );
    const why = !site
      ? 'its declaration was not found by the trace build'
      : site.escapes
        ? `it is used other than by subscripts at ${site.escapes.line}:${site.escapes.column} ` +
          '(address taken, pointer, sizeof): what is done that way is not traced'
        : header
          ? `${header.loc.line}:${header.loc.column}: ${header.text} is in a loop header, ` +
            'where the trace cannot order its instances'
          : unordered
            ? `${unordered.loc.line}:${unordered.loc.column}: ${unordered.text} repeats an instance ` +
              '(recursion?): the trace cannot order its instances'
            : outcome.runs.some((r) => r.malformed)
              ? 'a trace was malformed'
              : undefined;
    if (why) {
      arrays.push({ ...b, status: 'not-profiled', reason: why });
      continue;
    }
    const model = profiledFunction(
      outcome.sites,
      outcome.streams,
      outcome.runs,
      array,
      fn.name,
      fn.parameters,
    );
    const r = await analyzeArray(
      model,
      model.arrays[0]!,
      { ...options.analysis, only: [] },
      timings,
    );
    if (!r.decision) {
      arrays.push({
        ...b,
        status: 'not-profiled',
        reason: r.report.reason ?? 'no mapping',
        report: r.report,
      });
      continue;
    }
    arrays.push({ ...b, status: 'profiled', report: r.report, decision: r.decision });
  }
  return { file, arrays, outcome };
}

/** `++`, `--`, an assignment or a call: an expression that must be evaluated once. */
const SIDE_EFFECT = /\+\+|--|(^|[^=!<>])=($|[^=])|[\w)]\s*\(/;

/**
 * The contracted text of a profile (`contract --profiled`): the profiled mappings applied
 * to the accesses the trace build found, a comment saying what they rest on, and under
 * `#ifdef BEECLAK_VERIFY` the same program with the shadow-owner check of `check`
 * (rewrite/instrument.ts), which stops at the first read that finds another cell's value.
 */
export function profiledText(
  source: string,
  file: string,
  result: ProfileResult,
): string | undefined {
  const profiled = result.arrays.filter((a) => a.status === 'profiled' && a.decision);
  if (profiled.length === 0 || !result.outcome) return undefined;
  const { sites } = result.outcome;
  const arrays: ArrayRewrite[] = profiled.map((p) => {
    const site = sites.arrays.find((a) => a.function === p.function && a.name === p.name)!;
    const { M, b } = p.decision!.mapping;
    const rows = M.map((coefficients, k) => ({
      coefficients,
      modulus: { value: b[k]!, text: String(b[k]!) },
    })).filter((r) => r.modulus.value !== 1n);
    return {
      name: p.name,
      declaratorRange: site.declaratorRange,
      declarationRange: site.declarationRange,
      rows,
      extentTexts: site.extentTexts,
      accesses: sites.accesses
        .filter((a) => a.function === p.function && a.array === p.name)
        .map((a) => ({
          range: a.range,
          indexRanges: a.indexRanges,
          rowRanges: rows.map(() => ({})),
          kind: a.kind,
          line: a.loc.line,
          statementRange:
            a.kind !== 'read' &&
            source.slice(a.statement.start, a.statement.end).trimEnd().endsWith(';')
              ? a.statement
              : undefined,
        })),
    };
  });
  const plan: RewritePlan = { source, arrays, modulo: 'exact', annotate: false };
  const contracted = rewrite(plan).text;
  // The owner check evaluates an index twice (slot and logical cell): with `tail++` in an
  // index it would compute something else than the program, so it is not offered then.
  const effect = sites.accesses.find(
    (a) =>
      profiled.some((p) => p.function === a.function && p.name === a.array) &&
      a.indexRanges.some((r) => SIDE_EFFECT.test(source.slice(r.start, r.end))),
  );
  const verify = effect
    ? `#error "beeclak: no BEECLAK_VERIFY build: the index of ${effect.text} at ` +
      `${effect.loc.line}:${effect.loc.column} has side effects (the check would evaluate it twice)"`
    : instrument({ ...plan, fileName: file }).text;
  const runs = profiled[0]!.runs.map((r) => `[${r.join(' ')}]`).join(', ');
  const what = profiled
    .map(
      (p) =>
        `${p.function}: ${p.name} ${p.report!.originalCells} -> ${p.report!.compressedCells} cells`,
    )
    .join('; ');
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  return [
    `/* beeclak contract --profiled: PROFILED, NOT PROVED. ${what}.`,
    ` * The mappings hold for the profiled runs with arguments ${runs}; the static analysis`,
    effect
      ? ' * could not prove them. (No BEECLAK_VERIFY build: an index has side effects.) */'
      : ' * could not prove them. Build with -DBEECLAK_VERIFY to check every read on other inputs\n' +
        " * (the program stops with status 97 at a read that finds another cell's value). */",
    '#ifdef BEECLAK_VERIFY',
    verify.trimEnd(),
    '#else',
    contracted.trimEnd(),
    '#endif',
    '',
  ].join(eol);
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

/**
 * `contract --profiled`: the arrays the static contraction left alone are profiled on the
 * contracted text, and their mappings applied (profiledText). Undefined when none is.
 */
export async function contractProfiled(
  contracted: string,
  file: string,
  leftAlone: readonly string[],
  options: ProfileOptions,
): Promise<{ text?: string; result: ProfileResult }> {
  const only = options.analysis.only.length
    ? leftAlone.filter((n) => options.analysis.only.includes(n))
    : [...leftAlone];
  if (only.length === 0) return { result: { file, arrays: [] } };
  const result = await profileSource(contracted, file, {
    ...options,
    analysis: { ...options.analysis, only },
  });
  return { text: profiledText(contracted, file, result), result };
}
