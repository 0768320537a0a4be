/**
 * What functions of the C library do with a buffer passed to them, for the whole-program
 * decision (crossCall.ts): none of them keeps the address after it returns, and each reads
 * only the arguments listed. A function not listed here and not defined in the file may keep
 * a pointer, so a buffer passed to it is never a temporary's.
 *
 * `returnsArgument`: the call's value is that argument (`memcpy` returns `dst`): where the
 * value is used, the address leaves through it. `formatsFrom`: the first variadic argument
 * of a printf-like function; a pointer there may be written as text by `%p`, which `%p` of
 * scanf reads back as the same pointer (C17 7.21.6.2), so the address leaves as text.
 * `callsBackWith`: an argument whose elements' addresses a callback of the program gets
 * (qsort's comparator), which may keep them. `streamed`: a stdio function, whose stream may
 * be one of `fopencookie` (GNU) or `funopen` (BSD): on an unbuffered one, glibc hands the
 * caller's own buffer to the program's write or read function, which may keep it.
 */
export interface LibraryCall {
  reads(argIndex: number): boolean;
  readonly returnsArgument?: number;
  readonly formatsFrom?: number;
  readonly callsBackWith?: number;
  readonly streamed?: boolean;
}

const reading =
  (...read: number[]) =>
  (k: number) =>
    read.includes(k);
const all = () => true;

const TABLE: ReadonlyMap<string, LibraryCall> = new Map([
  ['memset', { reads: reading(), returnsArgument: 0 }],
  ['bzero', { reads: reading() }],
  ['explicit_bzero', { reads: reading() }],
  ['memcpy', { reads: reading(1), returnsArgument: 0 }],
  ['memmove', { reads: reading(1), returnsArgument: 0 }],
  ['memcmp', { reads: all }],
  ['strlen', { reads: all }],
  ['strcmp', { reads: all }],
  ['strncmp', { reads: all }],
  ['printf', { reads: all, formatsFrom: 1, streamed: true }],
  ['fprintf', { reads: all, formatsFrom: 2, streamed: true }],
  ['sprintf', { reads: (k: number) => k !== 0, formatsFrom: 2 }],
  ['snprintf', { reads: (k: number) => k !== 0, formatsFrom: 3 }],
  ['puts', { reads: all, streamed: true }],
  ['fputs', { reads: all, streamed: true }],
  ['fwrite', { reads: all, streamed: true }],
  ['fread', { reads: reading(3), streamed: true }],
  ['fgets', { reads: reading(2), returnsArgument: 0, streamed: true }],
  ['qsort', { reads: all, callsBackWith: 0 }],
  ['free', { reads: reading() }],
]);

/** The library function `name` (also spelled `__builtin_name`), or undefined. */
export function libraryCall(name: string): LibraryCall | undefined {
  const plain = name.replace(/^__builtin_/, '');
  return TABLE.get(plain);
}

/** Functions of the table above that may call the program back (stdio). */
const STDIO: ReadonlySet<string> = new Set([
  'printf',
  'fprintf',
  'sprintf',
  'snprintf',
  'puts',
  'fputs',
  'fwrite',
  'fread',
  'fgets',
]);

/**
 * Functions of the C library that take and return values only (<math.h>, <stdlib.h>'s
 * abs): they call nothing of the program's.
 */
const VALUE_ONLY: ReadonlySet<string> = new Set([
  'sqrt',
  'sqrtf',
  'cbrt',
  'exp',
  'expf',
  'exp2',
  'log',
  'logf',
  'log2',
  'log10',
  'pow',
  'powf',
  'sin',
  'sinf',
  'cos',
  'cosf',
  'tan',
  'tanf',
  'asin',
  'acos',
  'atan',
  'atan2',
  'sinh',
  'cosh',
  'tanh',
  'fabs',
  'fabsf',
  'floor',
  'floorf',
  'ceil',
  'ceilf',
  'round',
  'roundf',
  'trunc',
  'fmin',
  'fmax',
  'fminf',
  'fmaxf',
  'fmod',
  'hypot',
  'abs',
  'labs',
  'llabs',
  'lround',
  'lrint',
]);

/** Whether `name` is a function of the C library this module's tables know (and malloc, calloc). */
function knownLibraryFunction(name: string): boolean {
  const plain = name.replace(/^__builtin_/, '');
  return (
    libraryCall(plain) !== undefined ||
    VALUE_ONLY.has(plain) ||
    plain === 'malloc' ||
    plain === 'calloc'
  );
}

/**
 * More functions of the C standard library (C17 7.x), which may call the program back only
 * through pointers it was given (atexit's handlers, a stream's cookie functions), never a
 * function by its name: what matters for whether main() may be entered again.
 */
const STANDARD: ReadonlySet<string> = new Set([
  'exit',
  '_Exit',
  'quick_exit',
  'abort',
  'atexit',
  'at_quick_exit',
  'atoi',
  'atol',
  'atoll',
  'atof',
  'strtol',
  'strtoul',
  'strtoll',
  'strtoull',
  'strtod',
  'strtof',
  'strtold',
  'rand',
  'srand',
  'getenv',
  'realloc',
  'aligned_alloc',
  'bsearch',
  'clock',
  'time',
  'difftime',
  'strcpy',
  'strncpy',
  'strcat',
  'strncat',
  'strchr',
  'strrchr',
  'strstr',
  'strspn',
  'strcspn',
  'strpbrk',
  'strtok',
  'memchr',
  'isalnum',
  'isalpha',
  'isdigit',
  'isspace',
  'isupper',
  'islower',
  'isxdigit',
  'tolower',
  'toupper',
  'putchar',
  'getchar',
  'putc',
  'getc',
  'fputc',
  'fgetc',
  'fopen',
  'fclose',
  'fflush',
  'fseek',
  'ftell',
  'rewind',
  'feof',
  'ferror',
  'perror',
  'scanf',
  'fscanf',
  'sscanf',
  'vprintf',
  'vfprintf',
  'vsprintf',
  'vsnprintf',
  'signal',
  'raise',
  '__assert_fail',
]);

/**
 * Whether `name` is a function of the C library (known to this module, or one of the
 * standard's above): code that never calls main() by name (adversary 2026-11-29b: only
 * the program's own functions, which another file may define, can).
 */
export function neverNamesMain(name: string): boolean {
  return knownLibraryFunction(name) || STANDARD.has(name.replace(/^__builtin_/, ''));
}

/**
 * Whether a call of `name` (not defined in the file) never calls back into the program:
 * the functions of the table above and the value-only ones. Any other may (a callback, a
 * function of another file).
 */
export function callsNothingBack(name: string): boolean {
  const plain = name.replace(/^__builtin_/, '');
  // qsort calls its comparator, a function of the program; stdio calls the program's
  // functions of a stream made by fopencookie (GNU) or funopen (BSD), and printf those that
  // register_printf_specifier (glibc) installed for a conversion.
  if (plain === 'qsort' || STDIO.has(plain)) return false;
  return knownLibraryFunction(plain);
}
