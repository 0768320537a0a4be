/**
 * Shrinking a struct member in its definition (issue 27; src/pipeline/wholeProgram/
 * memberStorage.ts): structs/base/ is MachSuite nw's shape, its kernel's M a prefix sum that
 * folds to one cell. `contract -i` over the set rewrites M's extent in bench.h, the kernel's
 * prototype there and its definition, all in one edit set, and the program prints what it
 * printed. Each variant below makes the member's storage unsafe or unreachable to edit: the
 * header must stay as it was, the program must still print the same, and the kernel's entry
 * says why (the member rules' code, or BC1808 where the member passes them but its
 * definition cannot be rewritten). Every variant compiles with `-Wall -Werror`.
 */
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeOf, type ReasonName } from '../../src/model/reasons.js';
import { runCli } from '../helpers/cli.js';
import { compileCached } from '../../scripts/ccCache.js';

const BASE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'structs', 'base');
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-structshrink-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Case {
  readonly name: string;
  /** The code on the kernel's M (its refusal, or the note that its member keeps its size). */
  readonly code: ReasonName;
  readonly edits?: readonly (readonly [file: string, from: string, to: string])[];
  readonly files?: Readonly<Record<string, string | null>>;
}

const STRUCT = 'struct args {\n  int in[N];\n  int out[N];\n  int M[N];\n};\n';

