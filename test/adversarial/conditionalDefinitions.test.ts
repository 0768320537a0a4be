/**
 * Macros a user header defines under a conditional directive (frontend/conditionalDefinitions.ts:
 * kissfft's `C_MUL` under `#ifdef FIXED_POINT`, `#ifndef CHECK_OVERFLOW_OP` / `#define ...`).
 * In every program the other build's definition of SCALE(i) reads t[0], a cell the contraction
 * of t[16] to two cells reuses: built in that configuration, the contracted file must stop
 * (its first-line pins) or, where no pin can be written, keep t and compute the same. Each
 * row guards one rule of the pins: before them every such array was refused (BC1035); a pin
 * that read a condition where it does not read as at the header, missed a directive of the
 * name, or left out a group would let the other build read a reused cell.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '../../src/index.js';

const MAIN = (includes: string, before = '') =>
  [
    '#include <stdio.h>',
    before,
    includes,
    'static double kern(const double *in) {',
    '  double t[16], s = 0;',
    '  for (int i = 0; i < 16; i++) {',
    '    t[i] = in[i] * 0.5;',
    '    if (i >= 1) s += t[i - 1] * SCALE(i);',
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

const BAD = '#define SCALE(i) (t[0])';
const GOOD = '#define SCALE(i) (0.25 * (i))';
const STOPS = 'stops';
const SAME = 'same';

interface Case {
  readonly name: string;
  /** Header files (name, text); the main file includes them in this order. */
  readonly headers: readonly (readonly [string, string])[];
  /** Text of the main file before its includes. */
  readonly before?: string;
  readonly flags: readonly string[];
  /** Whether t is contracted in this configuration. */
  readonly contracted: boolean;
  /** Other builds: their flags, and what the contracted file does there. */
  readonly builds: readonly (readonly [readonly string[], string])[];
}

const CASES: readonly Case[] = [
  {
    name: 'ifdef/else: the other branch stops',
    headers: [['cfg.h', `#ifdef WIDE\n${BAD}\n#else\n${GOOD}\n#endif\n`]],
    flags: [],
    contracted: true,
    builds: [
      [['-DWIDE'], STOPS],
      [['-UWIDE'], SAME],
    ],
  },
  {
    name: 'the taken branch is #if: a build without it stops',
    headers: [['cfg.h', `#if NARROW\n${GOOD}\n#else\n${BAD}\n#endif\n`]],
    flags: ['-DNARROW=1'],
    contracted: true,
    builds: [
      [['-DNARROW=0'], STOPS],
      [[], STOPS],
      [['-DNARROW=2'], SAME],
    ],
  },
  {
    name: 'an #elif chain pins every branch before the taken one',
    headers: [
      [
        'cfg.h',
        `#if LEVEL > 2\n${BAD}\n#elif LEVEL > 1\n${GOOD}\n#else\n#define SCALE(i) (0.5 * (i))\n#endif\n`,
      ],
    ],
    flags: ['-DLEVEL=2'],
    contracted: true,
    builds: [
      [['-DLEVEL=3'], STOPS],
      [['-DLEVEL=1'], STOPS],
      [['-DLEVEL=2'], SAME],
    ],
  },
  {
    name: 'nested groups: the outer one not taken here is pinned',
    headers: [
      ['cfg.h', `${GOOD}\n#ifdef BOARD\n#ifdef WIDE\n#undef SCALE\n${BAD}\n#endif\n#endif\n`],
    ],
    flags: [],
    contracted: true,
    builds: [
      [['-DBOARD', '-DWIDE'], STOPS],
      [['-DWIDE'], SAME],
    ],
  },
  {
    name: 'an #undef under a conditional directive is a directive of the name',
    headers: [['cfg.h', `${GOOD}\n#ifdef RAW\n#undef SCALE\n${BAD}\n#endif\n`]],
    flags: [],
    contracted: true,
    builds: [[['-DRAW'], STOPS]],
  },
  {
    name: '#ifndef SCALE / #define SCALE: defined before the headers, the build stops',
    headers: [['cfg.h', `#ifndef SCALE\n${GOOD}\n#endif\n`]],
    flags: [],
    contracted: true,
    builds: [
      [['-DSCALE(i)=(t[0])'], STOPS],
      [['-DOTHER'], SAME],
    ],
  },
  {
    name: '#if !defined(SCALE), after a header that defines it under a condition',
    headers: [
      ['wide.h', `#ifdef WIDE\n${BAD}\n#endif\n`],
      ['cfg.h', `#if !defined(SCALE)\n${GOOD}\n#endif\n`],
    ],
    flags: [],
    contracted: true,
    builds: [[['-DWIDE'], STOPS]],
  },
  {
    name: '#ifndef SCALE_ON is no question about SCALE (a name it begins)',
    headers: [['cfg.h', `#ifndef SCALE_ON\n${GOOD}\n#else\n${BAD}\n#endif\n`]],
    flags: [],
    contracted: true,
    builds: [[['-DSCALE_ON'], STOPS]],
  },
  {
    name: 'a condition another header sets: no pin, t stays',
    headers: [
      ['board.h', '#ifdef BOARD\n#define WIDE\n#endif\n'],
      ['cfg.h', `#ifdef WIDE\n${BAD}\n#else\n${GOOD}\n#endif\n`],
    ],
    flags: [],
    contracted: false,
    builds: [[['-DBOARD'], SAME]],
  },
  {
    name: 'a condition the main file undefines before the header (codec2 PROFILE): t stays',
    headers: [['cfg.h', `#ifdef WIDE\n${BAD}\n#else\n${GOOD}\n#endif\n`]],
    before: '#define WIDE\n#undef WIDE',
    flags: [],
    contracted: false,
    builds: [[['-DWIDE'], SAME]],
  },
  {
    name: 'a header included under a conditional directive defines it: t stays',
    headers: [
      ['maybe.h', `#ifdef WIDE\n#include "wide.h"\n#endif\n`],
      ['cfg.h', `#ifndef SCALE\n${GOOD}\n#endif\n`],
    ],
    flags: [],
    contracted: false,
    builds: [[['-DWIDE'], SAME]],
  },
];

