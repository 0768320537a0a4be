/**
 * The shadow-owner instrumentation of `beeclak check` (docs/design.md, "Validation" (b)).
 *
 * The contracted program is produced as by `rewrite`, and every contracted array `y` gets a
 * shadow `beeclak_own_y` of the contracted shape, declared right after it (same scope, so
 * VLA sizes and recursion behave like the array itself). A shadow slot holds the logical
 * cell last written into that slot: the original index vector linearised with the
 * original extents, plus one (0 = never written, so a `= {0}` initializer suffices).
 *
 * Every access stays one lvalue expression of the same type:
 *
 *     (*(__typeof__(&y[0][0]))beeclak_access(&y[s0][s1], &y, sizeof(y[0][0]), ...))
 *
 * The helper finds the slot from the address, so the slot expression is evaluated once.
 * A read checks that the slot's owner is the cell being read; a write records the cell.
 * The first clobbered read prints
 *
 *     FILE:LINE: beeclak check: clobbered read of y[3][5]: slot last written for y[2][5] (difference [1, 0])
 *
 * on stderr and exits with status 97 (an access outside the contracted array, also 97).
 *
 * Within one statement instance reads come before writes (the model's convention, and
 * what the contraction assumed), but C does not order the two sides of `=`: so writes of
 * an access whose `statementRange` is known are queued and take effect when the statement
 * ends (`E, beeclak_commit();`). Index expressions are evaluated more than once (as in the
 * contracted program itself): they must be free of side effects, which affine subscripts are.
 *
 * Needs gcc or clang (`__typeof__`, `__attribute__((unused))`).
 */
import { applyEdits, type Edit } from './edits.js';
import { helperInsertionPoint, lineEnding } from './layout.js';
import { RewriteError, type AccessRewrite, type ArrayRewrite, type RewritePlan } from './plan.js';
import {
  accessEdit,
  annotationEdit,
  declaratorEdits,
  definesModHelper,
  modHelperDefinition,
  validateArray,
} from './rewrite.js';
import { type SlotStyle, slotIndices, slotStyle } from './sigma.js';
import { insertionEdits } from './insertions.js';

export interface InstrumentPlan extends RewritePlan {
  /** The file name printed in clobber reports (and in the `#line` directive). */
  readonly fileName: string;
  /**
   * `sigma` (default): the source is the original; contract it as `rewrite` does and
   * check. `as-written`: the source is already folded (a hand-folded file for
   * `check --against`); declarators and accesses stay as written (their slots are whatever
   * the folded text says), `rows`/`rowRanges` are ignored, and every access must carry
   * `originalIndexTexts`, the logical cell it stands for.
   */
  readonly slots?: 'sigma' | 'as-written';
  /**
   * The helpers in a unit of their own (`helpers` of the result, to compile with the file):
   * the file then includes no system header (`check`). Inline by default, one file (the
   * BEECLAK_VERIFY build of `contract --profiled`).
   */
  readonly helpersApart?: boolean;
}

/** Exit status of an instrumented program that found a clobbered read. */
export const CLOBBER_EXIT_STATUS = 97;

/** Most queued writes of one statement instance before the check gives up (status 98). */
const PENDING_CAPACITY = 1024;

function cString(s: string): string {
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;
}

/**
 * The helpers of the instrumented build, in C89 (declarations first, none in a loop header,
 * no VLA, the mod helper `__inline__`): the build takes the user's flags, `-std=c89` too.
 * `maxDims` bounds the dimensions of the checked arrays.
 */
function prelude(fileName: string, withModHelper: boolean, maxDims: number): string[] {
  const lines = [
    '/* beeclak check: shadow owners of contracted arrays (instrumented build only). */',
    ...LIBC_BY_SYMBOL,
    ...(withModHelper ? [modHelperDefinition(true)] : []),
    ...helperDefinitions(fileName, maxDims, INLINE_LIBC),
  ];
  // Not every program uses every helper: keep -Wall quiet.
  return lines.map((l) => l.replace(/^static /, 'static __attribute__((unused)) '));
}

const HEADERS = ['#include <stdio.h>', '#include <stdlib.h>', '#include <string.h>'];

