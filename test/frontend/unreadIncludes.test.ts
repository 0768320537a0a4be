/**
 * The guard of a header included under a conditional directive that no lookup finds
 * (unreadIncludes.ts). Guards issue 27 item 3: codec2's codec2_fft.h reads
 * `arm_const_structs.h` under `#ifndef FDV_ARM_MATH` / `#else`, and every array of each
 * unit including it was refused (BC1035); now the main file's first line repeats the
 * include's conditions with `#error`, and refuses what it cannot repeat there: a macro the
 * unit's text sets (read otherwise at the first line than at the include), a function-like
 * macro, a macro that is no integer, a name read by position (`__LINE__`, `__has_include`),
 * a condition that holds in this very build.
 */
import { evaluate, unreadIncludeGuard } from '../../src/frontend/unreadIncludes.js';
import type { MacroEvent } from '../../src/frontend/preprocess.js';
import { cTokens } from '../../src/frontend/ctokens.js';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { skippedHeaderDirectives } from '../../src/frontend/headerReadings.js';
import { combinedGuards } from '../../src/pipeline/configurations/combinedGuards.js';
import { takenCheck } from '../../src/pipeline/configurations/notMacros.js';

/** The macros of `-D` flags (`X`, `X=v`, `F(a)=v`) and `-U` ones, as -dD reports them. */
function env(...flags: string[]): Map<string, MacroEvent> {
  const out = new Map<string, MacroEvent>();
  for (const f of flags) {
    const m = /^-([DU])([A-Za-z_]\w*)(?:\(([^)]*)\))?(?:=(.*))?$/.exec(f)!;
    out.set(m[2]!, {
      kind: m[1] === 'D' ? 'define' : 'undef',
      name: m[2]!,
      ...(m[3] !== undefined ? { params: m[3].split(',').filter((p) => p !== '') } : {}),
      body: m[4] ?? '1',
      file: '<command-line>',
      line: 0,
      system: false,
      afterMainLine: 0,
      inMainFile: false,
    });
  }
  return out;
}

const ERR = '#error';
const SYSTEM = '+system';
/** The guard's lines, `#error "..."` shortened to `#error`. */
function guard(text: string, touched: string[], flags: string[]): string[] | 'refused' {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => /#\s*include/.test(l)) + 1;
  // (`+system`: a system header is included under a conditional directive)
  const g = unreadIncludeGuard([{ why: 'w', under: { file: '/src/h.h', text, line } }], {
    touched: new Set(touched.filter((t) => t !== SYSTEM)),
    env: env(...flags),
    systemUnder: touched.includes(SYSTEM),
  });
  return 'problem' in g ? 'refused' : g.lines.map((l) => (l.startsWith(ERR) ? ERR : l));
}

