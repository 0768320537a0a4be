/**
 * Multi-file code bases for scripts/realPrograms.ts (issue 27: a code base as one program,
 * read through its own compilation database): zlib (github:madler/zlib, `./configure
 * --static`, `make test`), opus (github:xiph/opus, its Makefile.unix: the library, opus_demo and
 * the five test programs of `make check`) and libjpeg-turbo (github:libjpeg-turbo/libjpeg-turbo,
 * CMake without SIMD, static, `ctest`: 332 tests comparing MD5s of images). Each copy gets a
 * `compile_commands.json` (zlib, opus: from `make -n`, every `cc -c` line; libjpeg-turbo:
 * CMake's), and `contract -i -p DB` rewrites every file the build compiles: zlib's and opus's
 * the database's files, libjpeg-turbo's `src` folder, whose files without an entry (included
 * by others, wrapper templates) are read as the multi-file mode reads them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** As realPrograms.ts's Check and Program (the fields these code bases use). */
export interface CodeBaseCheck {
  cwd: string;
  cmd: string[];
  compare: boolean;
  stdin?: string;
}
export interface CodeBase {
  suite: string;
  name: string;
  prepare?: string;
  build: string;
  checks: CodeBaseCheck[];
  contract: string[];
  flags: string[];
  /** The compiler's flags for the stack frames (`flags` are beeclak's: `-p .`). */
  cflags?: string[];
  executables: string[];
  units?: string[];
}

/**
 * A shell command writing compile_commands.json in the copy from the `cc -c` lines that
 * `make -n ARGS` prints there (after configure: zlib's Makefile is configure's output);
 * the compile lines have no quoted word but opus's celt.o `-DPACKAGE_VERSION`, left out.
 */
const writeDatabase = (args: string) =>
  `make -n ${args} | python3 -c "${[
    'import json,sys',
    'e=[]',
    'for l in sys.stdin:',
    ' w=l.split()',
    " s=[a for a in w if a.endswith('.c')]",
    " if w and w[0] in ('cc','gcc','clang') and '-c' in w and len(s)==1: e.append(dict(directory='.',file=s[0],arguments=[a for a in w if not a.startswith('-DPACKAGE_VERSION')]))",
    "json.dump(e,open('compile_commands.json','w'))",
  ].join('\n')}"`;