const cc = process.env.CC?.trim() || 'cc';

describe('macros defined under a conditional directive of a header, built otherwise', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'beeclak-conddef-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const dir = path.join(work, c.name.replace(/\W+/g, '_'));
    mkdirSync(dir, { recursive: true });
    // (the header a conditional include names, only another build reads)
    writeFileSync(path.join(dir, 'wide.h'), `${BAD}\n`);
    for (const [h, text] of c.headers) writeFileSync(path.join(dir, h), text);
    const includes = c.headers.map(([h]) => `#include "${h}"`).join('\n');
    const source = MAIN(includes, c.before);
    const file = path.join(dir, 'main.c');
    writeFileSync(file, source);
    const result = await contract(source, { file, compiler: { flags: [...c.flags], cwd: dir } });
    const out = path.join(dir, 'out.c');
    writeFileSync(out, result.code);
    expect([c.name, /double t\[2\]/.test(result.code)]).toEqual([c.name, c.contracted]);
    const build = (src: string, flags: readonly string[]) =>
      spawnSync(cc, ['-std=gnu11', '-w', ...flags, src, '-o', 'x'], { cwd: dir, encoding: 'utf8' });
    const run = (src: string, flags: readonly string[]) => {
      const b = build(src, flags);
      expect([src, flags, b.stderr]).toEqual([src, flags, '']);
      return spawnSync(path.join(dir, 'x'), [], { encoding: 'utf8' }).stdout;
    };
    // (the configuration it was contracted for computes the same)
    expect(run(out, c.flags)).toBe(run(file, c.flags));
    for (const [flags, what] of c.builds) {
      if (what === STOPS) {
        const b = build(out, flags);
        expect([flags, b.status !== 0, /beeclak: arrays were contracted/.test(b.stderr)]).toEqual([
          flags,
          true,
          true,
        ]);
      } else expect([flags, run(out, flags)]).toEqual([flags, run(file, flags)]);
    }
  });
});
