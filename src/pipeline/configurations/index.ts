/**
 * The result that holds in every configuration the user names (issue 27, item 3): the
 * file is analysed once per configuration (each its own compiler view: -D/-U flags, or an
 * entry of compile_commands.json), an array is contracted only where every configuration
 * gives the same decision and mapping, and the output is one text that each configuration
 * compiles exactly as it compiles its own result (checked by its preprocessor). Where they
 * disagree the array stays, with the reason naming them (configurations-disagree).
 *
 * A file the first configuration leaves as written is analysed once (an array changes only
 * where every configuration changes it), and so is a file whose preprocessed text is the
 * same in every configuration: its results cannot differ. With fewer than two configurations, the one given is analysed and
 * a function with conditionals gets its guard, as `contract` always did.
 *
 * A configuration's `compiler` replaces the options' own: it is the file's whole view.
 */
import { contractSource, type Contraction, type ContractOptions } from '../contraction.js';
import { rewrite, type RewritePlan } from '../../rewrite/index.js';
import type { PreprocessOptions } from '../../frontend/preprocess.js';
import type { ConfigurationRefusal } from '../options.js';
import type { FileReport } from '../report.js';
import { InputError } from '../../model/errors.js';
import { disagreements, everyChange } from './agreement.js';
import { combinedGuards, isGuard } from './combinedGuards.js';
import { compiledText, configurationCompiler } from './compiledText.js';
import { notNames, withoutDefinitions } from './notMacros.js';
import { mergePlans, withMergedBounds, type Merged } from './mergePlans.js';
import { refusedEverywhere } from './refusedReport.js';
import type { ReasonName } from '../../model/reasons.js';
import { NotIncludedError } from '../../frontend/hostUnit.js';

/** Rounds of re-analysis before every change is given up (each round refuses more arrays). */
const ROUNDS = 4;

export async function contractInConfigurations(
  source: string,
  file: string,
  options: ContractOptions,
): Promise<Contraction> {
  const { configurations, ...single } = options;
  if (!configurations || configurations.length === 0) return contractSource(source, file, single);
  if (configurations.length === 1)
    return contractSource(source, file, { ...single, compiler: configurations[0]!.compiler });
  if (configurations.some((c) => c.compiler.host))
    return sameInEvery(source, file, single, configurations);
  const compilers = configurations.map((c) =>
    configurationCompiler(c, source, file, options.defines),
  );
  const views = configurations.map((c) => ({ ...single, compiler: c.compiler }));
  const labels = configurations.map((c) => c.label);
  let refusals: readonly ConfigurationRefusal[] = options.configurationRefusals ?? [];
  const inConfiguration = (k: number) =>
    saysWhich(labels[k]!, () =>
      contractSource(source, file, { ...views[k]!, configurationRefusals: refusals }),
    );
  const first = await inConfiguration(0);
  // An array changes only where every configuration changes it alike: none here, none at
  // all (most files of a code base: one analysis, no other preprocessor run).
  if (!first.changed) return named(first, labels, 1);
  if (
    sameEverywhere(source, file, compilers) &&
    compilers.every((c) => compiledText(first.text, file, c) !== undefined)
  )
    return named(first, labels, 1);
  let analysed = 1;
  for (let round = 1; ; round++) {
    const results: Contraction[] = round === 1 ? [first] : [];
    // One after the other: they share the call's context (callContext.ts).
    for (let k = results.length; k < views.length; k++) results.push(await inConfiguration(k));
    analysed += views.length - (round === 1 ? 1 : 0);
    const reports = results.map((r) => r.analysis.report);
    let more = disagreements(reports, labels);
    if (more.length === 0) {
      const one = oneOutput(results, file, compilers, labels);
      if ('text' in one) return named(withIncludes(results, one), labels, analysed);
      const why = `the configurations named disagree: ${one.problem}`;
      more = one.array ? refusalsOf(reports, source, one.array, why) : [];
      if (more.length === 0) more = everyChange(reports, why);
    }
    // A refusal that did not take (an entry of the report that is no array of the model).
    const known = new Set(refusals.map(refusalKey));
    if (more.every((r) => known.has(refusalKey(r)))) more = [];
    if (more.length === 0 || round >= ROUNDS) {
      const why = `the configurations named disagree (${labels.join('; ')})`;
      return named(unchanged(results[0]!, source, why), labels, analysed);
    }
    refusals = [...refusals, ...more];
  }
}

/**
 * A file read inside the file that includes it (a unity build, src/frontend/hostUnit.ts),
 * whose includer is built in several configurations: each compiles this one text inside the
 * includer, which cannot be preprocessed here with another text in the file's place (the
 * merge above checks a merged text so). The result holds in every configuration when it is
 * each one's own result, text for text (each analysis proved it for its configuration,
 * guards included); else the file stays as written (`included-in-configurations`).
 */
async function sameInEvery(
  source: string,
  file: string,
  single: Omit<ContractOptions, 'configurations'>,
  configurations: NonNullable<ContractOptions['configurations']>,
): Promise<Contraction> {
  const labels = configurations.map((c) => c.label);
  const results: Contraction[] = [];
  const read: string[] = [];
  let notIncluded: unknown;
  for (const [k, c] of configurations.entries()) {
    const r = await saysWhich(labels[k]!, () =>
      contractSource(source, file, { ...single, compiler: c.compiler }).catch((e: unknown) => {
        // A configuration whose includer does not include the file does not compile it.
        if (!(e instanceof NotIncludedError)) throw e;
        notIncluded = e;
        return undefined;
      }),
    );
    if (!r) continue;
    results.push(r);
    read.push(labels[k]!);
    // Unchanged in one, unchanged in all: no other analysis.
    if (!r.changed) return named(r, labels, k + 1);
  }
  if (results.length === 0) throw notIncluded;
  const first = results[0]!;
  const differs = results.findIndex((r) => r.text !== first.text);
  if (differs < 0) return named(withIncludes(results, first), labels, configurations.length);
  const why = `the file that includes this one is built in ${labels.length} configurations, and '${read[differs]}' changes this file otherwise than '${read[0]}' (one text must hold in each): it is left as written`;
  const kept = unchanged(first, source, why, 'included-in-configurations');
  return named(kept, labels, configurations.length);
}

