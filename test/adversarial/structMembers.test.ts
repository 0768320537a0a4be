/**
 * A struct member passed as a kernel's buffer (issue 27, MachSuite's `needwun(..., args->M,
 * ...)`): the refusal list of src/pipeline/wholeProgram/structMembers.ts, one adversarial
 * program per rule. structs/base/ is the shape of MachSuite's nw (the harness mallocs the
 * struct, fills it through `void *`, runs the kernel, reads other members back): its member
 * M passes every rule (member-storage-kept). Each case below changes it in one way that
 * makes M's bytes, offsets or size observable (or may); the case's rule must refuse it, and
 * with that rule left out the program must pass: each rule is needed by its program. Every
 * variant compiles (`cc -fsyntax-only -Wall -Werror`): a refusal of invalid C proves nothing.
 * The `.c` files named `outside*` are other programs in the folder, not in the set.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeFile } from '../../src/frontend/program.js';
import { setMemberVerdicts, type UnitSummary } from '../../src/pipeline/wholeProgram/fileSet.js';
import type { ReasonName } from '../../src/model/reasons.js';
import { runCli } from '../helpers/cli.js';

const BASE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'structs', 'base');
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-structs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** One variant: replacements in the base's files (`from` must occur), new or removed files. */
interface Case {
  readonly name: string;
  readonly code: ReasonName;
  readonly edits?: readonly (readonly [file: string, from: string, to: string])[];
  readonly files?: Readonly<Record<string, string | null>>;
  /** Without its rule, refused by this one instead (defense in depth, said here). */
  readonly alsoRefusedBy?: ReasonName;
}

const HEADER_GENERATOR = `#include <stdio.h>
#include "bench.h"
int main(void) {
  struct args a = {{0}};
  fwrite(&a, sizeof a, 1, stdout); /* the data file's layout is the struct's */
  return 0;
}
`;

