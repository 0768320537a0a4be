/**
 * One file that another `.c` file of its folder `#include`s, given alone to `contract`,
 * `analyze` or `check` (issue 27: CHStone's `aes_enc.c`, which `aes.c` includes). It was read
 * as a unit of its own: the includer's macros and types were missing (the compiler refused
 * it), its callers unseen. Now it is read as the includer builds it, exactly as the
 * multi-file modes read it (src/cli/includedFile.ts), and kept as written with the rule's
 * code where the unity rules refuse (included twice, by two units, ...). Each case of the
 * table is a small file set with the verdict expected for `kern.c`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

const WORK = `static double work(double m) {
  double t[N][N];
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { t[i][j] = i * j + m; s += t[i][j]; }
  return s;
}
`;
const MAIN = (include: string) => `#include <stdio.h>
#define N 8
#include "${include}"
int main(void) { printf("%g\\n", work(2.0)); return 0; }
`;

interface Case {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** Exit code of `contract kern.c -o out.c`. */
  readonly exit: number;
  /** Status of work()'s `t` in kern.c's report. */
  readonly t: string;
  /** A code among the report's diagnostics, or t's own. */
  readonly note: string;
}

const CASES: readonly Case[] = [
  {
    // The includer #defines N before the #include: kern.c alone does not compile.
    name: 'the includer defines its macros before the #include',
    files: { 'main.c': MAIN('kern.c'), 'kern.c': WORK },
    exit: 0,
    t: 'scalarized',
    note: codeOf('read-in-includer'),
  },
  {
    // main.c includes a header that includes kern.c: main.c still builds it.
    name: 'through a header',
    files: { 'main.c': MAIN('all.h'), 'all.h': '#include "kern.c"\n', 'kern.c': WORK },
    exit: 0,
    t: 'scalarized',
    note: codeOf('read-in-includer'),
  },
  {
    // main.c includes mid.c, which includes kern.c; mid.c alone does not compile (N is
    // main.c's), so it is no unit (it was taken for a second unit including kern.c).
    name: 'through a .c file that does not compile alone',
    files: {
      'main.c': MAIN('mid.c').replace('work(2.0)', 'work(2.0) + mid()'),
      'mid.c': '#include "kern.c"\nstatic double mid(void) { return work(1.0) * N; }\n',
      'kern.c': WORK,
    },
    exit: 0,
    t: 'scalarized',
    note: codeOf('read-in-includer'),
  },
  {
    // Twice, under two values of N: one text would stand for two macro contexts.
    name: 'included twice under different macros',
    files: {
      'main.c': `#include <stdio.h>
#define N 8
#define work work8
#include "kern.c"
#undef N
#undef work
#define N 4
#include "kern.c"
int main(void) { printf("%g %g\\n", work8(1.0), work(2.0)); return 0; }
`,
      'kern.c': WORK,
    },
    exit: 0,
    t: 'unchanged',
    note: codeOf('included-twice'),
  },
  {
    // Two programs compile kern.c, each under its own N: t is a scalar in both readings,
    // whose texts differ only in their guards (N == 8, N == 16): one text whose guard
    // accepts both (unityGuards.ts; it was kept, included-by-several-units).
    name: 'included by two units',
    files: {
      'main.c': MAIN('kern.c'),
      'bench.c': MAIN('kern.c').replace('#define N 8', '#define N 16'),
      'kern.c': WORK,
    },
    exit: 0,
    t: 'scalarized',
    note: codeOf('read-in-includer'),
  },
  {
    // Two programs compile kern.c, each with its own lag D: t needs D + 1 cells of a row,
    // the code of the two readings differs: t is refused in both (and the file unchanged).
    name: 'included by two units whose readings change the code otherwise',
    files: {
      'main.c': MAIN('kern.c').replace('#define N 8', '#define N 8\n#define D 1'),
      'bench.c': MAIN('kern.c').replace('#define N 8', '#define N 8\n#define D 2'),
      'kern.c': WORK.replace('s += t[i][j];', 'if (j >= D) s += t[i][j - D];'),
    },
    exit: 0,
    t: 'unchanged',
    note: codeOf('included-by-several-units'),
  },
  {
    // Two programs compile kern.c, each with its own M before it, the mapping the same in
    // both: read inside each, the one text holds for both (issue 27 item 3; it was kept).
    name: 'included by two units whose readings agree',
    files: {
      'main.c': MAIN('kern.c').replace('#define N 8', '#define N 8\n#define M 2.0'),
      'bench.c': MAIN('kern.c').replace('#define N 8', '#define N 8\n#define M 3.0'),
      'kern.c': WORK.replace('i * j + m', 'i * j * M + m'),
    },
    exit: 0,
    t: 'scalarized',
    note: codeOf('read-in-includer'),
  },
  {
    // kern.c is a program of its own too (N 4 there): its text must hold for both readings.
    name: 'included and compiled on its own, its own reading differing',
    files: {
      'main.c': MAIN('kern.c').replace('#define N 8', '#define N 8\n#define IN_UNITY 1'),
      'kern.c': `#include <stdio.h>
#ifndef IN_UNITY
#define N 4
#endif
static double keep(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) { t[i] = i; s += t[i]; }
  return s;
}
${WORK}
#ifndef IN_UNITY
int main(void) { double b[N]; printf("%g %g\\n", keep(b), b[1] + work(1.0)); return 0; }
#endif
`,
    },
    exit: 0,
    t: 'unchanged',
    note: codeOf('own-unit-disagrees'),
  },
  {
    // main.c includes sub/kern.c, another file of the same name: kern.c is read alone.
    name: 'a directive naming another file of the same name',
    files: {
      'main.c': MAIN('sub/kern.c'),
      'sub/kern.c': WORK,
      'kern.c': `#define N 8\n${WORK}double use(void) { return work(1.0); }\n`,
    },
    exit: 0,
    t: 'scalarized',
    note: 'none',
  },
  {
    // main.c names kern.c in a directive it never reaches: kern.c is read alone.
    name: 'a directive the includer never reaches',
    files: {
      'main.c': MAIN('kern.c')
        .replace('#include "kern.c"', '#if 0\n#include "kern.c"\n#endif')
        .replace('work(2.0)', '2.0'),
      'kern.c': `#define N 8\n${WORK}double use(void) { return work(1.0); }\n`,
    },
    exit: 0,
    t: 'scalarized',
    note: 'none',
  },
];

