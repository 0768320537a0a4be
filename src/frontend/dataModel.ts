/**
 * The data model of the target a unit is compiled for: the sizes of C's integer and pointer
 * types (LP64 on 64-bit hosts; ILP32 on the 32-bit cores embedded code is built for with
 * arm-none-eabi-gcc; int 16 bits on AVR and MSP430). `-1L < 1u`, `sizeof(long)`, the type of
 * 3000000000 and where an unsigned long counter wraps all depend on it.
 *
 * Read per unit from the compiler's predefined macros (`cc -E -dD` prints them in the
 * `<built-in>` part: `__SIZEOF_LONG__`, `__SIZEOF_POINTER__`, `__SIZE_TYPE__`, ...); from a
 * small table of targets when the database's cross compiler is not installed (the host's
 * macros are then not the target's: compilerChoice.ts); from the user (`--data-model`).
 * LP64 when nothing is known and no compiler runs (the built-in reading).
 */

/** What is read of a `#define` of the `-dD` output (preprocess.ts MacroEvent). */
interface MacroEvent {
  readonly kind: 'define' | 'undef';
  readonly name: string;
  readonly params?: readonly string[];
  readonly body: string;
  readonly file: string;
}

export interface DataModel {
  readonly name: DataModelName;
  /** Sizes in bits. */
  readonly short: number;
  readonly int: number;
  readonly long: number;
  readonly longLong: number;
  readonly pointer: number;
  /** In bytes; 0 when not known. */
  readonly longDouble: number;
  /** The spelling of the types behind size_t, ptrdiff_t, intptr_t, uintptr_t (`long unsigned int`). */
  readonly sizeType: string;
  readonly ptrdiffType: string;
  readonly intptrType: string;
  readonly uintptrType: string;
  /**
   * The system headers read are another target's (a cross compiler not installed: the
   * host's, whose `typedef long int64_t;` is not the target's): intTypes.ts then trusts the
   * width an exact-width name spells over the headers' typedef.
   */
  readonly foreignHeaders?: boolean;
  /**
   * Whether plain `char` is signed (x86) or unsigned (ARM, RISC-V, AArch64: gcc predefines
   * `__CHAR_UNSIGNED__`; `-funsigned-char`/`-fsigned-char` choose); undefined when not known,
   * then intTypes.ts takes plain char's values as those both agree on.
   */
  readonly charSigned?: boolean;
}

type DataModelName = 'lp64' | 'ilp32' | 'llp64' | 'ip16' | 'other';

/** What a unit's data model is taken to be: 'unknown' leaves its arrays unchanged. */
export type DataModelChoice = DataModel | 'unknown';

export const LP64: DataModel = {
  name: 'lp64',
  short: 16,
  int: 32,
  long: 64,
  longLong: 64,
  pointer: 64,
  longDouble: 16,
  sizeType: 'long unsigned int',
  ptrdiffType: 'long int',
  intptrType: 'long int',
  uintptrType: 'long unsigned int',
};

/**
 * ILP32 as arm-none-eabi-gcc has it (size_t `unsigned int`). The size of long double varies
 * among ILP32 targets (8 on ARM, 12 on i386, 16 on RISC-V): 0, unknown, as in the tables below.
 */
export const ILP32: DataModel = {
  name: 'ilp32',
  short: 16,
  int: 32,
  long: 32,
  longLong: 64,
  pointer: 32,
  longDouble: 0,
  sizeType: 'unsigned int',
  ptrdiffType: 'int',
  intptrType: 'int',
  uintptrType: 'unsigned int',
};

const LLP64: DataModel = {
  name: 'llp64',
  short: 16,
  int: 32,
  long: 32,
  longLong: 64,
  pointer: 64,
  longDouble: 0,
  sizeType: 'long long unsigned int',
  ptrdiffType: 'long long int',
  intptrType: 'long long int',
  uintptrType: 'long long unsigned int',
};

/** int 16 bits (AVR, MSP430): not analysed (isSupported). */
export const IP16: DataModel = {
  name: 'ip16',
  short: 16,
  int: 16,
  long: 32,
  longLong: 64,
  pointer: 16,
  longDouble: 0,
  sizeType: 'unsigned int',
  ptrdiffType: 'int',
  intptrType: 'int',
  uintptrType: 'unsigned int',
};

const BY_NAME = new Map<string, DataModel>([
  ['lp64', LP64],
  ['ilp32', ILP32],
  ['llp64', LLP64],
  ['ip16', IP16],
]);

/** The data model `--data-model NAME` names, or undefined. */
export function namedDataModel(name: string): DataModel | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

/**
 * The analysis computes with int 32 bits, short 16 and char 8 (the integer promotions,
 * the type of a comparison): a model without them leaves the unit's arrays unchanged.
 */
function isSupported(m: DataModel): boolean {
  return m.int === 32 && m.short === 16 && m.long >= 32 && m.longLong === 64;
}

/**
 * The data model the compiler's predefined macros describe; undefined when they do not say
 * (no `__SIZEOF_INT__`: not a gcc or clang, or a built-in reading).
 */
