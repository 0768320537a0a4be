/**
 * A file that another file of the program `#include`s (a unity build, a test of static
 * functions): its static functions are called from there too (issue 25, class 4).
 * - given with its includer (a file set, issue 27), the file is read inside the includer's
 *   unit, whose calls decide (src/cli/batch/unity.ts);
 * - `contract`/`analyze` see an includer outside the set among the files of the program (the
 *   file's folder, `-p`) and keep the parameters of the file's static functions;
 * - `check FILE --with INCLUDER` builds the program the way the user does: the includer,
 *   compiled with the candidate text in the included file's place (it failed to link before:
 *   the file was compiled on its own and again through the include).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

const KERN = `#include <stdio.h>
#define N 8
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) { t[i] = i * 2.0 + 1; out[i] = t[i] + 1.0; }
}
static double local(int m) {
  double t[N][N];
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { t[i][j] = i * j + m; s += t[i][j]; }
  return s;
}
double run_kern(void) { double out[N], buf[N]; kernel(buf, out); return out[3] + local(1); }
`;
const TEST = `#include "../kern.c"
int main(void) {
  double out[N], buf[N];
  kernel(buf, out);
  printf("%g %g %g\\n", buf[2], local(3), run_kern());
  return 0;
}
`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-unity-'));
  fs.mkdirSync(path.join(dir, 'tests'));
  fs.writeFileSync(path.join(dir, 'kern.c'), KERN);
  fs.writeFileSync(path.join(dir, 'tests', 'test_kern.c'), TEST);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const kernelT = (stderr: string) =>
  JSON.parse(stderr).files[0].arrays.find(
    (a: { function: string; name: string }) => a.function === 'kernel' && a.name === 't',
  );

describe('a file included by another file of the program', () => {
  // Issue 27, unity builds: given with the file that includes it, the file is read in that
  // unit (test_kern.c's main() reads buf after kernel()): the reason is the includer's call.
  it('reads it inside the includer when the includer is among the files given', () => {
    runCli(['contract', 'kern.c', 'tests/test_kern.c', '--diff', '--report-file', 'r.json'], {
      cwd: dir,
    });
    const kern = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')).files[0];
    const t = kern.arrays.find(
      (a: { function: string; name: string }) => a.function === 'kernel' && a.name === 't',
    );
    expect(t.status).toBe('unchanged');
    expect(t.code).toBe(codeOf('read-after-call'));
    expect(kern.diagnostics.map((d: { code: string }) => d.code)).toContain(
      codeOf('read-in-includer'),
    );
  });

  it('reads it so too when the includer is in a folder given', () => {
    runCli(['contract', 'kern.c', 'tests', '--diff', '--report-file', 'r.json'], { cwd: dir });
    const t = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')).files[0].arrays.find(
      (a: { function: string; name: string }) => a.function === 'kernel' && a.name === 't',
    );
    expect(t.code).toBe(codeOf('read-after-call'));
  });

  // The includer found in the file's folder joins the set (src/cli/includedFile.ts): the
  // file is read inside it (it was refused with included-by-other-file, never analysed).
  it('reads it inside the includer found in its folder, not given', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-unity-'));
    try {
      fs.writeFileSync(path.join(other, 'kern.c'), KERN);
      fs.writeFileSync(path.join(other, 'test_kern.c'), TEST.replace('../kern.c', 'kern.c'));
      fs.writeFileSync(path.join(other, 'other.c'), 'int other(void) { return 1; }\n');
      runCli(['contract', 'kern.c', 'other.c', '--diff', '--report-file', 'r.json'], {
        cwd: other,
      });
      const kern = JSON.parse(fs.readFileSync(path.join(other, 'r.json'), 'utf8')).files[0];
      const t = kern.arrays.find(
        (a: { function: string; name: string }) => a.function === 'kernel' && a.name === 't',
      );
      expect(t.code).toBe(codeOf('read-after-call'));
      expect(t.reason).toMatch(/test_kern\.c:4:3/);
      expect(kern.diagnostics.map((d: { code: string }) => d.code)).toContain(
        codeOf('read-in-includer'),
      );
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('without the includer in sight, the kernel is a temporary (the file alone)', () => {
    const r = runCli(['contract', 'kern.c', '--report', 'json', '-o', 'out.c'], { cwd: dir });
    expect(kernelT(r.stderr).status).toBe('scalarized');
  });

  it('check --with the includer builds the program through it', () => {
    const r = runCli(['check', 'kern.c', '--with', 'tests/test_kern.c'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/built through tests\/test_kern\.c, which includes it/);
    expect(r.stdout).toMatch(/run: identical output/);
    expect(r.stdout).toMatch(/owner check: every read found its own cell/);
    expect(r.code).toBe(0);
  });

  it('check -p builds through the database file that includes it', () => {
    const db = [
      { directory: dir, file: 'tests/test_kern.c', arguments: ['cc', '-c', 'tests/test_kern.c'] },
      { directory: dir, file: 'kern.c', arguments: ['cc', '-c', 'kern.c'] },
    ];
    fs.writeFileSync(path.join(dir, 'compile_commands.json'), JSON.stringify(db));
    try {
      const r = runCli(['check', 'kern.c', '-p', '.'], { cwd: dir });
      expect(r.stdout).toMatch(/built through tests\/test_kern\.c, which includes it/);
      expect(r.stdout).toMatch(/run: identical output/);
      expect(r.code).toBe(0);
    } finally {
      fs.rmSync(path.join(dir, 'compile_commands.json'));
    }
  });
});

/**
 * Which files are units (issue 27, unity builds): without a database, a file another includes
 * that compiles alone may be a unit of its own, so its text must hold for both readings; with
 * `-p`, the database says which files the build compiles. Guards the database's answer: a
 * file it does not compile is read in its includer only.
 */