/** How the helpers print to standard error, stop and clear memory. */
interface Libc {
  readonly say: string;
  readonly exit: string;
  readonly memset: string;
}

const HEADER_LIBC: Libc = { say: 'fprintf(stderr, ', exit: 'exit', memset: 'memset' };
const INLINE_LIBC: Libc = {
  say: 'beeclak_dprintf(2, ',
  exit: 'beeclak_exit',
  memset: '__builtin_memset',
};

/**
 * The C library inside the program's own unit (the BEECLAK_VERIFY build of `contract
 * --profiled`, one file) without a system header: the two functions the helpers call, by
 * their symbols under names of beeclak's. With <stdio.h> and <stdlib.h> included after the
 * program's own `typedef unsigned int size_t;` or `#define int32_t int`, that build did not
 * compile; a declaration of `exit` itself would meet the program's own macros and functions.
 */
const LIBC_BY_SYMBOL = [
  '#define BEECLAK_SYMBOL_(x) #x',
  '#define BEECLAK_SYMBOL(x) BEECLAK_SYMBOL_(x)',
  'extern int beeclak_dprintf(int fd, const char *format, ...)',
  '    __asm__(BEECLAK_SYMBOL(__USER_LABEL_PREFIX__) "dprintf");',
  'extern void beeclak_exit(int status) __asm__(BEECLAK_SYMBOL(__USER_LABEL_PREFIX__) "exit");',
];

/** What the instrumented accesses call: declared in the file when the helpers are apart. */
const CALLED = ['beeclak_commit', 'beeclak_clear', 'beeclak_access'];

/**
 * The prelude when the helpers are compiled apart: their prototypes only, in the plainest
 * types, and no system header in the program's own unit. A program that defines what the C
 * library defines (TACLeBench's `typedef unsigned int size_t;`, `#define int32_t int`)
 * stopped the owner-check build with the headers included after its own.
 */
function apartPrelude(withModHelper: boolean): string[] {
  return [
    '/* beeclak check: shadow owners of contracted arrays (instrumented build only; helpers apart). */',
    ...(withModHelper
      ? [modHelperDefinition(true).replace(/^static /, 'static __attribute__((unused)) ')]
      : []),
    'void beeclak_commit(void);',
    'char beeclak_clear(long *owners, unsigned long bytes);',
    'void *beeclak_access(void *p, const void *base, unsigned long elem, long *owners,',
    '    long slots, long lin, const long *ext, int dims, const char *name, int line, int kind,',
    '    int nfields, unsigned long mask);',
  ];
}

/** The helpers as a C unit of their own (external linkage for what the accesses call). */
function helperUnit(fileName: string, maxDims: number): string {
  const lines = helperDefinitions(fileName, maxDims, HEADER_LIBC).map((l) => {
    const called = CALLED.some((f) => new RegExp(`^static [^(]*\\b${f}\\(`).test(l));
    return called
      ? l.replace(/^static /, '')
      : l.replace(/^static /, 'static __attribute__((unused)) ');
  });
  return [...HEADERS, ...lines].map((l) => l + '\n').join('');
}

