/**
 * Messages a user meets (issue 29, item 7): each says what is wrong and what to do, in one
 * style (`beeclak: error: ...`, or `file:line:col: error: ...` for an error in a file), and
 * nothing the user asked for is silently ignored.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-messages-'));
fs.chmodSync(tmp, 0o777);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const KERNEL = `#define N 8
void kernel(const int a[N], int b[N]) {
  int t[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
}
`;
const kernel = path.join(tmp, 'k.c');
fs.writeFileSync(kernel, KERNEL);

const isRoot = process.getuid?.() === 0;
const asRoot = isRoot ? it : it.skip;
if (!isRoot) console.warn('messages.test.ts: not root, the case run as another user is skipped');

describe('analyze --svg DIR', () => {
  // Guards --svg onto a file: "internal error: EEXIST: file already exists, mkdir".
  it('a file in the way: a clear error, exit 1', () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, '');
    const r = runCli(['analyze', kernel, '--svg', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `beeclak: error: cannot make the folder '${file}': it is a file, not a folder\n`,
    );
  });

  // Guards --svg under /proc: Node's recursive mkdir never returned (the run hung).
  it('a folder the system does not allow (/proc/x): an error at once, no hang', () => {
    const r = spawnSync(process.execPath, [BIN, 'analyze', kernel, '--svg', '/proc/beeclak-x'], {
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      "beeclak: error: cannot make the folder '/proc/beeclak-x': the system does not allow a folder there",
    );
  });

  // Guards an unwritable parent: "internal error: EACCES: permission denied, mkdir".
  asRoot('a folder the user may not make: permission denied (run as nobody)', () => {
    const locked = path.join(tmp, 'locked');
    fs.mkdirSync(locked, { mode: 0o555 });
    fs.chmodSync(locked, 0o555);
    const r = spawnSync(process.execPath, [BIN, 'analyze', kernel, '--svg', `${locked}/pics`], {
      encoding: 'utf8',
      uid: 65534,
      gid: 65534,
      env: { ...process.env, BEECLAK_CODE_CACHE: '0', HOME: tmp },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `beeclak: error: cannot make the folder '${locked}/pics': permission denied`,
    );
  });

  // Guards a contracted array drawn without its lifetime chart and without a word why.
  it('an array without a lifetime chart is named, with the reason', () => {
    const big = path.join(tmp, 'big.c');
    fs.writeFileSync(big, KERNEL.replace('#define N 8', '#define N 1000000'));
    const r = runCli(['analyze', big, '--svg', path.join(tmp, 'pictures')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('beeclak: wrote');
    expect(r.stderr).toContain(
      'beeclak: no lifetime chart of kernel: t: its run takes more than 300000 operations, ' +
        'more than a chart replays (draw it for smaller parameter values: -D NAME=VALUE)',
    );
  });
});

describe('check on a kernel without main', () => {
  // Guards "the original does not compile" and a linker error for a file that only lacks
  // the program's main.
  it('says there is no main and how to give one', () => {
    const nomain = path.join(tmp, 'nomain.c');
    fs.writeFileSync(nomain, KERNEL);
    const r = runCli(['check', nomain]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${nomain}: error: check runs the program, and this file has no main(): give the file ` +
        `that has main with --with (beeclak check ${nomain} --with main.c)`,
    );
    expect(r.stderr).not.toContain('does not compile');
    expect(r.stderr).not.toContain('undefined reference');
  });
});

describe('options that cannot work together, or would be ignored', () => {
  it.each([
    // Guards -i -o: "-o names one output file; with several files use -i, ..." for one file.
    [
      ['-i', '-o', 'out.c'],
      '-i rewrites each file in place and -o writes the program elsewhere: choose one',
    ],
    [['--diff', '-o', 'out.c'], '--diff writes no program: drop -o'],
    // Guards --hls --modulo exact, silently ignored.
    [['--hls', '--modulo', 'exact'], '--hls takes power-of-two moduli'],
  ])('contract %j: a usage error (exit 2)', (args, message) => {
    const r = runCli(['contract', ...args, kernel]);
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(`beeclak: error: ${message}`)).toBe(true);
    expect(r.stderr).toMatch(/\nTry 'beeclak --help'\.\n$/);
    expect(fs.readFileSync(kernel, 'utf8')).toBe(KERNEL);
  });

  // --min-bytes applies to every mode since issue 29 (docs/precommit.md): never ignored.
  it('--min-bytes in every mode, and --hls alone, are taken', () => {
    expect(runCli(['contract', '--list', '--no-cache', '--min-bytes', '5', kernel]).code).toBe(0);
    expect(runCli(['contract', '--min-bytes', '5', kernel]).code).toBe(0);
    expect(runCli(['contract', '--hls', kernel]).code).toBe(0);
  });
});

describe('one prefix style', () => {
  // Guards the mixed prefixes: "error: cannot read", "error: unknown option" (commander's),
  // "beeclak: --heuristic must be", "internal error" without the tool's name.
  it.each([
    [['contract', 'missing.c'], "beeclak: error: cannot read 'missing.c': no such file"],
    [['contract', 'K', '--bogus'], "beeclak: error: unknown option '--bogus'"],
    [['frobnicate'], "beeclak: error: unknown command 'frobnicate'"],
    [['contract', 'K', '--heuristic', 'x'], 'beeclak: error: --heuristic must be one of'],
    [['contract', '--check', 'missing.c'], 'beeclak: error: missing.c: no such file (skipped)'],
  ])('%j (K: a kernel)', (args, first) => {
    const r = runCli(args.map((a) => (a === 'K' ? kernel : a)));
    expect(r.stderr.startsWith(first)).toBe(true);
  });

  it('an error in a file keeps the compiler form file:line:col: error:', () => {
    const bad = path.join(tmp, 'bad.c');
    fs.writeFileSync(bad, 'void f(void) { int x = ; }\n');
    expect(runCli(['contract', bad]).stderr).toMatch(/^\/.*bad\.c:1:\d+: error: /);
  });
});

describe('npm ci', () => {
  // Guards npm 11's "install-scripts ... not yet covered by allowScripts" warning on every
  // npm ci: package.json's allowScripts decides for each dependency with an install script.
  const npm = spawnSync('npm', ['install-scripts', 'ls'], { cwd: ROOT, encoding: 'utf8' });
  const hasCommand = npm.status === 0;
  if (!hasCommand) console.warn('messages.test.ts: npm has no install-scripts command (npm < 11)');
  (hasCommand ? it : it.skip)('every install script is approved or denied in package.json', () => {
    expect(npm.stdout.trim()).toBe('No packages with unreviewed install scripts.');
  });
});

describe('why an array is no candidate', () => {
  // Guards a reason per access, each place said twice: kissfft's kf_bfly5 printed 92
  // clauses of "field of an element accessed at 157:14 (157:14)".
  it('each kind of reason once, its first places listed and the rest counted', () => {
    const fields = path.join(tmp, 'fields.c');
    fs.writeFileSync(
      fields,
      `typedef struct { float re, im; float pad[2]; } cpx;
float f(const float *in) {
  cpx c[8];
  float s = 0;
  for (int i = 0; i < 8; i++) { c[i].re = in[i]; c[i].im = 0; }
  for (int i = 0; i < 8; i++) s += c[i].re + c[i].im;
  return s;
}
`,
    );
    const r = runCli(['analyze', fields]);
    const line = r.stdout.split('\n').find((l) => l.includes(' c (cpx)'))!;
    expect(line).toContain(
      'not a candidate: field of an element accessed at 5:33, 5:50, 6:36 and 1 more: its struct has an array member [BC1021',
    );
  });
});
