/**
 * The full oracle, written against the interfaces of docs/design.md, "Interfaces" ("beeclak
 * contract FILE.c -o OUT.c --report json --report-file R", "beeclak check FILE.c", the JSON
 * report). For one generated program:
 *  1. contract it (exit != 0 on a valid program of the target class: crash);
 *  2. compile original and result with -Wall -Werror and ASan + UBSan, run both:
 *     original failing = crash (generator bug), result not compiling = crash,
 *     result failing at run time or printing another checksum = mismatch;
 *  3. for each contracted array of the report: its mapping must keep apart every pair of
 *     cells that conflict in this run (dynamic DS from lifetimes.ts), and its size must not
 *     be below the run's maxLive: else mismatch (a static DS missing a dynamic conflict);
 *  4. `beeclak check` must succeed: else mismatch.
 * Against the real CLI: the report lists the arrays of every function (only `kernel`'s
 * matter); sizes and moduli of VLA-sized arrays are strings (`"2*n"`, `"n"`), evaluated
 * here with the program's concrete parameter values; `check` exits 3 on a difference or a
 * clobbered read (mismatch), anything else non-zero is a crash; a killed or timed-out
 * process (a hang) and exit 70 (internal error) are crashes.
 * Not yet: comparing the report's static DS pieces with the dynamic DS directly; step 3
 * already catches any missing conflict that the mapping relies on.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { CHECKSUM_LINE, compileAndRun, withTempDir } from './cc.js';
import {
  dynamicValueConflicts,
  linearOffset,
  mappingViolation,
  maxLiveValues,
  traceLifetimes,
  type ModularMapping,
} from './lifetimes.js';
import type { Oracle, OracleResult } from './oracle.js';
import type { GeneratedKernel } from './generate.js';

/**
 * bin/beeclak.js of this checkout: the first `bin/beeclak.js` above this module (it runs
 * from dist/scripts/fuzz, and from scripts/fuzz under Jest).
 */
function findBeeclak(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'bin', 'beeclak.js');
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return resolve(fileURLToPath(import.meta.url), '../../../../bin/beeclak.js');
    dir = up;
  }
}

export const DEFAULT_BEECLAK = [process.execPath, findBeeclak()];

interface ReportArray {
  name: string;
  function?: string;
  status: string;
  originalCells?: number | string;
  compressedCells?: number | string;
  mapping?: { M: number[][]; b: (number | string)[] };
}

/**
 * Value of a size expression of the report (`"2*n"`, `"M*n"`, `"(n - 1)*2"`, a number):
 * integers, identifiers (from `env`), + - * / % ( ), `min(a, b)` / `max(a, b)`.
 * Returns null when it cannot be evaluated (unknown name, syntax).
 */