// [form, header text (the include is its only #include), names the unit sets, flags, guard]
const CASES: [string, string, string[], string[], string[] | 'refused'][] = [
  [
    "codec2's #else branch, the header's include guard left out",
    '#ifndef H\n#define H\n#ifndef FDV_ARM_MATH\n#define USE_KISS_FFT\n#else\n#include "arm_const_structs.h"\n#endif\n#endif',
    ['H', 'USE_KISS_FFT'],
    [],
    ['#ifndef FDV_ARM_MATH', '#else', ERR, '#endif'],
  ],
  [
    '#ifdef of a reserved name',
    '#ifdef __EMBEDDED__\n#include "arm_math.h"\n#endif',
    [],
    [],
    ['#ifdef __EMBEDDED__', ERR, '#endif'],
  ],
  [
    'defined() and an integer comparison, a -D of another value',
    '#if defined(ARM) && LEVEL > 2\n#include "arm.h"\n#endif',
    [],
    ['-DLEVEL=2'],
    ['#if defined(ARM) && LEVEL > 2', ERR, '#endif'],
  ],
  [
    'nested: the conjunction of every enclosing group',
    '#ifdef BOARD\n#if CORE == 7\n#include "dsp.h"\n#endif\n#endif',
    [],
    ['-DBOARD'],
    ['#ifdef BOARD', '#if CORE == 7', ERR, '#endif', '#endif'],
  ],
  [
    'an #elif chain: the branches before it repeated',
    '#if CORE == 4\n#define M4 1\n#elif CORE == 7\n#include "m7.h"\n#else\n#endif',
    ['M4'],
    ['-DCORE=4'],
    ['#if CORE == 4', '#elif CORE == 7', ERR, '#endif'],
  ],
  [
    "an enclosing condition on a name the unit sets is left out (cohpsk.c's form)",
    '#if USE_VECTOR_OPS\n#ifdef __ARM_NEON\n#include "arm_neon.h"\n#endif\n#endif',
    ['USE_VECTOR_OPS'],
    [],
    ['#ifdef __ARM_NEON', ERR, '#endif'],
  ],
  [
    'refused: the only condition reads a name the unit sets (read otherwise at the first line)',
    '#ifdef USE_ARM\n#include "arm.h"\n#endif',
    ['USE_ARM'],
    [],
    'refused',
  ],
  [
    'refused: a reserved name, where a system header is included under a condition',
    '#ifdef __GLIBC__\n#include "glibc_arm.h"\n#endif',
    [SYSTEM],
    [],
    'refused',
  ],
  [
    // (M_PI after `#ifdef WANT_MATH` / `#include <math.h>`: any name, when what the system
    // headers so included define is not read; headerDirectives reads it when it can)
    'refused: a name no flag sets, where a system header not read is included under a condition',
    '#ifdef FDV_ARM_MATH\n#include "arm.h"\n#endif',
    [SYSTEM],
    [],
    'refused',
  ],
  [
    'refused: a function-like macro',
    '#if HAS(DSP)\n#include "dsp.h"\n#endif',
    [],
    ['-DHAS(x)=0'],
    'refused',
  ],
  [
    'refused: a macro that is no integer',
    '#if CORE\n#include "dsp.h"\n#endif',
    [],
    ['-DCORE=m7'],
    'refused',
  ],
  [
    'refused: __has_include looks beside the file it is read in',
    '#if __has_include("arm.h")\n#include "arm.h"\n#endif',
    [],
    [],
    'refused',
  ],
  ['refused: __LINE__', '#if __LINE__ > 100\n#include "arm.h"\n#endif', [], [], 'refused'],
  [
    'refused: the condition holds in this build',
    '#ifdef ARM\n#include "arm.h"\n#endif',
    [],
    ['-DARM'],
    'refused',
  ],
  ['refused: an unsigned operand', '#if -1 < 0u\n#include "arm.h"\n#endif', [], [], 'refused'],
  [
    'refused: only the include guard around it',
    '#ifndef H\n#define H\n#include "arm.h"\n#endif',
    ['H'],
    [],
    'refused',
  ],
];

const NOTHING = { touched: new Set<string>(), env: env(), systemUnder: false };

describe('unreadIncludeGuard', () => {
  it.each(CASES)('%s', (_, text, touched, flags, expected) => {
    expect(guard(text, touched, flags)).toEqual(expected);
  });

  it('refuses an include no condition keeps out, and names why', () => {
    expect(unreadIncludeGuard([{ why: 'w' }], NOTHING)).toEqual({ problem: 'w' });
  });

  it('writes one guard for two includes under the same branch', () => {
    const text = '#ifdef ARM\n#include "a.h"\n#include "b.h"\n#endif';
    const at = (line: number) => ({ why: 'w', under: { file: '/h.h', text, line } });
    const g = unreadIncludeGuard([at(2), at(3)], NOTHING);
    expect('lines' in g && g.lines.length).toBe(3);
  });
});

// [expression, flags, value or 'not read']
const VALUES: [string, string[], bigint | 'not read'][] = [
  ['defined X || !defined(Y)', ['-DY'], 0n],
  ['N * 2 + 1 == 7', ['-DN=3'], 1n],
  ['N << 2 | 1', ['-DN=(3)'], 13n],
  ['-7 / 2 == -3 && -7 % 2 == -1', [], 1n],
  ['A ? 10 : 020', [], 16n],
  ['0x10 > 15L', [], 1n],
  ['UNDEFINED_NAME + 1', [], 1n],
  ['N', ['-DN=3', '-UN'], 0n],
  ["'a' == 97", [], 'not read'],
  ['1 / 0', [], 'not read'],
  ['9223372036854775807 + 1', [], 'not read'],
  ['(1', [], 'not read'],
];

describe('evaluate', () => {
  it.each(VALUES)('%s', (expr, flags, value) => {
    const v = evaluate(
      cTokens(expr).map((t) => t.text),
      env(...flags),
    );
    expect(typeof v === 'string' ? 'not read' : v).toEqual(value);
  });
});

