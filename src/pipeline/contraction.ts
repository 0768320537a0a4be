/**
 * `contract`: analysis, then the rewrite plan, then the text (docs/design.md, "Rewriter").
 *
 * A mapping computed for assumed parameter values (a `#define N 100`, a `-D n=30`) is only
 * proven for those values, so the output carries guards: a preprocessor `#if`/`#error`
 * for macros (appended at the end of the file, where every file-scope macro is defined),
 * a negative-size typedef for enum constants, and a run-time check at the top of the
 * function for function arguments. Compiling the contracted file for other values then
 * fails loudly instead of miscompiling.
 */
import { onChipTotals } from './hls.js';
import type { Access, ArrayInfo, FunctionModel, Parameter, Statement } from '../model/types.js';
import {
  HlsDivisionError,
  annotationText,
  arrayRewrite,
  rewrite,
  rankKeepingRows,
  rowForms,
  type ArrayRewrite,
  type ModelAccess,
  type RewritePlan,
} from '../rewrite/index.js';
import { rowRanges } from '../rewrite/accessRanges.js';
import { componentText } from '../delinearize/index.js';
import { isConstant } from '../poly/affine.js';
import { cExpression } from '../rewrite/cExpression.js';
import {
  analyzeSource,
  type Analysis,
  type AnalysisOptions,
  type ArrayDecision,
} from './analysis.js';
import { insertIntoPlan } from './planInsert.js';
import { privatizeParameters } from './privatize.js';
import type { BufferShrink, StoragePlan } from './callerStorage.js';
import type { ArrayReport } from './report.js';
import { NO_NAMES, nameRecord } from '../poly/nameRecord.js';
import {
  IDENTIFIER,
  codeOnly,
  identifierPattern,
  mentionsIdentifier,
  wordsRegExp,
} from '../model/identifiers.js';
import { knownParameterValues } from '../model/parameterValues.js';
import { lineStarts } from '../frontend/parse.js';
import type { MacroValue } from '../frontend/spelling.js';
import { inCallContext } from '../context/callContext.js';

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
  const known = knownParameterValues(fn);
  return access.subscripts.map((s) => {
    if (s === null) throw new Error(`a component of ${access.array} is not affine`);
    return componentText(s, order, access.sourceNames ?? NO_NAMES, known);
  });
}

function planEntry(
  d: ArrayDecision,
  annotate: boolean,
  before: string,
  after: string,
  retyped?: StoragePlan['parameters'],
): ArrayRewrite {
  // Moduli that are constants after all are rows like any other (their extent's own text).
  const symbolic = d.symbolicModuli && !d.symbolicModuli.every(isConstant);
  let rows = symbolic
    ? d.mapping.M.map((coefficients, r) => ({
        coefficients,
        modulus: { text: cExpression(d.symbolicModuli![r]) },
      }))
    : rowForms(d.mapping.M, d.mapping.b, d.array.extents);
  // A parameter folded in place keeps its rank and its declarator (placement.ts).
  const inPlace = d.placement === 'in-place';
  if (inPlace) rows = rankKeepingRows(rows, d.array.extents.length);
  const assumed = nameRecord(d.assumes);
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
  const built = arrayRewrite(d.array, rows, accessesOf(d.fn, d.array, rows, assumed), note);
  const entry = d.sharesDeclaration ? { ...built, sharedDeclarator: true as const } : built;
  if (!inPlace) return entry;
  const body = d.fn.bodyRange;
  const declaredTexts = retyped?.get(d);
  return {
    ...entry,
    keepRank: declaredTexts ? { declaredTexts } : {},
    ...(body ? { shadowAnchor: body.start + 1 } : {}),
  };
}

/** A caller's local array that shrinks (callerStorage.ts): its declarator only, no access. */
function shrinkEntry(b: BufferShrink & { array: ArrayInfo }): ArrayRewrite {
  const rank = b.extents.length;
  const rows = b.extents.map((value, d) => ({
    coefficients: Array.from({ length: rank }, (_, k) => (k === d ? 1n : 0n)),
    modulus: { value, text: b.texts[d]! },
  }));
  return { ...arrayRewrite(b.array, rows, []), keepRank: { declaredTexts: b.texts } };
}

