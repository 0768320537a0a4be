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
import type { Access, ArrayInfo, FunctionModel, Statement } from '../model/types.js';
import { restsOnCalls } from '../frontend/configured.js';
import {
  annotationText,
  arrayRewrite,
  rewrite,
  type ArrayRewrite,
  type ModelAccess,
  type RewritePlan,
} from '../rewrite/index.js';
import type { PlanInsertion } from '../rewrite/plan.js';
import { outlineOf } from './decision/sharedFrames.js';
import type { rowForms } from '../rewrite/index.js';
import { rowRanges } from '../rewrite/accessRanges.js';
import { componentText } from '../delinearize/index.js';
import {
  analyzeSource,
  type Analysis,
  type AnalysisOptions,
  type ArrayDecision,
} from './analysis.js';
import type { BufferShrink, StoragePlan } from './wholeProgram/callerStorage.js';
import { NO_NAMES, nameRecord } from '../poly/nameRecord.js';
import { knownParameterValues } from '../model/parameterValues.js';
import { wordsRegExp } from '../model/identifiers.js';
import { inCallContext } from '../context/callContext.js';
import { callEdges, reachedFrom } from '../model/calls.js';
import { dataModelFacts, factHolds, guards, type Guard } from './decision/guards.js';
import { type GuardedFor, macroGuards } from './decision/macroGuards.js';
import { decisionRows } from './decision/rows.js';
import { pragmaTarget } from './decision/file.js';
import { hlsPragmaEdits } from './decision/hlsPragmaUpdates.js';
import { smallSavings } from './minBytes.js';
import type { MacroValue } from '../frontend/spelling.js';

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

const CONST = wordsRegExp(['const'], 'g');

function planEntry(
  d: ArrayDecision,
  annotate: boolean,
  before: string,
  after: string,
  retyped?: StoragePlan['parameters'],
): ArrayRewrite {
  const rows = decisionRows(d);
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
  // One declaration for several functions: another entry edits it (sharedScratch.ts).
  const entry = d.sharesDeclaration ? { ...built, sharedDeclarator: true as const } : built;
  const body = d.fn.bodyRange;
  // Not folded in place: a private array of its function (the signature stays).
  if (d.placement === 'private' && body)
    return { ...entry, privateCopy: { type: d.array.elementType.replace(CONST, '').trim(), body } };
  if (d.placement !== 'in-place') return entry;
  const declaredTexts = retyped?.get(d);
  return {
    ...entry,
    keepRank: declaredTexts ? { declaredTexts } : {},
    ...(body ? { shadowAnchor: body.start + 1 } : {}),
  };
}

/**
 * A caller's local array that shrinks, or a parameter that passes such a buffer on
 * (callerStorage.ts): its declarator only, no access.
 */
function shrinkEntry(
  b: Pick<BufferShrink, 'extents' | 'texts'> & { array: ArrayInfo },
): ArrayRewrite {
  const rank = b.extents.length;
  const rows = b.extents.map((value, d) => ({
    coefficients: Array.from({ length: rank }, (_, k) => (k === d ? 1n : 0n)),
    modulus: { value, text: b.texts[d]! },
  }));
  return { ...arrayRewrite(b.array, rows, []), keepRank: { declaredTexts: b.texts } };
}

/**
 * File-end lines for macro guards, one block per guard: preprocessor lines only, which the
 * configurations' driver can combine (src/pipeline/configurations/).
 */
function fileGuards(gs: readonly Guard[]): string[][] {
  return gs
    .filter((g) => g.kind === 'macro')
    .map((g) => [`#if ${g.param.name} != ${g.value}`, `#error "${guardWhy(g)}"`, '#endif']);
}

function guardWhy(g: Guard): string {
  return `beeclak: arrays of ${g.fn.name}() were contracted for ${g.param.name} == ${g.value}; run beeclak again for other values`;
}

/**
 * The check of an enum constant (or a C++ constant expression), right after the function's
 * closing brace: there the name is still the constant the function saw. At the end of the
 * file a macro of that name defined after the function (`#define N 16` below `enum { N = M
 * }`) was checked instead, and a build with another M passed it: a miscompilation. A macro of
 * that name defined inside the body stops the build.
 */
function enumGuard(g: Guard): PlanInsertion {
  const name = g.param.name;
  return {
    kind: 'after',
    at: g.fn.range.end,
    constantCheck: true,
    lines: [
      `/* ${guardWhy(g)} */`,
      `#ifdef ${name}`,
      `#error "beeclak: ${name} is a macro here, not the constant ${g.fn.name}() saw; run beeclak again"`,
      '#endif',
      `typedef char beeclak_assumes_${g.fn.name.replace(/\W/g, '_')}_${name}[(${name}) == ${g.value} ? 1 : -1];`,
    ],
  };
}

/**
 * The macro and configuration guards of each function whose arrays were contracted
 * (decision/macroGuards.ts): after its closing brace, or before the line inside it where a
 * definition it saw ends.
 */