export function dataModelOfMacros(macros: readonly MacroEvent[]): DataModelChoice | undefined {
  const defined = new Map<string, string>();
  for (const m of macros)
    if (m.file === '<built-in>' && m.kind === 'define' && !m.params)
      defined.set(m.name, m.body.trim());
  const bytes = (name: string) => {
    const v = defined.get(name);
    return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const int = bytes('__SIZEOF_INT__');
  if (int === undefined) return undefined;
  const short = bytes('__SIZEOF_SHORT__');
  const long = bytes('__SIZEOF_LONG__');
  const longLong = bytes('__SIZEOF_LONG_LONG__');
  const pointer = bytes('__SIZEOF_POINTER__');
  const charBit = bytes('__CHAR_BIT__');
  const types = ['__SIZE_TYPE__', '__PTRDIFF_TYPE__', '__INTPTR_TYPE__', '__UINTPTR_TYPE__'].map(
    (n) => defined.get(n),
  );
  if (
    short === undefined ||
    long === undefined ||
    longLong === undefined ||
    pointer === undefined ||
    charBit !== 8 ||
    // (Spelled with keywords only: `long unsigned int`; intTypes.ts reads size_t through it.)
    types.some((t) => t === undefined || !/^((unsigned|signed|long|short|int|char)\s*)+$/.test(t))
  )
    return 'unknown';
  const sizes = { short: short * 8, int: int * 8, long: long * 8, longLong: longLong * 8 };
  const named = [...BY_NAME.values()].find(
    (m) =>
      m.short === sizes.short &&
      m.int === sizes.int &&
      m.long === sizes.long &&
      m.longLong === sizes.longLong &&
      m.pointer === pointer * 8,
  );
  return {
    name: named?.name ?? 'other',
    ...sizes,
    pointer: pointer * 8,
    longDouble: bytes('__SIZEOF_LONG_DOUBLE__') ?? 0,
    charSigned: !defined.has('__CHAR_UNSIGNED__'),
    sizeType: types[0]!,
    ptrdiffType: types[1]!,
    intptrType: types[2]!,
    uintptrType: types[3]!,
  };
}

/**
 * The data model of the target a compiler name and its flags build for, when that compiler
 * is not installed (its macros cannot be read); undefined when the target is not known.
 * Flags first: `-m32` or `-march=rv32imac` say more than the driver's name.
 */
export function dataModelOfTarget(
  compiler: string,
  flags: readonly string[],
): DataModel | undefined {
  const m = sizesOfTarget(compiler, flags);
  const charSigned = charSignedOfTarget(compiler, flags);
  return m && charSigned !== undefined ? { ...m, charSigned } : m;
}

function sizesOfTarget(compiler: string, flags: readonly string[]): DataModel | undefined {
  const name = compiler.split('/').pop() ?? compiler;
  for (const f of flags) {
    if (f === '-m32' || /^-march=rv32/.test(f) || /^-mcpu=cortex-[mr]/.test(f)) return ILP32;
    if (f === '-mthumb' || /^-march=armv[4-8]/.test(f)) return ILP32;
    if (f === '-m64' || /^-march=rv64/.test(f)) return /mingw|windows/.test(name) ? LLP64 : LP64;
  }
  if (/^(avr|msp430)-/.test(name)) return IP16;
  if (
    /^(arm-none-eabi|arm-linux-gnueabi(hf)?|riscv32-[\w-]*|xtensa-[\w-]*|i[3-6]86-[\w-]*)-(gcc|g\+\+|cc|c\+\+|clang|clang\+\+)$/.test(
      name,
    )
  )
    return ILP32;
  if (/mingw|windows/.test(name)) return undefined;
  if (/^(x86_64|aarch64|riscv64)-[\w-]*-(gcc|g\+\+|cc|c\+\+|clang|clang\+\+)$/.test(name))
    return LP64;
  return undefined;
}

/**
 * Whether plain char is signed on the target a compiler not installed builds for: the last
 * `-fsigned-char`/`-funsigned-char` flag, else the ABI of its target (unsigned on ARM,
 * AArch64 and RISC-V, signed on x86); undefined when not known.
 */
function charSignedOfTarget(compiler: string, flags: readonly string[]): boolean | undefined {
  const flag = [...flags].reverse().find((f) => f === '-fsigned-char' || f === '-funsigned-char');
  if (flag) return flag === '-fsigned-char';
  const name = compiler.split('/').pop() ?? compiler;
  if (flags.some((f) => /^-march=(rv|armv)|^-mcpu=cortex-|^-mthumb$/.test(f))) return false;
  if (/^(arm|aarch64|riscv32|riscv64)-/.test(name)) return false;
  if (/^(x86_64|i[3-6]86)-/.test(name)) return true;
  return undefined;
}

/**
 * A unit's data model: the one given (the user's, or the target table's when the database's
 * compiler is not installed), else the compiler's predefined macros; undefined (LP64) when
 * neither says. C++ is read in LP64 only (cpp/templateModels.ts types are LP64's): another
 * model is 'unknown' there, as one the analysis does not support (isSupported).
 */
export function unitDataModel(
  given: DataModelChoice | undefined,
  macros: readonly MacroEvent[],
  cpp: boolean,
): DataModelChoice | undefined {
  const read = dataModelOfMacros(macros);
  const m = given ?? read;
  if (m === undefined || m === 'unknown') return m;
  if (!isSupported(m) || (cpp && m.name !== 'lp64')) return 'unknown';
  const foreign =
    given !== undefined &&
    (read === 'unknown' ||
      (read !== undefined && (read.long !== m.long || read.pointer !== m.pointer)));
  // (A model given, the user's or the table's, says plain char's signedness itself, or it
  // is unknown: the macros read may be the host's.)
  return foreign ? { ...m, foreignHeaders: true } : m;
}
