/**
 * The data model (src/frontend/dataModel.ts) and the integer types it decides. Guards: long,
 * size_t and pointers were 64 bits for every target (intTypes.ts NAMED, constants.ts
 * sizeOfType), so `sizeof(long)`, `-1L < 1u` and 3000000000 had their LP64 meaning in a
 * unit compiled for a 32-bit core.
 */
import { spawnSync } from 'node:child_process';
import {
  ILP32,
  IP16,
  LP64,
  dataModelOfMacros,
  dataModelOfTarget,
  unitDataModel,
} from '../../src/frontend/dataModel.js';
import { heldRange, literalType, typeRange } from '../../src/frontend/integers.js';
import { intTypeOf, modelOnly } from '../../src/frontend/intTypes.js';
import { readTranslationUnit } from '../../src/frontend/preprocess.js';
import { sizeOfType } from '../../src/frontend/constants.js';

/** The predefined macros `gcc FLAGS -E -dD` prints for an empty unit. */
function macros(flags: string[]) {
  const r = spawnSync('cc', [...flags, '-E', '-dD', '-x', 'c', '-'], { input: '' });
  return readTranslationUnit(r.stdout.toString('latin1')).macros;
}

describe('the data model the predefined macros describe', () => {
  it('reads LP64 on the host and ILP32 with -m32', () => {
    expect(dataModelOfMacros(macros([]))).toMatchObject({ name: 'lp64', long: 64, pointer: 64 });
    expect(dataModelOfMacros(macros(['-m32']))).toMatchObject({
      name: 'ilp32',
      long: 32,
      pointer: 32,
      sizeType: 'unsigned int',
      longDouble: 12,
    });
  });

  it('says nothing without a compiler, and unknown when the sizes are partial', () => {
    expect(dataModelOfMacros([])).toBeUndefined();
    const partial = macros([]).filter((m) => m.name !== '__SIZEOF_POINTER__');
    expect(dataModelOfMacros(partial)).toBe('unknown');
  });

  it('refuses int other than 32 bits and C++ other than LP64', () => {
    expect(unitDataModel(IP16, [], false)).toBe('unknown');
    expect(unitDataModel(ILP32, [], true)).toBe('unknown');
    expect(unitDataModel(ILP32, [], false)).toBe(ILP32);
  });
});

// compiler, flags -> the target's model (undefined: not in the table)
const TARGETS: [string, string[], string | undefined][] = [
  ['arm-none-eabi-gcc', ['-mcpu=cortex-m4', '-mthumb'], 'ilp32'],
  ['/opt/gcc-arm/bin/arm-none-eabi-gcc', [], 'ilp32'],
  ['riscv32-unknown-elf-gcc', [], 'ilp32'],
  ['riscv64-unknown-elf-gcc', ['-march=rv32imac'], 'ilp32'],
  ['xtensa-esp32-elf-gcc', [], 'ilp32'],
  ['avr-gcc', ['-mmcu=atmega328p'], 'ip16'],
  ['msp430-elf-gcc', [], 'ip16'],
  ['clang', ['-m32'], 'ilp32'],
  ['aarch64-linux-gnu-gcc', [], 'lp64'],
  ['xcc', ['-O2'], undefined],
];

describe('the data model of a target whose compiler is not installed', () => {
  it.each(TARGETS)('%s %j: %s', (cc, flags, name) => {
    expect(dataModelOfTarget(cc, flags)?.name).toBe(name);
  });
});

describe("the host's headers read for another target (compiler-fallback)", () => {
  // Guards: glibc's `typedef long int __int64_t;` (x86-64) read in ILP32 made int64_t 32 bits.
  it('trusts the width an exact-width name spells over their typedefs', () => {
    const m = unitDataModel(ILP32, macros([]), false);
    expect(m).toMatchObject({ name: 'ilp32', foreignHeaders: true });
    const hostTypedefs = new Map([
      ['int64_t', { bits: 32, signed: true }],
      ['int_fast16_t', { bits: 32, signed: true }],
    ]);
    const table = {
      has: (n: string) => hostTypedefs.has(n),
      get: (n: string) => hostTypedefs.get(n),
      dataModel: m as typeof ILP32,
    };
    expect(intTypeOf('int64_t', table)).toEqual({ bits: 64, signed: true });
    expect(intTypeOf('int_fast16_t', table)).toBeUndefined();
    // The target's own compiler: its headers are the target's.
    expect(unitDataModel(undefined, macros(['-m32']), false)).not.toHaveProperty('foreignHeaders');
    expect(unitDataModel(ILP32, macros(['-m32']), false)).not.toHaveProperty('foreignHeaders');
  });
});

