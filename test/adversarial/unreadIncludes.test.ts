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
