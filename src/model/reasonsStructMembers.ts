/**
 * The reason codes of a struct member passed as a kernel's buffer (`needwun(..., args->M,
 * ...)`, src/pipeline/wholeProgram/structMembers.ts): one part of the table of reasons.ts.
 */
import { entry, UNCHANGED } from './reasonEntry.js';

const MEMBER =
  'A struct member passed to a kernel is a temporary only when nothing but the kernel touches its cells in the whole program; ';

export const STRUCT_MEMBER_REASONS = {
  'member-open-world': entry(
    'BC1801',
    'the struct member is passed by a set that may not be the whole program',
    MEMBER +
      'give every file of the program (one defines main), and keep other programs that include the struct header out of its folders.',
    UNCHANGED,
  ),
  'member-used-elsewhere': entry(
    'BC1802',
    'the struct member is named elsewhere in the program',
    MEMBER +
      'a read or write by another function, its address, its size or an initializer naming it may carry values across the call.',
    UNCHANGED,
  ),
  'member-base-unknown': entry(
    'BC1803',
    'the struct member is reached through a pointer the analysis does not follow',
    MEMBER + 'pass `p->member` with `p` a local or parameter pointer to the struct.',
    UNCHANGED,
  ),
  'struct-layout-fixed': entry(
    'BC1804',
    "the struct's layout may not change",
    MEMBER +
      'an attribute (packed, aligned), a flexible array member, several definitions or a member declared with others fix it.',
    UNCHANGED,
  ),
  'struct-type-used': entry(
    'BC1805',
    'the struct type is used other than through pointers to it',
    MEMBER +
      'an object of the type (but a local one without initializer, reached only through `.` and `&`), a union or struct holding it, a typedef, offsetof or a file-scope pointer would see its layout.',
    UNCHANGED,
  ),
  'struct-size-observed': entry(
    'BC1806',
    "the struct's size is used other than to allocate or clear it",
    MEMBER + 'a size compared, printed or divided would change with the member.',
    UNCHANGED,
  ),
  'struct-bytes-used': entry(
    'BC1807',
    "a pointer to the struct is used as bytes or leaves the analysis' sight",
    MEMBER +
      'memcpy, memcmp, read, write, arithmetic, a cast to another type, or a function outside the set may read the member.',
    UNCHANGED,
  ),
  'member-storage-kept': entry(
    'BC1808',
    'the struct member carries no value across the call, but its definition keeps its size',
    "Nothing to do, or define the struct once, in a header of the set that no other program includes, with the member an array of constant extents declared alone, of the parameter's element type, spelled in the file (not by a macro): the kernel indexes the member folded in place, and the member keeps its size until then.",
  ),
} as const;
