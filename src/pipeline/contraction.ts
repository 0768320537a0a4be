/**
 * `contract`: analysis, then the rewrite plan, then the text (DESIGN.md, "Rewriter").
 *
 * A mapping computed for assumed parameter values (a `#define N 100`, a `-D n=30`) is only
 * proven for those values, so the output carries guards: a preprocessor `#if`/`#error`
 * for macros (appended at the end of the file, where every file-scope macro is defined),
 * a negative-size typedef for enum constants, and a run-time check at the top of the
 * function for function arguments. Compiling the contracted file for other values then
 * fails loudly instead of miscompiling.
 */
import type { Access, ArrayInfo, FunctionModel, Parameter, Statement } from '../model/types.js';
import {
  HlsDivisionError,
  annotationText,
  arrayRewrite,
  rewrite,
  rowForms,
  type ArrayRewrite,
  type ModelAccess,
  type RewritePlan,
} from '../rewrite/index.js';
import { rowRanges } from '../rewrite/accessRanges.js';
import { componentText } from '../delinearize/index.js';
import { cExpression } from '../rewrite/cExpression.js';
import {
  analyzeSource,
  type Analysis,
  type AnalysisOptions,
  type ArrayDecision,
} from './analysis.js';
import { performance } from 'node:perf_hooks';
import type { ArrayReport } from './report.js';

export interface ContractOptions extends AnalysisOptions {
  annotate: boolean;
}

export interface Contraction {
  readonly analysis: Analysis;
  readonly text: string;
  readonly changed: boolean;
  /** The plan handed to the rewriter (also the input of `check`'s instrumentation). */
  readonly plan: RewritePlan;
}

function accessesOf(
  fn: FunctionModel,
  array: ArrayInfo,
  rows: ReturnType<typeof rowForms>,
  assumed: Record<string, bigint>,
): ModelAccess[] {
  const out: ModelAccess[] = [];
  for (const statement of fn.statements) {
    for (const access of statement.accesses) {
      if (access.array !== array.name) continue;
      out.push({
        access,
        statement,
        rowRanges: rowRanges(fn, array, statement, access, rows, assumed),
        ...(array.delinearized ? { componentTexts: componentTexts(fn, statement, access) } : {}),
      });
    }
  }
  return out;
}

/** The C text of each component of a delinearized access, in the source's names. */
function componentTexts(fn: FunctionModel, statement: Statement, access: Access): string[] {
  const order = [...statement.iterators, ...fn.parameters.map((p) => p.name)];
  const known: Record<string, bigint> = {};
  for (const p of fn.parameters) if (p.value !== undefined) known[p.name] = p.value;
  return access.subscripts.map((s) => {
    if (s === null) throw new Error(`a component of ${access.array} is not affine`);
    return componentText(s, order, access.sourceNames ?? {}, known);
  });
}

function planEntry(
  d: ArrayDecision,
  annotate: boolean,
  before: string,
  after: string,
): ArrayRewrite {
  const rows = d.symbolicModuli
    ? d.mapping.M.map((coefficients, r) => ({
        coefficients,
        modulus: { text: cExpression(d.symbolicModuli![r]) },
      }))
    : rowForms(d.mapping.M, d.mapping.b, d.array.extents);
  const assumed = { ...d.assumes };
  const indexNames = d.array.extents.map((_, k) => ['i', 'j', 'k', 'l', 'm', 'n'][k] ?? `x${k}`);
  // The rewriter adds the `beeclak:` prefix of every annotation comment.
  const note = annotate
    ? annotationText(
        d.array.name,
        rows,
        indexNames,
        { before, after },
        d.array.extents.map((e) => e.text),
      )
    : undefined;
  return arrayRewrite(d.array, rows, accessesOf(d.fn, d.array, rows, assumed), note);
}

type Guard = {
  kind: 'macro' | 'enum' | 'runtime';
  fn: FunctionModel;
  param: Parameter;
  value: bigint;
};

function guardKind(source: string, fn: FunctionModel, p: Parameter): Guard['kind'] | undefined {
  const header = source.slice(fn.range.start, source.indexOf('{', fn.range.start));
  const isArgument = new RegExp(`\\b${p.name}\\b`).test(header.slice(header.indexOf('(')));
  switch (p.source) {
    case 'define':
      return 'macro';
    case 'enum':
      return 'enum';
    case 'argument':
      return 'runtime';
    case 'command-line':
      return isArgument ? 'runtime' : 'macro';
    case 'const':
      // A file-scope constant is visible at the top of the function; a local one is part of
      // the function text itself, which the contracted output reproduces.
      return source.slice(0, fn.range.start).match(new RegExp(`\\bconst\\b[^;]*\\b${p.name}\\b`))
        ? 'runtime'
        : undefined;
    default:
      return undefined;
  }
}

function guards(source: string, decisions: readonly ArrayDecision[]): Guard[] {
  const out: Guard[] = [];
  for (const d of decisions) {
    for (const [name, value] of Object.entries(d.assumes)) {
      if (out.some((g) => g.fn === d.fn && g.param.name === name)) continue;
      const param = d.fn.parameters.find((p) => p.name === name);
      if (!param) continue;
      const kind = guardKind(source, d.fn, param);
      if (kind) out.push({ kind, fn: d.fn, param, value });
    }
  }
  return out;
}

