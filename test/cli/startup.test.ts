/**
 * The fast start of bin/beeclak.js (issue 17): the bundle run through V8's code cache gives
 * the same results as without the cache, and code loaded from the cache can still import
 * glpk.js (a dynamic import of a package left outside the bundle, see scripts/bundle.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT } from '../helpers/cli.js';

const CACHE = path.join(ROOT, 'dist/.beeclak-code-cache');
const mtime = (f: string) => fs.statSync(path.join(ROOT, f)).mtimeMs;
// As bin/beeclak.js decides: the bundle runs unless tsc rebuilt dist/src after it.
const bundled =
  fs.existsSync(path.join(ROOT, 'dist/bundle/beeclak.cjs')) &&
  mtime('dist/bundle/beeclak.cjs') >= mtime('dist/src/cli/main.js');

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BEECLAK_DEBUG: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the bundled CLI and its code cache', () => {
  // `npm test` builds first: a stale or missing bundle means the bin runs dist/src instead,
  // and the cache below would go untested.
  it('the bundle is fresh (built after dist/src)', () => {
    expect(bundled).toBe(true);
  });
  it('gives the same output without the cache, when storing it and when reading it', () => {
    // durbin's lattice stage loads GLPK: the cached code must still reach import().
    const args = ['contract', 'samples/durbin.c', '--report', 'text'];
    const plain = run(args, { BEECLAK_CODE_CACHE: '0' });
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toMatch(/internal error/);
    fs.rmSync(CACHE, { force: true });
    const storing = run(args);
    expect(fs.readFileSync(CACHE).subarray(0, 200).toString()).toMatch(/^\d+ [\d.]+ full\n/);
    const reading = run(args);
    // The report has no stage times (no --timings): the same bytes every run.
    for (const r of [storing, reading]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(plain.stdout);
      expect(r.stderr).toBe(plain.stderr);
    }
  });

  it('runs `--version` from a cache stored by a real command', () => {
    const r = run(['--version']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

// Guards bin/beeclak.js's stdout error handler: a reader that closes the pipe early
// (`beeclak check x.c | head`) made the CLI die on an unhandled EPIPE with a stack trace and
// exit 1. `true` reads nothing and exits at once, so every write of the CLI hits the closed
// pipe.
describe('stdout closed by its reader', () => {
  it('the run goes on and exits with its own status, without an EPIPE trace', () => {
    const out = path.join(fs.mkdtempSync(path.join(ROOT, 'dist/.epipe-')), 'out.c');
    try {
      const r = spawnSync(
        'bash',
        [
          '-c',
          `"${process.execPath}" "${BIN}" contract samples/durbin.c --report text -o "${out}" 2>&1 | true; ` +
            `echo "status \${PIPESTATUS[0]}"; "${process.execPath}" "${BIN}" contract samples/durbin.c | true; ` +
            'echo "status ${PIPESTATUS[0]}"',
        ],
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BEECLAK_DEBUG: '' } },
      );
      expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
      expect(r.stdout).toBe('status 0\nstatus 0\n');
      // The output file asked for is still written whole.
      expect(fs.readFileSync(out, 'utf8')).toMatch(/y\[i % 100\]|mod|%/);
    } finally {
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    }
  });
});

// Guards bin/beeclak.js's early exit (exitWhenFlushed): the process ends once stdout and
// stderr have taken everything, not when the event loop is empty. A result of several
// megabytes written to a pipe whose reader is slow must still arrive whole (an exit before
// the pipe drained would cut it), and with the exit status of the run.
describe('a large result on a slow pipe', () => {
  it("arrives whole, with the run's own status", () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'dist/.bigout-'));
    try {
      const file = path.join(dir, 'big.c');
      const padding = Array.from({ length: 40000 }, (_, k) => `/* line ${k} of padding */`);
      fs.writeFileSync(
        file,
        `${padding.join('\n')}\n${fs.readFileSync(path.join(ROOT, 'samples/durbin.c'), 'utf8')}`,
      );
      const expected = path.join(dir, 'expected.c');
      const viaFile = spawnSync(process.execPath, [BIN, 'contract', file, '-o', expected], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(viaFile.status).toBe(0);
      // `sleep 1` before reading: every write of the CLI meets a full pipe first.
      const r = spawnSync(
        'bash',
        [
          '-c',
          `"${process.execPath}" "${BIN}" contract "${file}" | (sleep 1; cat) | wc -c; echo "status \${PIPESTATUS[0]}"`,
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(r.stdout).toBe(`${fs.statSync(expected).size}\nstatus 0\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Guards the early exit against swallowing write errors: a failed write (a full disk) reports
// its error on the next tick; exiting at once ended such a run with status 0 and a truncated
// result (found in review). /dev/full fails every write with ENOSPC.
// (Linux, as CI: /dev/full is there.)
describe('stdout on a full disk', () => {
  it('the run fails (status 1), as before the early exit', () => {
    const r = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${BIN}" contract samples/durbin.c > /dev/full`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/ENOSPC/);
  });
});
