/**
 * `node dist/scripts/hlsCorpus.js FOLDER -I HLS_INCLUDE [--json out.json]` (issue 30): beeclak
 * over HLS kernels in C++ (a fetched examples repository, never committed). Every `.cpp`
 * kernel of FOLDER (not a testbench: `*_tb.cpp`, `*_test.cpp`, `tb*.cpp`, `test*.cpp`,
 * `main.cpp`) is checked by `$CXX -fsyntax-only` with the HLS headers (`-I`) and its own
 * folder, then contracted in HLS mode with the same flags; the script reports
 *
 *   kernels, compiler-accepted, read by beeclak (not refused), refused (first reasons),
 *   crashes, arrays (by status), changed, changed but not compiling, and functions left
 *   unchanged as outside the C++ subset or as templates (from the diagnostics and reasons).
 *
 * Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { contractSource } from '../src/pipeline/contraction.js';
import { InputError } from '../src/model/errors.js';
import { releaseParsedTrees } from '../src/frontend/parse.js';
import { codeOf } from '../src/model/reasons.js';

const TESTBENCH = /(^tb|_tb|^test|_test|testbench|^main)[^/]*\.cpp$/i;

function kernels(folder: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(folder)) {
    const p = join(folder, e);
    if (e.startsWith('.')) continue;
    if (statSync(p).isDirectory()) out.push(...kernels(p));
    else if (e.endsWith('.cpp') && !TESTBENCH.test(e)) out.push(p);
  }
  return out.sort();
}

const cxx = () => process.env.CXX ?? 'c++';

function compiles(file: string, flags: readonly string[], text?: string): boolean {
  const args = ['-fsyntax-only', '-w', ...flags, '-I', dirname(file)];
  const r =
    text === undefined
      ? spawnSync(cxx(), [...args, file])
      : spawnSync(cxx(), [...args, '-x', 'c++', '-'], { input: text });
  return r.status === 0;
}

interface Result {
  file: string;
  accepted: boolean;
  outcome?: 'read' | 'refused' | 'crash';
  reason?: string;
  statuses?: Record<string, number>;
  changed?: boolean;
  changedCompiles?: boolean;
  outsideSubset?: number;
  templates?: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folder = args[0];
  const includes: string[] = [];
  let json: string | undefined;
  for (let k = 1; k < args.length; k++) {
    if (args[k] === '-I') includes.push('-I', args[++k]!);
    else if (args[k] === '--json') json = args[++k];
  }
  if (!folder) throw new Error('usage: hlsCorpus.js FOLDER -I HLS_INCLUDE [--json out.json]');
  const results: Result[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'beeclak-hls-corpus-'));
  try {
    for (const file of kernels(folder)) {
      const r: Result = { file: relative(folder, file), accepted: compiles(file, includes) };
      results.push(r);
      if (!r.accepted) continue;
      try {
        const source = readFileSync(file, 'latin1');
        const c = await contractSource(source, file, {
          defines: {},
          temporaries: [],
          only: [],
          heuristic: 'auto',
          modulo: 'exact',
          minGain: 0.05,
          annotate: false,
          hls: true,
          compiler: { flags: [...includes] },
        });
        r.outcome = 'read';
        r.statuses = {};
        for (const a of c.analysis.report.arrays)
          r.statuses[a.status] = (r.statuses[a.status] ?? 0) + 1;
        r.outsideSubset = c.analysis.report.arrays.filter(
          (a) => a.code === codeOf('outside-cpp-subset'),
        ).length;
        r.templates = c.analysis.report.diagnostics.filter(
          (d) => d.code === codeOf('template-not-analysed'),
        ).length;
        r.changed = c.changed;
        if (c.changed) {
          const out = join(scratch, basename(file));
          writeFileSync(out, c.text, 'latin1');
          r.changedCompiles = compiles(file, includes, c.text);
        }
      } catch (e) {
        r.outcome = e instanceof InputError ? 'refused' : 'crash';
        r.reason = (e as Error).message.split('\n')[0];
      }
      await releaseParsedTrees();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const accepted = results.filter((r) => r.accepted);
  const read = accepted.filter((r) => r.outcome === 'read');
  const statuses: Record<string, number> = {};
  for (const r of read)
    for (const [k, v] of Object.entries(r.statuses ?? {})) statuses[k] = (statuses[k] ?? 0) + v;
  const summary = {
    kernels: results.length,
    compilerAccepted: accepted.length,
    read: read.length,
    readShare: accepted.length ? `${Math.round((100 * read.length) / accepted.length)}%` : '-',
    refused: accepted.filter((r) => r.outcome === 'refused').map((r) => `${r.file}: ${r.reason}`),
    crashes: accepted.filter((r) => r.outcome === 'crash').map((r) => `${r.file}: ${r.reason}`),
    arrays: statuses,
    changed: read.filter((r) => r.changed).map((r) => r.file),
    changedNotCompiling: read.filter((r) => r.changed && !r.changedCompiles).map((r) => r.file),
    arraysOutsideSubset: read.reduce((a, r) => a + (r.outsideSubset ?? 0), 0),
    templatesReported: read.reduce((a, r) => a + (r.templates ?? 0), 0),
  };
  process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  if (json) writeFileSync(json, JSON.stringify({ summary, results }, null, 2) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(2);
});
