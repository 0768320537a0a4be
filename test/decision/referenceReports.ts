/**
 * The reports of every sample, fixture and adversarial program, as plain data to compare
 * (issue 28: the decision rebuilt as passes must give every array the same status, size and
 * reason). Each program is contracted through the library with the options listed here; the
 * report is kept without its timings (they differ from run to run) and without the reason
 * codes, which the reference predates; the output is kept as a digest of its text.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, type ContractResult, type Options } from '../../src/index.js';
import { IncludeIndex } from '../../src/cli/includers.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The adversarial programs' folder, relative to the root. test/adversarial/programTests.ts
 * compares their reports with the reference, on the contraction its other tests check.
 */
export const ADVERSARIAL = 'test/adversarial/programs';

/** One run: a file (relative to the root) with its options' name. */
export interface Run {
  readonly file: string;
  readonly variant: string;
}

/** The option sets a file is run with: every file by default, the samples with a few more. */
const VARIANTS: Record<string, Options> = {
  default: {},
  hls: { hls: true },
  cell: { lifetimes: 'cell' },
  pow2: { modulo: 'pow2' },
  text: { compiler: false },
};

function cFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return cFiles(full);
      return name.endsWith('.c') ? [full] : [];
    });
}

/** Every run of the reference, in a fixed order. */
export function referenceRuns(): Run[] {
  const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
  const samples = cFiles(path.join(ROOT, 'samples')).map(rel);
  const others = [
    ...cFiles(path.join(ROOT, 'test', 'fixtures')),
    ...cFiles(path.join(ROOT, ADVERSARIAL)),
  ].map(rel);
  return [
    ...samples.flatMap((file) => Object.keys(VARIANTS).map((variant) => ({ file, variant }))),
    ...others.map((file) => ({ file, variant: 'default' })),
  ];
}

/**
 * The files of the samples and fixtures run with the default options, in the reference's
 * order: sameReports.test.ts takes one of SHARE of them (every sample and fixture in turn),
 * sameReportsRest.long.test.ts the others (helpers/longShare.ts).
 */
export function defaultRuns(): string[] {
  return referenceRuns()
    .filter((r) => r.variant === 'default' && !r.file.startsWith(`${ADVERSARIAL}/`))
    .map((r) => r.file);
}

export const SHARE = 2;

/** What a run gives: the report (or the error thrown) and the output's digest. */
export interface RunResult {
  readonly report?: unknown;
  readonly error?: string;
  readonly output?: string;
  readonly changed?: boolean;
}

interface Shape {
  file: string;
  diagnostics: (string | { severity: string; line: number; column: number; message: string })[];
  arrays: { warnings: (string | { message: string })[] }[];
}

/**
 * A report as the reference has it: without timings and without the reason codes added
 * later (warnings and diagnostics were strings before they had codes).
 */
function comparable(report: unknown): unknown {
  const r = JSON.parse(
    JSON.stringify(report, (key, value) =>
      key === 'timings' || key === 'code' || key === 'suppressed' ? undefined : value,
    ),
  ) as Shape;
  return {
    ...r,
    diagnostics: r.diagnostics.map((d) =>
      typeof d === 'string' ? d : `${r.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`,
    ),
    arrays: r.arrays.map((a) => ({
      ...a,
      warnings: a.warnings.map((w) => (typeof w === 'string' ? w : w.message)),
    })),
  };
}

/** The library call of a run: its text and options. */
export function callOf(run: Run): { source: string; options: Options } {
  const full = path.join(ROOT, run.file);
  const source = readFileSync(full, 'utf8');
  // A program of several files (a folder of the adversarial programs): the files that
  // include this one are told so, as `contract -i` over the folder does.
  const folder = path.dirname(full);
  const inProgramFolder =
    run.file.startsWith(`${ADVERSARIAL}/`) && path.basename(folder) !== 'programs';
  const includedBy = inProgramFolder ? new IncludeIndex([folder]).includersOf(full) : [];
  const options: Options = {
    file: inProgramFolder ? full : run.file,
    ...VARIANTS[run.variant],
    ...(includedBy.length > 0 ? { includedBy } : {}),
  };
  return { source, options };
}

/** What a call gave (its result, or the error it threw), as the reference records it. */
export function recordOf(outcome: ContractResult | Error): RunResult {
  if (outcome instanceof Error) return { error: outcome.message.split(ROOT + '/').join('') };
  const { code, changed, report } = outcome;
  const relReport = JSON.parse(
    JSON.stringify(report)
      .split(ROOT + '/')
      .join(''),
  );
  return {
    report: comparable(relReport),
    changed,
    output: createHash('sha256').update(code).digest('hex').slice(0, 16),
  };
}

export async function runOne(run: Run): Promise<RunResult> {
  const { source, options } = callOf(run);
  return recordOf(await contract(source, options).catch((e: Error) => e));
}

/** test/decision/reference.json: the recorded result of each run, by `variant file`. */
export function readReference(): Record<string, RunResult> {
  return JSON.parse(
    readFileSync(path.join(ROOT, 'test', 'decision', 'reference.json'), 'utf8'),
  ) as Record<string, RunResult>;
}

/**
 * The tests of sameReports*.test.ts: the reference holds every run and only them (when
 * `checkKeys`), and each run `which` selects gives its recorded result.
 */
export function compareReferenceRuns(which: (run: Run) => boolean, checkKeys = false): void {
  const reference = readReference();
  const all = referenceRuns().map((r) => [`${r.variant} ${r.file}`, r] as const);

  if (checkKeys)
    it('the reference has every run and only them', () => {
      expect(Object.keys(reference).sort()).toEqual(all.map(([k]) => k).sort());
    });

  it.each(all.filter(([, r]) => which(r)))('%s', async (key, run) => {
    expect(await runOne(run)).toEqual(reference[key]);
  });
}