const CASES: readonly Case[] = [
  {
    // A harness function reads the member through its own pointer to the struct.
    name: 'a member read through a pointer to the struct in another function',
    code: 'member-used-elsewhere',
    edits: [['glue.c', '  return sum;', '  return sum + a->M[0];']],
  },
  {
    name: 'memcpy of the whole struct',
    code: 'struct-bytes-used',
    edits: [
      ['glue.c', '#include "bench.h"', '#include "bench.h"\nstatic char saved[4096];'],
      ['glue.c', '  int sum = 0;', '  int sum = 0;\n  memcpy(saved, vdata, 3 * N * sizeof(int));'],
    ],
  },
  {
    name: 'sizeof the struct printed',
    code: 'struct-size-observed',
    edits: [['glue.c', '  return sum;', '  return sum + (int)sizeof(struct args);']],
  },
  {
    name: 'an array of structs',
    code: 'struct-type-used',
    edits: [['glue.c', 'int INPUT_SIZE', 'struct args pool[2];\nint INPUT_SIZE']],
  },
  {
    name: 'a struct passed by value',
    code: 'struct-type-used',
    edits: [
      [
        'glue.c',
        'int check(',
        'static int first(struct args s) { return s.out[0]; }\n\nint check(',
      ],
      ['glue.c', '  return sum;', '  return sum + first(*a);'],
    ],
  },
  {
    name: 'a union holds the struct',
    code: 'struct-type-used',
    edits: [
      [
        'glue.c',
        'int INPUT_SIZE',
        'union view {\n  struct args a;\n  char bytes[8];\n};\nint INPUT_SIZE',
      ],
    ],
  },
  {
    name: "the member's address escapes",
    code: 'member-used-elsewhere',
    edits: [
      ['glue.c', 'int INPUT_SIZE', 'int *escaped;\nint INPUT_SIZE'],
      [
        'glue.c',
        '  kernel(a->in, a->out, a->M);',
        '  kernel(a->in, a->out, a->M);\n  escaped = a->M;',
      ],
    ],
  },
  {
    // The rules pass, but the definition is a unit's text, which its own analysis writes.
    name: 'the struct defined in a .c file of the set',
    code: 'member-storage-kept',
    edits: [
      ['bench.h', 'struct args {\n  int in[N];\n  int out[N];\n  int M[N];\n};\n', ''],
      ['glue.c', '#include "bench.h"', `#include "bench.h"\n\n${STRUCT}`],
    ],
  },
  {
    name: 'the member spelled by a macro',
    code: 'member-storage-kept',
    edits: [['bench.h', '  int M[N];', '#define SCRATCH(name) int name[N]\n  SCRATCH(M);']],
  },
  {
    name: "the member's element type spelled otherwise",
    code: 'member-storage-kept',
    edits: [
      ['bench.h', '#define N 64', '#define N 64\ntypedef int cell;'],
      ['bench.h', '  int M[N];', '  cell M[N];'],
    ],
  },
  {
    // Guards configured-elsewhere: this build does not read M, a -DPEEK build does.
    name: 'a read of the member in a branch this build skips',
    code: 'configured-elsewhere',
    edits: [['glue.c', '  return sum;', '#ifdef PEEK\n  sum += a->M[0];\n#endif\n  return sum;']],
  },
  {
    // Adversary 2026-11-28d: `#define PEEK` on the line after a backslash is BANNER's text;
    // taken for a definition, the #ifdef PEEK group looked constant, M shrank, and a -DPEEK
    // build printed 87360 instead of 89376.
    name: 'a read of the member under a macro "defined" on a spliced line',
    code: 'configured-elsewhere',
    edits: [
      [
        'glue.c',
        '#include "bench.h"',
        '#include "bench.h"\n\n#define BANNER "glue" \\\n#define PEEK',
      ],
      ['glue.c', '  return sum;', '#ifdef PEEK\n  sum += a->M[N - 1];\n#endif\n  return sum;'],
    ],
  },
  {
    // Adversary 2026-11-28d: `#define PEEK` between push_macro and pop_macro looked like a
    // definition for the rest of the file; a -DPEEK build printed 87360 instead of 89376.
    name: 'a read of the member under a macro push_macro / pop_macro restore',
    code: 'configured-elsewhere',
    edits: [
      [
        'glue.c',
        '#include "bench.h"',
        '#include "bench.h"\n\n#pragma push_macro("PEEK")\n#define PEEK\n#pragma pop_macro("PEEK")',
      ],
      ['glue.c', '  return sum;', '#ifdef PEEK\n  sum += a->M[N - 1];\n#endif\n  return sum;'],
    ],
  },
  {
    // Adversary 2026-11-28d: a // comment ending in a backslash pair continues onto the next
    // line, whose `#define PEEK` is comment; read as a definition, M shrank and a -DPEEK build
    // printed 87360 instead of 89376.
    name: 'a read of the member under a macro "defined" in a continued // comment',
    code: 'configured-elsewhere',
    edits: [
      [
        'glue.c',
        '#include "bench.h"',
        '#include "bench.h"\n\n#pragma GCC diagnostic ignored "-Wcomment"\n// data files live in C:\\bench\\\\\n#define PEEK',
      ],
      ['glue.c', '  return sum;', '#ifdef PEEK\n  sum += a->M[N - 1];\n#endif\n  return sum;'],
    ],
  },
  {
    name: 'a function of the harness defined under #ifdef',
    code: 'configured-elsewhere',
    edits: [
      [
        'glue.c',
        'int check(',
        '#ifdef DEBUG\nint peek(void *vdata) {\n  return ((struct args *)vdata)->M[1];\n}\n#endif\n\nint check(',
      ],
    ],
  },
  {
    name: 'another program of the folder includes the header',
    code: 'member-open-world',
    files: {
      'outside-generate.c':
        '#include <stdio.h>\n#include "bench.h"\nint main(void) {\n  struct args a = {{0}};\n  fwrite(&a, sizeof a, 1, stdout);\n  return 0;\n}\n',
    },
  },
];

function variant(c: Case, k: number): string {
  const dir = path.join(work, `case${k}`);
  cpSync(BASE, dir, { recursive: true });
  for (const [file, from, to] of c.edits ?? []) {
    const f = path.join(dir, file);
    const text = readFileSync(f, 'utf8');
    if (!text.includes(from)) throw new Error(`${c.name}: '${from}' is not in ${file}`);
    writeFileSync(f, text.replace(from, to));
  }
  for (const [file, text] of Object.entries(c.files ?? {}))
    if (text === null) rmSync(path.join(dir, file), { force: true });
    else writeFileSync(path.join(dir, file), text);
  return dir;
}