const CASES: readonly Case[] = [
  {
    name: 'another program includes the header',
    code: 'member-open-world',
    files: { 'outside-generate.c': HEADER_GENERATOR },
  },
  { name: 'the set holds no main()', code: 'member-open-world', files: { 'main.c': null } },
  {
    name: 'check reads the member after the call',
    code: 'member-used-elsewhere',
    edits: [['glue.c', 'sum += a->out[i];', 'sum += a->out[i] + a->M[i];']],
  },
  {
    name: 'load writes the member before the call',
    code: 'member-used-elsewhere',
    edits: [['glue.c', 'a->in[i] = i;', 'a->in[i] = i, a->M[i] = 7;']],
  },
  {
    name: "the member's address is stored",
    code: 'member-used-elsewhere',
    edits: [
      [
        'glue.c',
        '  kernel(a->in, a->out, a->M);',
        '  kernel(a->in, a->out, a->M);\n  kept = a->M;',
      ],
      ['glue.c', 'int INPUT_SIZE', 'int *kept;\nint INPUT_SIZE'],
      ['glue.c', '  return sum;', '  return sum + kept[3];'],
    ],
  },
  {
    name: 'sizeof of the member',
    code: 'member-used-elsewhere',
    edits: [['glue.c', '  return sum;', '  return sum + (int)sizeof(a->M);']],
  },
  {
    name: 'a second object whose member is read',
    code: 'member-used-elsewhere',
    edits: [
      [
        'glue.c',
        'int check(',
        'int peek(void *vdata) {\n  struct args *r = (struct args *)vdata;\n  return r->M[5];\n}\n\nint check(',
      ],
      ['main.c', 'int check(void *vdata);', 'int check(void *vdata);\nint peek(void *vdata);'],
      [
        'main.c',
        '  free(data);',
        '  char *ref = malloc(INPUT_SIZE);\n  if (!ref)\n    return 1;\n  load(ref);\n  printf("%d\\n", peek(ref));\n  free(ref);\n  free(data);',
      ],
    ],
  },
  {
    name: 'the member passed to another function',
    code: 'member-used-elsewhere',
    edits: [
      ['glue.c', 'int check(', 'static int dump(const int *m) { return m[1]; }\n\nint check('],
      ['glue.c', '  return sum;', '  return sum + dump(a->M);'],
    ],
  },
  {
    name: 'an initializer lists the member',
    code: 'member-used-elsewhere',
    alsoRefusedBy: 'struct-type-used',
    edits: [['glue.c', 'int INPUT_SIZE', 'struct args seed = { .M = { 1 } };\nint INPUT_SIZE']],
  },
  {
    name: 'the same bytes seen as another struct',
    code: 'member-base-unknown',
    // bytes-used checks every pointer of the type, the base's among them.
    alsoRefusedBy: 'struct-bytes-used',
    edits: [
      [
        'glue.c',
        'int check(void *vdata) {\n  struct args *a = (struct args *)vdata;',
        'struct other {\n  int x[3 * N];\n};\n\nint check(void *vdata) {\n  struct args *a = (struct args *)vdata;\n  struct other *o = (struct other *)vdata;',
      ],
      ['glue.c', '  return sum;', '  return sum + o->x[2 * N + 1];'],
    ],
  },
  {
    name: 'a packed struct',
    code: 'struct-layout-fixed',
    edits: [['bench.h', 'struct args {', 'struct __attribute__((packed)) args {']],
  },
  {
    name: 'an aligned struct',
    code: 'struct-layout-fixed',
    edits: [['bench.h', '  int M[N];\n};', '  int M[N];\n} __attribute__((aligned(4096)));']],
  },
  {
    name: 'a flexible array member',
    code: 'struct-layout-fixed',
    edits: [['bench.h', '  int M[N];\n};', '  int M[N];\n  int count;\n  int tail[];\n};']],
  },
  {
    name: 'the member declared with another',
    code: 'struct-layout-fixed',
    edits: [['bench.h', '  int M[N];', '  int M[N], spare[N];']],
  },
  {
    name: 'another unit defines the struct again',
    code: 'struct-layout-fixed',
    files: {
      'other.c':
        '#define N 64\nstruct args {\n  int in[N];\n  int out[N];\n  int M[2 * N];\n};\n\nint first(void *v) {\n  struct args *a = (struct args *)v;\n  return a->in[0];\n}\n',
    },
  },
  {
    name: 'an object of the struct type',
    code: 'struct-type-used',
    edits: [
      ['glue.c', 'int INPUT_SIZE', 'struct args saved;\nint INPUT_SIZE'],
      ['glue.c', '  return sum;', '  saved.out[0] = sum;\n  return saved.out[0];'],
    ],
  },
  {
    name: 'a union holds it',
    code: 'struct-type-used',
    edits: [
      [
        'bench.h',
        'void kernel',
        'union view {\n  struct args a;\n  char bytes[3 * N * sizeof(int)];\n};\n\nvoid kernel',
      ],
    ],
  },
  {
    name: 'a typedef names it',
    code: 'struct-type-used',
    edits: [['bench.h', 'void kernel', 'typedef struct args args_t;\n\nvoid kernel']],
  },
  {
    name: 'offsetof',
    code: 'struct-type-used',
    edits: [
      ['glue.c', '#include <string.h>', '#include <stddef.h>\n#include <string.h>'],
      ['glue.c', '  return sum;', '  return sum + (int)offsetof(struct args, out);'],
    ],
  },
  {
    name: 'a file-scope pointer to it',
    code: 'struct-type-used',
    edits: [['glue.c', 'int INPUT_SIZE', 'struct args *last;\nint INPUT_SIZE']],
  },
  {
    name: 'the size variable compared',
    code: 'struct-size-observed',
    edits: [['main.c', '  if (!data)', '  if (INPUT_SIZE != 768)\n    return 2;\n  if (!data)']],
  },
  {
    name: 'sizeof(struct) compared with a constant',
    code: 'struct-size-observed',
    edits: [
      [
        'glue.c',
        '  return sum;',
        '  return sizeof(struct args) == 3 * N * sizeof(int) ? sum : -1;',
      ],
    ],
  },
  {
    name: 'the whole struct written to a file',
    code: 'struct-bytes-used',
    edits: [['main.c', '  free(data);', '  fwrite(data, 1, 768, stdout);\n  free(data);']],
  },
  {
    name: 'the whole struct copied (memcpy)',
    code: 'struct-bytes-used',
    edits: [
      [
        'main.c',
        '  free(data);',
        '  char copy[768];\n  memcpy(copy, data, 768);\n  printf("%d\\n", copy[600]);\n  free(data);',
      ],
      ['main.c', '#include <stdlib.h>', '#include <stdlib.h>\n#include <string.h>'],
    ],
  },
  {
    name: 'a struct assignment',
    code: 'struct-bytes-used',
    edits: [['glue.c', '  int sum = 0;', '  struct args *b = a;\n  *b = *a;\n  int sum = 0;']],
  },
  {
    name: 'byte arithmetic on the pointer',
    code: 'struct-bytes-used',
    edits: [['main.c', '  free(data);', '  printf("%d\\n", data[2 * 64 * 4 + 3]);\n  free(data);']],
  },
  {
    name: 'memset of another size',
    code: 'struct-bytes-used',
    edits: [['glue.c', 'memset(vdata, 0, sizeof(struct args));', 'memset(vdata, 0, 768);']],
  },
  {
    name: 'run called through a pointer',
    code: 'struct-bytes-used',
    edits: [['main.c', '  run(data);', '  void (*fp)(void *) = run;\n  fp(data);']],
  },
  {
    name: 'a pointer into the buffer passed',
    code: 'struct-bytes-used',
    edits: [['main.c', '  run(data);', '  run(data + 0);']],
  },
  {
    name: 'realloc copies the bytes',
    code: 'struct-bytes-used',
    edits: [
      [
        'main.c',
        '  load(data);',
        '  data = realloc(data, 4096);\n  if (!data)\n    return 1;\n  load(data);',
      ],
    ],
  },
  {
    name: "a second object cleared with another struct's size",
    code: 'struct-bytes-used',
    edits: [
      [
        'glue.c',
        'int check(',
        'struct big {\n  int x[4 * N];\n};\n\nvoid clear(void *v) {\n  struct args *r = (struct args *)v;\n  memset(v, 0, sizeof(struct big));\n  r->in[0] = 1;\n}\n\nint check(',
      ],
      ['main.c', 'int check(void *vdata);', 'int check(void *vdata);\nvoid clear(void *v);'],
      [
        'main.c',
        '  free(data);',
        '  char *ref = malloc(INPUT_SIZE);\n  if (ref)\n    clear(ref);\n  free(ref);\n  free(data);',
      ],
    ],
  },
  {
    name: 'the size variable declared inside a function',
    code: 'struct-size-observed',
    edits: [
      ['main.c', 'extern int INPUT_SIZE;\n', ''],
      [
        'main.c',
        '  char *data',
        '  extern int INPUT_SIZE;\n  printf("%d\\n", INPUT_SIZE);\n  char *data',
      ],
    ],
  },
  {
    name: 'the size passed through a call inside malloc',
    code: 'struct-size-observed',
    edits: [
      [
        'main.c',
        'int main(void) {',
        'static int shown(int n) {\n  printf("%d\\n", n);\n  return n;\n}\n\nint main(void) {',
      ],
      ['main.c', 'malloc(INPUT_SIZE)', 'malloc(shown(INPUT_SIZE))'],
    ],
  },
  {
    name: 'the set defines its own memset',
    code: 'struct-bytes-used',
    files: {
      'mylib.c':
        '#include <stddef.h>\n\nvoid *memset(void *s, int c, size_t n) {\n  unsigned char *p = s;\n  while (n--)\n    *p++ = (unsigned char)c;\n  return s;\n}\n',
    },
  },
  {
    name: 'the whole struct read from a file',
    code: 'struct-bytes-used',
    edits: [
      ['main.c', '#include <stdlib.h>', '#include <stdlib.h>\n#include <unistd.h>'],
      ['main.c', '  load(data);', '  load(data);\n  if (read(0, data, 768) < 0)\n    return 3;'],
    ],
  },
  {
    name: 'two structs compared whole (memcmp)',
    code: 'struct-bytes-used',
    edits: [
      ['main.c', '#include <stdlib.h>', '#include <stdlib.h>\n#include <string.h>'],
      [
        'main.c',
        '  free(data);',
        '  char *ref = malloc(INPUT_SIZE);\n  if (!ref)\n    return 1;\n  load(ref);\n  run(ref);\n  printf("%d\\n", memcmp(data, ref, 768));\n  free(ref);\n  free(data);',
      ],
    ],
  },
];

