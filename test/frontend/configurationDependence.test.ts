/**
 * Whether a caller's reading depends on its file's configuration (configurationDependence.ts):
 * another file's decision across calls reads it, and no guard there can check it (review
 * 2026-11-28: main.c read the buffer after the call under #ifdef DEBUG only).
 */
import {
  configurationDependence,
  fileReading,
} from '../../src/frontend/configurationDependence.js';
import type { MacroEvent } from '../../src/frontend/preprocess.js';
import { inCallContext } from '../../src/context/callContext.js';
import { unitTextsOf } from '../../src/frontend/constantConditionals.js';

const CALLER = 'int main(void) {\n  double s = smooth(t, in);\n  return (int)s;\n}\n';
const event = (name: string, file: string, line: number, more: Partial<MacroEvent> = {}) =>
  ({
    kind: 'define',
    name,
    body: '1',
    file,
    line,
    system: false,
    afterMainLine: 0,
    inMainFile: false,
    ...more,
  }) as MacroEvent;
const HEADERS: Record<string, string> = {
  'plain.h': '#ifndef PLAIN_H\n#define PLAIN_H\n#define K 4\n#endif\n',
  'cond.h':
    '#ifndef COND_H\n#define COND_H\n#ifdef BIG\n#define K 8\n#else\n#define K 4\n#endif\n#endif\n',
};

