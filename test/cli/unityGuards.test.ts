/**
 * A kernel file several CHStone-style main files include, each with its own `#define`s
 * before it (issue 27, unity builds): each includer is its own program. Every case contracts
 * the set, then builds each includer before and after with cc and compares the outputs; a
 * build with macros no reading was made for must stop at the guard (never wider than
 * proved). `check` must build and compare through every includer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

/** t needs D + 1 cells of N whatever N is; with D + 1 = N it saves nothing. */
const LAGGED = `static double summed(const double in[N]) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = in[i] * 2;
    if (i >= D) s += t[i - D];
  }
  return s;
}
`;

/** A parameter: its result rests on the includer's calls, not only on its macros. */
const PARAMETER = `static double summed(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * 2.0;
    if (i >= D) s += t[i - D];
  }
  return s;
}
`;

/** LAGGED and a function whose u needs 2 cells whatever D is. */
const TWO = `${LAGGED}static double spread(const double in[N]) {
  double u[N], s = 0;
  for (int i = 0; i < N; i++) {
    u[i] = in[i] + 1;
    if (i >= 1) s += u[i - 1] * u[i];
  }
  return s;
}
`;

/** LAGGED and the parameter's kernel (renamed): the first may merge, not the second. */
const MIXED = `${LAGGED}${PARAMETER.replace('summed(double t', 'filled(double p').replace(/\bt\[/g, 'p[')}`;

/** LAGGED with a static t: a scratch of summed(), which calls nothing. */
const STATIC = LAGGED.replace('double t[N], s = 0;', 'static double t[N];\n  double s = 0;');

/** STATIC whose summed() calls a function: its verdict reads who may enter it again. */
const STATIC_CALLING = `static double twice(double x) { return 2 * x; }
${STATIC.replace('s += t[i - D]', 's += twice(t[i - D])')}`;

/** LAGGED with t static at file scope: the includer's code after the #include names it. */
const FILE_SCOPE = `static double t[N];
${LAGGED.replace('double t[N], s = 0;', 'double s = 0;')}`;

const STATICS = [STATIC, STATIC_CALLING, FILE_SCOPE];

/**
 * An includer ("N D": its two #defines before the kernel) that is a program of its own. N
 * is a default a build may change, except before the parameter's and the static kernels (a
 * caller's macro the build may change is configured-elsewhere, BC1136, whatever the merge).
 */
function includer(macros: string, kernel: string): string {
  const [n, d] = macros.split(' ');
  const parameter = kernel === PARAMETER || kernel === MIXED;
  const fixedN = parameter || STATICS.includes(kernel);
  const fill = 'double in[N]; for (int i = 0; i < N; i++) in[i] = i * 0.5 + 1;';
  const call = parameter
    ? 'double buf[N]; printf("%g\\n", summed(buf));'
    : kernel === TWO
      ? `${fill} printf("%g %g\\n", summed(in), spread(in));`
      : `${fill} printf("%g\\n", summed(in));`;
  const mixed = `${fill} double buf[N]; printf("%g %g\\n", summed(in), filled(buf));`;
  const defineN = fixedN ? `#define N ${n}` : `#ifndef N\n#define N ${n}\n#endif`;
  return `#include <stdio.h>
${defineN}
#define D ${d}
#include "kern.c"
int main(void) { ${kernel === MIXED ? mixed : call} return 0; }
`;
}

const CC = process.env.CC?.trim() || 'cc';

