/**
 * Adversarial file sets (issue 27, "one call graph over the file set"): each folder of
 * multifile/ is one program of several files, contracted as a user does it
 * (`beeclak contract -i FILES...`, all its .c files at once: one set). Each .c file's leading
 * comment gives the verdicts of its arrays (verdicts.ts); the report must give exactly those.
 * Then, when the set holds main(), the original and the contracted program are built (every
 * .c file no other one includes, linked together) at -O0 with ASan + UBSan and at -O2, and
 * must print the same and exit alike. Every set but temporary-in-main sets a trap for the
 * cross-file analysis (a function reached through a table, a weak symbol, a unity build, a
 * caller that reads after the call, ...): its arrays must stay, with the reason given.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';
import type { FileReport } from '../../src/index.js';
import { expectedVerdicts, missingCodes, reportVerdicts } from './verdicts.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'multifile');
const SETS = readdirSync(DIR).sort();
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-multifile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sourcesOf = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.c'))
    .sort();

interface Contracted {
  readonly dir: string;
  readonly reports: Map<string, FileReport>;
}

/** A copy of the set, contracted in place; the reports by file name. */
function contractSet(set: string): Contracted {
  const dir = path.join(work, set);
  cpSync(path.join(DIR, set), dir, { recursive: true });
  const r = runCli(
    ['contract', '-i', '--no-cache', '--report', 'json', '--report-file', 'report.json'].concat(
      sourcesOf(dir),
    ),
    { cwd: dir },
  );
  if (r.code !== 0) throw new Error(`contract exited ${r.code}: ${r.stderr}`);
  const doc = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as {
    files: FileReport[];
  };
  return { dir, reports: new Map(doc.files.map((f) => [path.basename(f.file), f])) };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[], cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { encoding: 'utf8', cwd, timeout: 60000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The .c files of a folder that no other one includes: what the build compiles. */
function units(dir: string): string[] {
  const files = sourcesOf(dir);
  const included = new Set(
    files.flatMap((f) =>
      [...readFileSync(path.join(dir, f), 'utf8').matchAll(/#\s*include\s*"([^"]+\.c)"/g)].map(
        (m) => path.basename(m[1]!),
      ),
    ),
  );
  return files.filter((f) => !included.has(f));
}

const FLAG_SETS = [['-O0', '-fsanitize=address,undefined', '-fno-sanitize-recover=all'], ['-O2']];

async function runProgram(dir: string, flags: string[], tag: string): Promise<Run> {
  const exe = path.join(dir, `a-${tag}.out`);
  const cc = process.env.CC ?? 'cc';
  const built = await exec(
    cc,
    ['-std=gnu11', '-w', ...flags, ...units(dir), '-o', exe, '-lm'],
    dir,
  );
  if (built.code !== 0) throw new Error(`${dir} does not compile:\n${built.stderr}`);
  return exec(exe, []);
}

/**
 * Extra builds a set's leading comments ask for (`build also: -DDEBUG`): the contracted
 * program built so must print the same as the original, or not compile (a guard stops it).
 */
const extraBuilds = (dir: string) =>
  sourcesOf(dir).flatMap((f) =>
    [...readFileSync(path.join(dir, f), 'utf8').matchAll(/^\s*build also:\s*(.+?)\s*$/gm)].map(
      (m) => m[1]!.split(/\s+/),
    ),
  );

const hasMain = (dir: string) =>
  sourcesOf(dir).some((f) => /\bint\s+main\s*\(/.test(readFileSync(path.join(dir, f), 'utf8')));

describe('adversarial file sets: the verdicts of the set, and the same output', () => {
  const done = new Map<string, Contracted>();
  const contracted = (set: string) => {
    let c = done.get(set);
    if (!c) done.set(set, (c = contractSet(set)));
    return c;
  };

  it.each(SETS)('%s: the verdicts of its leading comments', (set) => {
    const c = contracted(set);
    for (const f of sourcesOf(path.join(DIR, set))) {
      const expected = expectedVerdicts(readFileSync(path.join(DIR, set, f), 'utf8'));
      const report = c.reports.get(f);
      expect([f, ...(report ? reportVerdicts(report) : ['(no report)'])]).toEqual([
        f,
        ...expected.verdicts,
      ]);
      expect([f, ...missingCodes(expected, report!)]).toEqual([f]);
    }
  });

  it.each(SETS)('%s: the same output', async (set) => {
    const c = contracted(set);
    const original = path.join(DIR, set);
    if (!hasMain(original)) return;
    for (const [k, flags] of FLAG_SETS.entries()) {
      const before = await runProgram(
        original === c.dir ? original : copyOf(original, `${set}-orig`),
        flags,
        `${k}`,
      );
      const after = await runProgram(c.dir, flags, `${k}`);
      expect([flags.join(' '), after.code, after.stdout]).toEqual([
        flags.join(' '),
        before.code,
        before.stdout,
      ]);
    }
    for (const [k, flags] of extraBuilds(original).entries()) {
      const before = await runProgram(copyOf(original, `${set}-orig-x${k}`), flags, `x${k}`);
      const after = await runProgram(c.dir, flags, `x${k}`).catch(() => undefined);
      if (after)
        expect([flags.join(' '), after.code, after.stdout]).toEqual([
          flags.join(' '),
          before.code,
          before.stdout,
        ]);
    }
  });
});

/** A copy of the original set to build (the repository's folder stays clean). */
function copyOf(dir: string, name: string): string {
  const to = path.join(work, name);
  cpSync(dir, to, { recursive: true });
  return to;
}
