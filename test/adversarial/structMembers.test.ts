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

/**
 * A second program of the set (MachSuite's generate.c, its own main()): a local object of
 * the struct, reached only through `.` and `&`. It passes every rule (issue 27 item 2); the
 * cases below change it.
 */
const GENERATOR = `#include <stdio.h>
#include <string.h>
#include "bench.h"
void load(void *vdata);
int check(void *vdata);
int main(void) {
  struct args d;
  load(&d);
  for (int i = 0; i < N; i++)
    d.out[i] = d.in[i];
  printf("%d\\n", check((void *)&d));
  return 0;
}
`;
const generator = (from: string, to: string) => {
  if (!GENERATOR.includes(from)) throw new Error(`'${from}' is not in GENERATOR`);
  return { 'generate.c': GENERATOR.replace(from, to) };
};

const CASES: readonly Case[] = [
  {
    name: 'a local object with an initializer',
    code: 'struct-type-used',
    // (its address is then not a pointer the analysis follows)
    alsoRefusedBy: 'struct-bytes-used',
    files: generator('struct args d;', 'struct args d = {{0}};'),
  },
  {
    name: 'a local array of objects',
    code: 'struct-type-used',
    // (its address is then not a pointer the analysis follows)
    alsoRefusedBy: 'struct-bytes-used',
    files: generator(
      'struct args d;\n  load(&d);',
      'struct args e[1];\n  load(&e[0]);\n  struct args d;\n  load(&d);',
    ),
  },
  {
    name: 'a local object copied',
    code: 'struct-bytes-used',
    files: generator(
      '  return 0;',
      '  struct args e;\n  e = d;\n  printf("%d\\n", e.in[1]);\n  return 0;',
    ),
  },
  {
    name: 'sizeof of a local object',
    code: 'struct-bytes-used',
    files: generator('  return 0;', '  return (int)sizeof d - 768;'),
  },
  {
    name: "a local object's address given to memcpy",
    code: 'struct-bytes-used',
    files: generator('  return 0;', '  char b[768];\n  memcpy(b, &d, 768);\n  return b[600];'),
  },
  {
    name: "a local object's address stored in a pointer",
    code: 'struct-bytes-used',
    files: generator('  return 0;', '  struct args *q = &d;\n  return q->in[0];'),
  },
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
    // (a member's address as a value is an offset too)
    alsoRefusedBy: 'struct-bytes-used',
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
    // Adversary 2026-11-28d: a comparison inside the size counted as an allocation's size;
    // M shrunk, sizeof 768 -> 516, and the block became 64 bytes (heap-buffer-overflow).
    name: 'the size variable compared inside malloc',
    code: 'struct-size-observed',
    edits: [['main.c', 'malloc(INPUT_SIZE)', 'malloc((INPUT_SIZE > 600) * 4096 + 64)']],
  },
  {
    // Adversary 2026-11-28d: only variables declared with a few spelled integer types had
    // their uses recorded; main.c printed 516 instead of 768.
    name: 'the size variable declared extern int32_t and printed',
    code: 'struct-size-observed',
    edits: [
      ['main.c', 'extern int INPUT_SIZE;', '#include <stdint.h>\nextern int32_t INPUT_SIZE;'],
      ['main.c', '  free(data);', '  printf("%d\\n", (int)INPUT_SIZE);\n  free(data);'],
    ],
  },
  {
    // Adversary 2026-11-28d: a memset of a plain array with the struct's size; strlen past
    // the struct's new size printed 423 instead of 0.
    name: "memset of a plain array with the struct's size",
    code: 'struct-size-observed',
    edits: [
      [
        'glue.c',
        'int check(',
        "int probe(void) {\n  char buf[1024];\n  memset(buf, 'x', sizeof buf - 1);\n  buf[1023] = 0;\n  memset(buf, 0, sizeof(struct args));\n  return (int)strlen(buf + 600);\n}\n\nint check(",
      ],
      ['main.c', 'int check(void *vdata);', 'int check(void *vdata);\nint probe(void);'],
      ['main.c', '  free(data);', '  printf("%d\\n", probe());\n  free(data);'],
    ],
  },
  {
    // Adversary 2026-11-28d: a block of the struct's size held by an `int *` (not a pointer
    // the rules follow), filled to its end: heap-buffer-overflow once M shrank.
    name: "an int pointer's block of the struct's size",
    code: 'struct-size-observed',
    edits: [
      ['glue.c', '#include <string.h>', '#include <stdlib.h>\n#include <string.h>'],
      [
        'glue.c',
        'int check(',
        'int probe(void) {\n  int *ip = malloc(sizeof(struct args));\n  if (!ip)\n    return -1;\n  for (int i = 0; i < 3 * N; i++)\n    ip[i] = i;\n  int s = ip[3 * N - 1];\n  free(ip);\n  return s;\n}\n\nint check(',
      ],
      ['main.c', 'int check(void *vdata);', 'int check(void *vdata);\nint probe(void);'],
      ['main.c', '  free(data);', '  printf("%d\\n", probe());\n  free(data);'],
    ],
  },
  {
    // Adversary 2026-11-28d: with M between in and out, the distance of their addresses
    // (offsetof by other means) printed 260 instead of 512 once M shrank.
    name: 'the distance between two members printed',
    code: 'struct-bytes-used',
    edits: [
      ['bench.h', '  int out[N];\n  int M[N];', '  int M[N];\n  int out[N];'],
      ['glue.c', '#include <string.h>', '#include <stdint.h>\n#include <string.h>'],
      ['glue.c', '  return sum;', '  return sum + (int)((uintptr_t)a->out - (uintptr_t)a->in);'],
    ],
  },
  {
    name: 'the distance between two members elements printed',
    code: 'struct-bytes-used',
    edits: [
      ['bench.h', '  int out[N];\n  int M[N];', '  int M[N];\n  int out[N];'],
      ['glue.c', '#include <string.h>', '#include <stdint.h>\n#include <string.h>'],
      [
        'glue.c',
        '  return sum;',
        '  return sum + (int)((uintptr_t)&a->out[0] - (uintptr_t)&(a->in)[0]);',
      ],
    ],
  },
  {
    // Adversary 2026-11-28d: dump(&data) runs when main's block ends and read byte 600 of
    // the struct, past the shrunk block (heap-buffer-overflow).
    name: 'a cleanup attribute hands the pointer to a function reading its bytes',
    code: 'struct-bytes-used',
    edits: [
      [
        'main.c',
        'int main(void) {\n  char *data = malloc(INPUT_SIZE);',
        'static void dump(char **pp) {\n  printf("%d\\n", (*pp)[600]);\n  free(*pp);\n}\n\nint main(void) {\n  __attribute__((cleanup(dump))) char *data = malloc(INPUT_SIZE);',
      ],
      ['main.c', '  free(data);\n', ''],
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

/**
 * The base program changed as the case says, always in the same folder (emptied first): the
 * summary of a file names the folder's files by their paths, and at one path a file and the
 * files it reads that another case left unchanged have the summary that case made (below).
 */
function variant(c: Case): string {
  const dir = path.join(work, 'variant');
  rmSync(dir, { recursive: true, force: true });
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

/**
 * What a file's summary can read besides the file: every file of the folder but the `.c`
 * files no file includes (the headers, and a `.c` file another includes).
 */
function readable(dir: string): string {
  const files = readdirSync(dir).sort();
  const texts = files.map((f) => [f, readFileSync(path.join(dir, f), 'latin1')] as const);
  const included = texts.map(([, t]) => t).join('\n');
  return JSON.stringify(texts.filter(([f]) => !f.endsWith('.c') || included.includes(`"${f}"`)));
}

/**
 * Summaries already made, by path, text and what the file can read (variant): most cases
 * change one file, and summarizing the others again was most of this suite's CPU (issue 29,
 * item 6). The summary is a function of these alone.
 */
const made = new Map<string, ReturnType<typeof summarizeFile>>();

function summaries(dir: string): UnitSummary[] {
  const around = readable(dir);
  return sources(dir)
    .filter((f) => !f.startsWith('outside'))
    .map((f) => {
      const file = path.join(dir, f);
      const text = readFileSync(file, 'utf8');
      const key = JSON.stringify([file, text, around]);
      let summary = made.get(key);
      if (!summary) {
        summary = summarizeFile(text, file, { compiler: { cwd: dir } });
        made.set(key, summary);
      }
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
    const dir = variant({ name: 'base', code: 'member-storage-kept' });
    expect(compiles(dir)).toBe('');
    expect(verdictOnM(dir, summaries(dir))).toBe('member-storage-kept');
  });

  // Issue 27 item 2: MachSuite's generate.c given with the set declares `struct bench_args_t
  // data;` and hands `&data` to data_to_input(): struct-type-used before.
  it('a second program of the set with a local object of the struct passes every rule', () => {
    const dir = variant({
      name: 'generator',
      code: 'member-storage-kept',
      files: { 'generate.c': GENERATOR },
    });
    expect(compiles(dir)).toBe('');
    expect(verdictOnM(dir, summaries(dir))).toBe('member-storage-kept');
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const dir = variant(c);
    expect(compiles(dir)).toBe('');
    const units = summaries(dir);
    expect(verdictOnM(dir, units)).toBe(c.code);
    // Without its rule the program passes (or, said in the table, another rule refuses it).
    expect(verdictOnM(dir, units, c.code)).toBe(c.alsoRefusedBy ?? 'member-storage-kept');
  });

  it('the report gives the verdict on the kernel parameter (contract over the set)', () => {
    const dir = variant({ name: 'cli', code: 'member-storage-kept' });
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

  // Issue 27 item 3 (MachSuite radix: ss_sort passes args->sum on to sum_scan and
  // last_step_scan): a member passed on by a parameter is followed as a caller's buffer is
  // (BC1116 before, whatever the forwarder did). The forwarder's own uses are asked: a
  // callee or a read after the call refuses; else the helper's parameter is decided, folded
  // in place, and the member keeps its size (the forwarder's other callees index it too).
  const FILL =
    'static void fill(int in[N], int out[N], int M[N]) {\n  M[0] = in[0];\n  out[0] = M[0];\n  for (int i = 1; i < N; i++) {\n    M[i] = M[i - 1] + in[i];\n    out[i] = M[i] * 2;\n  }\n}\n\n' +
    'static int peek(int M[N]) {\n  return M[3];\n}\n\n';
  it.each([
    ['the forwarder only passes it on', 'fill(in, out, M);', undefined],
    [
      'the forwarder passes it to a reader after',
      'fill(in, out, M);\n  out[0] += peek(M);',
      'BC1121',
    ],
    ['the forwarder reads it after', 'fill(in, out, M);\n  out[0] += M[3];', 'BC1121'],
  ] as const)('a member passed on by a parameter: %s', (name, body, code) => {
    const c: Case = {
      name: 'forwarded',
      code: 'buffer-not-analysable',
      files: { 'kernel.c': null },
      edits: [
        ['bench.h', 'void kernel(int in[N], int out[N], int M[N]);', ''],
        [
          'glue.c',
          'void run(',
          `${FILL}static void kernel(int in[N], int out[N], int M[N]) {\n  ${body}\n}\n\nvoid run(`,
        ],
      ],
    };
    const dir = variant(c);
    if (body.includes('peek') === false)
      writeFileSync(
        path.join(dir, 'glue.c'),
        readFileSync(path.join(dir, 'glue.c'), 'utf8').replace(/static int peek[^}]*}\n\n/, ''),
      );
    expect(compiles(dir)).toBe('');
    const header = readFileSync(path.join(dir, 'bench.h'), 'utf8');
    const exe = path.join(dir, 'prog');
    const run = () => {
      const cc = spawnSync(process.env.CC?.trim() || 'cc', ['-O1', '-o', exe, ...sources(dir)], {
        cwd: dir,
        encoding: 'utf8',
      });
      return cc.status === 0 ? spawnSync(exe, [], { encoding: 'utf8' }).stdout : cc.stderr;
    };
    const before = run();
    runCli(
      ['contract', '-i', '--no-cache', '--report', 'json', '--report-file', 'r.json'].concat(
        sources(dir),
      ),
      { cwd: dir },
    );
    const doc = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as {
      files: {
        arrays: { function: string; name: string; code?: string; warnings?: { code: string }[] }[];
      }[];
    };
    const m = doc.files
      .flatMap((f) => f.arrays)
      .find((a) => a.function === 'fill' && a.name === 'M');
    expect(m?.code).toBe(code);
    // (folded in place: the member keeps its size, the header stays as it is)
    if (!code) expect(m?.warnings?.map((w) => w.code)).toContain('BC1603');
    expect(readFileSync(path.join(dir, 'bench.h'), 'utf8')).toBe(header);
    expect(run()).toBe(before);
  });
});