/** The program's files: every .c file but the other programs (`outside*`). */
const program = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.c') && !f.startsWith('outside'))
    .sort();

/**
 * Builds and runs the program: its output, or the compiler's complaint. The build goes
 * through the shared cache of builds (scripts/ccCache.ts, keyed by every file of the
 * folder): most variants and their contractions are the same texts every run.
 */
async function run(dir: string): Promise<string> {
  const exe = path.join(dir, 'prog');
  const [first, ...others] = program(dir);
  const reads = readdirSync(dir)
    .filter((f) => /\.[ch]$/.test(f))
    .sort()
    .map((f): [string, string] => [f, readFileSync(path.join(dir, f), 'utf8')]);
  const cc = await compileCached(
    (c, args) =>
      new Promise((resolve) =>
        execFile(c, args, { cwd: dir, encoding: 'utf8' }, (e, stdout, stderr) =>
          resolve({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout, stderr }),
        ),
      ),
    process.env.CC?.trim() || 'cc',
    ['-O1', '-Wall', '-Werror', ...others],
    path.join(dir, first!),
    exe,
    [],
    reads,
  );
  if (cc.code !== 0) return `does not compile: ${cc.stderr}`;
  const r = spawnSync(exe, [], { cwd: dir, encoding: 'utf8' });
  return `${r.status}: ${r.stdout}`;
}

interface Entry {
  function: string;
  name: string;
  code?: string;
  storage?: string;
  savedBytes?: number | string;
  warnings?: { code: string }[];
}

/** `contract -i` over the program's files: the kernel M's entry (the run in `last`). */
const last: { stderr: string; summary?: { bytesSaved: number; byStorage: unknown[] } } = {
  stderr: '',
};
function contract(dir: string, options: readonly string[] = []) {
  const r = runCli(
    ['contract', '-i', '--no-cache', '--report', 'json', '--report-file', 'r.json']
      .concat(options)
      .concat(program(dir)),
    { cwd: dir },
  );
  expect(r.stderr).not.toMatch(/error|: skipped/);
  const doc = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as {
    files: { arrays: Entry[] }[];
    summary: NonNullable<(typeof last)['summary']>;
  };
  last.stderr = r.stderr;
  last.summary = doc.summary;
  return doc.files.flatMap((f) => f.arrays).find((a) => a.function === 'kernel' && a.name === 'M');
}

