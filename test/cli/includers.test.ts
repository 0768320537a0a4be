/**
 * Which files include a file (src/cli/includers.ts, includeDirectives.ts): the file the
 * compiler's lookup finds, not every file of the name (review 2026-11-29: matched by base
 * name, another folder's host.c including its own kern.c was taken for an includer of
 * orig/kern.c), and every directive the preprocessor reads (a comment or a line splice inside
 * it, a macro that names the file: each was no directive, the file was read alone and its
 * static kernel folded while its host read the buffer after the call). Where the lookup
 * cannot be told, every file of that name may be the one. Each row is a small tree, the file
 * asked about and the includers expected; rows marked (over) failed by naming a file that
 * does not include it, (under) by missing one that does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IncludeIndex, type IncludeCommand } from '../../src/cli/includers.js';

interface Row {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** Links: name -> target (relative to the link's folder). */
  readonly links?: Readonly<Record<string, string>>;
  /** Compilation database commands of some files (arguments, run in the tree's root). */
  readonly commands?: Readonly<Record<string, readonly string[]>>;
  /** The files and folders given (default: the whole tree). */
  readonly roots?: readonly string[];
  readonly file: string;
  readonly includers: readonly string[];
}

const KERN = 'static int k(int x) { return x; }\n';

const ROWS: readonly Row[] = [
  {
    name: '(over) a quoted name is the file beside the includer',
    files: { 'orig/host.c': '#include "kern.c"\n', 'orig/kern.c': KERN, 'other/kern.c': KERN },
    file: 'other/kern.c',
    includers: [],
  },
  {
    name: 'the file beside it is included',
    files: { 'orig/host.c': '#include "kern.c"\n', 'orig/kern.c': KERN, 'other/kern.c': KERN },
    file: 'orig/kern.c',
    includers: ['orig/host.c'],
  },
  {
    name: 'no command known, nothing beside: every file of the name may be the one',
    files: { 'app/host.c': '#include "kern.c"\n', 'lib/kern.c': KERN, 'other/kern.c': KERN },
    file: 'other/kern.c',
    includers: ['app/host.c'],
  },
  {
    name: "(over) the database's -I folder says which",
    files: { 'app/host.c': '#include "kern.c"\n', 'lib/kern.c': KERN, 'other/kern.c': KERN },
    commands: { 'app/host.c': ['cc', '-Ilib', '-c', 'app/host.c'] },
    file: 'other/kern.c',
    includers: [],
  },
  {
    name: 'found through the -I folder',
    files: { 'app/host.c': '#include <kern.c>\n', 'lib/kern.c': KERN, 'other/kern.c': KERN },
    commands: { 'app/host.c': ['cc', '-I', 'lib', '-c', 'app/host.c'] },
    file: 'lib/kern.c',
    includers: ['app/host.c'],
  },
  {
    name: '(over) a path spelled with folders ends as spelled',
    files: { 'app/host.c': '#include "sub/kern.c"\n', 'a/sub/kern.c': KERN, 'b/kern.c': KERN },
    file: 'b/kern.c',
    includers: [],
  },
  {
    name: '../x/kern.c from the includer',
    files: { 'app/host.c': '#include "../x/kern.c"\n', 'x/kern.c': KERN, 'y/kern.c': KERN },
    file: 'x/kern.c',
    includers: ['app/host.c'],
  },
  {
    name: '(under) a comment between include and the name',
    files: { 'host.c': '#include /* kernel */ "kern.c"\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a comment across lines between include and the name',
    files: { 'host.c': '# include /* the\n kernel */ "kern.c"\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a line splice inside the directive',
    files: { 'host.c': '#inc\\\nlude "kern.c"\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a macro the file defines',
    files: { 'host.c': '#define K "kern.c"\n#include K\n', 'kern.c': KERN, 'other.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: 'a macro the file defines names no other file',
    files: { 'host.c': '#define K "kern.c"\n#include K\n', 'kern.c': KERN, 'other.c': KERN },
    file: 'other.c',
    includers: [],
  },
  {
    name: '(under) a macro defined under a conditional names each of its definitions',
    files: {
      'host.c': '#ifdef BIG\n#define K "kern.c"\n#else\n#define K "cfg.h"\n#endif\n#include K\n',
      'cfg.h': '',
      'kern.c': KERN,
    },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a macro a header of the program defines',
    files: {
      'host.c': '#include "names.h"\n#include KERN\n',
      'names.h': '#define KERN "kern.c"\n',
      'kern.c': KERN,
      'other.c': KERN,
    },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a macro no file defines (a -D of the build) may name any file',
    files: { 'host.c': '#include CONFIG_FILE\n', 'lib/kern.c': KERN },
    file: 'lib/kern.c',
    includers: ['host.c'],
  },
  {
    name: 'a name differing in case may be the file (a file system that ignores case)',
    files: { 'host.c': '#include "Kern.c"\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: 'a link beside the includer names the file it links to',
    files: { 'host.c': '#include "kern.inc"\n', 'kern.c': KERN },
    links: { 'kern.inc': 'kern.c' },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a byte order mark before the first line',
    files: { 'host.c': '\uFEFF#include "kern.c"\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a generated host larger than 8 MiB',
    files: { 'host.c': `#include "kern.c"\n/*${'x'.repeat(9 * 1024 * 1024)}*/\n`, 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a trigraph splice inside the directive (-std=c11)',
    files: { 'host.c': '#inc??/\nlude "kern.c"\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: 'a line comment ending in ??/ hides the next line only in an ISO mode: both read',
    files: { 'host.c': '// see ??/\n#include "kern.c"\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(over) a macro defined to another header names no other file',
    files: { 'host.c': '#define CFG <stddef.h>\n#include CFG\n', 'kern.c': KERN },
    file: 'kern.c',
    includers: [],
  },
  {
    name: '(under) a macro defined to another macro in one branch',
    files: {
      'host.c':
        '#define KERN2 "kern.c"\n#ifdef A\n#define KERN "cfg.h"\n#else\n#define KERN KERN2\n#endif\n#include KERN\n',
      'cfg.h': '',
      'kern.c': KERN,
    },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(over) a macro defined to another macro names what that one names',
    files: {
      'host.c': '#define K K2\n#define K2 "kern.c"\n#include K\n',
      'kern.c': KERN,
      'other.c': KERN,
    },
    file: 'other.c',
    includers: [],
  },
  {
    name: '(under) a header read before defines the macro the file defines under #ifndef',
    files: {
      'host.c': '#include "names.h"\n#ifndef KERN\n#define KERN "cfg.h"\n#endif\n#include KERN\n',
      'names.h': '#define KERN "kern.c"\n',
      'cfg.h': '',
      'kern.c': KERN,
    },
    file: 'kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a <...> macro value holding a macro (#define KERN <DIR/kern.c>)',
    files: {
      'host.c': '#define DIR lib\n#define KERN <DIR/kern.c>\n#include KERN\n',
      'lib/kern.c': KERN,
    },
    commands: { 'host.c': ['cc', '-I.', '-c', 'host.c'] },
    file: 'lib/kern.c',
    includers: ['host.c'],
  },
  {
    name: '(under) a file named otherwise than a source in between (kernels.list)',
    files: {
      'host.c': '#include "kernels.list"\n',
      'kernels.list': '#include "kern.c"\n',
      'kern.c': KERN,
    },
    file: 'kern.c',
    includers: ['kernels.list'],
  },
  {
    name: '(under) .. after a linked folder is resolved past the link (app -> lib/sub)',
    files: { 'lib/sub/host.c': '#include "../kern.c"\n', 'lib/kern.c': KERN, 'kern.c': KERN },
    links: { app: 'lib/sub' },
    roots: ['app/host.c', 'lib/kern.c'],
    file: 'lib/kern.c',
    includers: ['app/host.c'],
  },
  {
    name: "(under) a command's -include",
    files: { 'test.c': 'int main(void) { return 0; }\n', 'lib/kern.c': KERN },
    commands: { 'test.c': ['cc', '-include', 'kern.c', '-iquote', 'lib', '-c', 'test.c'] },
    file: 'lib/kern.c',
    includers: ['test.c'],
  },
  {
    name: "(over) a command's -include is looked up in its folder first",
    files: { 'test.c': '', 'kern.c': KERN, 'lib/kern.c': KERN },
    commands: { 'test.c': ['cc', '-include', 'kern.c', '-iquote', 'lib', '-c', 'test.c'] },
    file: 'lib/kern.c',
    includers: [],
  },
  {
    name: "(under) GCC's --include-directory=lib1 before -Ilib2",
    files: { 'app/host.c': '#include <kern.c>\n', 'lib1/kern.c': KERN, 'lib2/kern.c': KERN },
    commands: { 'app/host.c': ['cc', '--include-directory=lib1', '-Ilib2', '-c', 'app/host.c'] },
    file: 'lib1/kern.c',
    includers: ['app/host.c'],
  },
  {
    name: '(under) -iwithprefixbefore adds a folder not read: not told',
    files: { 'app/host.c': '#include <kern.c>\n', 'lib1/kern.c': KERN, 'lib2/kern.c': KERN },
    commands: {
      'app/host.c': [
        'cc',
        '-iprefix',
        './',
        '-iwithprefixbefore',
        'lib1',
        '-Ilib2',
        '-c',
        'app/host.c',
      ],
    },
    file: 'lib1/kern.c',
    includers: ['app/host.c'],
  },
  {
    name: 'include_next: not told',
    files: { 'app/host.c': '#include_next "kern.c"\n', 'app/kern.c': KERN, 'lib/kern.c': KERN },
    file: 'lib/kern.c',
    includers: ['app/host.c'],
  },
];

describe('which files include a file', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-includers-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it.each(ROWS.map((r, k) => [r.name, k] as const))('%s', (_, k) => {
    const row = ROWS[k]!;
    const root = path.join(work, `row${k}`);
    for (const [name, text] of Object.entries(row.files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    for (const [name, target] of Object.entries(row.links ?? {}))
      fs.symlinkSync(target, path.join(root, name));
    const commands = new Map<string, IncludeCommand[]>(
      Object.entries(row.commands ?? {}).map(([f, args]) => [
        path.join(root, f),
        [{ args, directory: root }],
      ]),
    );
    const roots = row.roots?.map((r) => path.join(root, r)) ?? [root];
    const index = new IncludeIndex(roots, (f) => commands.get(path.resolve(f)) ?? []);
    const found = index.includersOf(path.join(root, row.file)).map((f) => path.resolve(f));
    expect(found.map((f) => path.relative(root, f)).sort()).toEqual([...row.includers].sort());
  });
});
