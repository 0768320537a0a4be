/**
 * The reason codes of promises and temporaries across calls (the whole program): one part of
 * the table of reasons.ts, kept in a file of its own for its size.
 */
import { ACROSS, entry, REJECTED, UNCHANGED } from './reasonEntry.js';

export const ACROSS_CALL_REASONS = {
  'promise-unusable': entry(
    'BC1101',
    'a temporary promise cannot be used',
    'The message says what the analysis cannot follow; the promise is not acted on.',
    REJECTED,
  ),
  'promise-disproved': entry(
    'BC1102',
    'a temporary promise is disproved',
    'A value flows into or out of the array: drop the promise, or write every cell before it is read.',
    REJECTED,
  ),
  'not-static': entry(
    'BC1110',
    'the function is not static: callers in other files are not seen',
    ACROSS +
      'make the function static, give the files of the program together (`contract -i main.c dsp.c`, or `-p BUILD_DIR`), or promise the parameter with --temporary F:A.',
    UNCHANGED,
  ),
  'called-from-unseen-code': entry(
    'BC1111',
    'the function may be called from code the file does not show',
    ACROSS + 'a function whose address is taken may be called from anywhere.',
    UNCHANGED,
  ),
  'included-by-other-file': entry(
    'BC1112',
    'another file of the set includes this one',
    ACROSS + 'analyse the file that includes it (its calls are seen there).',
    UNCHANGED,
  ),
  'included-twice': entry(
    'BC1132',
    'the file that includes this one includes it more than once',
    'Each inclusion is the text under other macros (a unity build that includes a file twice, or under two macro contexts): one edit would have to hold for both, so its arrays stay as written. Include it once (docs/whole-programs.md, "Unity builds").',
    UNCHANGED,
  ),
  'included-by-several-units': entry(
    'BC1133',
    'two translation units include this file and their readings of it change its code otherwise, or a file outside the set does',
    'Its text is compiled in each of them, under their macros and with their calls, and is written when each reading gives the same text, or the same code with other guards (`#define N 8` in one, `16` in the other: one guard accepts both, docs/whole-programs.md "Unity builds"). Here the code differs (a size or a lag each defines otherwise, an array one reading contracts and another leaves, a caller that reads the buffer after the call: that array is refused in every reading, the others may still be written), the result rests on the includer (a parameter\'s), or one unit is not in the set: the message names the includers and what each gives. Give the set with every unit that includes it, give the includers the same values, or include it from one file only.',
    UNCHANGED,
  ),
  'included-in-configurations': entry(
    'BC1134',
    'the file that includes this one is built in several configurations, which change this file otherwise',
    'Each configuration (of the compilation database or --configurations) reads it inside its includer, and one text must be the result of each: where two give different texts, its arrays stay as written. Contract it with --single-configuration to take the first configuration with its guards.',
    UNCHANGED,
  ),
  'own-unit-disagrees': entry(
    'BC1135',
    'the file is also compiled as a unit of its own, and that reading changes it otherwise',
    'The file is included by another (a unity build) and compiles on its own too (or the compilation database compiles it): its text must be right for both, and the two analyses give different texts, so it stays as written. If it is never compiled alone, build with -p (the database says which files are units).',
    UNCHANGED,
  ),
  'not-closed-world': entry(
    'BC1127',
    'the function has external linkage and the file set may not be the whole program',
    ACROSS +
      'give every file of the program (one of them defines main), or say --closed-world when the set is the whole program.',
    UNCHANGED,
  ),
  'entry-point': entry(
    'BC1128',
    'the function is an entry point: code outside the set may call it by name',
    ACROSS +
      'an attribute (weak, alias, used, section, constructor, visibility, ...), main, a reserved or C library name makes the linker, the startup code or the library call it.',
    UNCHANGED,
  ),
  'defined-more-than-once': entry(
    'BC1129',
    'another file of the set defines a function of the same name',
    ACROSS +
      "which definition a call reaches is the linker's choice (a weak symbol overridden, two programs in one set): analyse the files of one program.",
    UNCHANGED,
  ),
  'address-taken-elsewhere': entry(
    'BC1130',
    'another file of the set uses the function other than by calling it',
    ACROSS +
      'a function pointer, a table or a string naming it in another file may call it from anywhere.',
    UNCHANGED,
  ),
  'named-outside-set': entry(
    'BC1131',
    "a file outside the set spells the function's name",
    ACROSS +
      'assembly, a linker script or a source file not in the set may call it: add the file to the set, or exclude it from the folder.',
    UNCHANGED,
  ),
  'configured-elsewhere': entry(
    'BC1136',
    "a function of another file the decision reads depends on that file's configuration",
    ACROSS +
      'a caller (or a function the buffer reaches) in another file has conditional code or macros, and no guard in this file can check how that file is built: remove the conditional code around the call, or make the buffer a local array of the function.',
    UNCHANGED,
  ),
  'caller-not-parsed': entry(
    'BC1137',
    'a function the decision reads does not parse here',
    ACROSS +
      'a caller (or a function the buffer reaches) has text the parser does not read (an attribute after a declarator, an extension): what it does with the buffer is not known. Report it if the compiler accepts the code.',
    UNCHANGED,
  ),
  recursive: entry(
    'BC1113',
    'the function may call itself',
    'A private array would be allocated at every level: nothing to do.',
    UNCHANGED,
  ),
  'argument-not-a-buffer': entry(
    'BC1114',
    'a call passes an expression, not a buffer of the caller',
    ACROSS + 'pass a local array or an allocated buffer of the caller.',
    UNCHANGED,
  ),
  'not-called': entry(
    'BC1115',
    'the function is not called in this file',
    'Nothing to do: with no call, nothing is known of its callers.',
    UNCHANGED,
  ),
  'buffer-not-analysable': entry(
    'BC1116',
    "a caller's buffer is not one the analysis can follow",
    ACROSS +
      'pass a local array, a pointer set from malloc, calloc, alloca or polybench_alloc_data, or a parameter of a static function that passes it on as is.',
    UNCHANGED,
  ),
  'caller-unstructured': entry(
    'BC1117',
    'a caller uses goto, setjmp, asm goto, a nested function or an OpenMP construct',
    'The order of its statements is not known: restructure the caller.',
    UNCHANGED,
  ),
  'passed-twice': entry(
    'BC1118',
    'the buffer is passed twice to one call',
    'Two parameters would name the same cells: pass two buffers.',
    UNCHANGED,
  ),
  'buffer-escapes': entry(
    'BC1119',
    "the address of a caller's buffer escapes",
    'Another name may reach its cells: keep the buffer local to the caller.',
    UNCHANGED,
  ),
  'callee-keeps-address': entry(
    'BC1120',
    'a function given the buffer may keep its address',
    'Define that function in the file (static), so that the analysis can see it keeps nothing.',
    UNCHANGED,
  ),
  'read-after-call': entry(
    'BC1121',
    'the caller may use the buffer after the call',
    'The values the function leaves are read: nothing to do, it is not a temporary.',
    UNCHANGED,
  ),
  'extents-unproved': entry(
    'BC1122',
    'the extents the parameter uses are not proved',
    'Declare the parameter with its real extents (`double t[N][M]`), or give the loop bounds as constants.',
    UNCHANGED,
  ),
  'not-scratch': entry(
    'BC1124',
    'a static or file-scope array whose values may be needed from one call to the next',
    'The message says why (an initializer, recursion, a caller the file does not show, ...): nothing to do if the values must survive the call.',
    UNCHANGED,
  ),
  'external-linkage': entry(
    'BC1126',
    'a file-scope array with external linkage: other files may use it',
    'Make it static if only this file uses it.',
    UNCHANGED,
  ),
  'values-cross-calls': entry(
    'BC1125',
    'a static or file-scope array read before a call writes it: a value crosses between calls',
    'Nothing to do: the array carries state from one call to the next.',
    UNCHANGED,
  ),
  'cross-call-budget': entry(
    'BC1123',
    'the whole-program question is too expensive',
    'Raise --work to try harder.',
    UNCHANGED,
  ),
} as const;
