/**
 * Unity builds in a multi-file run (issue 27; the rules: src/pipeline/wholeProgram/unityBuild.ts).
 * Before the analyses: which files of the set are units (the others are compiled only inside
 * the file that includes them), and per included file its reading inside its host (the
 * host's options, and the host's text for the preprocessor: src/frontend/hostUnit.ts) or
 * its refusal. After them: a refused file keeps its text (every array it would change says
 * why), and a file read in its host that is a unit of its own too keeps its text unless its
 * own reading gives the same output.
 */
import path from 'node:path';
import type { ContractOptions } from '../../pipeline/contraction.js';
import type { ProgramView } from '../../model/program.js';
import { codeOf, type ReasonName } from '../../model/reasons.js';
import { refusedAlone } from '../../frontend/compilerSyntax.js';
import { refusedEverywhere } from '../../pipeline/configurations/refusedReport.js';
import { emptyReport } from '../../pipeline/report.js';
import type { UnitSummary } from '../../pipeline/wholeProgram/fileSet.js';
import {
  UnitIncludes,
  unityVerdict,
  type UnityVerdict,
} from '../../pipeline/wholeProgram/unityBuild.js';
import type { FileJob, FileOutcome } from './job.js';
import { mergedReadings, type ArrayKey } from '../../pipeline/configurations/unityGuards.js';
import { disagreeing } from '../../pipeline/configurations/agreement.js';
import type { ConfigurationRefusal } from '../../pipeline/options.js';

const abs = (f: string) => path.resolve(f);

/** What the run does with the included files of its set. */
export interface UnityPlan {
  /** The units of the set: its files less those compiled only inside another. */
  readonly units: UnitSummary[];
  /** By file index: the verdict of each file another unit includes. */
  readonly verdicts: ReadonlyMap<number, UnityVerdict>;
  /** By file index: read in its host and a unit of its own too (its own reading to compare). */
  readonly ownUnits: ReadonlySet<number>;
  /** By file index: included by another and not compiled alone (no own reading to fail). */
  readonly onlyInside: ReadonlySet<number>;
}

export interface UnityInput {
  readonly files: readonly string[];
  readonly options: readonly ContractOptions[];
  readonly units: readonly UnitSummary[];
  /** The text of every file of the set, by absolute path. */
  readonly sources: ReadonlyMap<string, string>;
  /** The files the build compiles, when a compilation database says (`-p`). */
  readonly buildUnits?: readonly string[];
  /** The options of a file of the set not analysed (a host from the database only). */
  readonly optionsFor: (file: string) => ContractOptions;
}

export function planUnity(input: UnityInput): UnityPlan {
  const { files, options, units } = input;
  const built = input.buildUnits && new Set(input.buildUnits.map(abs));
  const includes = new UnitIncludes(units);
  const included = files.flatMap((f, k) => (includes.including(f).length > 0 ? [k] : []));
  // A file included by another, which the build does not compile or the compiler refuses
  // alone, is compiled only inside its includer.
  const ownUnits = new Set<number>();
  const onlyInside = new Set<number>();
  const notUnits = new Set<string>();
  const alone = (f: string, o: ContractOptions) => {
    const source = input.sources.get(abs(f));
    return built
      ? built.has(abs(f))
      : source !== undefined &&
          (o.compiler === false ||
            refusedAlone(source, f, { compiler: o.compiler, defines: o.defines }) === undefined);
  };
  for (const k of included) {
    if (alone(files[k]!, options[k]!)) ownUnits.add(k);
    else {
      notUnits.add(abs(files[k]!));
      onlyInside.add(k);
    }
  }
  // So is a file of the set not given (an includer on the way: main.c includes mid.c,
  // which includes kern.c) that another unit includes.
  const given = new Set(files.map(abs));
  for (const u of units)
    if (
      !given.has(abs(u.file)) &&
      includes.including(u.file).length > 0 &&
      !alone(u.file, input.optionsFor(u.file))
    )
      notUnits.add(abs(u.file));
  const setUnits = units.filter((u) => !notUnits.has(abs(u.file)));
  const byFile = new Map<string, number>();
  files.forEach((f, k) => {
    if (!byFile.has(abs(f))) byFile.set(abs(f), k);
  });
  const hostOptions = (host: string) => {
    const k = byFile.get(abs(host));
    return k !== undefined ? options[k]! : input.optionsFor(host);
  };
  const setIncludes = new UnitIncludes(setUnits);
  const verdicts = new Map<number, UnityVerdict>();
  for (const k of included) {
    let v = unityVerdict(setIncludes, {
      file: files[k]!,
      namedBy: options[k]!.includedBy ?? [],
    });
    if (v.kind === 'through' && hostOptions(v.host).compiler === false)
      v = {
        kind: 'refused',
        code: 'included-by-other-file',
        reason: `${v.host} includes this file and is read without the compiler: its arrays are left unchanged`,
      };
    verdicts.set(k, v);
  }
  return {
    units: setUnits,
    verdicts,
    ownUnits: new Set([...ownUnits].filter((k) => verdicts.get(k)?.kind === 'through')),
    onlyInside,
  };
}

