/**
 * The full oracle, written against the interfaces of DESIGN.md ("beeclak contract FILE.c
 * -o OUT.c --report json --report-file R", "beeclak check FILE.c", the JSON report). For
 * one generated program:
 *  1. contract it (exit != 0 on a valid program of the target class: crash);
 *  2. compile original and result with -Wall -Werror and ASan + UBSan, run both:
 *     original failing = crash (generator bug), result not compiling = crash,
 *     result failing at run time or printing another checksum = mismatch;
 *  3. for each contracted array of the report: its mapping must keep apart every pair of
 *     cells that conflict in this run (dynamic DS from lifetimes.ts), and its size must not
 *     be below the run's maxLive: else mismatch (a static DS missing a dynamic conflict);
 *  4. `beeclak check` must succeed: else mismatch.
 * Not yet: comparing the report's static DS constraints with the dynamic DS directly
 * (their textual syntax is not fixed yet); step 3 already catches any missing conflict
 * that the mapping relies on.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { CHECKSUM_LINE, compileAndRun, withTempDir } from './cc.js';
import {
  dynamicConflicts,
  mappingViolation,
  maxLive,
  traceLifetimes,
  type ModularMapping,
} from './lifetimes.js';
import type { Oracle, OracleResult } from './oracle.js';

/** bin/beeclak.js of this checkout (dist/scripts/fuzz -> repository root). */
export const DEFAULT_BEECLAK = [
  process.execPath,
  resolve(fileURLToPath(import.meta.url), '../../../../bin/beeclak.js'),
];

interface ReportArray {
  name: string;
  status: string;
  originalCells?: number | string;
  compressedCells?: number | string;
  mapping?: ModularMapping;
}

function run(
  argv: string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      argv[0],
      argv.slice(1),
      { cwd, timeout: 60000, maxBuffer: 1 << 24 },
      (err, stdout, stderr) =>
        done({
          code: err ? (typeof err.code === 'number' ? err.code : null) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

export function contractOracle(
  options: { beeclak?: string[]; contractArgs?: string[]; runCheck?: boolean } = {},
): Oracle {
  const beeclak = options.beeclak ?? DEFAULT_BEECLAK;
  return async (kernel) =>
    withTempDir(async (dir): Promise<OracleResult> => {
      const crash = (detail: string, output = ''): OracleResult => ({
        status: 'crash',
        contractedArrays: 0,
        detail,
        output,
      });
      await writeFile(join(dir, 'original.c'), kernel.source);
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
      );
      if (c.code !== 0) return crash(`beeclak contract exited ${c.code}`, c.stderr + c.stdout);
      const contracted = await readFile(join(dir, 'contracted.c'), 'utf8');
      let arrays: ReportArray[] = [];
      try {
        const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
        arrays = (Array.isArray(report) ? report[0] : report).arrays ?? [];
      } catch (e) {
        return crash(`unreadable report: ${e instanceof Error ? e.message : String(e)}`);
      }
      const shrunk = arrays.filter((a) => a.status === 'contracted' || a.status === 'scalarized');
      const cellsSaved = shrunk.reduce(
        (s, a) =>
          s +
          (typeof a.originalCells === 'number' && typeof a.compressedCells === 'number'
            ? a.originalCells - a.compressedCells
            : 0),
        0,
      );
      const verdict = (
        status: OracleResult['status'],
        detail?: string,
        output?: string,
      ): OracleResult => ({ status, contractedArrays: shrunk.length, cellsSaved, detail, output });

      const orig = await compileAndRun(kernel.source, dir, 'orig');
      if (!orig.ok || !CHECKSUM_LINE.test(orig.stdout))
        return verdict('crash', `original failed at ${orig.stage}`, orig.stderr + orig.stdout);
      const res = await compileAndRun(contracted, dir, 'res');
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
        const life = lifetimes.get(a.name);
        if (!life || !a.mapping) continue;
        const witness = mappingViolation(dynamicConflicts(life), a.mapping);
        if (witness)
          return verdict(
            'mismatch',
            `${a.name}: mapping ${JSON.stringify(a.mapping)} maps conflicting cells at distance [${witness}] to one slot`,
          );
        if (typeof a.compressedCells === 'number' && a.compressedCells < maxLive(life)) {
          return verdict(
            'mismatch',
            `${a.name}: ${a.compressedCells} cells, below maxLive ${maxLive(life)} of this run`,
          );
        }
      }
      if (options.runCheck ?? true) {
        const chk = await run([...beeclak, 'check', 'original.c'], dir);
        if (chk.code !== 0)
          return verdict('mismatch', `beeclak check exited ${chk.code}`, chk.stderr + chk.stdout);
      }
      return verdict('pass', undefined, orig.stdout);
    });
}

/** For `--oracle dist/scripts/fuzz/contractOracle.js`. */
export const oracle = contractOracle();