export function evalSize(e: number | string, env: Record<string, number>): number | null {
  if (typeof e === 'number') return e;
  const toks = e.match(/\s*(\d+|[A-Za-z_]\w*|[-+*/%(),])/g)?.map((t) => t.trim());
  if (!toks || toks.join('') !== e.replace(/\s+/g, '')) return null;
  let i = 0;
  const fail = (): never => {
    throw new Error('bad size');
  };
  const primary = (): number => {
    const t = toks[i++] ?? fail();
    if (t === '(') {
      const v = sum();
      if (toks[i++] !== ')') fail();
      return v;
    }
    if (t === '-') return -primary();
    if (/^\d+$/.test(t)) return Number(t);
    if ((t === 'min' || t === 'max') && toks[i] === '(') {
      i++;
      const a = sum();
      if (toks[i++] !== ',') fail();
      const b = sum();
      if (toks[i++] !== ')') fail();
      return t === 'min' ? Math.min(a, b) : Math.max(a, b);
    }
    if (/^[A-Za-z_]/.test(t) && t in env) return env[t];
    return fail();
  };
  const product = (): number => {
    let v = primary();
    while (toks[i] === '*' || toks[i] === '/' || toks[i] === '%') {
      const op = toks[i++];
      const w = primary();
      if (op !== '*' && w === 0) fail();
      v = op === '*' ? v * w : op === '/' ? Math.trunc(v / w) : v % w;
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (toks[i] === '+' || toks[i] === '-') {
      const op = toks[i++];
      const w = product();
      v = op === '+' ? v + w : v - w;
    }
    return v;
  };
  try {
    const v = sum();
    return i === toks.length && Number.isSafeInteger(v) ? v : null;
  } catch {
    return null;
  }
}

function run(
  argv: string[],
  cwd: string,
  timeoutMs = 120000,
): Promise<{ code: number | null; stdout: string; stderr: string; signal?: string }> {
  return new Promise((done) => {
    execFile(
      argv[0],
      argv.slice(1),
      { cwd, timeout: timeoutMs, maxBuffer: 1 << 24 },
      (err, stdout, stderr) =>
        done({
          code: err ? (typeof err.code === 'number' ? err.code : null) : 0,
          signal: err?.signal ?? undefined,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

function exitText(r: { code: number | null; signal?: string }): string {
  if (r.code !== null) return `exited ${r.code}${r.code === 70 ? ' (internal error)' : ''}`;
  return `was killed (${r.signal ?? 'no exit code'}: a hang or a crash)`;
}

/**
 * The arrays of `kernel` in a report: one file's report, or (a multi-file run) an array of
 * them, from which `file`'s (the file that defines the kernel; any when not given).
 */
function kernelArrays(report: unknown, file?: string): ReportArray[] {
  // contract's report document (`files`), or one file's report (check, older versions).
  const doc = report as { files?: unknown[] };
  const reports = (
    Array.isArray(doc.files) ? doc.files : Array.isArray(report) ? report : [report]
  ) as {
    file?: string;
    arrays?: ReportArray[];
  }[];
  const chosen = file === undefined ? reports.slice(0, 1) : reports.filter((r) => r.file === file);
  if (chosen.length === 0) throw new Error(`no report for ${file}`);
  // The report covers every function (main's `in` / `out` too): only kernel's temporaries.
  return chosen.flatMap((r) => r.arrays ?? []).filter((a) => (a.function ?? 'kernel') === 'kernel');
}

/** The file of a multi-file program that defines `kernel`. */
function kernelFile(kernel: GeneratedKernel): string | undefined {
  return Object.entries(kernel.files ?? {}).find(([, text]) => /\bkernel\(/.test(text))?.[0];
}

export function contractOracle(
  options: {
    beeclak?: string[];
    contractArgs?: string[];
    runCheck?: boolean;
    /**
     * Faster (one beeclak process instead of two): take the contracted program and the
     * report from `beeclak check --keep --report-file` instead of `beeclak contract`; the
     * other steps are the same. The default runs both commands.
     */
    viaCheck?: boolean;
    /** Per beeclak invocation, ms (default 120000): beyond it, a hang (crash). */
    timeoutMs?: number;
  } = {},
): Oracle {
  const beeclak = options.beeclak ?? DEFAULT_BEECLAK;
  const timeoutMs = options.timeoutMs ?? 120000;
  return async (kernel) =>
    withTempDir(async (dir): Promise<OracleResult> => {
      const crash = (detail: string, output = ''): OracleResult => ({
        status: 'crash',
        contractedArrays: 0,
        detail,
        output,
      });
      await writeFile(join(dir, 'original.c'), kernel.source);
      const checkArgv = [
        ...beeclak,
        'check',
        'original.c',
        '--report-file',
        'report.json',
        ...(options.contractArgs ?? []),
      ];
      /** The verdict of `beeclak check` on its output (null: pass). */
      const checkVerdict = (
        chk: Awaited<ReturnType<typeof run>>,
        shrunk: number,
      ): [OracleResult['status'], string] | null => {
        if (chk.code === 3) return ['mismatch', 'beeclak check found a difference'];
        if (chk.code !== 0) return ['crash', `beeclak check ${exitText(chk)}`];
        // Generated programs never read a cell before writing it: a clobbered read is a
        // finding even when `check` files it as a note about upward-exposed reads.
        const clobber = /clobbered read of [^\n]*/.exec(chk.stdout + chk.stderr);
        if (clobber) return ['mismatch', `beeclak check (exit 0): owner check: ${clobber[0]}`];
        if (
          shrunk > 0 &&
          !/owner check: every read found its own cell/.test(chk.stdout + chk.stderr)
        )
          return ['crash', 'beeclak check: no owner check'];
        return null;
      };
      let contracted: string;
      let contractedFiles: Record<string, string> | undefined;
      let viaCheck: Awaited<ReturnType<typeof run>> | null = null;
      let arrays: ReportArray[];
      if (kernel.files) {
        // A program of several files (a unity build): `contract -i` over the whole file set
        // in a copy, then the program built as it is meant to be (its main file only).
        const copy = join(dir, 'contracted');
        await mkdir(copy);
        const names = ['original.c', ...Object.keys(kernel.files)];
        await writeFile(join(copy, 'original.c'), kernel.source);
        for (const [f, text] of Object.entries(kernel.files)) await writeFile(join(copy, f), text);
        const c = await run(
          [
            ...beeclak,
            'contract',
            '-i',
            ...names,
            '--report',
            'json',
            '--report-file',
            join('..', 'report.json'),
            ...(options.contractArgs ?? []),
          ],
          copy,
          timeoutMs,
        );
        if (c.code !== 0)
          return crash(
            `beeclak contract -i ${names.join(' ')} ${exitText(c)}`,
            c.stderr + c.stdout,
          );
        contracted = await readFile(join(copy, 'original.c'), 'utf8');
        contractedFiles = {};
        for (const f of Object.keys(kernel.files))
          contractedFiles[f] = await readFile(join(copy, f), 'utf8');
      } else if (options.viaCheck) {
        viaCheck = await run([...checkArgv, '--keep'], dir, timeoutMs);
        const kept = /programs kept in (\S+)/.exec(viaCheck.stderr + viaCheck.stdout)?.[1];
        try {
          if (viaCheck.code !== 0 && viaCheck.code !== 3)
            return crash(`beeclak check ${exitText(viaCheck)}`, viaCheck.stderr + viaCheck.stdout);
          if (!kept) return crash('beeclak check --keep: no directory', viaCheck.stderr);
          contracted = await readFile(join(kept, 'candidate.c'), 'utf8');
        } finally {
          if (kept?.includes('beeclak-check-')) await rm(kept, { recursive: true, force: true });
        }
      } else {
        const c = await run(
          [
            ...beeclak,
            'contract',
            'original.c',
            '-o',
            'contracted.c',
            '--report',
            'json',
            '--report-file',
            'report.json',
            ...(options.contractArgs ?? []),
          ],
          dir,
          timeoutMs,
        );
        if (c.code !== 0) return crash(`beeclak contract ${exitText(c)}`, c.stderr + c.stdout);
        contracted = await readFile(join(dir, 'contracted.c'), 'utf8');
      }
      try {
        arrays = kernelArrays(
          JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')),
          kernel.files ? kernelFile(kernel) : undefined,
        );
      } catch (e) {
        return crash(`unreadable report: ${e instanceof Error ? e.message : String(e)}`);
      }
      const env: Record<string, number> = {};
      for (const p of kernel.program.params) env[p.name] = p.value;
      const shrunk = arrays.filter((a) => a.status === 'contracted' || a.status === 'scalarized');
      const size = (a: ReportArray, k: 'originalCells' | 'compressedCells'): number | null =>
        a[k] === undefined ? null : evalSize(a[k] as number | string, env);
      const cellsSaved = shrunk.reduce((s, a) => {
        const o = size(a, 'originalCells');
        const c = size(a, 'compressedCells');
        return s + (o !== null && c !== null ? o - c : 0);
      }, 0);
      const verdict = (
        status: OracleResult['status'],
        detail?: string,
        output?: string,
      ): OracleResult => ({
        status,
        contractedArrays: shrunk.length,
        cellsSaved,
        contracted: shrunk.map((a) => a.name),
        detail,
        output,
      });

      const orig = await compileAndRun(
        kernel.source,
        dir,
        'orig',
        undefined,
        undefined,
        kernel.files,
      );
      if (!orig.ok || !CHECKSUM_LINE.test(orig.stdout))
        return verdict('crash', `original failed at ${orig.stage}`, orig.stderr + orig.stdout);
      const res = await compileAndRun(
        contracted,
        dir,
        'res',
        undefined,
        undefined,
        contractedFiles,
      );
      if (res.stage === 'compile')
        return verdict('crash', 'contracted program does not compile', res.stderr);
      if (!res.ok)
        return verdict(
          'mismatch',
          `contracted program failed at run time (exit ${res.code})`,
          res.stderr + res.stdout,
        );
      if (res.stdout !== orig.stdout)
        return verdict(
          'mismatch',
          `output differs: original ${orig.stdout.trim()}, contracted ${res.stdout.trim()}`,
          res.stdout,
        );

      const lifetimes = traceLifetimes(kernel.program);
      for (const a of shrunk) {
        const decl = kernel.program.temps.find((t) => t.name === a.name);
        if (!decl) return verdict('crash', `report: contracted array ${a.name} is not a temporary`);
        const life = lifetimes.get(a.name);
        if (!a.mapping)
          return verdict('crash', `report: ${a.name} is ${a.status} without a mapping`);
        const b = a.mapping.b.map((x) => evalSize(x, env));
        if (b.some((x) => x === null || x < 1))
          return verdict(
            'crash',
            `report: ${a.name}: moduli ${JSON.stringify(a.mapping.b)} not evaluable`,
          );
        const mapping: ModularMapping = { M: a.mapping.M, b: b as number[] };
        // A linearized temporary left in one dimension: its mapping is over the linear index.
        const linearMapping =
          decl.linear === true && mapping.M.length > 0 && mapping.M[0].length === 1;
        const columns = linearMapping ? 1 : decl.extents.length;
        if (
          mapping.M.length !== mapping.b.length ||
          mapping.M.some((row) => row.length !== columns)
        )
          return verdict(
            'crash',
            `report: ${a.name}: mapping ${JSON.stringify(a.mapping)} does not fit ${decl.extents.length} dimensions`,
          );
        const compressed = size(a, 'compressedCells');
        const slots = mapping.b.reduce((p, x) => p * x, 1);
        if (compressed === null || compressed !== slots)
          return verdict(
            'crash',
            `report: ${a.name}: compressedCells ${JSON.stringify(a.compressedCells)} but the moduli ${JSON.stringify(a.mapping.b)} give ${slots}`,
          );
        if (!life) continue;
        // Value-based: the analysis computes value lifetimes, never longer than cell ones.
        const conflicts = dynamicValueConflicts(life);
        const witness = mappingViolation(
          linearMapping ? conflicts.map((d) => [linearOffset(d, life.extents)]) : conflicts,
          mapping,
        );
        if (witness)
          return verdict(
            'mismatch',
            `${a.name}: mapping ${JSON.stringify(a.mapping)} maps conflicting cells at distance [${witness}] to one slot`,
          );
        const live = maxLiveValues(life);
        if (compressed < live)
          return verdict(
            'mismatch',
            `${a.name}: ${compressed} cells, below maxLive ${live} of this run`,
          );
      }
      // `check` builds one file: not (yet) a program whose main file includes another.
      const runCheck = (options.runCheck ?? true) && !kernel.files;
      const chk = viaCheck ?? (runCheck ? await run(checkArgv, dir, timeoutMs) : null);
      const bad = chk && checkVerdict(chk, shrunk.length);
      if (chk && bad) return verdict(bad[0], bad[1], chk.stderr + chk.stdout);
      return verdict('pass', undefined, orig.stdout);
    });
}

/**
 * For `--oracle dist/scripts/fuzz/contractOracle.js`. `FUZZ_CONTRACT_ARGS` adds options to
 * `contract` and `check` (e.g. `FUZZ_CONTRACT_ARGS="--modulo pow2 --heuristic opt"`).
 */
export const oracle = contractOracle({
  contractArgs: (process.env.FUZZ_CONTRACT_ARGS ?? '').split(/\s+/).filter(Boolean),
});