/**
 * The options of a file read in its host: the host's (its flags, defines and configuration
 * file), the host's text for the preprocessor, and what the host's unit sees of the set.
 */
export function throughOptions(
  host: string,
  hostSource: string,
  hostOptions: ContractOptions,
  view: ProgramView | undefined,
  modelledInFull: boolean,
): ContractOptions {
  const { configurations, program: _, ...rest } = hostOptions;
  const through = { host: { file: host, source: hostSource } };
  // Each configuration of the host reads the file inside it (configurations/index.ts).
  return {
    ...rest,
    compiler: { ...(rest.compiler || {}), ...through },
    ...(configurations && configurations.length > 0
      ? {
          configurations: configurations.map((c) => ({
            ...c,
            compiler: { ...c.compiler, ...through },
          })),
        }
      : {}),
    ...(view ? { program: view } : {}),
    ...(modelledInFull ? { skipWithoutCandidates: false } : {}),
  };
}

/** The file is read inside the file that includes it (its results rest on that text too). */
export function readInHost(options: ContractOptions | undefined): boolean {
  return !!options?.compiler && !!options.compiler.host;
}

/** A file's reading inside another unit that includes it. */
export interface OtherReading {
  readonly host: string;
  readonly options: ContractOptions;
}

export interface SettleInput {
  readonly files: readonly string[];
  /** By file index; replaced where the plan keeps a file's text. */
  readonly outcomes: (FileOutcome | undefined)[];
  /** By file index: the options of a unit of its own's own reading. */
  readonly ownOptions: ReadonlyMap<number, ContractOptions>;
  /**
   * By file index: its readings inside the other units that include it (the verdict's
   * `others`). A file with other hosts and no readings here is kept as written.
   */
  readonly otherReadings?: ReadonlyMap<number, readonly OtherReading[]>;
  /**
   * By file index: the options of its reading inside its host (read again when its
   * includers' readings change arrays otherwise, those arrays refused).
   */
  readonly hostOptions?: readonly (ContractOptions | undefined)[];
  readonly plan: UnityPlan;
  readonly sourceOf: readonly string[];
  readonly run: (jobs: readonly FileJob[]) => Promise<FileOutcome[]>;
}

/**
 * After the analyses, before the edits across files: a refused file keeps its text; one read
 * in its host that is a unit of its own too, or that other units include too, keeps its text
 * unless each other reading gives the same output (its text must be right for each unit
 * that compiles it), and offers nothing to the set.
 */
export async function settleUnity(input: SettleInput): Promise<void> {
  await settleOwnUnits(input);
  await settleOtherHosts(input);
}

async function settleOwnUnits(input: SettleInput): Promise<void> {
  const { files, outcomes, plan } = input;
  for (const [k, v] of plan.verdicts) {
    const o = outcomes[k];
    if (o?.kind === 'done' && v.kind === 'refused')
      outcomes[k] = kept(o, input.sourceOf[k]!, v.code, v.reason, true);
    // Its reading alone failed, but no build compiles it alone: kept as written, not skipped
    // (libjpeg-turbo's jccolext.c, included 7 times by jccolor.c, made every run exit 4).
    else if (o?.kind === 'refused' && v.kind === 'refused' && plan.onlyInside.has(k))
      outcomes[k] = keptUnread(input.files[k]!, input.sourceOf[k]!, v.code, v.reason);
  }
  const own = [...plan.ownUnits].filter((k) => input.ownOptions.has(k));
  const results = await input.run(
    own.map((k) => ({
      file: files[k]!,
      source: input.sourceOf[k]!,
      options: input.ownOptions.get(k)!,
    })),
  );
  for (const [j, k] of own.entries()) {
    const o = outcomes[k];
    const alone = results[j]!;
    if (o?.kind !== 'done') continue;
    // Its parameters offered to the set would be retyped in one reading only.
    const { offers: _, ...through } = o;
    const same = alone.kind === 'done' && alone.text === o.text;
    outcomes[k] =
      same || !o.changed
        ? through
        : kept(
            through,
            input.sourceOf[k]!,
            'own-unit-disagrees',
            `this file compiles as a unit of its own too, and its own reading ${alone.kind === 'done' ? 'changes it otherwise' : 'fails'}: it is left as written`,
          );
  }
}