/** Input refused in one configuration says which (the others may compile it). */
async function saysWhich<T>(label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(`in the configuration '${label}': ${e.message}`, e.file, e.loc);
  }
}

/** The result with the configurations it holds in, in its report. */
function named(c: Contraction, labels: readonly string[], analysed: number): Contraction {
  const report = { ...c.analysis.report, configurations: { named: [...labels], analysed } };
  return { ...c, analysis: { ...c.analysis, report } };
}

/** Why the results make no one output; the array it is about when the plans say. */
interface Problem {
  readonly problem: string;
  readonly array?: { readonly name: string; readonly at: number };
}

const refusalKey = (r: ConfigurationRefusal) => `${r.function}:${r.array}:${r.line}`;

/** The entries of the array declared at offset `at` (a declarator's line and name). */
function refusalsOf(
  reports: readonly FileReport[],
  source: string,
  array: { name: string; at: number },
  message: string,
): ConfigurationRefusal[] {
  const line = source.slice(0, array.at).split('\n').length;
  const entries = reports[0]!.arrays.filter((a) => a.name === array.name && a.line === line);
  return entries.map((a) => ({ function: a.function, array: a.name, line, message }));
}

/** The same preprocessed text in every configuration: one analysis stands for all. */
function sameEverywhere(
  source: string,
  file: string,
  compilers: readonly PreprocessOptions[],
): boolean {
  const texts = compilers.map((c) => compiledText(source, file, c));
  return texts[0] !== undefined && texts.every((t) => t === texts[0]);
}

/**
 * The one output of the configurations' results, or why there is none: their plans do not
 * merge, or a configuration compiles the merged text otherwise than its own result, or the
 * guards stop one of them.
 */
function oneOutput(
  results: readonly Contraction[],
  file: string,
  compilers: readonly PreprocessOptions[],
  labels: readonly string[],
): { text: string; plan: RewritePlan } | Problem {
  const unguarded = results.map((r) => withoutGuards(r.plan));
  const merged: Merged = mergePlans(unguarded);
  if ('conflict' in merged)
    return { problem: merged.conflict, ...(merged.array ? { array: merged.array } : {}) };
  const guards = combinedGuards(
    results.map((r) => (r.plan.insertions ?? []).filter(isGuard)),
    labels,
    file,
    merged.plan.source,
  );
  const plan = { ...merged.plan, insertions: [...(merged.plan.insertions ?? []), ...guards] };
  if (plan.arrays.length === 0) return { text: plan.source, plan };
  const names = notNames(file, labels.length);
  let bare: string, text: string;
  try {
    bare = rewrite(merged.plan).text;
    text = rewrite(plan).text;
  } catch (e) {
    return { problem: `the merged plan cannot be written (${(e as Error).message})` };
  }
  for (const [k, c] of compilers.entries()) {
    const own = compiledText(textOf(withMergedBounds(unguarded[k]!, merged.plan)), file, c);
    if (own === undefined || compiledText(bare, file, c) !== own)
      return { problem: `the merged text compiles otherwise in '${labels[k]}'` };
    const guarded = compiledText(text, file, c);
    if (guarded === undefined) return { problem: `the guards stop the build in '${labels[k]}'` };
    // The guards' macros are defined from a configuration's guard to the file's end: code
    // there that reads one (`#ifdef BEECLAK_NOT_boards_c_2`) would compile otherwise.
    const neutral = compiledText(withoutDefinitions(text, names), file, c);
    if (neutral === undefined || codeLines(guarded) !== codeLines(neutral))
      return { problem: `the guards change the code compiled in '${labels[k]}'` };
  }
  return { text, plan };
}

/** A compiled text's code: without its line markers and empty lines. */
const codeLines = (compiled: string) =>
  compiled
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^#\s*\d/.test(l))
    .join('\n');

function withoutGuards(plan: RewritePlan): RewritePlan {
  return { ...plan, insertions: (plan.insertions ?? []).filter((i) => !isGuard(i)) };
}

const textOf = (plan: RewritePlan) => (plan.arrays.length > 0 ? rewrite(plan).text : plan.source);

/** The first configuration's analysis (its report), with the headers every one read. */
function withIncludes(
  results: readonly Contraction[],
  { text, plan }: { text: string; plan: RewritePlan },
): Contraction {
  const first = results[0]!;
  const includes = [...new Set(results.flatMap((r) => r.analysis.includes ?? []))].sort();
  const analysis = includes.length > 0 ? { ...first.analysis, includes } : first.analysis;
  return { analysis, text, plan, changed: text !== plan.source };
}

/** The last resort: the file as written, every array its report changed left unchanged. */
function unchanged(
  first: Contraction,
  source: string,
  message: string,
  code?: ReasonName,
): Contraction {
  const analysis = {
    ...first.analysis,
    report: refusedEverywhere(first.analysis.report, message, code),
  };
  return { analysis, text: source, changed: false, plan: { ...first.plan, arrays: [] } };
}