describe('a struct member shrunk in its definition (memberStorage.ts)', () => {
  it('the base program: M shrinks in bench.h with the kernel, and the program prints the same', async () => {
    const dir = variant({ name: 'base', code: 'member-storage-kept' }, 0);
    const before = await run(dir);
    expect(before).toMatch(/^0: \d+\n$/);
    const m = contract(dir);
    expect(m?.warnings?.map((w) => w.code)).toContain(codeOf('storage-shrinks'));
    const header = readFileSync(path.join(dir, 'bench.h'), 'utf8');
    expect(header).toContain('  int M[1];');
    expect(header).toContain('void kernel(int in[N], int out[N], int M[1]);');
    expect(readFileSync(path.join(dir, 'kernel.c'), 'utf8')).toContain('int M[1])');
    expect(await run(dir)).toBe(before);
    // Guards the count: the member's bytes were in no report (savedBytes 0 on a parameter,
    // "0 bytes saved"). M[64] -> M[1] of int frees (64 - 1) * 4 bytes in each struct object.
    expect(m).toMatchObject({ storage: 'struct-member', savedBytes: 252 });
    expect(last.summary).toMatchObject({
      bytesSaved: 252,
      byStorage: [{ storage: 'struct-member', bytesSaved: 252 }],
    });
    expect(last.stderr).toMatch(/, 252 bytes saved \(252 of them per struct object\)\n/);
  });

  it('--list lists the member with its bytes (sorted by them), said per struct object', () => {
    const dir = variant({ name: 'list', code: 'member-storage-kept' }, 99);
    const r = runCli(['contract', '--list', '--sort', 'bytes', '--no-cache'].concat(program(dir)), {
      cwd: dir,
    });
    expect(r.stdout).toMatch(/^kernel\.c:5:40: M in kernel\(\) .*saves 252 per struct object\)$/m);
    expect(r.stderr).toMatch(/252 bytes to save \(252 of them per struct object\)/);
  });

  it('a member whose saving is below --min-bytes keeps its size, and nothing is counted', async () => {
    // Guards the count of a dropped edit set: the kernel refuses its part (252 bytes per
    // object, not more than 300), the set's group is dropped, M stays folded in place.
    const dir = variant({ name: 'min-bytes', code: 'member-storage-kept' }, 98);
    const header = readFileSync(path.join(dir, 'bench.h'), 'utf8');
    const before = await run(dir);
    const m = contract(dir, ['--min-bytes', '300']);
    expect(readFileSync(path.join(dir, 'bench.h'), 'utf8')).toBe(header);
    expect(m).toMatchObject({ storage: 'parameter', savedBytes: 0 });
    expect(last.summary).toMatchObject({ bytesSaved: 0, byStorage: [] });
    expect(last.stderr).toMatch(/, 0 bytes saved\n/);
    expect(await run(dir)).toBe(before);
  });

  // Issue 27 item 2: MachSuite's Makefile builds generate.c (its own main(), a local
  // `struct bench_args_t data` handed to data_to_input as `&data`) from the same sources.
  // Given with the set, both programs are read as one world (each program's calls are among
  // the set's): M shrinks, and both programs print as before.
  it('a set of two programs, the second with a local object of the struct', () => {
    const generator = [
      '#include <stdio.h>',
      '#include "bench.h"',
      'void load(void *vdata);',
      'int check(void *vdata);',
      'int main(void) {',
      '  struct args d;',
      '  load(&d);',
      '  for (int i = 0; i < N; i++)',
      '    d.out[i] = d.in[i] * 3;',
      '  printf("%d\\n", check((void *)&d));',
      '  return 0;',
      '}',
      '',
    ].join('\n');
    const dir = variant(
      { name: 'two programs', code: 'member-storage-kept', files: { 'generate.c': generator } },
      97,
    );
    const build = (files: string[]) => {
      const exe = path.join(dir, 'prog');
      const cc = spawnSync(
        process.env.CC?.trim() || 'cc',
        ['-O1', '-Wall', '-Werror', '-o', exe, ...files],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      if (cc.status !== 0) return `does not compile: ${cc.stderr}`;
      const r = spawnSync(exe, [], { cwd: dir, encoding: 'utf8' });
      return `${r.status}: ${r.stdout}`;
    };
    const programs = [
      ['glue.c', 'kernel.c', 'main.c'],
      ['generate.c', 'glue.c', 'kernel.c'],
    ];
    const before = programs.map(build);
    for (const b of before) expect(b).toMatch(/^0: \d+\n$/);
    contract(dir);
    expect(readFileSync(path.join(dir, 'bench.h'), 'utf8')).toContain('  int M[1];');
    expect(programs.map(build)).toEqual(before);
  });

  // Issue 27 item 3: the kernel passes M on to two helpers of its file (MachSuite radix's
  // ss_sort -> sum_scan, last_step_scan). fill1 needs 2 cells of M, fill2 all of them: fill1
  // folds in place, and the member keeps its size (member-storage-kept), whatever fill1 needs.
  it('a member passed on to two helpers: one folds in place, the member keeps its size', async () => {
    const kernel = [
      '#include "bench.h"',
      'void fill1(int in[N], int out[N], int M[N]) {',
      '  M[0] = in[0];',
      '  out[0] = M[0];',
      '  for (int i = 1; i < N; i++) {',
      '    M[i] = M[i - 1] + in[i];',
      '    out[i] = M[i] * 2;',
      '  }',
      '}',
      'void fill2(int out[N], int M[N]) {',
      '  for (int i = 0; i < N; i++)',
      '    M[i] = out[i] + i;',
      '  for (int i = 0; i < N; i++)',
      '    out[i] += M[N - 1 - i];',
      '}',
      'void kernel(int in[N], int out[N], int M[N]) {',
      '  fill1(in, out, M);',
      '  fill2(out, M);',
      '}',
      '',
    ].join('\n');
    const dir = variant(
      {
        name: 'forwarded',
        code: 'member-storage-kept',
        files: { 'kernel.c': kernel },
        edits: [
          [
            'bench.h',
            'void kernel(int in[N], int out[N], int M[N]);',
            'void kernel(int in[N], int out[N], int M[N]);\nvoid fill1(int in[N], int out[N], int M[N]);\nvoid fill2(int out[N], int M[N]);',
          ],
        ],
      },
      96,
    );
    const header = readFileSync(path.join(dir, 'bench.h'), 'utf8');
    const before = await run(dir);
    expect(before).toMatch(/^0: \d+\n$/);
    contract(dir);
    const doc = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as {
      files: { arrays: Entry[] }[];
    };
    const fill1 = doc.files
      .flatMap((f) => f.arrays)
      .find((a) => a.function === 'fill1' && a.name === 'M');
    expect(fill1?.code).toBeUndefined();
    expect(fill1?.warnings?.map((w) => w.code)).toContain(codeOf('member-storage-kept'));
    expect(readFileSync(path.join(dir, 'bench.h'), 'utf8')).toBe(header);
    expect(await run(dir)).toBe(before);
  });

  it.each([
    [
      // MachSuite's harness.c: `#define CHECK_OUTPUT` then `#ifdef CHECK_OUTPUT` in main().
      'a conditional every build decides alike',
      [
        ['main.c', 'int main(void) {', '#define CHECK\n\nint main(void) {'],
        ['main.c', '  free(data);', '#ifdef CHECK\n  printf("checked\\n");\n#endif\n  free(data);'],
      ],
    ],
    [
      'an assertion that reads no member (this build reads it: NDEBUG is not defined)',
      [
        ['glue.c', '#include <string.h>', '#include <assert.h>\n#include <string.h>'],
        ['glue.c', '  return sum;', '  assert(sum >= 0);\n  return sum;'],
      ],
    ],
  ] as const)('accepted: %s', async (name, edits) => {
    const dir = variant({ name, code: 'member-storage-kept', edits }, 100 + name.length);
    const before = await run(dir);
    expect(before).toMatch(/^0: /);
    contract(dir);
    expect(readFileSync(path.join(dir, 'bench.h'), 'utf8')).toContain('  int M[1];');
    expect(await run(dir)).toBe(before);
  });

  it.each(CASES.map((c, k) => [c.name, c, k + 1] as const))('%s', async (_, c, k) => {
    const dir = variant(c, k);
    const header = readFileSync(path.join(dir, 'bench.h'), 'utf8');
    const texts = () => program(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
    const written = texts();
    const before = await run(dir);
    expect(before).toMatch(/^0: \d+\n$/);
    const m = contract(dir);
    const codes = [m?.code, ...(m?.warnings ?? []).map((w) => w.code)];
    expect(codes).toContain(codeOf(c.code));
    expect(readFileSync(path.join(dir, 'bench.h'), 'utf8')).toBe(header);
    // (a member that keeps its size saves nothing: no entry counts it)
    expect(m?.storage).not.toBe('struct-member');
    expect(last.stderr).not.toMatch(/per struct object/);
    // (a program whose every file reads as before prints as before: built again only when
    // the contraction changed one of them)
    if (texts().some((t, i) => t !== written[i])) expect(await run(dir)).toBe(before);
  });
});
