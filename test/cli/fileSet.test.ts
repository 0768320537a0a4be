/**
 * A file set as one program (issue 27): what makes the set a closed world (`main()`,
 * `--closed-world`, the configuration's `closedWorld`), the compilation database's files as
 * part of the set (`-p`), and a file of the set that cannot be read. The traps of the
 * analysis itself are the programs of test/adversarial/multifile/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

const LIB = `#define N 8
void blur(double out[N], double t[N]) {
  for (int i = 0; i < N; i++) {
    t[i] = i * 0.5;
    out[i] = t[i] + 1.0;
  }
}
`;
const USER = `void blur(double out[8], double t[8]);
double run(void) {
  double out[8], t[8];
  blur(out, t);
  return out[2];
}
`;
const MAIN = `#include <stdio.h>
double run(void);
int main(void) { printf("%f\\n", run()); return 0; }
`;

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-set-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  return dir;
}

interface Entry {
  function: string;
  name: string;
  status: string;
  code?: string;
  reason?: string;
}

/** `contract --check` over `args` in `dir`: blur:t's entry. */
function blurT(dir: string, args: string[]): Entry | undefined {
  const r = runCli(['contract', '--check', '--no-cache', '--report', 'json', ...args], {
    cwd: dir,
  });
  const doc = JSON.parse(r.stderr.slice(r.stderr.indexOf('{'))) as {
    files: { arrays: Entry[] }[];
  };
  return doc.files.flatMap((f) => f.arrays).find((a) => a.function === 'blur' && a.name === 't');
}

describe('a file set as one program', () => {
  // Guards the closed world: without main() and --closed-world, another program may call
  // blur() and read t afterwards.
  it('without main() the set is no closed world; --closed-world makes it one', () => {
    const dir = tree('open', {
      'lib.c': LIB,
      'user.c': USER,
      'keep.c': 'void k(void) { int a[2]; a[0] = 1; (void)a; }\n',
    });
    // (lib.c has no local array: modelled only where the set is closed.)
    expect(blurT(dir, ['lib.c', 'user.c'])).toBeUndefined();
    expect(blurT(dir, ['--closed-world', 'lib.c', 'user.c'])?.status).toBe('scalarized');
  });

  it('a configuration says closedWorld', () => {
    const dir = tree('config', {
      'lib.c': LIB,
      'user.c': USER,
      'beeclak.json': '{ "closedWorld": true }\n',
    });
    expect(blurT(dir, ['lib.c', 'user.c'])?.status).toBe('scalarized');
  });

  // Guards -p: the database's files are the set, also those not given.
  it('with -p the compilation database is the set', () => {
    const dir = tree('database', { 'lib.c': LIB, 'user.c': USER, 'main.c': MAIN });
    const entries = ['lib.c', 'user.c', 'main.c'].map((f) => ({
      directory: dir,
      file: f,
      arguments: ['cc', '-c', f],
    }));
    fs.mkdirSync(path.join(dir, 'build'));
    fs.writeFileSync(path.join(dir, 'build', 'compile_commands.json'), JSON.stringify(entries));
    expect(blurT(dir, ['lib.c'])).toBeUndefined();
    expect(blurT(dir, ['-p', 'build', 'lib.c'])?.status).toBe('scalarized');
  });

  // Guards the unread file: its calls are not known, so nothing with external linkage is
  // analysed.
  it('a file of the set that cannot be read opens the world', () => {
    const dir = tree('unread', {
      'lib.c': LIB.replace(
        '#define N 8',
        '#define N 8\nstatic int keep(void) { int a[2]; a[1] = 2; return a[1]; }',
      ),
      'user.c': USER,
      'main.c': MAIN,
      'broken.c': '#include "nothere.h"\nvoid other(void) {}\n',
    });
    expect(blurT(dir, ['lib.c', 'user.c', 'main.c'])?.status).toBe('scalarized');
    const e = blurT(dir, ['lib.c', 'user.c', 'main.c', 'broken.c']);
    expect([e?.status, e?.code]).toEqual(['unchanged', codeOf('not-closed-world')]);
    expect(e?.reason).toContain('broken.c');
  });

  // Guards the outside-names scan against header names and other programs' own functions
  // (MachSuite: every kernel parameter was 'named-outside-set' because of generate.c's
  // `#include "gemm.h"`).
  it("a header name and another program's own function are no spelling of the set's", () => {
    const files = { 'lib.c': LIB, 'user.c': USER, 'main.c': MAIN };
    // Another program that defines its own blur (MachSuite's generate.c and its stand-in fft).
    const other = tree('other-program', {
      ...files,
      'blur_gen.c':
        'void blur(double *o, double *t) { o[0] = t[0]; }\nint main(void) { double o[8], t[8] = {0}; blur(o, t); return (int)o[0]; }\n',
    });
    expect(blurT(other, ['lib.c', 'user.c', 'main.c'])?.status).toBe('scalarized');
    // Guards a test driver that links lib.c and reads t after the call: it was skipped as
    // another program, t was folded in place, and the driver read what blur no longer wrote
    // (adversary 2026-11-28d: 0.0 instead of 7.5).
    const driver = tree('other-program-calls', {
      ...files,
      'blur_test.c':
        'void blur(double *o, double *t);\nint main(void) { double o[8], t[8]; blur(o, t); return t[1]; }\n',
    });
    const d = blurT(driver, ['lib.c', 'user.c', 'main.c']);
    expect([d?.status, d?.code]).toEqual(['unchanged', codeOf('named-outside-set')]);
    const header = tree('header-name', { ...files, 'gen.h': '#include "blur.h"\n' });
    expect(blurT(header, ['lib.c', 'user.c', 'main.c'])?.status).toBe('scalarized');
    // Without main() in the set, blur_test.c's main() may be the program's: it is searched.
    const open = tree('other-program-open', {
      'lib.c': LIB,
      'user.c': USER,
      'blur_test.c':
        'void blur(double *o, double *t);\nint main(void) { double o[8], t[8]; blur(o, t); return t[1]; }\n',
    });
    const e = blurT(open, ['--closed-world', 'lib.c', 'user.c']);
    expect([e?.status, e?.code]).toEqual(['unchanged', codeOf('named-outside-set')]);
  });
});
