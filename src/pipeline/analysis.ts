/**
 * The analysis of one file: frontend -> delinearization -> per array the decision passes
 * (src/pipeline/decision/decideArray.ts: candidacy, lifetimes, lattice, ...) -> the passes
 * over the whole file (decision/file.ts: guards, placement, storage) -> the report, built
 * once from the outcomes.
 *
 * Each stage is called through its public entry point with plain data; a failure of a stage
 * on one array is a reasoned refusal of that array, never a crash of the whole file.
 */
import { buildCompilerModelAsync, buildModel } from '../frontend/index.js';
import { refuseUneditable } from '../frontend/editable.js';
import { withTextFacts } from '../frontend/textFacts.js';
// Types from their own modules: the published declarations must not pull in tree-sitter's.
import type { MacroUse } from '../frontend/spelling.js';
import { delinearizeFunction } from '../delinearize/index.js';
import type { ArrayInfo, FunctionModel, ProgramModel } from '../model/types.js';
import type { AnalysisOptions } from './options.js';
import type { LineNumbering } from '../model/lineNumbering.js';
import { emptyTimings, type FileReport } from './report.js';
import { crossCallOutcome, ExposedReads, staticScratchOutcome } from './wholeProgram/crossCalls.js';
import type { StoragePlan } from './wholeProgram/callerStorage.js';
import { modelWithCallSiteValues } from './wholeProgram/callSiteValues.js';
import { placementOf } from './wholeProgram/placement.js';
import type { ArrayDecision } from './decision.js';
import { nameRecord } from '../poly/nameRecord.js';
import { knownParameterValues } from '../model/parameterValues.js';
import { inCallContext } from '../context/callContext.js';
import { decideArray, DEFAULT_WORK_UNITS } from './decision/decideArray.js';
import { decideFile } from './decision/file.js';
import { rewrittenOnce } from './decision/templates.js';
import { isContracted, type ArrayOutcome, type Outcome } from './decision/outcome.js';
import { reportOf, type Suppressions } from './decision/reports.js';
import { onChipTotals } from './decision/hls.js';
import { codeOf, reasonNamed, type ReasonName } from '../model/reasons.js';

export { DEFAULT_ORACLE_OPERATIONS, DEFAULT_WORK_UNITS } from './decision/decideArray.js';
export type { AnalysisOptions } from './options.js';
export type { ArrayDecision } from './decision.js';

export interface Analysis {
  readonly model: ProgramModel;
  /** The contracted arrays, for the rewriter. */
  readonly decisions: ArrayDecision[];
  /** Every array's outcome, in report order. */
  readonly outcomes: readonly Outcome[];
  readonly report: FileReport;
  /** Macro invocations spelled in the file (for the guards of the output). */
  readonly macroUses?: readonly MacroUse[];
  /** The headers the compiler read for this file (absolute paths; see CompilerModel). */
  readonly includes?: readonly string[];
  /** The configuration is C89 (see CompilerModel): what the output adds must be too. */
  readonly c89?: boolean;
  /** How the compiler numbers the file's lines, when its own `#line`s renumber them. */
  readonly lineNumbering?: LineNumbering;
  /** Callers' buffers that shrink, and the parameters retyped with them (callerStorage.ts). */
  readonly storage?: StoragePlan;
}

/** What every array's decision shares. */
interface DecisionInputs {
  readonly options: AnalysisOptions;
  readonly timings: FileReport['timings'];
  readonly delinearized: ReturnType<typeof delinearizeFunction>['outcomes'];
}

/** The outcome of one array: the whole-program step, then the decision passes. */
async function decideOne(
  model: ProgramModel,
  fn: FunctionModel,
  declared: ArrayInfo,
  exposed: ExposedReads,
  { options, timings, delinearized }: DecisionInputs,
): Promise<ArrayOutcome> {
  // Parameters that are temporaries across calls become candidates (whole program).
  const tw = performance.now();
  const whole =
    crossCallOutcome(model, fn, declared, exposed, options.includedBy, options.program) ??
    staticScratchOutcome(model, fn, declared, exposed, options.includedBy, options.program);
  timings.lifetimeMs += Math.round(performance.now() - tw);
  const array = whole?.kind === 'candidate' || whole?.kind === 'promised' ? whole.array : declared;
  const delinearization = delinearized.find((o) => o.array === array.name);
  return decideArray({
    fn,
    array,
    options,
    timings,
    delinearization,
    whole,
    exposedReads: exposed,
  });
}

/**
 * The outcome as one of `fn`'s: every decision of a function names the same model of it (the
 * rewrite and the guards group them by it). A result for every value holds for the values
 * the calls pass too.
 */
function inFunction(o: ArrayOutcome, fn: FunctionModel): ArrayOutcome {
  if (o.fn === fn) return o;
  const verdict =
    'kind' in o.verdict && o.verdict.kind === 'contracted'
      ? { ...o.verdict, decision: { ...o.verdict.decision, fn } }
      : o.verdict;
  return { ...o, fn, verdict };
}

export function analyzeSource(
  source: string,
  file: string,
  options: AnalysisOptions,
): Promise<Analysis> {
  // A call of its own unless it runs within one (src/context/callContext.ts).
  return inCallContext(() => analyzeSourceInCall(source, file, options));
}

/**
 * Whether a function of another file passes one of its parameters on as a buffer (a
 * forwarder: `stage(t) { kern(t); }`). A caller here may then reach this file's kernel
 * through it (`run()` calls stage() with its local `t`, stage() calls `kern(t)` here): the
 * caller's buffers passed to the other file's functions are read too, or `t` was "not a
 * buffer of run()" (BC1116) and the kernel refused.
 */