function helperDefinitions(fileName: string, maxDims: number, libc: Libc): string[] {
  const file = cString(fileName);
  const { say, exit } = libc;
  return [
    'struct beeclak_pending { long *slot; long owner; };',
    `static struct beeclak_pending beeclak_pending_writes[${PENDING_CAPACITY}];`,
    'static int beeclak_pending_count;',
    '/* Queued writes of the statement instance that just ended take effect. */',
    'static void beeclak_commit(void) {',
    '  int k;',
    '  for (k = 0; k < beeclak_pending_count; k++)',
    '    *beeclak_pending_writes[k].slot = beeclak_pending_writes[k].owner;',
    '  beeclak_pending_count = 0;',
    '}',
    'static char beeclak_clear(long *owners, unsigned long bytes) {',
    `  ${libc.memset}(owners, 0, bytes);`,
    '  return 0;',
    '}',
    '/* The index vector of a linearised cell (ext[0] is not needed). */',
    'static void beeclak_cell(long lin, const long *ext, int dims, long *idx) {',
    '  int d;',
    '  for (d = dims - 1; d > 0; d--) {',
    '    long r = lin % ext[d], q = lin / ext[d];',
    '    if (r < 0) { r += ext[d]; q--; }',
    '    idx[d] = r;',
    '    lin = q;',
    '  }',
    '  idx[0] = lin;',
    '}',
    'static void beeclak_print_cell(const char *name, const long *idx, int dims) {',
    '  int d;',
    `  ${say}"%s", name);`,
    `  for (d = 0; d < dims; d++) ${say}"[%ld]", idx[d]);`,
    '}',
    '/* Owners per field of a struct element (nfields of them per slot; mask: those touched). */',
    'static void *beeclak_access(void *p, const void *base, unsigned long elem, long *owners,',
    '    long slots, long lin, const long *ext, int dims, const char *name, int line, int kind,',
    '    int nfields, unsigned long mask) {',
    '  long slot = (long)(((const char *)p - (const char *)base) / (long)elem);',
    `  long cell[${maxDims}], other[${maxDims}];`,
    '  long *own;',
    '  int d, f;',
    '  beeclak_cell(lin, ext, dims, cell);',
    '  if (slot < 0 || slot >= slots) {',
    `    ${say}"%s:%d: beeclak check: access of ", ${file}, line);`,
    '    beeclak_print_cell(name, cell, dims);',
    `    ${say}" lands in slot %ld, outside the %ld slots\\n", slot, slots);`,
    `    ${exit}(${CLOBBER_EXIT_STATUS});`,
    '  }',
    '  for (f = 0; f < nfields; f++) {',
    '  if (!((mask >> f) & 1UL)) continue;',
    '  own = &owners[slot * nfields + f];',
    '  if ((kind & 1) && *own != 0 && *own != lin + 1) {',
    '    beeclak_cell(*own - 1, ext, dims, other);',
    `    ${say}"%s:%d: beeclak check: clobbered read of ", ${file}, line);`,
    '    beeclak_print_cell(name, cell, dims);',
    `    ${say}": slot last written for ");`,
    '    beeclak_print_cell(name, other, dims);',
    `    ${say}" (difference [");`,
    `    for (d = 0; d < dims; d++) ${say}"%s%ld", d ? ", " : "", cell[d] - other[d]);`,
    `    ${say}"])\\n");`,
    `    ${exit}(${CLOBBER_EXIT_STATUS});`,
    '  }',
    '  if ((kind & 2) && (kind & 4)) {',
    `    if (beeclak_pending_count == ${PENDING_CAPACITY}) {`,
    `      ${say}"%s:%d: beeclak check: too many writes in one statement\\n", ${file}, line);`,
    `      ${exit}(98);`,
    '    }',
    '    beeclak_pending_writes[beeclak_pending_count].slot = own;',
    '    beeclak_pending_writes[beeclak_pending_count++].owner = lin + 1;',
    '  } else if (kind & 2) *own = lin + 1;',
    '  }',
    '  return p;',
    '}',
  ];
}

const KIND_BITS = { read: 1, write: 2, readwrite: 3 } as const;
const DEFERRED = 4;

function shadowName(array: ArrayRewrite): string {
  return `beeclak_own_${array.name}`;
}
function extentsName(array: ArrayRewrite): string {
  return `beeclak_ext_${array.name}`;
}

/** The shadow declarations placed right after the array's declaration. */
function shadowDeclarations(array: ArrayRewrite, shape: string, allKnown: boolean): string {
  const own = shadowName(array);
  const unused = '__attribute__((unused))';
  // A VLA (a modulus known only at run time) cannot have an initializer.
  const shadow =
    allKnown || array.fileScope
      ? `long ${own}${shape} = {0};`
      : `long ${own}${shape}; char ${unused} beeclak_init_${array.name} = ` +
        `beeclak_clear((long *)&${own}, sizeof ${own});`;
  const extents = array.extentTexts!.map((t) => (t.trim() === '' ? '0' : `(long)(${t.trim()})`));
  // At file scope, internal linkage: the shadows are this file's business.
  const storage = array.fileScope ? 'static ' : '';
  return (
    ` ${storage}${shadow} ${storage}const long ${unused} ${extentsName(array)}` +
    `[${extents.length}] = { ${extents.join(', ')} };`
  );
}