function macroGuardInsertions(analysis: Analysis): PlanInsertion[] {
  const out: PlanInsertion[] = [];
  // The callers whose buffers shrink too: their code around the call was analysed in this
  // configuration only (configured.ts gives them a guard).
  const callers = (analysis.storage?.buffers ?? []).flatMap((b) =>
    analysis.model.functions.filter((f) => f.name === b.caller),
  );
  const own = new Set([...analysis.decisions.map((d) => d.fn), ...callers]);
  const related = wholeProgramRelated(analysis);
  // (the unread headers' guard is the unit's, one per file; each function's pins, once each)
  let unread: readonly string[] | undefined;
  const pins = new Map<string, readonly string[]>();
  for (const fn of new Set([...own, ...related.keys()])) {
    if (fn.range.end <= fn.range.start) continue;
    const why: GuardedFor = own.has(fn) ? { own: true } : { readBy: related.get(fn) ?? [] };
    // (a result resting on its calls: a decision across calls, a caller's buffer, or an
    // array of its whose result reads its callers; its local arrays' results do not)
    const byCalls =
      !own.has(fn) ||
      callers.includes(fn) ||
      analysis.decisions.some((d) => d.fn === fn && restsOnCallers(d));
    const g = macroGuards(fn, analysis.macroUses ?? [], why, byCalls);
    for (const b of g.before) out.push({ kind: 'before-line', line: b.line, lines: b.lines });
    if (g.after.length > 0) out.push({ kind: 'after', at: fn.range.end, lines: g.after });
    unread ??= fn.unreadGuard;
    for (const block of fn.definitionGuard ?? []) pins.set(block.join('\n'), block);
  }
  const start = [...(unread ?? []), ...[...pins.values()].flat()];
  if (start.length > 0) out.push({ kind: 'file-start', lines: start });
  return out;
}

/**
 * The functions whose code a decision across calls read, beside the contracted array's own:
 * for a parameter or a static or file-scope array, or an array of a function whose arguments
 * were read at its call sites (callSiteValues.ts: `window(LEN, in)`, or a call under
 * `#ifndef BIG`), every function that reaches its function through calls (a caller, a
 * function passing the buffer on), every function those call (one that gets the buffer after
 * the call), and every function its function reaches (one that could enter it again). Their
 * code was read in this configuration only: they get its guard, which names the functions
 * whose arrays the decision was about.
 */
function wholeProgramRelated(analysis: Analysis): Map<FunctionModel, string[]> {
  const graph = analysis.model.calls;
  const kernels = [...new Set(analysis.decisions.filter(restsOnCallers).map((d) => d.fn.name))];
  const out = new Map<FunctionModel, string[]>();
  if (!graph || kernels.length === 0) return out;
  const { callees, callers } = callEdges(graph);
  for (const kernel of kernels) {
    const up = reachedFrom([kernel], callers);
    const names = new Set([...up, ...reachedFrom([kernel], callees)]);
    for (const u of up) for (const c of callees.get(u) ?? []) names.add(c);
    for (const f of analysis.model.functions)
      if (names.has(f.name)) out.set(f, [...(out.get(f) ?? []), kernel]);
  }
  return out;
}

/**
 * Macro and configuration guards go right after the closing brace of the function; a
 * function fixed for argument values becomes `{ if (n != 30) { original } else {
 * contracted } }` (C89, no library call); macro and enum guards at the end of the file.
 */
function guardInsertions(analysis: Analysis, gs: readonly Guard[]): PlanInsertion[] {
  const insertions = macroGuardInsertions(analysis);
  const fallbacks = new Map<FunctionModel, { differs: string[]; holds: string[] }>();
  const add = (fn: FunctionModel, differs: string, holds: string) => {
    const f = fallbacks.get(fn) ?? { differs: [], holds: [] };
    if (!f.differs.includes(differs)) {
      f.differs.push(differs);
      f.holds.push(holds);
    }
    fallbacks.set(fn, f);
  };
  const runtime = new Set<FunctionModel>();
  for (const g of gs.filter((g) => g.kind === 'runtime')) {
    add(g.fn, `${g.param.name} != ${g.value}`, `${g.param.name} == ${g.value}`);
    runtime.add(g.fn);
  }
  // A result for the target's data model: the other builds take the original body (a
  // constant condition, folded by the compiler; the decision kept only local arrays).
  for (const d of analysis.decisions) for (const f of dataModelFacts(d)) add(d.fn, f, factHolds(f));
  // (the decision made sure the body's braces are the file's own: copyObstacle)
  for (const [fn, f] of fallbacks)
    insertions.push({
      kind: 'fallback',
      body: fn.bodyRange!,
      condition: f.differs.join(' || '),
      note: f.holds.join(', '),
      // The frame shrinks only where the original body leaves it (decision/sharedFrames.ts).
      ...(runtime.has(fn) ? outlineInsertion(fn) : {}),
    });
  for (const lines of fileGuards(gs)) insertions.push({ kind: 'file-end', lines });
  for (const g of gs) if (g.kind === 'enum') insertions.push(enumGuard(g));
  return insertions;
}

/** The fallback's original body as a function of its own, where it can be one. */
type FallbackOutline = NonNullable<Extract<PlanInsertion, { kind: 'fallback' }>['outline']>;