// [what, file text, the function's first line, its macro events, dependent?, the texts of
// the user headers the unit read (none when absent)]
const CASES: [string, string, number, MacroEvent[], boolean, string[]?][] = [
  ['no directive, no macro', CALLER, 1, [], false],
  [
    '#ifdef inside',
    CALLER.replace('  return', '#ifdef DEBUG\n  s += t[3];\n#endif\n  return'),
    1,
    [],
    true,
  ],
  ['#if around', `#if FAST\n${CALLER}#endif\n`, 2, [], true],
  ['#if before, closed', `#if FAST\nint x;\n#endif\n${CALLER}`, 4, [], false],
  [
    'file macro, unconditional',
    `#define K 3\n${CALLER.replace('t, in', 't, in + K')}`,
    2,
    [],
    false,
  ],
  [
    'file macro under #ifndef',
    `#ifndef K\n#define K 3\n#endif\n${CALLER.replace('t, in', 't, in + K')}`,
    4,
    [],
    true,
  ],
  [
    'file macro undefined',
    `#define K 3\n#undef K\n#define K 2\n${CALLER.replace('t, in', 't, in + K')}`,
    4,
    [],
    true,
  ],
  ['-D macro', CALLER.replace('t, in', 't, in + K'), 1, [event('K', '<command-line>', 1)], true],
  [
    'header macro, include guard only',
    CALLER.replace('t, in', 't, in + K'),
    1,
    [event('K', 'plain.h', 3)],
    false,
  ],
  [
    'header macro under #ifdef',
    CALLER.replace('t, in', 't, in + K'),
    1,
    [event('K', 'cond.h', 6)],
    true,
  ],
  [
    'system macro',
    CALLER.replace('t, in', 't, in + EOF'),
    1,
    [event('EOF', 'stdio.h', 1, { system: true })],
    false,
  ],
  [
    'assert',
    CALLER.replace('  return', '  assert(t[0] > 0);\n  return'),
    1,
    [event('assert', 'assert.h', 1, { system: true })],
    true,
  ],
  // Constant groups (constantConditionals.ts; MachSuite's harness.c and support.h).
  [
    '#ifdef of a macro the file defines before, unconditionally',
    `#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    false,
  ],
  [
    '#ifdef of a macro the file defines after',
    `${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}#define CHECK\n`,
    1,
    [],
    true,
  ],
  [
    // Adversary 2026-11-28d: the line after a backslash is the previous #define's text; read
    // as a definition of CHECK, a -DCHECK build read the buffer after the call unguarded.
    '#ifdef of a macro "defined" on a line spliced to a #define',
    `#define BANNER "x" \\\n#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    3,
    [],
    true,
  ],
  [
    // Adversary 2026-11-28d: pop_macro restores what push_macro saved (nothing, or a -D).
    '#ifdef of a macro defined between push_macro and pop_macro',
    `#pragma push_macro("CHECK")\n#define CHECK\n#pragma pop_macro("CHECK")\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    4,
    [],
    true,
  ],
  [
    // Adversary 2026-11-28d: a // comment ending in `\\` continues onto the next line (the
    // last backslash splices it); its `#define CHECK` was read as a definition.
    '#ifdef of a macro "defined" in a // comment continued by a backslash',
    `// C:\\\\dir\\\\\n#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    3,
    [],
    true,
  ],
  [
    '#ifdef of a macro the file also undefines',
    `#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}#undef CHECK\n`,
    2,
    [],
    true,
  ],
  [
    '#if on the value of a macro the file defines',
    `#define CHECK 1\n${CALLER.replace('  return', '#if CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    true,
  ],
  [
    'a guard of a reserved name around it',
    `#ifndef __PRNG_H__\n#define __PRNG_H__\n${CALLER}#endif\n`,
    3,
    [],
    false,
  ],
  [
    'a guard of an ordinary name around a part',
    `int y;\n#ifndef PRNG_H\n#define PRNG_H\n${CALLER}#endif\n`,
    4,
    [],
    true,
  ],
  // Guards the constant-group rule against another text of the unit (adversarial
  // caller-reads-under-header-undef: cfg.h's `#ifdef QUIET` / `#undef SHOW`).
  [
    '#ifdef of a macro the file defines, a header undefines in some build',
    `#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    true,
    ['#ifdef QUIET\n#undef CHECK\n#endif\n'],
  ],
  [
    '#ifdef of a macro the file defines, a header includes another under a condition',
    `#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    true,
    ['#ifndef H\n#define H\n#ifdef QUIET\n#include "quiet.h"\n#endif\n#endif\n'],
  ],
  [
    // Adversary 2026-11-28d: a build naming another header (quiet.h: #undef CHECK) read the
    // struct member after the call; the set shrank it.
    '#ifndef of a macro the file defines, a header includes one a macro names',
    `#define CHECK\n${CALLER.replace('  return', '#ifndef CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    true,
    ['#ifndef H\n#define H\n#include CFG_H\n#endif\n'],
  ],
  [
    // Adversary 2026-11-28d: `%:undef` (a digraph) was no #undef; a -DQUIET build read the
    // buffer after the call.
    '#ifdef of a macro the file defines, a header undefines it with a digraph',
    `#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    true,
    ['#ifdef QUIET\n%:undef CHECK\n#endif\n'],
  ],
  [
    '#ifdef of a macro the file defines, a header undefines it with a trigraph',
    `#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    true,
    ['#ifdef QUIET\n??=undef CHECK\n#endif\n'],
  ],
  [
    '#ifdef of a macro "defined" on a line spliced by a trigraph',
    `#define BANNER "x" ??/\n#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    3,
    [],
    true,
  ],
  [
    '#ifdef of a macro the file defines, a header with an include guard only',
    `#define CHECK\n${CALLER.replace('  return', '#ifdef CHECK\n  s += t[3];\n#endif\n  return')}`,
    2,
    [],
    false,
    ['#ifndef H\n#define H\n#include <stdio.h>\nint h;\n#endif\n'],
  ],
  [
    'a macro the file undefines after the function',
    `#define K 3\n${CALLER.replace('t, in', 't, in + K')}#undef K\n`,
    2,
    [],
    false,
  ],
];

describe('configurationDependence', () => {
  it.each(CASES)('%s', (_, raw, from, macros, dependent, headers = []) => {
    const to = raw.split('\n').findIndex((l, k) => k + 1 > from && l === '}') + 1;
    const unit = unitTextsOf([raw, ...headers]);
    const why = configurationDependence({ raw, from, to, macros, read: (f) => HEADERS[f], unit });
    expect(why !== undefined).toBe(dependent);
  });

  // MachSuite's support.h: a `static inline` function of a header spells LAG1, which the
  // header `#undef`s after it; the header was also read as one of the unit's user headers,
  // where the rule "after the function's last line" was not applied (nw's M refused).
  it("a header's function, its macro undefined after it in the same header", () => {
    const lib = `#define K 3\n${CALLER.replace('t, in', 't, in + K')}#undef K\n`;
    const texts: Record<string, string> = { 'lib.h': lib };
    const why = configurationDependence({
      raw: lib,
      from: 2,
      to: 5,
      header: 'lib.h',
      headers: ['lib.h'],
      file: 'main.c',
      read: (f) => texts[f],
      unit: unitTextsOf(['#include "lib.h"\n', lib]),
    });
    expect(why).toBeUndefined();
  });
});