/**
 * A file several units include (issue 27 item 3: CHStone-like unity builds where two main
 * files include one kernel file, each with its own `#define`s before it): read inside each,
 * its text is written when every reading gives it, or when the readings change the same
 * code and differ only in their guards (one text whose guards accept each includer's macros:
 * unityGuards.ts); that text then holds in each unit's configuration and with each unit's
 * calls. Arrays the readings change otherwise (one contracts, another leaves; two mappings)
 * are refused in every reading, which are read again, as the configurations do
 * (configurations/index.ts): the others may still make one text. Else the file stays as
 * written, with the reason.
 */
async function settleOtherHosts(input: SettleInput): Promise<void> {
  const { outcomes, plan } = input;
  const several = [...plan.verdicts].flatMap(([k, v]) =>
    v.kind === 'through' && (v.others ?? []).length > 0 ? [[k, v] as const] : [],
  );
  const jobs = several.flatMap(([k]) =>
    (input.otherReadings?.get(k) ?? []).map((r) => ({ k, host: r.host, job: jobOf(input, k, r) })),
  );
  const results = await input.run(jobs.map((j) => j.job));
  for (const [k, v] of several) {
    const o = outcomes[k];
    if (o?.kind !== 'done') continue;
    const readings = jobs.flatMap((j, n) => (j.k === k ? [[j.host, results[n]!] as const] : []));
    outcomes[k] = await settledHosts(input, k, v, o, readings);
  }
}

/** Rounds of reading again, each refusing more arrays in every reading. */
const ROUNDS = 3;

type Done = Extract<FileOutcome, { kind: 'done' }>;
type Through = Extract<UnityVerdict, { kind: 'through' }>;
type Reading = readonly [string, FileOutcome];

function jobOf(
  input: SettleInput,
  k: number,
  r: OtherReading,
  refusals: readonly ConfigurationRefusal[] = [],
): FileJob {
  const options =
    refusals.length === 0
      ? r.options
      : {
          ...r.options,
          configurationRefusals: [...(r.options.configurationRefusals ?? []), ...refusals],
        };
  return { file: input.files[k]!, source: input.sourceOf[k]!, options };
}

/** The outcome of file `k` after its readings inside its host (`first`) and the others. */
async function settledHosts(
  input: SettleInput,
  k: number,
  v: Through,
  first: Done,
  others: readonly Reading[],
): Promise<FileOutcome> {
  let refusals: ConfigurationRefusal[] = [];
  for (let round = 0; ; round++) {
    // Its parameters offered to the set would be retyped in one unit's reading only.
    const { offers: _, guardLines: __, callFree: ___, ...through } = first;
    if (!first.changed) return through;
    const merged = oneText(input.files[k]!, v, first, others);
    if ('text' in merged) return { ...through, text: merged.text };
    const more = round < ROUNDS ? newRefusals(v, first, others, refusals, merged.rest) : [];
    const hostOptions = input.hostOptions?.[k];
    if (more.length === 0 || !hostOptions)
      return kept(
        through,
        input.sourceOf[k]!,
        'included-by-several-units',
        `${v.host} and ${merged.host} both include this file (each compiles it under its own macros, with its own calls), and its reading inside ${merged.host} ${merged.why}: it is left as written`,
      );
    refusals = [...refusals, ...more];
    const again = await input.run([
      jobOf(input, k, { host: v.host, options: hostOptions }, refusals),
      ...(input.otherReadings?.get(k) ?? []).map((r) => jobOf(input, k, r, refusals)),
    ]);
    if (again[0]!.kind !== 'done')
      return kept(
        through,
        input.sourceOf[k]!,
        'included-by-several-units',
        `its reading inside ${v.host} fails once the arrays its includers read otherwise are refused: it is left as written`,
      );
    first = again[0]!;
    others = others.map(([h], n) => [h, again[n + 1]!] as const);
  }
}

/**
 * The one text of the readings inside the host and the other includers, or why there is
 * none (the first array they change otherwise, when their reports say).
 */