/** The base program changed as the case says, in a folder of its own. */
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
    if (text === null) rmSync(path.join(dir, file));
    else writeFileSync(path.join(dir, file), text);
  return dir;
}

const sources = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.c'))
    .sort();

function summaries(dir: string): UnitSummary[] {
  return sources(dir)
    .filter((f) => !f.startsWith('outside'))
    .map((f) => {
      const file = path.join(dir, f);
      const summary = summarizeFile(readFileSync(file, 'utf8'), file, { compiler: { cwd: dir } });
      return { file, summary };
    });
}

/** As the CLI says it (src/cli/batch/program.ts): a file outside the set naming the header. */
const includedOutside = (dir: string) => (file: string) => {
  const outside = sources(dir).find(
    (f) =>
      f.startsWith('outside') &&
      readFileSync(path.join(dir, f), 'utf8').includes(`#include "${path.basename(file)}"`),
  );
  return outside ? `${path.basename(file)}, which ${outside} includes` : undefined;
};

/** The verdict on the kernel's M at run()'s call. */
function verdictOnM(dir: string, units: UnitSummary[], without?: ReasonName) {
  const verdicts = setMemberVerdicts(
    units,
    { includedOutside: includedOutside(dir) },
    without ? new Set([without]) : undefined,
  );
  const glue = units.find((u) => u.file.endsWith('glue.c'))!;
  const site =
    'summary' in glue
      ? glue.summary.structs?.members.find(
          (m) => m.member === 'M' && m.argument?.callee === 'kernel',
        )
      : undefined;
  const a = site?.argument;
  return a && verdicts.get(`${glue.file}@${a.start}#${a.index}`)?.code;
}