describe('integer types in the data model', () => {
  const lp64 = modelOnly(LP64);
  const ilp32 = modelOnly(ILP32);
  it('long, size_t, ptrdiff_t and pointers', () => {
    // (`model`: the name another data model resolves again, modelVariants.ts.)
    expect(intTypeOf('unsigned long', ilp32)).toEqual({
      bits: 32,
      signed: false,
      model: 'unsigned long',
    });
    expect(intTypeOf('size_t', ilp32)).toEqual({ bits: 32, signed: false, model: 'size_t' });
    expect(intTypeOf('ptrdiff_t', ilp32)).toEqual({ bits: 32, signed: true, model: 'ptrdiff_t' });
    expect(intTypeOf('long long', ilp32)).toEqual({ bits: 64, signed: true });
    expect(intTypeOf('size_t', lp64)).toEqual({ bits: 64, signed: false, model: 'size_t' });
    expect(sizeOfType('long', ilp32)).toBe(4n);
    expect(sizeOfType('char *', ilp32)).toBe(4n);
    expect(sizeOfType('long double', ilp32)).toBeUndefined(); // 8, 12 or 16: the table cannot say
    expect(sizeOfType('void *', lp64)).toBe(8n);
  });

  // literal -> its type in LP64, in ILP32 (C11 6.4.4.1)
  const LITERALS: [string, string, string][] = [
    ['3000000000', 'i64', 'i64'],
    ['2147483648L', 'i64', 'i64'],
    ['4294967295UL', 'u64', 'u32'],
    ['4294967296UL', 'u64', 'u64'],
    ['0x80000000L', 'i64', 'u32'],
    ['1L', 'i64', 'i32'],
    ['1LL', 'i64', 'i64'],
  ];
  const spelled = (t: { bits: number; signed: boolean }) => `${t.signed ? 'i' : 'u'}${t.bits}`;
  it.each(LITERALS)('%s: %s in LP64, %s in ILP32', (text, lp, ilp) => {
    const value = BigInt(text.replace(/[uUlL]+$/, ''));
    expect(spelled(literalType(text, value, LP64))).toBe(lp);
    expect(spelled(literalType(text, value, ILP32))).toBe(ilp);
  });
});

// Guards: plain char was taken as holding 0..127 only, so `(unsigned char)c - (signed char)c`
// of a char parameter was 0 for the model and 256 for c = (char)200 (a window of one cell,
// int-plain-char-cast.c); its signedness was never read, so `(char)200 > 0` had no value.
describe("plain char's signedness", () => {
  it('is read from __CHAR_UNSIGNED__ and the -f(un)signed-char flags', () => {
    expect(dataModelOfMacros(macros([]))).toMatchObject({ charSigned: true });
    expect(dataModelOfMacros(macros(['-funsigned-char']))).toMatchObject({ charSigned: false });
  });

  // compiler, flags -> plain char signed (undefined: not known)
  const CHARS: [string, string[], boolean | undefined][] = [
    ['arm-none-eabi-gcc', ['-mcpu=cortex-m4'], false],
    ['arm-none-eabi-gcc', ['-fsigned-char'], true],
    ['riscv32-unknown-elf-gcc', [], false],
    ['aarch64-linux-gnu-gcc', [], false],
    ['i686-linux-gnu-gcc', [], true],
    ['x86_64-linux-gnu-gcc', ['-funsigned-char'], false],
    ['clang', ['-m32'], undefined],
    ['xtensa-esp32-elf-gcc', [], undefined],
  ];
  it.each(CHARS)('%s %j: signed %s', (cc, flags, signed) => {
    expect(dataModelOfTarget(cc, flags)?.charSigned).toBe(signed);
  });

  it('makes char the signed or unsigned char of the target, else holds the values of either', () => {
    expect(intTypeOf('char', modelOnly({ ...ILP32, charSigned: false }))).toEqual({
      bits: 8,
      signed: false,
      model: 'char',
    });
    expect(intTypeOf('const char', modelOnly({ ...LP64, charSigned: true }))).toEqual({
      bits: 8,
      signed: true,
      model: 'char',
    });
    const plain = intTypeOf('char', modelOnly(ILP32))!;
    expect([typeRange(plain), heldRange(plain)]).toEqual([
      { lo: 0n, hi: 127n },
      { lo: -128n, hi: 255n },
    ]);
  });
});