/** File-end text for macro and enum guards. */
function fileGuards(gs: readonly Guard[], eol: string): string {
  const lines: string[] = [];
  for (const g of gs) {
    const why = `beeclak: arrays of ${g.fn.name}() were contracted for ${g.param.name} == ${g.value}; run beeclak again for other values`;
    if (g.kind === 'macro')
      lines.push(`#if ${g.param.name} != ${g.value}`, `#error "${why}"`, '#endif');
    if (g.kind === 'enum') {
      lines.push(
        `/* ${why} */`,
        `typedef char beeclak_assumes_${g.fn.name}_${g.param.name}[(${g.param.name}) == ${g.value} ? 1 : -1];`,
      );
    }
  }
  return lines.length === 0
    ? ''
    : `${eol}/* beeclak: contracted for fixed sizes (see the report). */${eol}${lines.join(eol)}${eol}`;
}

/** Inserts text into the plan's source before anything else is edited, shifting ranges after it. */
function insertIntoPlan(plan: RewritePlan, at: number, text: string): RewritePlan {
  const shift = <R extends { start: number; end: number } | undefined>(r: R): R =>
    (r && r.start >= at ? { start: r.start + text.length, end: r.end + text.length } : r) as R;
  return {
    ...plan,
    source: plan.source.slice(0, at) + text + plan.source.slice(at),
    arrays: plan.arrays.map((a) => ({
      ...a,
      declaratorRange: shift(a.declaratorRange),
      declarationRange: shift(a.declarationRange),
      accesses: a.accesses.map((x) => ({
        ...x,
        range: shift(x.range),
        indexRanges: x.indexRanges.map(shift),
        statementRange: shift(x.statementRange),
      })),
    })),
  };
}

/** HLS mode leaves an array unchanged rather than emit what an HLS tool cannot take. */
function leaveUnchanged(r: ArrayReport | undefined, reason: string): void {
  if (!r) return;
  r.status = 'unchanged';
  r.reason = reason;
  r.compressedCells = r.originalCells;
  if (r.originalBytes !== undefined) r.compressedBytes = r.originalBytes;
}

/** HLS mode: no `abort()` guard, so no contraction that rests on a function argument's value. */
function withoutRuntimeGuards(
  source: string,
  decisions: readonly ArrayDecision[],
  reportOf: (d: ArrayDecision) => ArrayReport | undefined,
): ArrayDecision[] {
  return decisions.filter((d) => {
    const g = guards(source, [d]).find((x) => x.kind === 'runtime');
    if (!g) return true;
    leaveUnchanged(
      reportOf(d),
      `HLS mode emits no run-time check, and this contraction holds only for ${g.param.name} == ${g.value} ` +
        `(a function argument): make the size a constant (a macro) instead`,
    );
    return false;
  });
}

/** HLS mode: an array whose slot indices would need a division stays unchanged. */
function needsDivision(source: string, a: ArrayRewrite, report: ArrayReport | undefined): boolean {
  try {
    rewrite({ source, arrays: [a], modulo: 'pow2', annotate: false, hls: true });
    return false;
  } catch (e) {
    if (!(e instanceof HlsDivisionError)) throw e;
    leaveUnchanged(report, `HLS mode: ${e.message}`);
    return true;
  }
}

export async function contractSource(
  source: string,
  file: string,
  options: ContractOptions,
): Promise<Contraction> {
  const analyzed = await analyzeSource(source, file, options);
  const t0 = performance.now();
  const reports = new Map(
    analyzed.report.arrays.map((r) => [`${r.function}:${r.name}:${r.line}`, r]),
  );
  const reportOf = (d: ArrayDecision) =>
    reports.get(`${d.fn.name}:${d.array.name}:${d.array.loc.line}`);
  const hls = !!options.hls;
  const decisions = hls
    ? withoutRuntimeGuards(source, analyzed.decisions, reportOf)
    : analyzed.decisions;
  let arrays = decisions.map((d) => {
    const r = reportOf(d);
    const entry = planEntry(
      d,
      options.annotate,
      `${r?.originalCells ?? '?'}`,
      `${r?.compressedCells ?? '?'}`,
    );
    return hls ? { ...entry, pragmaScope: d.fn.range } : entry;
  });
  let kept = decisions;
  if (hls) {
    const ok = arrays.map((a, k) => !needsDivision(source, a, reportOf(decisions[k]!)));
    arrays = arrays.filter((_, k) => ok[k]);
    kept = decisions.filter((_, k) => ok[k]);
  }
  const analysis: Analysis = { ...analyzed, decisions: kept };
  let plan: RewritePlan = {
    source,
    arrays,
    modulo: hls ? 'pow2' : options.modulo,
    annotate: options.annotate,
    ...(hls ? { hls } : {}),
  };
  const gs = guards(source, kept);
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  // Run-time guards go right after the opening brace of the function body, last first.
  const runtime = gs
    .filter((g) => g.kind === 'runtime')
    .sort((a, b) => b.fn.range.start - a.fn.range.start);
  for (const g of runtime) {
    const brace = source.indexOf('{', g.fn.range.start);
    const check =
      ` { extern void abort(void); if (${g.param.name} != ${g.value}) abort(); }` +
      ` /* beeclak: contracted for ${g.param.name} == ${g.value} */`;
    plan = insertIntoPlan(plan, brace + 1, check);
  }
  const rewritten = arrays.length > 0 ? rewrite(plan) : undefined;
  let text = rewritten?.text ?? source;
  for (const note of rewritten?.pragmaNotes ?? []) {
    const d = kept.find((x) => x.array.name === note.array);
    if (d) reportOf(d)?.warnings.push(`HLS pragma: ${note.message}`);
  }
  if (arrays.length > 0) {
    const tail = fileGuards(gs, eol);
    if (tail) text = (text.endsWith(eol) ? text : text + eol) + tail.slice(eol.length);
  }
  analysis.report.timings.rewriteMs = Math.round(performance.now() - t0);
  return { analysis, text, changed: text !== source, plan };
}
