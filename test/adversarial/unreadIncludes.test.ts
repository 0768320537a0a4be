/**
 * The `unread-` programs built in the other configuration (frontend/unreadIncludes.ts): a
 * header no lookup finds, included under a conditional directive, is put where the build
 * finds it (`-I`), and the build defines what its condition asks. The header defines
 * in_scale(i) as t[0], so kern() reads a cell that the contraction to two cells reuses, and
 * undefines the condition's macros (a guard after the include would see them undefined).
 * Guards issue 27 item 3's guard: the contracted program must not build there, and must build
 * and compute the same in a configuration that still skips the header; a program whose
 * condition no guard can repeat keeps its array and computes the same everywhere.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '../../src/index.js';
import { contractProgram, DIR } from './adversarialRuns.js';

const HEADER = [
  '#undef FDV_ARM_MATH',
  '#undef __EMBEDDED__',
  '#undef USE_ARM',
  '#undef ARM_CORE',
  '#define in_scale(i) (t[0])',
  '',
].join('\n');

const STOPS = 'the build stops';
const SAME = 'the same output';
// [program, its unread header, [flags of another build, what the contracted file does]]
const BUILDS: [string, string, [string[], string][]][] = [
  [
    'unread-else-branch',
    'beeclak_arm_const_structs.h',
    [
      [['-DFDV_ARM_MATH'], STOPS],
      [['-UFDV_ARM_MATH'], SAME],
    ],
  ],
  ['unread-ifdef-main.c', 'beeclak_arm_math.h', [[['-D__EMBEDDED__'], STOPS]]],
  [
    'unread-elif-nested.c',
    'beeclak_arm_m7.h',
    [
      [['-DUSE_ARM', '-DARM_CORE=7'], STOPS],
      [['-DUSE_ARM', '-DARM_CORE=4'], SAME],
      [['-DARM_CORE=7'], SAME],
    ],
  ],
  ['unread-condition-set.c', 'beeclak_arm_board.h', [[['-DBOARD_X'], SAME]]],
  ['unread-system-under.c', 'beeclak_pi_tables.h', [[['-DWANT_MATH'], SAME]]],
  ['unread-system-branch.c', 'beeclak_pil_tables.h', [[['-D_GNU_SOURCE'], SAME]]],
  ['unread-spliced-include.c', 'beeclak_arm_spliced.h', [[['-DUSE_ARM'], STOPS]]],
  ['unread-spliced-define.c', 'beeclak_arm_spliced.h', [[['-DBOARD_X'], SAME]]],
];

const cc = process.env.CC?.trim() || 'cc';

describe('a header no lookup finds, found in another build', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'beeclak-unread-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(BUILDS)('%s', async (program, header, builds) => {
    const dir = path.join(work, program.replace(/\.c$/, ''));
    const vendor = path.join(dir, 'vendor');
    mkdirSync(vendor, { recursive: true });
    writeFileSync(path.join(vendor, header), HEADER);
    const folder = !program.endsWith('.c');
    if (folder) copyFileSync(path.join(DIR, program, 'fft.h'), path.join(dir, 'fft.h'));
    const [unit] = await contractProgram(program);
    const original = path.join(dir, 'original.c');
    const contracted = path.join(dir, 'contracted.c');
    writeFileSync(original, unit!.source);
    writeFileSync(contracted, unit!.code);
    const build = (src: string, flags: string[], exe: string) =>
      spawnSync(cc, ['-std=gnu11', '-w', '-I', vendor, ...flags, src, '-o', exe, '-lm'], {
        encoding: 'utf8',
      });
    const run = (src: string, flags: string[], exe: string) => {
      const b = build(src, flags, exe);
      expect(b.status).toBe(0);
      return spawnSync(exe, [], { encoding: 'utf8' }).stdout;
    };
    for (const [flags, what] of builds) {
      const expected = run(original, flags, path.join(dir, 'y'));
      if (what === STOPS) {
        const b = build(contracted, flags, path.join(dir, 'x'));
        expect([flags, b.status !== 0, /does not read the header/.test(b.stderr)]).toEqual([
          flags,
          true,
          true,
        ]);
      } else
        expect([flags, run(contracted, flags, path.join(dir, 'x'))]).toEqual([flags, expected]);
    }
  });
});

// Headers the unit reads through its flags, whose include of the unread header (under
// `#ifdef USE_ARM`; the header defines in_scale(i) as t[0] and undefines USE_ARM) a -DUSE_ARM
// build reads: the contracted file must stop there or compute the same.
// - a forced header (`-include force.h`) is read before the main file's first line: the
//   header it reads undefined USE_ARM before the guard there read it, and the contracted
//   build read a reused cell (now BC1035);
// - a header of a user's -isystem folder that defines a macro is the system's by its events:
//   its unread include got no guard at all (now guarded).
const FLAGGED: [string, string, string[], string][] = [
  ['a forced header', 'force.h', ['-include', 'force.h'], ''],
  ['a header of an -isystem folder', 'sdk/sdk_cfg.h', ['-isystem', 'sdk'], '#include <sdk_cfg.h>'],
];

describe('a header no lookup finds, included by a header the flags bring', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'beeclak-flagged-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(FLAGGED)('%s', async (name, header, flags, include) => {
    const dir = path.join(work, header.replace(/\W/g, '_'));
    const vendor = path.join(dir, 'vendor');
    mkdirSync(path.join(dir, path.dirname(header)), { recursive: true });
    mkdirSync(vendor, { recursive: true });
    writeFileSync(path.join(vendor, 'beeclak_arm_flagged.h'), HEADER);
    writeFileSync(
      path.join(dir, header),
      '#define SDK_VERSION 3\n#ifdef USE_ARM\n#include "beeclak_arm_flagged.h"\n#endif\n',
    );
    // (in_scale declared in parentheses: a forced header's macro does not reach it)
    const source = [
      '#include <stdio.h>',
      include,
      'static double (in_scale)(int i) { return 0.25 * i; }',
      'static double kern(const double *in) {',
      '  double t[16], s = 0;',
      '  for (int i = 0; i < 16; i++) {',
      '    t[i] = in[i] * 0.5;',
      '    if (i >= 1) s += t[i - 1] * in_scale(i);',
      '  }',
      '  return s;',
      '}',
      'int main(void) {',
      '  double in[16];',
      '  for (int i = 0; i < 16; i++) in[i] = i % 5 + 1;',
      '  printf("%.3f\\n", kern(in));',
      '  return 0;',
      '}',
      '',
    ].join('\n');
    const file = path.join(dir, 'main.c');
    writeFileSync(file, source);
    const result = await contract(source, { file, compiler: { flags, cwd: dir } });
    const out = path.join(dir, 'out.c');
    writeFileSync(out, result.code);
    const other = ['-std=gnu11', '-w', ...flags, '-DUSE_ARM', '-I', vendor];
    const build = (src: string) =>
      spawnSync(cc, [...other, src, '-o', 'x'], { cwd: dir, encoding: 'utf8' });
    const run = (src: string) => {
      expect(build(src).status).toBe(0);
      return spawnSync(path.join(dir, 'x'), [], { encoding: 'utf8' }).stdout;
    };
    const expected = run(file);
    const b = build(out);
    const stopped = b.status !== 0 && /does not read the header/.test(b.stderr);
    expect([name, stopped || run(out) === expected]).toEqual([name, true]);
  });
});