function inFolder<T>(files: Readonly<Record<string, string>>, f: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-included-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return f(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Report {
  arrays: { function: string; name: string; status: string; code?: string; reason: string }[];
  diagnostics: { code: string }[];
}

const verdict = (r: Report) => {
  const t = r.arrays.find((a) => a.function === 'work' && a.name === 't');
  return { t: t?.status ?? 'none', notes: [...r.diagnostics.map((d) => d.code), t?.code] };
};

describe('contract and analyze on one file that another file includes', () => {
  it.each(CASES)('$name', (c) =>
    inFolder(c.files, (dir) => {
      const r = runCli(['contract', 'kern.c', '-o', 'out.c', '--report', 'json'], { cwd: dir });
      expect([r.code, r.stderr.split('\n')[0]]).toEqual([c.exit, expect.anything()]);
      const report = JSON.parse(r.stderr).files[0] as Report;
      const v = verdict(report);
      expect(v.t).toBe(c.t);
      if (c.note === 'none') expect(v.notes).not.toContain(codeOf('read-in-includer'));
      else expect(v.notes).toContain(c.note);
      // analyze says what contract does.
      const a = runCli(['analyze', 'kern.c', '--json'], { cwd: dir });
      expect(a.code).toBe(0);
      expect(verdict(JSON.parse(a.stdout) as Report)).toEqual(v);
      // A file kept as written is output as written.
      if (c.t !== 'scalarized')
        expect(fs.readFileSync(path.join(dir, 'out.c'), 'utf8')).toBe(c.files['kern.c']);
    }),
  );
});

describe('an included file given with its includer, compiled only inside it', () => {
  // Guards realcheck's libjpeg-turbo finding: jccolext.c (included 7 times by jccolor.c, a
  // syntax error alone: its INLINE is the includer's macro) was skipped with the compiler's
  // error and every run exited 4; it is kept as written with the unity rule's code.
  const files = {
    'main.c': `#include <stdio.h>
#define INLINE inline
#define FN first
#include "kern.c"
#undef FN
#define FN second
#include "kern.c"
int main(void) { int in[8] = {1, 2, 3}; printf("%ld %ld\\n", first(in), second(in)); return 0; }
`,
    'kern.c': `INLINE static long FN(const int *in) {
  int t[8];
  long s = 0;
  for (int i = 0; i < 8; i++) { t[i] = in[i] + 1; if (i >= 1) s += t[i] * t[i - 1]; }
  return s;
}
`,
  };
  it('is kept as written with BC1132, nothing skipped, exit 0', () =>
    inFolder(files, (dir) => {
      const r = runCli(
        ['contract', '--list', '--report', 'json', '--report-file', 'r.json', 'main.c', 'kern.c'],
        { cwd: dir },
      );
      expect(r.stderr).not.toMatch(/error/);
      expect(r.stderr).toMatch(/ 0 skipped/);
      expect(r.code).toBe(0);
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')) as {
        files: { file: string; diagnostics: { code: string }[] }[];
        skipped: unknown[];
      };
      expect(report.skipped).toEqual([]);
      const kern = report.files.find((f) => f.file === 'kern.c')!;
      expect(kern.diagnostics.map((d) => d.code)).toContain(codeOf('included-twice'));
    }));
});

describe('the program of an included file, built as its includer builds it', () => {
  const files = { 'main.c': MAIN('kern.c'), 'kern.c': WORK };

  it('check builds and runs the includer with the contracted text in its place', () =>
    inFolder(files, (dir) => {
      const r = runCli(['check', 'kern.c'], { cwd: dir });
      expect(r.stdout).toMatch(/built through main\.c, which includes it/);
      expect(r.stdout).toMatch(/run: identical output/);
      expect(r.code).toBe(0);
    }));

  // The traced build compiles the file alone: it failed (N undeclared), ending the check.
  it('check --trace says the trace is not run, and checks the rest', () =>
    inFolder(files, (dir) => {
      const r = runCli(['check', 'kern.c', '--trace'], { cwd: dir });
      expect(r.stdout).toMatch(/trace: not run/);
      expect(r.code).toBe(0);
    }));

  it('check refuses, with the rule, a file that contract keeps as written', () =>
    inFolder(CASES.find((c) => c.note === codeOf('included-twice'))!.files, (dir) => {
      const r = runCli(['check', 'kern.c'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(codeOf('included-twice'));
    }));

  // main.c includes mid.c, which includes kern.c: the copy of kern.c in check's tree was
  // never compiled (mid.c's quoted include found the original beside it), so a wrong
  // candidate ran identical.
  it('check compiles the candidate through a .c file on the way to the includer', () =>
    inFolder(
      {
        'main.c': MAIN('mid.c').replace('work(2.0)', 'work(2.0) + mid()'),
        'mid.c': '#include "kern.c"\nstatic double mid(void) { return work(1.0) * N; }\n',
        'kern.c': WORK,
        'wrong.c': WORK.replace('i * j + m', 'i * j + m + 1'),
      },
      (dir) => {
        const r = runCli(['check', 'kern.c', '--against', 'wrong.c', '--no-sanitize'], {
          cwd: dir,
        });
        expect(r.stdout).toMatch(/built through main\.c, which includes it/);
        expect(r.stdout).toMatch(/outputs differ/);
        expect(r.code).toBe(3);
      },
    ));

  it('contract -i on the included file alone rewrites it, and the includer builds', () =>
    inFolder(files, (dir) => {
      const r = runCli(['contract', '-i', 'kern.c', '--no-cache'], { cwd: dir });
      expect(r.code).toBe(0);
      expect(fs.readFileSync(path.join(dir, 'kern.c'), 'utf8')).not.toBe(WORK);
      expect(fs.readFileSync(path.join(dir, 'main.c'), 'utf8')).toBe(files['main.c']);
      const c = runCli(['check', 'main.c'], { cwd: dir });
      expect(c.code).toBe(0);
    }));
});

/**
 * Positions of the includer's code in the included file's messages were printed in the
 * included file's numbering (the line after its last one: `main() accesses 't' at 14:1`):
 * every place outside the file analysed names its own file, line and column.
 */
describe('the places of the includer in messages', () => {
  const READS_AFTER = {
    'main.c': `#include <stdio.h>
#define N 8
#include "kern.c"
int main(void) {
  double in[N], t[N];
  for (int i = 0; i < N; i++) in[i] = i + 1.0;
  printf("%g\\n", total(in, t));
  printf("%g\\n", t[7]);
  return 0;
}
`,
    'kern.c': `static double total(const double in[N], double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * in[i];
    s += t[i];
  }
  return s;
}
`,
  };

  it.each([
    ['the file alone', ['contract', 'kern.c', '--report', 'json']],
    ['the file set', ['contract', '--list', 'main.c', 'kern.c', '--report', 'json', '--no-cache']],
  ])('name main.c:line:column (%s)', (_, args) =>
    inFolder(READS_AFTER, (dir) => {
      const r = runCli(args, { cwd: dir });
      const kern = (JSON.parse(r.stderr.slice(r.stderr.indexOf('{'))).files as Report[]).find((f) =>
        (f as unknown as { file: string }).file.endsWith('kern.c'),
      )!;
      const t = kern.arrays.find((a) => a.name === 't')!;
      expect(t.code).toBe(codeOf('read-after-call'));
      // main() reads t[7] at main.c:8:18, after the call at main.c:7:18.
      expect(t.reason).toContain("accesses 't' at main.c:8:18");
      expect(t.reason).toContain('call in main() at main.c:7:18');
    }),
  );
});