describe('a unity build whose included file compiles alone too', () => {
  const MAIN = `#include <stdio.h>
#define IN_UNITY 1
#include "kern.c"
int main(void) { double buf[8]; printf("%g\\n", fill(buf)); return 0; }
`;
  const OWN = `#include <stdio.h>
static double fill(double t[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) { t[i] = i * 1.5; s += t[i]; }
  return s;
}
#ifndef IN_UNITY
int main(void) { double buf[8]; fill(buf); printf("%g\\n", buf[5]); return 0; }
#endif
`;
  let own: string;
  beforeAll(() => {
    own = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-unity-'));
    fs.writeFileSync(path.join(own, 'main.c'), MAIN);
    fs.writeFileSync(path.join(own, 'kern.c'), OWN);
  });
  afterAll(() => fs.rmSync(own, { recursive: true, force: true }));

  const fillT = (args: string[]) => {
    runCli(['contract', '--check', '--no-cache', '--report-file', 'r.json', ...args], {
      cwd: own,
    });
    const kern = JSON.parse(fs.readFileSync(path.join(own, 'r.json'), 'utf8')).files.find(
      (f: { file: string }) => path.basename(f.file) === 'kern.c',
    );
    return kern.arrays.find((a: { name: string }) => a.name === 't');
  };

  it('keeps it as written when its own reading differs (no database)', () => {
    const t = fillT(['main.c', 'kern.c']);
    expect([t.status, t.code]).toEqual(['unchanged', codeOf('own-unit-disagrees')]);
  });

  it('reads it in its includer only when the database does not compile it', () => {
    const db = [{ directory: own, file: 'main.c', arguments: ['cc', '-c', 'main.c'] }];
    fs.writeFileSync(path.join(own, 'compile_commands.json'), JSON.stringify(db));
    try {
      expect(fillT(['-p', '.', 'main.c', 'kern.c']).status).toBe('scalarized');
    } finally {
      fs.rmSync(path.join(own, 'compile_commands.json'));
    }
  });

  // It was refused (included-in-configurations) whatever the configurations did: each entry
  // now reads it inside main.c, and both change it alike (A is no part of it).
  it('reads it in each configuration the database builds its includer in', () => {
    const db = ['-DA=1', '-DA=2'].map((d) => ({
      directory: own,
      file: 'main.c',
      arguments: ['cc', d, '-c', 'main.c'],
    }));
    fs.writeFileSync(path.join(own, 'compile_commands.json'), JSON.stringify(db));
    try {
      expect(fillT(['-p', '.', 'main.c', 'kern.c']).status).toBe('scalarized');
    } finally {
      fs.rmSync(path.join(own, 'compile_commands.json'));
    }
  });
});

/**
 * An includer whose summary differs between the configurations named (its main() reads
 * otherwise under MODE): the set did not learn that it includes kern.c, which was read alone,
 * where its static functions have no callers but its own (adversary 2026-11-29 rv-hosts).
 * Guards: a file-scope static the includer's main() reads after the call (an overflow) and a
 * static local whose function the includer's hook() enters again were contracted; the unit
 * that cannot be read now refuses the file it includes (as no host read, unityBuild.ts).
 */
describe('a file whose includer reads otherwise in the configurations named', () => {
  const MAIN = `#include <stdio.h>
#include "kern.c"
static int depth;
void hook(int i) {
  if (depth == 0 && i == 3) { double x[8]; for (int k = 0; k < 8; k++) x[k] = 100 + k;
    depth++; printf("inner %g\\n", again(x)); depth--; }
}
int main(void) {
  double in[8];
  for (int i = 0; i < 8; i++) in[i] = i * 0.5 + 1;
#if MODE == 1
  printf("%g %g %g\\n", summed(in), t[5], again(in));
#else
  printf("%g %g %g\\n", summed(in), t[6], again(in));
#endif
  return 0;
}
`;
  const KERN = `void hook(int i);
static double t[8];
static double summed(const double in[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) { t[i] = in[i] * 2; if (i >= 1) s += t[i - 1]; }
  return s;
}
static double again(const double in[8]) {
  static double u[8];
  double s = 0;
  for (int i = 0; i < 8; i++) { u[i] = in[i] * 2; hook(i); if (i >= 1) s += u[i - 1]; }
  return s;
}
`;
  it('leaves the file it includes unchanged', () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-unity-'));
    try {
      fs.writeFileSync(path.join(d, 'main.c'), MAIN);
      fs.writeFileSync(path.join(d, 'kern.c'), KERN);
      const r = runCli(
        [
          'contract',
          '--check',
          '--no-cache',
          '--configurations=-DMODE=1;-DMODE=2',
          'kern.c',
          'main.c',
          '--report-file',
          'r.json',
        ],
        { cwd: d },
      );
      expect(r.code).toBe(0);
      const kern = JSON.parse(fs.readFileSync(path.join(d, 'r.json'), 'utf8')).files.find(
        (f: { file: string }) => path.basename(f.file) === 'kern.c',
      );
      const verdict = (fn: string, name: string) => {
        const a = kern.arrays.find(
          (x: { function: string; name: string }) => x.function === fn && x.name === name,
        );
        return [a.status, a.code];
      };
      expect(verdict('summed', 't')).toEqual(['unchanged', codeOf('included-by-other-file')]);
      expect(verdict('again', 'u')).toEqual(['unchanged', codeOf('included-by-other-file')]);
    } finally {
      fs.rmSync(d, { recursive: true, force: true });
    }
  });
});