function oneText(
  file: string,
  v: Through,
  first: Done,
  others: readonly Reading[],
): { text: string } | { host: string; why: string; rest?: readonly ArrayKey[] } {
  const missing = v.others!.find((h) => !others.some(([o]) => o === h));
  if (missing) return { host: missing, why: 'is not read' };
  const failed = others.find(([, r]) => r.kind !== 'done');
  if (failed) return { host: failed[0], why: 'fails' };
  const all = [[v.host, first] as const, ...(others as (readonly [string, Done])[])];
  const merged = mergedReadings(
    file,
    all.map(([h, r]) => ({
      host: h,
      text: r.text,
      report: r.report,
      ...(r.guardLines ? { guardLines: r.guardLines } : {}),
      ...(r.callFree ? { callFree: r.callFree } : {}),
    })),
  );
  if ('text' in merged) return merged;
  const other = all.find(([h]) => h === merged.host)!;
  const d = disagreeing([first.report, other[1].report], [v.host, merged.host])[0];
  const array = d && `${d.function}:${d.array} at line ${d.line}: ${d.what}`;
  return { ...merged, why: array ? `${merged.why} (${array})` : merged.why };
}

/**
 * The arrays the readings change otherwise, and those whose results rest on their includers
 * where the readings' guards differ (`rest`), not refused yet: refused in every reading.
 */
function newRefusals(
  v: Through,
  first: Done,
  others: readonly Reading[],
  refused: readonly ConfigurationRefusal[],
  rest: readonly ArrayKey[] = [],
): ConfigurationRefusal[] {
  const done = others.flatMap(([h, r]) => (r.kind === 'done' ? [[h, r] as const] : []));
  if (done.length < others.length) return [];
  const hosts = [v.host, ...done.map(([h]) => h)];
  const read = disagreeing([first.report, ...done.map(([, r]) => r.report)], hosts).map((d) => ({
    ...d,
    message: `the units that include this file read it otherwise (${d.what}), and its one text must hold for each: it is left as written`,
  }));
  const resting = rest.map((a) => ({
    ...a,
    message: `${hosts.join(' and ')} include this file and guard it for their own macros, and its result rests on the includer's code (a guard for each includer's macros would let another build it with them): it is left as written`,
  }));
  const known = new Set(refused.map((r) => `${r.function}:${r.array}:${r.line}`));
  const out = new Map<string, ConfigurationRefusal>();
  for (const d of [...read, ...resting]) {
    const key = `${d.function}:${d.array}:${d.line}`;
    if (!known.has(key) && !out.has(key))
      out.set(key, {
        function: d.function,
        array: d.array,
        line: d.line,
        code: 'included-by-several-units',
        message: d.message,
      });
  }
  return [...out.values()];
}

/**
 * The file as written, every array the outcome would change left unchanged with `code`;
 * with `every`, every array of the report says so (its reading is not the compiler's: the
 * reasons it gives are not the ones that keep the array).
 */
/** A file left as written whose arrays no reading listed: the report holds the reason only. */
function keptUnread(file: string, source: string, code: ReasonName, reason: string): FileOutcome {
  const report = emptyReport(file);
  return kept({ kind: 'done', text: source, changed: false, report }, source, code, reason);
}

function kept(
  o: Extract<FileOutcome, { kind: 'done' }>,
  source: string,
  code: ReasonName,
  reason: string,
  every = false,
): FileOutcome {
  const { offers: _, ...rest } = o;
  const refused = refusedEverywhere(o.report, reason, code);
  const report = every
    ? {
        ...refused,
        arrays: refused.arrays.map((a) => ({
          ...a,
          status: 'unchanged' as const,
          reason,
          code: codeOf(code),
        })),
      }
    : refused;
  return {
    ...rest,
    text: source,
    changed: false,
    report: {
      ...report,
      diagnostics: [
        ...report.diagnostics,
        { code: codeOf(code), severity: 'note', line: 1, column: 1, message: reason },
      ],
    },
  };
}

/** The reports of the files read in their hosts say so (after the edits across files). */
export function noteHostReadings(outcomes: (FileOutcome | undefined)[], plan: UnityPlan): void {
  for (const [k, v] of plan.verdicts) {
    const o = outcomes[k];
    if (o?.kind !== 'done' || v.kind !== 'through') continue;
    const note = {
      code: codeOf('read-in-includer'),
      severity: 'note' as const,
      line: 1,
      column: 1,
      message:
        (v.others ?? []).length > 0
          ? `read as ${[v.host, ...v.others!].join(' and ')} build it: each includes this file`
          : `read as ${v.host} builds it: ${v.host} includes this file`,
    };
    outcomes[k] = { ...o, report: { ...o.report, diagnostics: [...o.report.diagnostics, note] } };
  }
}
