/**
 * Where the compiler finds a header (includeSearch.ts), and what a header included under a
 * conditional directive does to a caller's configuration dependence when it is found only
 * through the unit's folders, or not at all. Guards adversary 2026-11-28c's "not fixed":
 * `#ifdef VERBOSE` / `#include <verbose.h>` found through -I (or `#include VERBOSE_H`)
 * redefined the macro main() reads after the call; the header was never read, the kernel's
 * buffer was folded in place and a -DVERBOSE build printed 47.312 instead of 49.312.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findHeader, includeSearch } from '../../src/frontend/includeSearch.js';
import { configurationDependence } from '../../src/frontend/configurationDependence.js';

describe('includeSearch', () => {
  it('reads the folders of the flags, joined or not, in order, relative to the folder', () => {
    expect(
      includeSearch(
        ['-I', 'a', '-Ib', '-iquote', 'q', '-isystem', 's', '-idirafter', 'z', '-DX', '-iquotep'],
        '/w',
      ),
    ).toEqual({ quote: ['/w/q', '/w/p'], user: ['/w/a', '/w/b'], system: ['/w/s', '/w/z'] });
  });

  const on =
    (...files: string[]) =>
    (f: string) =>
      files.includes(f);
  const search = includeSearch(['-iquote', '/q', '-I', '/i', '-isystem', '/s'], '/');
  // [what, name, quoted, files on disk, found]
  const CASES: [string, string, boolean, string[], ReturnType<typeof findHeader>][] = [
    [
      'quoted, beside the includer first',
      'v.h',
      true,
      ['/src/v.h', '/i/v.h'],
      { user: '/src/v.h' },
    ],
    ['quoted, then -iquote', 'v.h', true, ['/q/v.h', '/i/v.h'], { user: '/q/v.h' }],
    ['quoted, then -I', 'v.h', true, ['/i/v.h'], { user: '/i/v.h' }],
    [
      'bracketed: not beside the includer, nor -iquote',
      'v.h',
      false,
      ['/src/v.h', '/q/v.h'],
      'unknown',
    ],
    ['bracketed, through -I', 'v.h', false, ['/i/v.h', '/s/v.h'], { user: '/i/v.h' }],
    ['bracketed, through -isystem', 'v.h', false, ['/s/v.h'], 'system'],
    ['found nowhere', 'nowhere-at-all-beeclak.h', false, [], 'unknown'],
  ];
  it.each(CASES)('%s', (_, name, quoted, files, found) => {
    expect(findHeader(name, quoted, '/src/main.c', search, on(...files))).toEqual(found);
  });

  it("a system folder's header is the system's", () => {
    expect(findHeader('stdio.h', false, '/src/main.c', search)).toBe('system');
  });
});

describe('a header included under a conditional directive, as the compiler finds it', () => {
  const CALLER =
    'int main(void) {\n  double s = smooth(t, in);\n  s += SHOWN[15];\n  return 0;\n}\n';
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-include-search-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'inc'));
  writeFileSync(path.join(dir, 'inc', 'verbose.h'), '#undef SHOWN\n#define SHOWN t\n');
  writeFileSync(path.join(dir, 'inc', 'quiet.h'), '#define QUIET 1\n');
  // [what, the includes under #ifdef VERBOSE, the unit's flags, dependent?]
  const CASES: [string, string, string[], boolean][] = [
    ['bracketed, through -I, redefining SHOWN', '#include <verbose.h>', ['-I', 'inc'], true],
    ['quoted, through -I, redefining SHOWN', '#include "verbose.h"', ['-I', 'inc'], true],
    ['through -I, defining another name', '#include <quiet.h>', ['-I', 'inc'], false],
    ['through -isystem: a system header', '#include <verbose.h>', ['-isystem', 'inc'], false],
    ['found in no folder', '#include <verbose.h>', [], true],
    ['named by a macro', '#include VERBOSE_H', ['-I', 'inc'], true],
    ['a system header', '#include <stdio.h>', [], false],
  ];
  it.each(CASES)('%s', (_, include, flags, dependent) => {
    const raw = `#define SHOWN in\n#ifdef VERBOSE\n${include}\n#endif\n${CALLER}`;
    const why = configurationDependence({
      raw,
      from: 5,
      to: 9,
      macros: [],
      read: (f) => {
        try {
          return readFileSync(path.resolve(dir, f), 'utf8');
        } catch {
          return undefined;
        }
      },
      file: path.join(dir, 'main.c'),
      cwd: dir,
      search: includeSearch(flags, dir),
    });
    expect(why !== undefined).toBe(dependent);
  });
});
