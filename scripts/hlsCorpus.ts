/**
 * `node dist/scripts/hlsCorpus.js FOLDER -I HLS_INCLUDE [--json out.json]` (issue 30): beeclak
 * over HLS kernels in C++ (a fetched examples repository, never committed). Every `.cpp`
 * kernel of FOLDER (a file that defines no `main` and is no host code: host code includes
 * OpenCL or XRT headers, or lies under `common/includes/`) is checked by `$CXX -fsyntax-only` with the HLS headers (`-I`) and
 * its own folder, then contracted in HLS mode with the same flags; the script reports
 *
 *   kernels, compiler-accepted, read by beeclak (not refused), refused (first reasons),
 *   crashes, arrays (by status), changed, changed but not compiling, arrays left unchanged
 *   as outside the C++ subset, template instantiations analysed and templates left
 *   unchanged (by code), and the testbench criterion: a changed kernel whose folder has a
 *   testbench (a `.cpp` that defines `main`, no host code) is run through `beeclak check
 *   --hls KERNEL --with TESTBENCH` (with the folder's other kernels), which builds original
 *   and result with `$CXX` and compares outputs and exit status.
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
import { fileURLToPath } from 'node:url';
import { codeOf, reasonNameOf } from '../src/model/reasons.js';

const HOST = /#\s*include\s*[<"](CL\/|xrt|experimental\/xrt|xcl2)/;
const MAIN = /^\s*(int|void)\s+main\s*\(/m;

type Role = 'kernel' | 'testbench' | 'host';

function roleOf(file: string): Role {
  const text = readFileSync(file, 'latin1');
  // The accelerated examples' shared host utilities (command line, logger, bitmaps).
  if (HOST.test(text) || /[\\/]common[\\/]includes[\\/]/.test(file)) return 'host';
  return MAIN.test(text) ? 'testbench' : 'kernel';
}

/** Every `.cpp` of the folder and below, with its role. */
function sources(folder: string): { file: string; role: Role }[] {
  const out: { file: string; role: Role }[] = [];
  for (const e of readdirSync(folder)) {
    const p = join(folder, e);
    if (e.startsWith('.')) continue;
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (e.endsWith('.cpp')) out.push({ file: p, role: roleOf(p) });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** `beeclak check --hls` of a kernel with its testbench and its folder's other kernels. */
function testbench(
  kernel: string,
  tbs: readonly string[],
  others: readonly string[],
  includes: readonly string[],
): { verdict: 'passed' | 'failed' | 'original fails'; detail?: string } {
  const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'beeclak');
  const withs = [...tbs, ...others].flatMap((f) => ['--with', f]);
  const r = spawnSync(
    process.execPath,
    [bin, 'check', '--hls', '--timeout', '60', ...includes, kernel, ...withs],
    { encoding: 'utf8', timeout: 300000 },
  );
  if (r.status === 0) return { verdict: 'passed' };
  const text = `${r.stdout}${r.stderr}`;
  const detail = text.split('\n').find((l) => /error|differ|fail/i.test(l)) ?? text.slice(0, 200);
  return /the original (does not compile|fails)/.test(text)
    ? { verdict: 'original fails', detail }
    : { verdict: 'failed', detail };
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
  instances?: number;
  templatesUnchanged?: Record<string, number>;
  testbench?: ReturnType<typeof testbench>['verdict'] | 'none';
  testbenchDetail?: string;
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
  const all = sources(folder);
  const hosts = all.filter((s) => s.role === 'host').length;
  try {
    for (const { file } of all.filter((s) => s.role === 'kernel')) {
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
        r.instances = c.analysis.model.functions.filter((f) => f.instanceOf).length;
        r.templatesUnchanged = {};
        const TEMPLATE = /^template-|^outside-cpp-subset$/;
        for (const a of c.analysis.report.arrays) {
          const name = a.code && reasonNameOf(a.code);
          if (name && TEMPLATE.test(name) && /template/.test(a.reason ?? ''))
            r.templatesUnchanged[name] = (r.templatesUnchanged[name] ?? 0) + 1;
        }
        r.changed = c.changed;
        if (c.changed) {
          const out = join(scratch, basename(file));
          writeFileSync(out, c.text, 'latin1');
          r.changedCompiles = compiles(file, includes, c.text);
          const here = all.filter((s) => dirname(s.file) === dirname(file));
          const tbs = here.filter((s) => s.role === 'testbench').map((s) => s.file);
          const others = here.filter((s) => s.role === 'kernel' && s.file !== file);
          if (tbs.length === 0) r.testbench = 'none';
          else {
            const t = testbench(
              file,
              tbs,
              others.map((s) => s.file),
              includes,
            );
            r.testbench = t.verdict;
            if (t.detail) r.testbenchDetail = t.detail;
          }
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
  const changed = read.filter((r) => r.changed);
  const withTestbench = changed.filter((r) => r.testbench && r.testbench !== 'none');
  const templateCodes: Record<string, number> = {};
  for (const r of read)
    for (const [k, v] of Object.entries(r.templatesUnchanged ?? {}))
      templateCodes[k] = (templateCodes[k] ?? 0) + v;
  const summary = {
    hostSourcesSkipped: hosts,
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
    templateInstancesAnalysed: read.reduce((a, r) => a + (r.instances ?? 0), 0),
    templateArraysUnchanged: templateCodes,
    testbenches: {
      changedWithTestbench: withTestbench.length,
      passed: withTestbench.filter((r) => r.testbench === 'passed').map((r) => r.file),
      failed: withTestbench
        .filter((r) => r.testbench === 'failed')
        .map((r) => `${r.file}: ${r.testbenchDetail ?? ''}`),
      originalFails: withTestbench
        .filter((r) => r.testbench === 'original fails')
        .map((r) => `${r.file}: ${r.testbenchDetail ?? ''}`),
      changedWithoutTestbench: changed.filter((r) => r.testbench === 'none').map((r) => r.file),
    },
  };
  process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  if (json) writeFileSync(json, JSON.stringify({ summary, results }, null, 2) + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(2);
});