// One reading of a file answers for each of its functions (issue 29, item 3: each function
// read the whole file, its macro events and its headers again, quadratic in a file set's
// summary): asked in any order, after other functions, it says what a reading of its own
// says, reasons and the lines in them included.
describe('fileReading', () => {
  const fn = (k: number, body: string) => `int f${k}(void) {\n  return ${body};\n}\n`;
  const parts = [
    '#define A 1\n',
    fn(0, 'A'),
    '#ifdef BIG\n#define B 2\n#endif\n',
    fn(1, 'B + A'),
    '#define C 3\n#undef C\n#define C 4\n',
    fn(2, 'C'),
    fn(3, 'D'),
    '#include "cond.h"\n',
    fn(4, 'K'),
    fn(5, 'E + assert'),
    '#undef A\n',
    fn(6, '0'),
  ];
  const raw = parts.join('');
  const lines = raw.split('\n');
  const functions = lines.flatMap((l, k) =>
    l.startsWith('int f') ? [[k + 1, lines.indexOf('}', k) + 1] as const] : [],
  );
  const macros = [
    event('D', '<command-line>', 0),
    event('E', 'cond.h', 2),
    event('E', 'plain.h', 3),
    event('assert', 'assert.h', 9, { system: true }),
  ];
  const text = {
    raw,
    macros,
    read: (f: string) => HEADERS[f],
    headers: ['cond.h'],
    unit: unitTextsOf([raw, HEADERS['cond.h']!]),
  };
  const alone = functions.map(([from, to]) => configurationDependence({ ...text, from, to }));

  it('says what each function says alone, in any order', () => {
    expect(alone.filter((w) => w !== undefined).length).toBeGreaterThan(3);
    expect(alone.some((w) => w === undefined)).toBe(true);
    for (const order of [functions.keys(), [...functions.keys()].reverse()]) {
      const reading = fileReading(text);
      for (const k of order) expect(reading(...functions[k]!)).toBe(alone[k]);
    }
  });

  // Guards the header readings shared by the files of one call (a unity build's 118 files
  // each read the others as headers: 81 s for one): a header's reading is reused only for
  // the same text, so a header another file of the call reads otherwise is read again.
  it('reads a header again in the same call when its text differs', () => {
    const [from, to] = functions[4]!;
    const plain = {
      ...text,
      read: (f: string) => (f === 'cond.h' ? HEADERS['plain.h'] : HEADERS[f]),
    };
    inCallContext(() => {
      expect(fileReading(text)(from, to)).toContain('K');
      expect(fileReading(plain)(from, to)).toBeUndefined();
      expect(fileReading(text)(from, to)).toBe(alone[4]);
    });
  });

  // Guards the cost of a unity build (issue 27 item 3): each of its n files is a header of
  // the others, and each file's reading read all n headers from disk again (n^2 reads for
  // every file analysed inside its host). The files of one unit (one `read`, one list of
  // headers) read each header once per call, and answer as each does alone.
  it("reads each of the unit's headers once for all its files", () => {
    const reads = new Map<string, number>();
    const read = (f: string) => {
      reads.set(f, (reads.get(f) ?? 0) + 1);
      return HEADERS[f];
    };
    const unit = { ...text, read, headers: ['cond.h', 'plain.h'] };
    inCallContext(() => {
      for (let k = 0; k < 5; k++)
        for (const [i, [from, to]] of functions.entries())
          expect(fileReading({ ...unit, raw: `${raw}/* ${k} */\n` })(from, to)).toBe(alone[i]);
    });
    expect(Math.max(...reads.values())).toBe(1);
  });

  it('counts the lines of the file’s directives', () => {
    const [from, to] = functions[2]!;
    expect(fileReading(text)(from, to)).toContain(`(line ${lines.indexOf('#undef C') + 1})`);
  });
});