type Guard = {
  kind: 'macro' | 'enum' | 'runtime';
  fn: FunctionModel;
  param: Parameter;
  value: bigint;
};

function guardKind(source: string, fn: FunctionModel, p: Parameter): Guard['kind'] | undefined {
  const header = source.slice(fn.range.start, fn.bodyRange?.start ?? fn.range.end);
  const isArgument = mentionsIdentifier(header.slice(header.indexOf('(')), p.name);
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
      // A file-scope constant (the model says which: in the file or in a header, under any
      // macro spelling of `const`) is visible at the top of the function; a local one is part
      // of the function text itself, which the contracted output reproduces. (A search of the
      // text before the function missed a header's `const` under #ifdef BIG, so a result for
      // its other value ran unguarded; and took a prototype's `const int *p, int nom` or a
      // string for a declaration: the guard then named a local before its declaration.)
      // C++'s file-scope constants are constant expressions: guarded at compile time.
      return p.fileScope ? (p.constantExpression ? 'enum' : 'runtime') : undefined;
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

/** Text inserted at a source offset (after any text already inserted there, unless `beforeInserted`). */
interface Insertion {
  at: number;
  text: string;
  beforeInserted?: boolean;
}

/**
 * `#if N != 100 / #error` right after each function whose arrays were contracted, for every
 * user macro (file, header or -D) its text expands and whose value `#if` can compute: the
 * model was built from that expansion. Placed after the function, the guard sees the
 * definitions the function saw (a later `#undef` does not disturb it); where one of them
 * ends inside the function, see guardLine.
 */
function macroGuards(analysis: Analysis, source: string, eol: string): Insertion[] {
  const out: Insertion[] = [];
  const fns = [...new Set(analysis.decisions.map((d) => d.fn))];
  const starts = lineStarts(source);
  for (const fn of fns) {
    if (fn.range.end <= fn.range.start) continue;
    /** Per macro: its value, and every definition the uses expanding it saw. */
    const values = new Map<string, { value?: bigint; body: string; seen: Set<MacroValue> }>();
    const mixed = new Set<string>();
    const functionLike = new Map<string, number>();
    for (const u of analysis.macroUses ?? []) {
      if (u.start < fn.range.start || u.end > fn.range.end) continue;
      // A function-like macro's body cannot be compared by #if: say what was assumed.
      if (u.definition?.params !== undefined && !u.definition.system)
        functionLike.set(u.name, u.definition.line);
      for (const d of u.depends) {
        if (d.definition.system) continue;
        const known = values.get(d.name);
        if (known && known.value !== d.value) mixed.add(d.name);
        const seen = known?.seen ?? new Set();
        for (const x of u.depends) seen.add(x);
        values.set(d.name, { value: d.value, body: d.definition.body.trim(), seen });
      }
    }
    const report = analysis.report.arrays.find(
      (a) => a.function === fn.name && (a.status === 'contracted' || a.status === 'scalarized'),
    );
    for (const [name, line] of functionLike)
      report?.warnings.push(
        `the result holds for macro ${name} as defined at line ${line}; no #if guard can check a function-like macro`,
      );
    const lines: string[] = [];
    const lastLine = starts.filter((x) => x < fn.range.end).length;
    for (const [name, { value, body, seen }] of values) {
      const line = guardLine([...seen], lastLine);
      if (mixed.has(name) || value === undefined || line === null) {
        report?.warnings.push(
          `the result holds for macro ${name} as defined (${body}); no #if guard can check it`,
        );
        continue;
      }
      const operand = /^[\w]+$/.test(body) ? name : `(${name})`;
      const guard = [
        `#if ${operand} != ${value}`,
        `#error "beeclak: arrays of ${fn.name}() were contracted for ${name} == ${value}; run beeclak again for other values"`,
        '#endif',
      ];
      if (line === undefined) lines.push(...guard);
      else out.push({ at: starts[line - 1]!, text: guard.map((l) => l + eol).join('') });
    }
    lines.push(...(fn.configurationGuard ?? []));
    if (lines.length > 0) {
      const tail = /^\r?\n/.test(source.slice(fn.range.end)) ? '' : eol;
      out.push({ at: fn.range.end, text: `${eol}${lines.join(eol)}${tail}` });
    }
  }
  return out;
}

/**
 * Where the guard of a macro goes, given every definition its uses saw: undefined for
 * "after the function"; else the line of the first directive inside the function that ends
 * one of them (`#define M 40` ... `#undef M` before the closing brace: after the function
 * `#if` saw M undefined and the guard fired in the very configuration analysed), the guard
 * going right before it; null when no line sees them all (a definition starts after another
 * ends, or ends in a header).
 */
function guardLine(seen: readonly MacroValue[], lastLine: number): number | null | undefined {
  const ends = seen
    .flatMap((d) => (d.until && d.until.afterMainLine <= lastLine ? [d.until] : []))
    .sort((a, b) => a.afterMainLine - b.afterMainLine);
  const first = ends[0];
  if (!first) return undefined;
  const latestStart = Math.max(...seen.map((d) => d.definition.afterMainLine));
  return first.inMainFile && latestStart < first.line ? first.line : null;
}

/**
 * Object-like macros spelled in the file whose body is not one token or one parenthesized
 * group (`#define OFF 2 - 1`): an index or size spelled as such a name becomes an operand in
 * the rewritten subscript (`OFF % 4`) and must be parenthesized.
 */
function unsafeMacros(analysis: Analysis): string[] {
  const out = new Set<string>();
  for (const u of analysis.macroUses ?? []) {
    const d = u.definition;
    if (!d || d.params !== undefined) continue;
    const body = d.body.trim();
    if (/^[\w.]+$/.test(body)) continue;
    if (/^\(/.test(body) && body.endsWith(')') && balancedOnce(body)) continue;
    out.add(u.name);
  }
  return [...out];
}

/** `(a + b)` but not `(a) + (b)`: the first parenthesis closes at the end. */
function balancedOnce(text: string): boolean {
  let depth = 0;
  for (let k = 0; k < text.length; k++) {
    if (text[k] === '(') depth++;
    else if (text[k] === ')' && --depth === 0) return k === text.length - 1;
  }
  return false;
}

const GOTO = wordsRegExp(['goto', '__label__']);
const STATIC = wordsRegExp(['static']);
/** Macros whose value depends on where the text stands, or on how often it is expanded. */
const PLACE = wordsRegExp(['__LINE__', '__COUNTER__']);
/** `name:` at the start of a statement (`né:` too), not `default:`. */
const LABEL = new RegExp(
  `(^|[;{}])\\s*(?!${identifierPattern('default')})${IDENTIFIER}\\s*:(?!:)`,
  'mu',
);

/** Why a function body cannot be duplicated as the fallback path (labels, statics), if so. */
function fallbackObstacle(source: string, fn: FunctionModel): string | undefined {
  if (!fn.bodyRange) return 'the function body is not spelled in the file';
  const open = fn.bodyRange.start;
  const close = fn.bodyRange.end - 1;
  // The compiler's view first (macros expanded: `#define PERSIST static` made a copied
  // `PERSIST int calls` a second counter, review 2026-11-26), then the text as written.
  if (fn.copyObstacle) return fn.copyObstacle;
  const body = source.slice(open + 1, close);
  if (GOTO.test(body)) return 'it uses goto (labels cannot be duplicated)';
  if (STATIC.test(body)) return 'it has static locals (a copy would be another object)';
  if (LABEL.test(body)) return 'it has labels (a copy would define them twice)';
  // (review 2026-11-26: a copied `__COUNTER__` counted twice, `__LINE__` moved)
  if (PLACE.test(codeOnly(body)))
    return 'it uses __LINE__ or __COUNTER__ (a copy would expand them to other values)';
  return undefined;
}

/** HLS mode leaves an array unchanged rather than emit what an HLS tool cannot take. */
function leaveUnchanged(r: ArrayReport | undefined, reason: string): void {
  if (!r) return;
  r.status = 'unchanged';
  r.reason = reason;
  r.compressedCells = r.originalCells;
  if (r.originalBytes !== undefined) r.compressedBytes = r.originalBytes;
  if (r.onChip) r.onChip = { before: r.onChip.before, after: r.onChip.before };
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

export function contractSource(
  source: string,
  file: string,
  options: ContractOptions,
): Promise<Contraction> {
  // A call of its own unless it runs within one (src/context/callContext.ts).
  return inCallContext(() => contractSourceInCall(source, file, options));
}

async function contractSourceInCall(
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
  const candidates = hls
    ? withoutRuntimeGuards(source, analyzed.decisions, reportOf)
    : analyzed.decisions;
  // A function whose result holds for fixed argument values keeps its original body as the
  // path taken for every other value; where that copy cannot be made the arrays stay.
  const refused = new Map<FunctionModel, string>();
  for (const g of guards(source, candidates).filter((g) => g.kind === 'runtime')) {
    const why = refused.has(g.fn) ? undefined : fallbackObstacle(source, g.fn);
    if (why) refused.set(g.fn, why);
  }
  for (const d of candidates.filter((d) => refused.has(d.fn)))
    leaveUnchanged(
      reportOf(d),
      `the result holds only for ${Object.entries(d.assumes)
        .map(([k, v]) => `${k} == ${v}`)
        .join(', ')}, and the original body cannot be kept for other values: ${refused.get(d.fn)}`,
    );
  const decisions = candidates.filter((d) => !refused.has(d.fn));
  let arrays = decisions.map((d) => {
    const r = reportOf(d);
    const entry = planEntry(
      d,
      options.annotate,
      `${r?.originalCells ?? '?'}`,
      `${r?.compressedCells ?? '?'}`,
      analyzed.storage?.parameters,
    );
    return hls ? { ...entry, pragmaScope: d.fn.range } : entry;
  });
  // Callers' buffers that shrink with the parameters folded in place (callerStorage.ts).
  const shrunk = analyzed.storage?.buffers ?? [];
  arrays = [
    ...arrays,
    ...shrunk.flatMap((b) => (b.array ? [shrinkEntry({ ...b, array: b.array })] : [])),
  ];
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
    // Heap buffers that shrink: their pointer types, casts and allocation sizes.
    textEdits: shrunk.flatMap((b) => b.edits.map((e) => ({ ...e, what: `size of ${b.name}` }))),
    modulo: hls ? 'pow2' : options.modulo,
    annotate: options.annotate,
    unsafeMacros: unsafeMacros(analysis),
    ...(hls ? { hls } : {}),
    ...(analyzed.c89 ? { c89: true } : {}),
  };
  // Contracted parameters not folded in place become private arrays of their function
  // (signatures unchanged).
  const privatized = privatizeParameters(
    plan,
    kept.filter((d) => d.placement === 'private'),
  );
  plan = privatized.plan;
  const gs = guards(source, kept);
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  // Macro and configuration guards go right after the closing brace of the function; a
  // function fixed for argument values becomes `{ if (n != 30) { original } else {
  // contracted } }` (C89, no library call). Inserted from the end so that offsets stay right.
  const insertions = macroGuards(analysis, source, eol);
  const fallbacks = new Map<FunctionModel, Guard[]>();
  for (const g of gs.filter((g) => g.kind === 'runtime'))
    fallbacks.set(g.fn, [...(fallbacks.get(g.fn) ?? []), g]);
  for (const [fn, list] of fallbacks) {
    // (fallbackObstacle made sure the body's braces are the file's own)
    const open = fn.bodyRange!.start;
    const close = fn.bodyRange!.end - 1;
    const condition = list.map((g) => `${g.param.name} != ${g.value}`).join(' || ');
    const note = list.map((g) => `${g.param.name} == ${g.value}`).join(', ');
    insertions.push(
      {
        at: open + 1,
        // Before a private copy of a parameter (privatize.ts): the original body must see
        // the parameter itself, the contracted one its private copy.
        beforeInserted: true,
        text: ` if (${condition}) {${source.slice(open + 1, close)}} else { /* beeclak: contracted for ${note} */`,
      },
      { at: close, text: '}' },
    );
  }
  // Offsets are the source's; the privatized plan has text inserted already (mapOffset).
  for (const g of insertions.sort((a, b) => b.at - a.at)) {
    const at = g.beforeInserted ? privatized.mapBefore(g.at) : privatized.mapOffset(g.at);
    plan = insertIntoPlan(plan, at, g.text);
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
  // (Arrays left unchanged here no longer save on-chip memory.)
  if (analysis.report.onChip) analysis.report.onChip = onChipTotals(analysis.report.arrays);
  analysis.report.timings.rewriteMs = Math.round(performance.now() - t0);
  return { analysis, text, changed: text !== source, plan };
}