function linearised(array: ArrayRewrite, indexTexts: readonly string[]): string {
  let lin = '';
  indexTexts.forEach((t, d) => {
    const index = `(long)(${t.trim()})`;
    lin = d === 0 ? index : `(${lin}) * ${extentsName(array)}[${d}] + ${index}`;
  });
  return lin;
}

/**
 * The checked access: `lvalue` is the (contracted) access, `element` an expression of the
 * element type that is not evaluated (in `__typeof__` and `sizeof`), `cell` the original
 * index texts of the logical cell.
 */
function instrumentedAccess(
  array: ArrayRewrite,
  access: AccessRewrite,
  cell: readonly string[],
  lvalue: string,
  element: string,
): string {
  const kind = access.kind ?? 'read';
  const bits = KIND_BITS[kind] | (kind !== 'read' && access.statementRange ? DEFERRED : 0);
  const own = shadowName(array);
  const args = [
    `&${lvalue}`,
    // The first element, not `&name`: a parameter is a pointer, whose own address is not
    // where its cells start.
    `&${array.name}${'[0]'.repeat(array.rows.length)}`,
    `sizeof(${element})`,
    `(long *)&${own}`,
    `(long)(sizeof ${own} / sizeof(long) / ${fieldCount(array)})`,
    linearised(array, cell),
    extentsName(array),
    String(cell.length),
    cString(array.name),
    String(access.line),
    String(bits),
    String(fieldCount(array)),
    fieldMask(array, access),
  ];
  return `(*(__typeof__(&${element}))beeclak_access(${args.join(', ')}))`;
}

/** The text of `range` with its holes replaced by `texts`. */
function withHoles(
  source: string,
  range: { start: number; end: number },
  holes: readonly { start: number; end: number }[],
  texts: readonly string[],
): string {
  let out = '';
  let at = range.start;
  holes.forEach((h, k) => {
    out += source.slice(at, h.start) + texts[k]!;
    at = h.end;
  });
  return out + source.slice(at, range.end);
}

/** What `as-written` instrumentation relies on: names where the ranges say, logical cells. */
function checkAsWritten(source: string, array: ArrayRewrite): void {
  const named = (r: { start: number; end: number }) => {
    const text = source.slice(r.start, r.end);
    return text.startsWith(array.name) && !/^[A-Za-z0-9_]/.test(text.slice(array.name.length));
  };
  if (!named(array.declaratorRange))
    throw new RewriteError(`declarator range of ${array.name} does not start with its name`);
  for (const a of array.accesses) {
    if (!named(a.range))
      throw new RewriteError(`an access range of ${array.name} does not start with its name`);
    if (!a.originalIndexTexts)
      throw new RewriteError(`an access of ${array.name} has no original index texts`);
    let previous = a.range.start;
    for (const h of a.indexRanges) {
      if (h.start < previous || h.end > a.range.end || h.end < h.start)
        throw new RewriteError(`index ranges of an access of ${array.name} are out of order`);
      previous = h.end;
    }
  }
}

/** `, beeclak_commit()` before the `;` that ends a statement with queued writes. */
function commitEdit(source: string, statement: { start: number; end: number }): Edit {
  const semicolon = source.slice(statement.start, statement.end).trimEnd();
  if (!semicolon.endsWith(';'))
    throw new RewriteError(`statement at ${statement.start} does not end with ';'`);
  const at = statement.start + semicolon.length - 1;
  return {
    range: { start: at, end: at },
    holes: [],
    render: () => ', beeclak_commit()',
    what: 'end of a statement with checked writes',
  };
}

/** What instrumenting the arrays of a plan one by one shares. */
interface InstrumentContext {
  readonly plan: InstrumentPlan;
  readonly asWritten: boolean;
  readonly style: SlotStyle;
  readonly edits: Edit[];
  /** The statements with queued writes, by `start:end`. */
  readonly statements: Map<string, { start: number; end: number }>;
  /** The shadow declarations of private copies (placed by insertions.ts). */
  readonly shadows: Map<ArrayRewrite, string>;
  /** Set while the edits render: some slot needs the mod helper. */
  needsModHelper: boolean;
}