/** The output of the includer `host` built in `dir` (undefined: it does not compile). */
function built(dir: string, host: string, flags: string[] = []): string | undefined {
  const exe = path.join(dir, `${host}.exe`);
  const c = spawnSync(CC, ['-std=gnu99', '-O1', '-o', exe, host, ...flags], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (c.status !== 0) return undefined;
  return execFileSync(exe, { encoding: 'utf8' });
}

interface Case {
  readonly name: string;
  /** The bug the case guards (one line). */
  readonly guards: string;
  readonly kernel: string;
  /** Each includer's "N D". */
  readonly includers: readonly string[];
  /** summed:t's status, and its code when unchanged. */
  readonly t: string;
  /** spread:u's (TWO). */
  readonly u?: string;
  /** filled:p's (MIXED). */
  readonly p?: string;
}

const CASES: readonly Case[] = [
  {
    name: 'the same N in both',
    guards: 'the control: one text, guards included, as before the merge',
    kernel: LAGGED,
    includers: ['8 1', '8 1'],
    t: 'contracted',
  },
  {
    name: 'N 8 in one, 16 in the other',
    guards: 'the texts differed only in their guards and the file was kept (BC1133)',
    kernel: LAGGED,
    includers: ['8 1', '16 1'],
    t: 'contracted',
  },
  {
    name: 'a third includer with another N',
    guards: 'the merge must take every reading, not the first two',
    kernel: LAGGED,
    includers: ['8 1', '16 1', '32 1'],
    t: 'contracted',
  },
  {
    name: 'one includer whose D makes t not contractible',
    guards: 'a merge of readings whose code differs (one contracts, one leaves t) is unsound',
    kernel: LAGGED,
    includers: ['8 1', '16 1', '8 7'],
    t: `unchanged ${codeOf('included-by-several-units')}`,
  },
  {
    name: 'two functions, one includer whose D makes t not contractible',
    guards: 'an array the readings change otherwise kept the whole file: refused alone, u merges',
    kernel: TWO,
    includers: ['8 1', '16 1', '8 7'],
    t: `unchanged ${codeOf('included-by-several-units')}`,
    u: 'contracted',
  },
  {
    name: 'a parameter beside a local array, N 8 and 16',
    guards: 'a parameter whose guards differ kept the whole file: refused alone, t merges',
    kernel: MIXED,
    includers: ['8 1', '16 1'],
    t: 'contracted',
    p: `unchanged ${codeOf('included-by-several-units')}`,
  },
  {
    name: 'a parameter, N 8 and 16',
    guards: "a parameter's result rests on its includer's calls: another's guard cannot admit it",
    kernel: PARAMETER,
    includers: ['8 1', '16 1'],
    t: `unchanged ${codeOf('included-by-several-units')}`,
  },
  {
    name: 'a static scratch of a function that calls nothing, N 8 and 16',
    guards:
      'a static local was taken to rest on its includer, though no code outside its function reaches it',
    kernel: STATIC,
    includers: ['8 1', '16 1'],
    t: 'contracted',
  },
  {
    name: 'a static scratch of a function that calls another, N 8 and 16',
    guards: "whether a call re-enters the function is the unit's call graph: the includer's code",
    kernel: STATIC_CALLING,
    includers: ['8 1', '16 1'],
    t: `unchanged ${codeOf('included-by-several-units')}`,
  },
  {
    name: 'a file-scope static scratch, N 8 and 16',
    guards: "the includer's code after the #include names a file-scope static",
    kernel: FILE_SCOPE,
    includers: ['8 1', '16 1'],
    t: `unchanged ${codeOf('included-by-several-units')}`,
  },
];

/** A folder with kern.c and one includer per entry (host_1.c, ...). */
function program(c: Case): { dir: string; hosts: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-unityguards-'));
  fs.writeFileSync(path.join(dir, 'kern.c'), c.kernel);
  const hosts = c.includers.map((m, k) => {
    const f = `host_${k + 1}.c`;
    fs.writeFileSync(path.join(dir, f), includer(m, c.kernel));
    return f;
  });
  return { dir, hosts };
}

describe('a kernel included by several programs with their own macros', () => {
  it.each(CASES)('$name ($guards)', (c) => {
    const { dir, hosts } = program(c);
    try {
      const before = hosts.map((h) => built(dir, h));
      const r = runCli(
        ['contract', '-i', '--no-cache', 'kern.c', ...hosts, '--report-file', 'r.json'],
        { cwd: dir },
      );
      expect(r.code).toBe(0);
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'));
      const kern = report.files.find((f: { file: string }) => f.file.endsWith('kern.c'));
      const verdict = (name: string) => {
        const a = kern.arrays.find((x: { name: string }) => x.name === name);
        return [a.status, a.code].filter((x) => x).join(' ');
      };
      expect(verdict('t')).toBe(c.t);
      if (c.u) expect(verdict('u')).toBe(c.u);
      if (c.p) expect(verdict('p')).toBe(c.p);
      // Every includer builds and prints as before.
      expect(hosts.map((h) => built(dir, h))).toEqual(before);
      // An N no reading was made for: the changed text stops the build.
      const defaultN = fs.readFileSync(path.join(dir, hosts[0]!), 'utf8').includes('#ifndef N');
      if (defaultN && fs.readFileSync(path.join(dir, 'kern.c'), 'utf8') !== c.kernel)
        expect(built(dir, hosts[0]!, ['-DN=4'])).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an includer that defines a name of the merged guards', () => {
  // Guards the names of the merge's "not this reading" macros: an includer that defined
  // BEECLAK_NOT_kern_c_READING_1 itself lost it to the check's #undef (it printed no "own").
  it('stops the build or prints as before', () => {
    const { dir, hosts } = program(CASES[1]!);
    try {
      const own = path.join(dir, hosts[1]!);
      const text = fs.readFileSync(own, 'utf8');
      fs.writeFileSync(
        own,
        text
          .replace('#include "kern.c"', '#define BEECLAK_NOT_kern_c_READING_1 7\n#include "kern.c"')
          .replace(
            'return 0;',
            '\n#ifdef BEECLAK_NOT_kern_c_READING_1\nputs("own");\n#endif\nreturn 0;',
          ),
      );
      const before = hosts.map((h) => built(dir, h));
      expect(before[1]).toMatch(/^\S+\nown\n$/);
      const r = runCli(['contract', '-i', '--no-cache', 'kern.c', ...hosts], { cwd: dir });
      expect(r.code).toBe(0);
      expect(fs.readFileSync(path.join(dir, 'kern.c'), 'utf8')).not.toBe(LAGGED);
      expect(built(dir, hosts[0]!)).toEqual(before[0]);
      expect([undefined, before[1]]).toContain(built(dir, hosts[1]!));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a kernel that reads a name of the merged guards', () => {
  // Guards the merge's "not this reading" macros, defined from a reading's guard to the
  // file's end: owned(), after summed()'s guards, saw BEECLAK_NOT_kern_c_READING_1 defined in
  // host_2.c's build and returned 1 (host_2.c printed "own 1" where it printed "own 0").
  it('is kept as written', () => {
    const { dir, hosts } = program(CASES[1]!);
    try {
      const owned = `static int owned(void) {
#ifdef BEECLAK_NOT_kern_c_READING_1
  return 1;
#else
  return 0;
#endif
}
`;
      fs.writeFileSync(path.join(dir, 'kern.c'), LAGGED + owned);
      for (const h of hosts) {
        const text = fs.readFileSync(path.join(dir, h), 'utf8');
        fs.writeFileSync(
          path.join(dir, h),
          text.replace('return 0;', 'printf("own %d\\n", owned()); return 0;'),
        );
      }
      const before = hosts.map((h) => built(dir, h));
      expect(before[1]).toMatch(/^\S+\nown 0\n$/);
      const r = runCli(['contract', '-i', '--no-cache', 'kern.c', ...hosts], { cwd: dir });
      expect(r.code).toBe(0);
      expect(hosts.map((h) => built(dir, h))).toEqual(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a kernel's own #line directives inside its includer", () => {
  const includer = `#include <assert.h>
#include <stdio.h>
#define N 8
#include "kern.c"
int main(void) {
  double in[N]; for (int i = 0; i < N; i++) in[i] = i * 0.5 + 1;
  printf("%g\\n", f(in)); where(); return 0;
}
`;
  const WHERE = 'static void where(void) { assert(N > 1); printf("line %d\\n", __LINE__); }\n';

  /** kern.c and main.c contracted: kern.c's text and its t's status, each build's output. */
  function contracted(kern: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-unitylines-'));
    try {
      fs.writeFileSync(path.join(dir, 'kern.c'), kern);
      fs.writeFileSync(path.join(dir, 'main.c'), includer);
      const before = built(dir, 'main.c');
      const r = runCli(
        ['contract', '-i', '--no-cache', 'kern.c', 'main.c', '--report-file', 'r.json'],
        {
          cwd: dir,
        },
      );
      expect(r.code).toBe(0);
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'));
      const kernReport = report.files.find((f: { file: string }) => f.file.endsWith('kern.c'));
      const t = kernReport.arrays.find((a: { name: string }) => a.name === 't');
      const text = fs.readFileSync(path.join(dir, 'kern.c'), 'utf8');
      return { before, after: built(dir, 'main.c'), text, t: t.status };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  // Guards the reading of the kernel's own #line inside its includer: the markers gave the
  // line the directive names (10) for the loop at line 4, so the rewrite edited the copy of
  // the loop in the #if 0 group at line 10 and shrank t under the live loop (it overflowed).
  it('edits the live line, not the skipped line the directive numbers like it', () => {
    const loop = '  for (int i = 0; i < N; i++) { t[i] = in[i] * 2; if (i >= 1) s += t[i - 1]; }';
    const kern = [
      'static double f(const double in[N]) {',
      '  double t[N], s = 0;',
      '#line 10',
      loop,
      '#line 6',
      '  return s;',
      '}',
      '',
      '#if 0',
      loop,
      '#endif',
      WHERE,
    ].join('\n');
    const c = contracted(kern);
    expect(c.t).toBe('contracted');
    expect(c.text.split('\n')[3]).not.toBe(loop);
    expect(c.text).toContain(`#if 0\n${loop}\n#endif`);
    expect(c.after).toEqual(c.before);
  });

  // Guards the same reading with the compiler's numbers: after `#line 100` every line of the
  // kernel was read 98 lines late and its arrays refused as not spelled in the file (BC1036);
  // the #line after the guard must give where()'s line the compiler's number (__LINE__ 105
  // and the assert's, whose system-header markers repeat the line: read as one line).
  it('contracts after a #line 100 and keeps __LINE__ and assert', () => {
    const kern = `#line 100
static double f(const double in[N]) {
  double t[N], s = 0;
  for (int i = 0; i < N; i++) { t[i] = in[i] * 2; if (i >= 1) s += t[i - 1]; }
  return s;
}
${WHERE}`;
    const c = contracted(kern);
    expect(c.before).toMatch(/^35\nline 105\n$/);
    expect(c.t).toBe('contracted');
    expect(c.after).toEqual(c.before);
  });
});

describe('check of a kernel included by several programs', () => {
  // Guards check through every includer: it built the file through the first only (and
  // compared the first includer's reading, not the text contract writes).
  it('builds and compares through each includer', () => {
    const { dir } = program(CASES[1]!);
    try {
      const r = runCli(['check', 'kern.c', '--no-sanitize'], { cwd: dir });
      expect(r.stdout).toMatch(/built through host_1\.c, which includes it/);
      expect(r.stdout).toMatch(/built through host_2\.c, which includes it/);
      expect(r.stdout.match(/run: identical output/g)?.length).toBe(2);
      expect(r.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Guards check through every includer: a candidate wrong for N 16 only passed, as only the
  // first includer (N 8) was built.
  it('finds a candidate wrong in the second includer only', () => {
    const { dir } = program(CASES[1]!);
    try {
      fs.writeFileSync(
        path.join(dir, 'folded.c'),
        LAGGED.replace('i < N', 'i < 8')
          .replace('t[N]', 't[2]')
          .replace(/t\[i( - D)?\]/g, 't[(i$1) % 2]'),
      );
      const r = runCli(['check', 'kern.c', '--against', 'folded.c', '--no-sanitize'], {
        cwd: dir,
      });
      expect(r.stdout).toMatch(/built through host_2\.c, which includes it/);
      expect(r.stdout).toMatch(/outputs differ/);
      expect(r.code).toBe(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Guards the owner check's contraction: the array the includers read otherwise is refused
  // in it as in the text written (the first includer's reading was instrumented, t folded,
  // and host_3.c's build, D 7, found clobbered reads).
  it('checks the text written when an array is refused for the includers', () => {
    const { dir } = program(CASES.find((c) => c.kernel === TWO)!);
    try {
      const r = runCli(['check', 'kern.c', '--no-sanitize'], { cwd: dir });
      expect(r.stdout.match(/owner check: every read found its own cell/g)?.length).toBe(3);
      expect(r.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Guards check through every includer: units of one program (main.c calls other.c's
  // other()) are built together; through main.c alone the original did not link.
  it('builds includers that are units of one program together', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-unityguards-'));
    try {
      fs.cpSync(path.join(ROOT, 'test/adversarial/multifile/unity-hosts-disagree-guard'), dir, {
        recursive: true,
      });
      const r = runCli(['check', 'kern.c', '--no-sanitize'], { cwd: dir });
      expect(r.stdout).toMatch(/built through main\.c, other\.c, which include it/);
      expect(r.stdout).toMatch(/run: identical output/);
      expect(r.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
