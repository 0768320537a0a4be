/**
 * The preprocessor's outputs a call shares between its readings of one unit (issue 27, "the
 * cost stays per file"): a multi-file run read every file twice or three times with the same
 * command, once in its main thread for the unit's summary (src/pipeline/wholeProgram/
 * setSummaries.ts), again on a worker for its analysis, and once more for its part of the
 * edits across files. Now the summary's reading records its outputs, the run hands them to the
 * file's jobs, and `preprocessorOutput` (preprocess.ts) takes a recorded output in place of
 * running the compiler.
 *
 * An output is keyed by everything the run hands the compiler: the compiler, its arguments,
 * the folder it runs in and its input. The headers it reads are read once per run this way
 * (the summary and the analysis of a file can no longer see two versions of a header edited
 * meanwhile), and the result cache checks them as before (cache.ts: an entry lists them).
 */
import { createHash } from 'node:crypto';
import { CallContext, CallSlot, withCallContext } from '../context/callContext.js';

/** One run of the preprocessor: its key (`runKey`) and its output, as it wrote it. */
export interface PreprocessorRun {
  readonly key: string;
  readonly output: string;
}

interface Runs {
  /** The outputs this call may take instead of running the compiler, by key. */
  given: ReadonlyMap<string, string>;
  /** Where the runs made are recorded, when the call records them. */
  made: Map<string, string> | undefined;
}

const runs = new CallSlot((): Runs => ({ given: new Map(), made: undefined }));

/** The key of a run: the compiler, its arguments, its folder and its input (latin1). */
export function runKey(
  cc: string,
  args: readonly string[],
  cwd: string | undefined,
  input: string,
): string {
  return createHash('sha256')
    .update(JSON.stringify([cc, args, cwd ?? null]))
    .update('\0')
    .update(input, 'latin1')
    .digest('hex');
}

/** Whether this call takes or records runs (else no key need be made). */
export function sharesRuns(): boolean {
  const r = runs.current();
  return r !== undefined && (r.given.size > 0 || r.made !== undefined);
}

/** The output of the run `key` given to this call, if any. */
export function givenOutput(key: string): string | undefined {
  const r = runs.current();
  return r?.given.get(key) ?? r?.made?.get(key);
}

/** Records a run made, when the call records them. */
export function noteRun(key: string, output: string): void {
  runs.current()?.made?.set(key, output);
}

/** Runs `fn` in the current call, or in a call of its own when there is none. */
function inCall<T>(fn: () => T): T {
  return runs.current() ? fn() : withCallContext(fn, new CallContext());
}

/**
 * `fn` with `given` taken for the runs it would make (a worker's call serves one job at a
 * time: the outputs are the job's, and leave with it).
 */
export async function withGivenRuns<T>(
  given: readonly PreprocessorRun[],
  fn: () => Promise<T>,
): Promise<T> {
  if (given.length === 0) return fn();
  return inCall(async () => {
    const r = runs.current()!;
    const before = r.given;
    r.given = new Map(given.map((g) => [g.key, g.output]));
    try {
      return await fn();
    } finally {
      r.given = before;
    }
  });
}

/** `fn`'s value and the preprocessor runs it made. */
export function recordingRuns<T>(fn: () => T): { value: T; runs: PreprocessorRun[] } {
  return inCall(() => {
    const r = runs.current()!;
    const before = r.made;
    const made = new Map<string, string>();
    r.made = made;
    try {
      const value = fn();
      return { value, runs: [...made].map(([key, output]) => ({ key, output })) };
    } finally {
      r.made = before;
    }
  });
}
