/**
 * The names another unit spells in a conditional group a build may decide otherwise
 * (constantConditionals.ts namesInDependentGroups). Guards adversary 2026-11-29d: other.c's
 * `#ifdef HOOK` / a pointer to kern() and a read after a call through it was no use of kern
 * in the build analysed, and a -DHOOK build of the result read rows kern no longer wrote
 * (test/adversarial/multifile/hook-under-ifdef). A plain declaration in such a branch calls
 * nothing and takes no address (multifile/prototype-configurations keeps its fold).
 */
import { namesInDependentGroups } from '../../src/frontend/constantConditionals.js';
import { macroBodyNames, PASTED, pastingMacros } from '../../src/frontend/groupSpellings.js';
import { anotherBuilds, dependentSpellings } from '../../src/frontend/dependentSpellings.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// [form, text, whether it spells kern in a dependent group]
const CASES: [string, string, boolean][] = [
  ['a pointer initialized', '#ifdef HOOK\nstatic void (*h)(double *) = kern;\n#endif\n', true],
  ['a call in a body', '#ifdef HOOK\nvoid f(double *t) {\n  kern(t);\n}\n#endif\n', true],
  [
    'a call in a body opened before',
    'void f(double *t) {\n#ifdef HOOK\n  kern(t);\n#endif\n}\n',
    true,
  ],
  ['a macro of it', '#ifdef HOOK\n#define CALL(t) kern(t)\n#endif\n', true],
  ['a string', '#ifdef HOOK\nvoid g(void) __attribute__((alias("kern")));\n#endif\n', true],
  [
    'a weak declaration',
    '#ifdef HOOK\nvoid kern(double *t)\n  __attribute__((weak));\n#endif\n',
    true,
  ],
  ['a table', '#if MODE > 1\nvoid (*const t[])(double *) = { kern };\n#endif\n', true],
  [
    'a plain prototype',
    '#ifdef WIDE\nvoid kern(double t[8]);\n#else\nvoid kern(double *t);\n#endif\n',
    false,
  ],
  ['a call, no conditional', 'void f(double *t) {\n  kern(t);\n}\n', false],
  [
    'inside the include guard only',
    '#ifndef K_H\n#define K_H\nvoid (*h)(double *) = kern;\n#endif\n',
    false,
  ],
  ['in a comment', '#ifdef HOOK\n/* kern */\nint x;\n#endif\n', false],
  // (inactive27: an #if 0 block, which no build compiles, refused another file's kernel)
  ['an #if 0 block', '#if 0\nvoid f(double *t) { kern(t); }\n#endif\n', false],
  ['an #if (0L) block', '#if (0L) /* off */\nvoid (*h)(double *) = kern;\n#endif\n', false],
  [
    'an #if 0 && defined(...) block',
    '#if 0 && defined(HOOK) && !defined X\nvoid (*h)(double *) = kern;\n#endif\n',
    false,
  ],
  [
    'a group nested in #if 0',
    '#if 0\n#ifdef HOOK\nvoid (*h)(double *) = kern;\n#endif\n#endif\n',
    false,
  ],
  ["#if 0's #else (every build's)", '#if 0\n#else\nvoid (*h)(double *) = kern;\n#endif\n', false],
  // (a macro after && may expand to `1 || 1`: `0 && 1 || 1` is true)
  ['#if 0 && a macro', '#if 0 && HOOK\nvoid (*h)(double *) = kern;\n#endif\n', true],
  ['#if 0 || a macro', '#if 0 || HOOK\nvoid (*h)(double *) = kern;\n#endif\n', true],
  ["#if 0's #elif", '#if 0\n#elif defined(HOOK)\nvoid (*h)(double *) = kern;\n#endif\n', true],
  ['#if 00 + 1', '#if 00 + 1\nvoid (*h)(double *) = kern;\n#endif\n', true],
];

// [form, text, whether a line of a dependent group pastes tokens (it may spell any name)]
const PASTES: [string, string, boolean][] = [
  [
    'a pasting macro defined outside, used inside',
    '#define NAME(a, b) a##b\n#ifdef HOOK\nvoid (*h)(double *) = NAME(ke, rn);\n#endif\n',
    true,
  ],
  ['a pasting macro defined inside', '#ifdef HOOK\n#define NAME(a, b) a %:%: b\n#endif\n', true],
  [
    'a pasting macro defined on a spliced line',
    '#define NAME(a, b) \\\n  a##b\n#if MODE > 1\nint x = NAME(y, z);\n#endif\n',
    true,
  ],
  [
    'a pasting macro used outside the group only',
    '#define NAME(a, b) a##b\nint NAME(x, y);\n#ifdef HOOK\nint z;\n#endif\n',
    false,
  ],
];

