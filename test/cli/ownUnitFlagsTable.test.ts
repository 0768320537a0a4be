/**
 * The flags beeclak's own C units are built with (compileFlags.ts, `ownUnitFlags`): guards
 * that the target's flags stay (a -m32 program linked with a 64-bit trace runtime does not
 * link) and that the program's macros, forced includes and sources go, with their values.
 */
import { ownUnitFlags } from '../../src/pipeline/checking/compileFlags.js';

const CASES: [string, string[], string[]][] = [
  [
    'target flags kept',
    ['-m32', '-march=i686', '-fshort-enums'],
    ['-m32', '-march=i686', '-fshort-enums'],
  ],
  [
    'clang target kept',
    ['--target=arm-none-eabi', '-target', 'x86_64-linux'],
    ['--target=arm-none-eabi', '-target', 'x86_64-linux'],
  ],
  [
    'forced include and its value dropped',
    ['-include', 'cfg.h', '-includecfg2.h', '-m64'],
    ['-m64'],
  ],
  ['macros dropped, with a value like a flag', ['-D', '-mfake', '-DN=3', '-U', 'X', '-Uexit'], []],
  [
    'folders and sources dropped',
    ['-I', 'inc', '-Iinc2', '-iquote', '/a', '-isystem', '/b', 'helper.c', '-O2', '-std=c89'],
    [],
  ],
  [
    'sanitizers kept (the link needs them alike)',
    ['-fsanitize=address', '-imacros', 'm.h'],
    ['-fsanitize=address'],
  ],
];

it.each(CASES)('%s', (_, flags, kept) => {
  expect(ownUnitFlags(flags)).toEqual(kept);
});