/** The compiler's complaints about the variant's files, each checked alone: none when valid. */
function compiles(dir: string): string {
  // One compiler driver for every file (it checks each as its own unit): a driver per file
  // was most of this suite's compiler time (issue 29, item 6).
  const r = spawnSync(
    process.env.CC?.trim() || 'cc',
    ['-fsyntax-only', '-Wall', '-Werror', '-Wno-address-of-packed-member', ...sources(dir)],
    { cwd: dir, encoding: 'utf8' },
  );
  return r.status === 0 ? '' : r.stderr;
}

describe('a struct member passed as a buffer (structMembers.ts)', () => {
  it('the base program (MachSuite nw shape) passes every rule', () => {
    const dir = variant({ name: 'base', code: 'member-storage-kept' }, 0);
    expect(compiles(dir)).toBe('');
    expect(verdictOnM(dir, summaries(dir))).toBe('member-storage-kept');
  });

  it.each(CASES.map((c, k) => [c.name, c, k + 1] as const))('%s', (_, c, k) => {
    const dir = variant(c, k);
    expect(compiles(dir)).toBe('');
    const units = summaries(dir);
    expect(verdictOnM(dir, units)).toBe(c.code);
    // Without its rule the program passes (or, said in the table, another rule refuses it).
    expect(verdictOnM(dir, units, c.code)).toBe(c.alsoRefusedBy ?? 'member-storage-kept');
  });

  it('the report gives the verdict on the kernel parameter (contract over the set)', () => {
    const dir = variant({ name: 'cli', code: 'member-storage-kept' }, CASES.length + 1);
    const r = runCli(
      ['contract', '--check', '--no-cache', '--report', 'json', '--report-file', 'r.json'].concat(
        sources(dir),
      ),
      { cwd: dir },
    );
    expect(r.stderr).not.toMatch(/error/);
    const doc = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as {
      files: {
        arrays: { function: string; name: string; code?: string; warnings?: { code: string }[] }[];
      }[];
    };
    const m = doc.files
      .flatMap((f) => f.arrays)
      .find((a) => a.function === 'kernel' && a.name === 'M');
    // M carries no value across the call (the kernel writes every cell first): it is
    // contracted, and shrinks in the struct definition with it (structShrink.test.ts).
    expect(m?.code).toBeUndefined();
    expect(m?.warnings?.map((w) => w.code)).toContain('BC1606');
  });

  it('a member passed on by a parameter is not claimed free of crossing values', () => {
    // The kernel forwards M to fill(); whether values cross in the forwarder's other calls
    // is not asked, so fill's M must not say BC1808 ("no value crosses"): BC1116.
    const c: Case = {
      name: 'forwarded',
      code: 'buffer-not-analysable',
      files: { 'kernel.c': null },
      edits: [
        ['bench.h', 'void kernel(int in[N], int out[N], int M[N]);', ''],
        [
          'glue.c',
          'void run(',
          'static void fill(int in[N], int out[N], int M[N]) {\n  for (int i = 0; i < N; i++)\n    M[i] = in[i] * 2;\n  for (int i = 0; i < N; i++)\n    out[i] = M[i] + 1;\n}\n\nstatic void kernel(int in[N], int out[N], int M[N]) { fill(in, out, M); }\n\nvoid run(',
        ],
      ],
    };
    const dir = variant(c, CASES.length + 2);
    expect(compiles(dir)).toBe('');
    runCli(
      ['contract', '--check', '--no-cache', '--report', 'json', '--report-file', 'r.json'].concat(
        sources(dir),
      ),
      { cwd: dir },
    );
    const doc = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as {
      files: { arrays: { function: string; name: string; code?: string }[] }[];
    };
    const m = doc.files
      .flatMap((f) => f.arrays)
      .find((a) => a.function === 'fill' && a.name === 'M');
    expect(m?.code).toBe('BC1116');
  });
});