// [form, text, whether it spells kern in a dependent group through a macro's body]
const THROUGH: [string, string, boolean][] = [
  // (inactive27: CALLK(u) under #ifdef DEBUG is kern(u); a -DDEBUG build printed 4504.5 for 4527)
  [
    'a macro defined outside',
    '#define CALLK(u) kern(u)\n#ifdef DEBUG\nint r = CALLK(0);\n#endif\n',
    true,
  ],
  [
    'through another macro, spliced',
    '#define INNER(u) \\\n  kern(u)\n#define CALLK(u) INNER(u)\n#if MODE > 1\nint r = CALLK(0);\n#endif\n',
    true,
  ],
  // (at file scope a name followed by `(` reads as a declaration's, but a macro's is none)
  [
    'a file-scope initializer through a macro',
    '#define GETK() kern\n#ifdef DEBUG\nstatic void (*h)(double *) = GETK();\n#endif\n',
    true,
  ],
  [
    'a prototype through a macro (conservative)',
    '#define DECL(f) void f(double *t)\n#ifdef DEBUG\nDECL(kern);\n#endif\n',
    true,
  ],
  [
    'a macro used outside only',
    '#define CALLK(u) kern(u)\nint r = CALLK(0);\n#ifdef DEBUG\nint s;\n#endif\n',
    false,
  ],
];

describe('names spelled under a conditional another build decides otherwise', () => {
  it.each(THROUGH)('%s', (_form, text, spelled) => {
    const bodies = macroBodyNames([text]);
    expect(namesInDependentGroups(text, undefined, undefined, bodies).has('kern')).toBe(spelled);
  });

  it.each(CASES)('%s', (_form, text, spelled) => {
    expect(namesInDependentGroups(text).has('kern')).toBe(spelled);
  });

  // (adversary 2026-11-29d: NAME(ke, rn) under #ifdef HOOK is a pointer to kern)
  it.each(PASTES)('%s', (_form, text, pastes) => {
    expect(namesInDependentGroups(text, undefined, pastingMacros(text)).has(PASTED)).toBe(pastes);
  });
});

// Guards a header included only under #ifdef HOOK (dependentSpellings.ts, adversary
// 2026-11-29d): every name it spells counts, and one that pastes tokens may spell any name
// (NAME(ke, rn) is kern).
describe('a header included under a conditional another build decides otherwise', () => {
  it.each([
    ['spells kern', 'void (*h)(double *) = kern;\n', true],
    ['pastes its name', '#define NAME(a, b) a##b\nvoid (*h)(double *) = NAME(ke, rn);\n', true],
    ['spells other names', 'int hooked;\n', false],
  ])('%s', (_form, header, spelled) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-spellings-'));
    try {
      writeFileSync(path.join(dir, 'hook.h'), header);
      const file = path.join(dir, 'other.c');
      const raw = '#ifdef HOOK\n#include "hook.h"\n#endif\nint other;\n';
      const at = dependentSpellings(file, raw, [], undefined, dir, undefined);
      expect(anotherBuilds(at, 'kern') !== undefined).toBe(spelled);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The unit's own reading (configured.ts, unitDisk.ts; inactive27): kern.c's `#include
// "dbg.h"` whose `#ifdef DEBUG` constructor calls the static kern() got no guard (no group of
// kern.c spells kern), and a -DDEBUG build printed dbg 0.000 for 22.500. The file's own groups
// are its guards' and an unfound header unreadIncludes.ts's: both left out of that reading.
describe("the unit's own reading of its other builds", () => {
  it.each([
    [
      "a header's group",
      '#include "dbg.h"\n',
      '#ifdef DEBUG\nvoid (*h)(double *) = kern;\n#endif\n',
      'dbg.h:2',
    ],
    [
      'a header the file includes under a group',
      '#ifdef DEBUG\n#include "dbg.h"\n#endif\n',
      'void (*h)(double *) = kern;\n',
      'main.c:2 (through dbg.h)',
    ],
    [
      "the file's own group (guarded)",
      '#ifdef DEBUG\nvoid (*h)(double *) = kern;\n#endif\n',
      '',
      undefined,
    ],
    [
      'a header no lookup finds (unreadIncludes.ts)',
      '#ifdef DEBUG\n#include "nowhere.h"\n#endif\n',
      '',
      undefined,
    ],
  ])('%s', (_form, raw, header, where) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-spellings-'));
    try {
      writeFileSync(path.join(dir, 'dbg.h'), header);
      const file = path.join(dir, 'main.c');
      const headers = raw.startsWith('#include')
        ? [{ file: path.join(dir, 'dbg.h'), text: header }]
        : [];
      const at = dependentSpellings(file, raw, headers, undefined, dir, undefined, { own: true });
      const said = anotherBuilds(at, 'kern');
      expect(said === undefined ? undefined : said.replace(`${file}:`, 'main.c:')).toBe(
        where === undefined ? undefined : `${where} spells kern`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