function outlineInsertion(fn: FunctionModel): { outline?: FallbackOutline } {
  const o = outlineOf(fn);
  if (!o) return {};
  const call = `${o.name}(${o.args.join(', ')})`;
  return {
    outline: {
      function: fn.name,
      name: o.name,
      header: { start: fn.range.start, text: o.header },
      call: o.returnsVoid ? `${call}; return;` : `return ${call};`,
    },
  };
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
    if (!oneOperand(d.body, u.depends)) out.add(u.name);
  }
  return [...out];
}

/**
 * Whether a macro body expands to one operand: one token that is not itself a macro of
 * another kind (`#define A B` with `#define B 2 + 1` expands `2 * A` to `2 * 2 + 1`), or
 * one parenthesized group.
 */
function oneOperand(
  body: string,
  depends: readonly MacroValue[],
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const t = body.trim();
  if (/^\(/.test(t) && t.endsWith(')') && balancedOnce(t)) return true;
  if (!/^[\w.]+$/.test(t)) return false;
  const next = depends.find((m) => m.name === t && m.definition.kind === 'define');
  if (!next || seen.has(t)) return true;
  return (
    next.definition.params === undefined &&
    oneOperand(next.definition.body, depends, new Set([...seen, t]))
  );
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

export function contractSource(
  source: string,
  file: string,
  options: ContractOptions,
): Promise<Contraction> {
  // A call of its own unless it runs within one (src/context/callContext.ts).
  return inCallContext(() => contractSourceInCall(source, file, options));
}

/** The plan's array entries: the contracted arrays, then the callers' buffers that shrink. */
function planArrays(analysis: Analysis, annotate: boolean): ArrayRewrite[] {
  const reports = new Map(
    analysis.report.arrays.map((r) => [`${r.function}:${r.name}:${r.line}`, r]),
  );
  const reportOf = (d: ArrayDecision) =>
    reports.get(`${d.fn.name}:${d.array.name}:${d.array.loc.line}`);
  const arrays = analysis.decisions.map((d) => {
    const r = reportOf(d);
    return planEntry(
      d,
      annotate,
      `${r?.originalCells ?? '?'}`,
      `${r?.compressedCells ?? '?'}`,
      analysis.storage?.parameters,
    );
  });
  // Callers' buffers that shrink with the parameters folded in place (callerStorage.ts).
  const shrunk = analysis.storage?.buffers ?? [];
  return [
    ...arrays,
    ...shrunk.flatMap((b) => (b.array ? [shrinkEntry({ ...b, array: b.array })] : [])),
    ...(analysis.storage?.forwarders ?? []).map((f) => ({
      ...shrinkEntry(f),
      ...(f.body ? { shadowAnchor: f.body.start + 1 } : {}),
    })),
  ];
}

/** Plain replacements: a heap buffer's sizes and casts, HLS pragmas for the new shapes. */
function textEdits(analysis: Analysis, hls: boolean): RewritePlan['textEdits'] {
  const shrunk = analysis.storage?.buffers ?? [];
  return [
    ...shrunk.flatMap((b) => b.edits.map((e) => ({ ...e, what: `size of ${b.name}` }))),
    ...(analysis.storage?.prototypes ?? []).map((e) => ({ ...e, what: 'a prototype' })),
    ...(hls ? hlsPragmaEdits(analysis.decisions.map(pragmaTarget)).edits : []),
  ];
}

async function contractSourceInCall(
  source: string,
  file: string,
  options: ContractOptions,
): Promise<Contraction> {
  const first = await analyzeSource(source, file, options);
  // Decided again with the arrays that save too little kept (minBytes.ts).
  const small = smallSavings(first.report, options.minBytes ?? 0);
  const analysis =
    small.length > 0
      ? await analyzeSource(source, file, { ...options, smallSavings: small })
      : first;
  const t0 = performance.now();
  const hls = !!options.hls;
  const arrays = planArrays(analysis, options.annotate);
  const plan: RewritePlan = {
    source,
    arrays,
    textEdits: textEdits(analysis, hls),
    insertions: guardInsertions(analysis, guards(analysis.decisions)),
    modulo: hls ? 'pow2' : options.modulo,
    annotate: options.annotate,
    unsafeMacros: unsafeMacros(analysis),
    ...(hls ? { hls } : {}),
    ...(analysis.c89 ? { c89: true } : {}),
    ...(analysis.lineNumbering ? { lineNumbering: analysis.lineNumbering } : {}),
  };
  // (a file whose only part is a heap buffer's sizes or a prototype: edits across files)
  const text = arrays.length > 0 || (plan.textEdits?.length ?? 0) > 0 ? rewrite(plan).text : source;
  analysis.report.timings.rewriteMs = Math.round(performance.now() - t0);
  return { analysis, text, changed: text !== source, plan };
}

/**
 * Whether a decision reads its function's callers: an array that is not a plain local
 * (configured.ts restsOnCalls), or a function whose argument values came from its call sites.
 */
function restsOnCallers(d: ArrayDecision): boolean {
  return restsOnCalls(d.array) || d.fn.parameters.some((p) => p.passedBy);
}