/** The source with every contracted array's accesses checked against its shadow owners. */
export function instrument(plan: InstrumentPlan): { text: string; helpers?: string } {
  const { source } = plan;
  const asWritten = plan.slots === 'as-written';
  // The plain replacements (a heap buffer's sizes, a retyped prototype) as in rewrite(): a
  // prototype left as it was would not match its retyped definition.
  const edits: Edit[] = asWritten
    ? []
    : (plan.textEdits ?? []).map((e) => ({
        range: e.range,
        holes: [],
        render: () => e.text,
        what: e.what,
      }));
  const cx: InstrumentContext = {
    plan,
    asWritten,
    style: slotStyle(plan),
    edits,
    statements: new Map(),
    shadows: new Map(),
    needsModHelper: false,
  };
  for (const array of plan.arrays) instrumentArray(cx, array);
  for (const s of cx.statements.values()) edits.push(commitEdit(source, s));
  const firstUse = Math.min(source.length, ...edits.map((e) => e.range.start));
  edits.push(...insertionEdits(plan, (a) => cx.shadows.get(a) ?? ''));
  // Rendering once tells whether the mod helper is needed.
  applyEdits(source, edits);
  // A file contracted before (checked again) defines the helper itself: a second definition
  // stopped the owner-check build.
  const modHelper = cx.needsModHelper && !definesModHelper(plan.source);
  edits.push(preludeEdit(plan, modHelper, firstUse));
  const text = applyEdits(source, edits);
  return plan.helpersApart
    ? { text, helpers: helperUnit(plan.fileName, maxDimensions(plan)) }
    : { text };
}

/** The edits of one array: its declarator, its shadow, its annotation, its accesses. */
function instrumentArray(cx: InstrumentContext, array: ArrayRewrite): void {
  const { plan, edits } = cx;
  const { source } = plan;
  if (cx.asWritten) checkAsWritten(source, array);
  else validateArray(source, array);
  if (!array.declarationRange || !array.extentTexts)
    throw new RewriteError(`${array.name}: instrumentation needs its declaration and extents`);
  const dims = array.extentTexts.length;
  const { shape, allKnown } = shadowShape(source, array, cx.asWritten);
  if (!cx.asWritten) edits.push(...declaratorEdits(array));
  const after = array.shadowAnchor ?? array.declarationRange.end;
  // A private copy's shadows go right after its declaration (insertions.ts); a shared
  // declaration's are declared once, with the entry that edits it.
  if (array.privateCopy) cx.shadows.set(array, shadowDeclarations(array, shape, allKnown));
  else if (!array.sharedDeclarator)
    edits.push({
      range: { start: after, end: after },
      holes: [],
      render: () => shadowDeclarations(array, shape, allKnown),
      what: `shadow of ${array.name}`,
    });
  if (plan.annotate && array.annotation !== undefined && !array.sharedDeclarator)
    edits.push(annotationEdit(source, array, array.annotation));
  for (const access of array.accesses) edits.push(accessCheckEdit(cx, array, access, dims));
}

/**
 * Owners per slot: one per field of an array of structs analysed per field (lifetimes are
 * per field, so one slot may hold fields of different elements at once), else one. More
 * fields than a mask holds: one owner per slot (a clobber may then be reported that is none).
 */
function fieldCount(array: ArrayRewrite): number {
  return array.fieldCount !== undefined && array.fieldCount <= 64 ? array.fieldCount : 1;
}

/** The fields an access touches, as a mask over fieldCount's owners (every one when absent). */
function fieldMask(array: ArrayRewrite, access: AccessRewrite): string {
  const n = fieldCount(array);
  const fields = n > 1 && access.fields ? access.fields : Array.from({ length: n }, (_, f) => f);
  return `${fields.reduce((m, f) => m | (1n << BigInt(f)), 0n)}UL`;
}