function passesOnFromElsewhere(program: AnalysisOptions['program']): boolean {
  return !!program?.foreign.some((f) =>
    f.calls.some((c) => c.buffers.some((b) => b !== undefined && f.parameterNames.includes(b))),
  );
}

/** The model as the frontend reads it: the compiler's view or the built-in reading. */
async function readModel(source: string, file: string, options: AnalysisOptions) {
  // A copy safe for C names: the options may come from an API caller or a worker's message.
  const frontendOptions = {
    defines: nameRecord(options.defines),
    temporaries: options.temporaries,
    // The set agreed to shrink buffers this file passes to other files' functions.
    ...(options.program?.storage?.buffers.length || passesOnFromElsewhere(options.program)
      ? { everyCallee: true }
      : {}),
  };
  const view =
    options.compiler === false
      ? { model: buildModel(source, file, frontendOptions), macroUses: [] }
      : await buildCompilerModelAsync(source, file, {
          ...frontendOptions,
          compiler: options.compiler,
          skipWithoutCandidates: options.skipWithoutCandidates,
        });
  // What the rewriter cannot edit safely (a comment by the brackets) is refused first; what
  // later stages need of the text as written is read now, once.
  const model = withTextFacts(refuseUneditable(view.model, source), source);
  // Not the view's spelling map: its tokens of the file and of the preprocessed unit (most of
  // the memory of a large file) are garbage once the model is built (issue 29, item 3).
  const { macroUses } = view;
  const includes = 'includes' in view ? view.includes : undefined;
  const c89 = 'c89' in view ? view.c89 : undefined;
  const lineNumbering = 'lineNumbering' in view ? view.lineNumbering : undefined;
  return { view: { macroUses, includes, c89, lineNumbering }, model };
}

/** The codes the options suppress (unknown ones were refused with the options). */
function suppressions(options: AnalysisOptions): Suppressions {
  const names = (options.suppress ?? []).map(reasonNamed);
  return {
    configuration: new Set(names.filter((n): n is ReasonName => n !== undefined)),
    ...(options.hls ? { hls: true } : {}),
  };
}

async function analyzeSourceInCall(
  source: string,
  file: string,
  options: AnalysisOptions,
): Promise<Analysis> {
  const t0 = performance.now();
  const { view, model: built } = await readModel(source, file, options);
  const timings = emptyTimings(Math.round(performance.now() - t0));
  // Hand-linearized 1-D temporaries get their multi-dimensional view before any analysis.
  const td = performance.now();
  const delinearized = built.functions.map((fn) => delinearizeFunction(fn, options.only));
  const read: ProgramModel = { ...built, functions: delinearized.map((d) => d.fn) };
  timings.delinearizeMs = Math.round(performance.now() - td);
  // What every call passes for a function's arguments is a fact of its model: the same
  // statements and arrays, with those values and equalities (callSiteValues.ts).
  const model = modelWithCallSiteValues(read, options.includedBy, options.program);
  const work = options.workUnits ?? DEFAULT_WORK_UNITS;
  const exposed = new ExposedReads(read, knownParameterValues, work);
  const exposedPassed =
    model === read ? exposed : new ExposedReads(model, knownParameterValues, work);
  const outcomes: Outcome[] = [];
  for (const [f, fn] of read.functions.entries()) {
    const passed = model.functions[f]!;
    const inputs = { options, timings, delinearized: delinearized[f]!.outcomes };
    for (const declared of fn.arrays) {
      // Decided for every value first; the values every call passes only where that fails
      // (a result for all values stays as it was: folded in place, no address cost), and
      // not for a private copy of a parameter, new memory next to the callers' buffers.
      let o = await decideOne(read, fn, declared, exposed, inputs);
      if (passed !== fn && !isContracted(o)) {
        const withValues = await decideOne(model, passed, declared, exposedPassed, inputs);
        if (isContracted(withValues) && placementOf(withValues.verdict.decision) !== 'private')
          o = withValues;
      }
      outcomes.push(inFunction(o, passed));
    }
    options.progress?.(f + 1, read.functions.length);
  }
  const decided = await decideFile(outcomes, model, view.macroUses ?? [], options);
  const suppress = suppressions(options);
  const arrays = decided.outcomes.map((o) => reportOf(o, suppress));
  const diagnostics = [...model.diagnostics, ...model.functions.flatMap((f) => f.diagnostics)].map(
    (d) => ({
      code: codeOf(d.reason),
      severity: d.severity,
      line: d.loc.line,
      column: d.loc.column,
      message: d.message,
      ...(suppress.configuration.has(d.reason) ? { suppressed: 'configuration' as const } : {}),
    }),
  );
  return {
    model,
    // An array of a C++ template's text is rewritten once for its instantiations.
    decisions: rewrittenOnce(decided.outcomes.filter(isContracted).map((o) => o.verdict.decision)),
    outcomes: decided.outcomes,
    report: {
      file,
      arrays,
      diagnostics,
      ...(options.hls ? { onChip: onChipTotals(arrays) } : {}),
      timings,
    },
    macroUses: view.macroUses,
    ...(view.includes ? { includes: view.includes } : {}),
    ...(view.c89 ? { c89: true } : {}),
    ...(view.lineNumbering ? { lineNumbering: view.lineNumbering } : {}),
    ...(decided.storage ? { storage: decided.storage } : {}),
  };
}