/** The files of `make` variables (`OBJZ = adler32.o ...`, `SILK_SOURCES = \\ silk/CNG.c ...`). */
function makeList(dir: string, file: string, names: readonly string[]): string[] {
  const text = readFileSync(join(dir, file), 'utf8').replace(/\\\n/g, ' ');
  return names.flatMap((n) =>
    (new RegExp(`^${n}\\s*=(.*)$`, 'm').exec(text)?.[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w.replace(/\.o$/, '.c')),
  );
}

/**
 * zlib: `make test` (minigzip and example, 32- and 64-bit file offsets: example.c and
 * minigzip.c have two entries each, two configurations), then minigzip round trips of the
 * suite's own sources at six strategies, the compressed bytes compared before and after.
 */
export function zlib(dir: string): CodeBase[] {
  const files = [
    ...makeList(dir, 'Makefile.in', ['OBJZ', 'OBJG']),
    'test/example.c',
    'test/minigzip.c',
  ];
  const corpus = 'cat *.c *.h test/*.c doc/*.txt > corpus.in';
  const roundTrips = ['-1', '-6', '-9', '-f', '-h', '-r']
    .map(
      (o) =>
        `./minigzip ${o} < corpus.in > c.gz && ./minigzip -d < c.gz | cmp - corpus.in && cksum < c.gz`,
    )
    .join(' && ');
  return [
    {
      suite: 'zlib',
      name: 'make test, minigzip round trips',
      // configure only writes the Makefile and zconf.h; the database is make's, in each copy.
      prepare: `./configure --static > configure.out 2>&1 && ${corpus} && ${writeDatabase('test')}`,
      build: 'make -s test > test.log 2>&1',
      checks: [
        { cwd: '.', cmd: ['sh', '-c', roundTrips], compare: true },
        { cwd: '.', cmd: ['./example', 'tmp.ex'], compare: true },
        { cwd: '.', cmd: ['./example64', 'tmp64.ex'], compare: true },
      ],
      contract: files,
      flags: ['-p', '.'],
      cflags: ['-D_LARGEFILE64_SOURCE=1', '-DHAVE_HIDDEN', '-I.'],
      executables: ['example', 'minigzip', 'example64', 'minigzip64'],
    },
  ];
}

/** A deterministic 16-bit PCM input (tones and seeded noise), `n` frames of `ch` channels. */
const pcm = (file: string, n: number, ch: number) =>
  `python3 -c "import math,struct,sys,random; random.seed(7); sys.stdout.buffer.write(b''.join(struct.pack('<${'h'.repeat(ch)}', *[int(8000*math.sin(i*(0.013+0.008*c))+random.randint(-900,900)) for c in range(${ch})]) for i in range(${n})))" > ${file}`;

/**
 * opus: Makefile.unix (float, `-DUSE_ALLOCA`): `make check`'s five test programs with a fixed
 * SEED, and opus_demo's encoder and decoder over two inputs in four modes, the decoded
 * samples and the bit stream compared before and after.
 */
export function opus(dir: string): CodeBase[] {
  const mk = (f: string, v: string) => makeList(dir, f, [v]);
  const files = [
    ...mk('silk_sources.mk', 'SILK_SOURCES'),
    ...mk('silk_sources.mk', 'SILK_SOURCES_FLOAT'),
    ...mk('celt_sources.mk', 'CELT_SOURCES'),
    ...mk('opus_sources.mk', 'OPUS_SOURCES'),
    ...mk('opus_sources.mk', 'OPUS_SOURCES_FLOAT'),
    ...mk('Makefile.unix', 'OPUSDEMO_SRCS_C'),
    ...mk('Makefile.unix', 'OPUSCOMPARE_SRCS_C'),
    ...['API', 'DECODE', 'ENCODE', 'EXTENSIONS', 'PADDING'].flatMap((t) =>
      mk('Makefile.unix', `TESTOPUS${t}_SRCS_C`),
    ),
  ];
  const tests = ['api', 'decode', 'encode', 'extensions', 'padding'].map((t) => ({
    cwd: '.',
    cmd: ['sh', '-c', `SEED=42 ./test_opus_${t} > /dev/null 2>&1`],
    compare: true,
  }));
  const demo = (args: string, out: string) => ({
    cwd: '.',
    cmd: ['sh', '-c', `./opus_demo ${args} ${out} > /dev/null 2>&1 && cksum < ${out}`],
    compare: true,
  });
  return [
    {
      suite: 'opus',
      name: 'make check, opus_demo',
      prepare:
        `echo 'PACKAGE_VERSION="realprograms"' > package_version && chmod -x update_version && ` +
        `${pcm('in16m.raw', 64000, 1)} && ${pcm('in48s.raw', 192000, 2)} && ` +
        writeDatabase('-f Makefile.unix all'),
      build: 'make -s -f Makefile.unix -j2 all > make.log 2>&1',
      checks: [
        ...tests,
        demo('voip 16000 1 16000 -complexity 10 in16m.raw', 'v16.out'),
        demo('audio 48000 2 64000 in48s.raw', 'a48.out'),
        demo('restricted-lowdelay 48000 2 96000 -framesize 2.5 in48s.raw', 'l48.out'),
        demo('voip 16000 1 12000 -loss 10 -inbandfec -dtx in16m.raw', 'f16.out'),
        demo('-e audio 48000 2 32000 -cvbr in48s.raw', 'e48.bit'),
      ],
      contract: files,
      flags: ['-p', '.'],
      cflags: ['-DUSE_ALLOCA', '-DOPUS_BUILD', '-Iinclude', '-Isilk', '-Icelt', '-Isilk/float'],
      executables: ['opus_demo', 'test_opus_api', 'test_opus_decode', 'test_opus_encode'],
    },
  ];
}

/**
 * libjpeg-turbo: CMake (no SIMD: no assembler needed; static), `ctest` (every test compares
 * an output's MD5 with the expected one). Each library file has up to three entries (8-, 12-
 * and 16-bit samples): three configurations. Stack frames are not summed (per-file flags).
 */
export function libjpegTurbo(dir: string): CodeBase[] {
  const cmake =
    'cmake -S . -B build -DWITH_SIMD=0 -DENABLE_SHARED=0 -DCMAKE_EXPORT_COMPILE_COMMANDS=ON ' +
    '-DCMAKE_BUILD_TYPE=Release > cmake.log 2>&1';
  const version = readFileSync(join(dir, 'CMakeLists.txt'), 'utf8').includes('enable_testing');
  return version
    ? [
        {
          suite: 'libjpeg-turbo',
          name: 'ctest (8/12/16-bit)',
          prepare: cmake,
          build: 'make -s -C build -j2 > make.log 2>&1',
          checks: [
            { cwd: 'build', cmd: ['sh', '-c', 'ctest -j2 > /dev/null 2>&1'], compare: true },
          ],
          contract: ['src'],
          flags: ['-p', 'build'],
          executables: ['build/cjpeg-static', 'build/djpeg-static', 'build/jpegtran-static'],
          units: [],
        },
      ]
    : [];
}