// Which conditional include each unread header is read through (headerReadings.ts), the
// texts on a disk of their own. A header reached from two conditional includes was followed
// from the first only (one `seen` set for all): its unread include was guarded by `#ifdef X`
// alone, and a -DY build read it.
describe('skippedHeaderDirectives: the include an unread header is read through', () => {
  // (findHeader looks on the disk: a.h is a file of its own)
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-unread-'));
  writeFileSync(path.join(dir, 'a.h'), '#include "beeclak-missing.h"\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined);
  const unreadAt = (text: string) =>
    (skippedHeaderDirectives(text, path.join(dir, 'main.c'), read).unknowns ?? []).map((u) =>
      u.under ? `${u.under.line}: ${path.basename(u.why.split(' ')[0]!)}` : 'none',
    );
  // [form, main file, lines of the conditional includes each unread header is read through]
  const ROWS: [string, string, string[]][] = [
    [
      'a header found, which includes one no lookup finds',
      '#ifdef X\n#include "a.h"\n#endif',
      ['2: a.h'],
    ],
    [
      'one header from two conditional includes: both',
      '#ifdef X\n#include "a.h"\n#endif\n#ifdef Y\n#include "a.h"\n#endif',
      ['2: a.h', '5: a.h'],
    ],
    ['#include_next under a condition', '#ifdef X\n#include_next <v.h>\n#endif', ['2: main.c']],
    ['a macro name under a condition', '#ifdef X\n#include CFG_H\n#endif', ['2: main.c']],
    ['a macro name outside any condition: none', '#include CFG_H', ['none']],
    // Guards opus's headers (realcheck): `#if !defined(_entenc_H)` / `# define _entenc_H (1)`
    // was read as a condition, not an include guard, so every header entenc.h includes was
    // "under a conditional directive" and 41 arrays of opus were refused (BC1035).
    [
      '#ifndef H / #define H: the include guard',
      '#ifndef H\n#define H\n#include "a.h"\n#endif',
      [],
    ],
    [
      '#if !defined(H) / # define H (1)',
      '#if !defined(H)\n# define H (1)\n#include "a.h"\n#endif',
      [],
    ],
    ['#if !defined H / #define H 1', '#if !defined H\n#define H 1\n#include "a.h"\n#endif', []],
    ['#ifndef H / #define H (0x1u)', '#ifndef H\n#define H (0x1u)\n#include "a.h"\n#endif', []],
    [
      '#if !defined(H) || X: a condition',
      '#if !defined(H) || X\n#define H\n#include "a.h"\n#endif',
      ['3: a.h'],
    ],
    [
      '#define H (x): a value, no guard',
      '#if !defined(H)\n#define H (x)\n#include "a.h"\n#endif',
      ['3: a.h'],
    ],
    [
      '#define H (1) + 1: no guard',
      '#ifndef H\n#define H (1) + 1\n#include "a.h"\n#endif',
      ['3: a.h'],
    ],
  ];
  it.each(ROWS)('%s', (_, text, lines) => {
    expect(unreadAt(text)).toEqual(lines);
  });
});

// An unread header's guard (kind file-start) that every configuration has stays an #error,
// once: turned into a "not this one" #define, the header it guards could #undef it.
describe('combinedGuards: the guard of an unread header', () => {
  const start = (line: string) => ({
    kind: 'file-start' as const,
    lines: ['#ifdef X', line, '#endif'],
  });
  const after = (n: number) => ({
    kind: 'after' as const,
    at: 10,
    lines: [`#if N != ${n}`, '#error "beeclak: n"', '#endif'],
  });
  const E = '#error "beeclak: unread"';
  it('stays an #error when every configuration has it', () => {
    const out = combinedGuards(
      [
        [start(E), after(1)],
        [start(E), after(2)],
      ],
      ['-DA', '-DB'],
      'f.c',
      '',
    );
    // The first guard in the text also carries the check that no name is defined yet.
    const taken = takenCheck(['BEECLAK_NOT_f_c_1', 'BEECLAK_NOT_f_c_2']);
    expect(out.filter((i) => i.kind === 'file-start')).toEqual([
      { ...start(E), lines: [...taken, ...start(E).lines] },
    ]);
  });
  it('becomes a "not this one" #define when one configuration lacks it', () => {
    const out = combinedGuards([[start(E), after(1)], [after(2)]], ['-DA', '-DB'], 'f.c', '');
    const taken = takenCheck(['BEECLAK_NOT_f_c_1', 'BEECLAK_NOT_f_c_2']);
    const turned = start('#define BEECLAK_NOT_f_c_1 1');
    expect(out.filter((i) => i.kind === 'file-start')).toEqual([
      { ...turned, lines: [...taken, ...turned.lines] },
    ]);
  });
});