/** The shadow's shape (`[..][..]`), and whether all its extents are integer literals. */
function shadowShape(
  source: string,
  array: ArrayRewrite,
  asWritten: boolean,
): { shape: string; allKnown: boolean } {
  if (asWritten) {
    const declarator = source.slice(array.declaratorRange.start, array.declaratorRange.end);
    const shape = declarator.slice(array.name.length).trim();
    return { shape, allKnown: /^(\[\s*[0-9]+[uUlL]*\s*\])*$/.test(shape) };
  }
  // Slots are found from addresses: an array that keeps its rank is indexed with its
  // declared row lengths (in place: the caller's buffer, with the extents the accesses
  // use), so its shadow has that shape.
  const rank = array.keepRank?.declaredTexts ?? (array.keepRank ? array.extentTexts : undefined);
  const fields = fieldCount(array) > 1 ? `[${fieldCount(array)}]` : '';
  const shape =
    (rank
      ? rank.map((t) => `[${t.trim()}]`).join('')
      : array.rows.map((r) => `[${r.modulus.text.trim()}]`).join('')) + fields;
  const allKnown = rank
    ? rank.every((t) => /^\s*[0-9]+[uUlL]*\s*$/.test(t))
    : array.rows.every((r) => r.modulus.value !== undefined);
  return { shape, allKnown };
}

/** The checked replacement of one access (its statement noted when its writes are queued). */
function accessCheckEdit(
  cx: InstrumentContext,
  array: ArrayRewrite,
  access: AccessRewrite,
  dims: number,
): Edit {
  if (access.line === undefined || access.kind === undefined)
    throw new RewriteError(`an access of ${array.name} has no line or no kind`);
  const cellTexts = access.originalIndexTexts;
  if ((cellTexts?.length ?? access.indexRanges.length) !== dims)
    throw new RewriteError(
      `an access of ${array.name} has ${cellTexts?.length ?? access.indexRanges.length} indices for ${dims} extents`,
    );
  if (access.kind !== undefined && access.kind !== 'read' && access.statementRange) {
    const s = access.statementRange;
    cx.statements.set(`${s.start}:${s.end}`, s);
  }
  return accessEdit(array, access, (texts) => checkedAccessText(cx, array, access, texts));
}

/** The text of a checked access whose index holes are `texts`. */
function checkedAccessText(
  cx: InstrumentContext,
  array: ArrayRewrite,
  access: AccessRewrite,
  texts: readonly string[],
): string {
  const cellTexts = access.originalIndexTexts;
  if (cx.asWritten) {
    const lvalue = `(${withHoles(cx.plan.source, access.range, access.indexRanges, texts)})`;
    return instrumentedAccess(array, access, cellTexts!, lvalue, lvalue);
  }
  const slots = slotIndices(array, access, texts, cx.style);
  if (slots.some((s) => s.needsHelper)) cx.needsModHelper = true;
  const lvalue = array.name + slots.map((s) => `[${s.text}]`).join('');
  const element = array.name + array.rows.map(() => '[0]').join('');
  return instrumentedAccess(array, access, cellTexts ?? texts, lvalue, element);
}

function maxDimensions(plan: InstrumentPlan): number {
  return Math.max(1, ...plan.arrays.map((a) => a.extentTexts?.length ?? 1));
}

/** The check's helpers and a `#line` back to the file, before the first edited place. */
function preludeEdit(plan: InstrumentPlan, needsModHelper: boolean, firstUse: number): Edit {
  const { source } = plan;
  const at = helperInsertionPoint(source, firstUse);
  const eol = lineEnding(source);
  const nextLine = source.slice(0, at).split('\n').length;
  const lead = at > 0 && source[at - 1] !== '\n' ? eol : '';
  const lines = [
    ...(plan.helpersApart
      ? apartPrelude(needsModHelper)
      : prelude(plan.fileName, needsModHelper, maxDimensions(plan))),
    `#line ${nextLine} ${cString(plan.fileName)}`,
  ];
  return {
    range: { start: at, end: at },
    holes: [],
    render: () => lead + lines.map((l) => l + eol).join(''),
    what: 'check prelude',
  };
}
