/**
 * The trace build of `beeclak check --trace` and `beeclak profile`: the program with every
 * access of the chosen arrays reported to a small C runtime, as text edits (like the owner
 * check of instrument.ts; layout, comments and macros stay).
 *
 * - Every loop around a traced access gets a canonical counter (folding paper, section
 *   4.1): `{ long beeclak_lc_7 = -1; for (...) { beeclak_lc_7++; ... } }`.
 * - Every function with traced arrays counts its calls: the call number is the outermost
 *   coordinate of the iteration vector, so that each call is a new block of the stream.
 * - Every access `A[i][j]` (or `*p++` for a pointer walking A) becomes
 *   `(*(__typeof__(&(A[i][j])))beeclak_trace(ID, &(A[i][j]), &A, ...))`: one lvalue of the
 *   same type, its address evaluated once. The runtime reports the
 *   iteration vector (call, canonical counters), and as labels the value of each `for`
 *   counter variable and the cell's index vector (from the address, so a cast or a wrap in
 *   the subscript shows as the cell the program really touched).
 *
 * The runtime folds runs along the innermost counter itself (the paper's d = 1 step: a run
 * of points whose labels move by a constant stride), then runs into rectangles (runs of the
 * same shape one step apart along the next counter, labels moving by a constant row
 * stride), and writes int64 records `[id, n, rows, iv[D], labels[L], strides[L],
 * rowStrides[L]]` to the file descriptor named by BEECLAK_TRACE_FD (nothing when unset).
 * Past BEECLAK_TRACE_MAX_RECORDS records (default 2^16) a stream is too irregular to fold
 * at speed: it keeps only its bounding box, sent at exit as two records of `rows` -1 and -2
 * (the folding paper's give-up, section 5.2.4, done in C), and whether its instances still
 * came in lexicographic order. Needs gcc or clang (`__typeof__`).
 *
 * When BEECLAK_TRACE_ORDER_FD names a descriptor, every access is also written there, in
 * execution order and unfolded (two int32 per access, see beeclak_torder): the sequence
 * dynamic/tracedLive.ts counts values live at once from.
 */
import type { TraceSites } from '../model/trace.js';
import { applyEdits, type Edit } from './edits.js';
import { helperInsertionPoint, lineEnding } from './layout.js';
import { RewriteError } from './plan.js';

/** Most coordinates of an iteration vector, and most labels, of one traced access. */
const TRACE_MAX_DIMS = 16;

/** The shape of each stream of a trace build, in stream-id order. */
export interface TraceStream {
  readonly access: number;
  /** Iteration-vector length: 1 (the call) + the loops around the access. */
  readonly dims: number;
  /** The loops (indices into sites.loops) whose counter variable is a label, in order. */
  readonly counterLoops: readonly number[];
  /** Labels: one per counter, then one per array dimension (or one per parameter). */
  readonly labels: number;
  /** A stream of a function's parameters (`access` is -1): their names, and the function. */
  readonly params?: readonly string[];
  readonly function?: string;
}

export interface TraceBuild {
  readonly text: string;
  /**
   * The runtime, a C unit of its own to compile with `text`: the program's unit includes no
   * system header (a program with its own `typedef unsigned int size_t;` or
   * `#define int32_t int` stopped the trace build, and `profile` and `contract --profiled`).
   */
  readonly runtime: string;
  readonly streams: readonly TraceStream[];
}

/** What the traced program calls: external in the runtime's unit, declared in the program's. */
const CALLED = ['beeclak_trace', 'beeclak_tpoint'];

const PROTOTYPES = [
  '/* beeclak trace build: the runtime is a unit of its own (no system header here). */',
  'void *beeclak_trace(long id, void *p, const void *base, unsigned long elem,',
  '    const long *iv, int d, const long *pre, int npre, const long *ext, int dims);',
  'void beeclak_tpoint(long id, const long *iv, int d, const long *lab, int l);',
];

/** The runtime as a C unit: external linkage for what the program calls. */
function runtimeUnit(streams: number): string {
  return runtime(streams)
    .map((l) => {
      const called = CALLED.some((f) => new RegExp(`^static [^(]*\\b${f}\\(`).test(l));
      if (called) return l.replace(/^static /, '');
      // Not every build uses every helper: keep -Wall quiet.
      return l.replace(/^static /, 'static __attribute__((unused)) ');
    })
    .map((l) => l + '\n')
    .join('');
}

function runtime(streams: number): string[] {
  const M = TRACE_MAX_DIMS;
  const lines = [
    '/* beeclak trace runtime (trace build only): accesses of traced arrays, folded in runs. */',
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '#include <string.h>',
    // A run (n points along the innermost counter) becomes part of a rectangle of runs
    // (rn runs of rn1 points, one step apart along the next counter) when it can.
    `struct beeclak_tstream { long n, iv[${M}], first[${M}], stride[${M}], last_iv[${M}], last[${M}];`,
    `  long rn, rn1, riv[${M}], rfirst[${M}], rs1[${M}], rs2[${M}]; int d, l;`,
    // Past beeclak_tlimit records, a stream only keeps its bounding box (box mode).
    `  long emitted, bn, bmin[${M}], bmax[${M}], blo[${M}], bhi[${M}]; int box, unordered; };`,
    `static struct beeclak_tstream beeclak_ts[${Math.max(1, streams)}];`,
    'static FILE *beeclak_tout;',
    'static int beeclak_topened;',
    '/* The order channel: every access in execution order (see beeclak_torder). */',
    'static FILE *beeclak_oout;',
    `static long beeclak_ocall[${Math.max(1, streams)}];`,
    'static int beeclak_obuf[1 << 14], beeclak_on;',
    'static long beeclak_tlimit = 1L << 16;',
    '/* Writes the pending rectangle: [id, n, rows, iv[d], first[l], strides[l], row strides[l]]. */',
    'static void beeclak_temit(long id) {',
    '  struct beeclak_tstream *s = &beeclak_ts[id];',
    `  long rec[3 + ${4 * M}]; int k = 0;`,
    '  if (!s->rn || !beeclak_tout) { s->rn = 0; return; }',
    '  rec[k++] = id; rec[k++] = s->rn1; rec[k++] = s->rn;',
    '  for (int j = 0; j < s->d; j++) rec[k++] = s->riv[j];',
    '  for (int c = 0; c < s->l; c++) rec[k++] = s->rfirst[c];',
    '  for (int c = 0; c < s->l; c++) rec[k++] = s->rs1[c];',
    '  for (int c = 0; c < s->l; c++) rec[k++] = s->rs2[c];',
    '  fwrite(rec, sizeof(long), (size_t)k, beeclak_tout);',
    '  s->rn = 0;',
    '  if (++s->emitted >= beeclak_tlimit) s->box = 1;',
    '}',
    '/* The box of a stream in box mode: [id, n, -1, min iv[d], min lab[l], max lab[l], 0[l]],',
    ' * then [id, unordered, -2, max iv[d], 0[3l]]. */',
    'static void beeclak_tbox(long id) {',
    '  struct beeclak_tstream *s = &beeclak_ts[id];',
    `  long rec[3 + ${4 * M}]; int k = 0;`,
    '  if (!s->bn || !beeclak_tout) return;',
    '  rec[k++] = id; rec[k++] = s->bn; rec[k++] = -1;',
    '  for (int j = 0; j < s->d; j++) rec[k++] = s->bmin[j];',
    '  for (int c = 0; c < s->l; c++) rec[k++] = s->blo[c];',
    '  for (int c = 0; c < s->l; c++) rec[k++] = s->bhi[c];',
    '  for (int c = 0; c < s->l; c++) rec[k++] = 0;',
    '  rec[k++] = id; rec[k++] = s->unordered; rec[k++] = -2;',
    '  for (int j = 0; j < s->d; j++) rec[k++] = s->bmax[j];',
    '  for (int c = 0; c < 3 * s->l; c++) rec[k++] = 0;',
    '  fwrite(rec, sizeof(long), (size_t)k, beeclak_tout);',
    '  s->bn = 0;',
    '}',
    '/* The current run is complete: it extends the rectangle, or starts a new one. */',
    'static void beeclak_tflush(long id) {',
    '  struct beeclak_tstream *s = &beeclak_ts[id];',
    '  int join = s->rn > 0 && s->d >= 2 && s->n == s->rn1;',
    '  if (!s->n) return;',
    '  for (int j = 0; join && j < s->d; j++) join = s->iv[j] == s->riv[j] + (j == s->d - 2 ? s->rn : 0);',
    '  for (int c = 0; join && c < s->l; c++) join = s->stride[c] == s->rs1[c];',
    '  if (join && s->rn == 1) for (int c = 0; c < s->l; c++) s->rs2[c] = s->first[c] - s->rfirst[c];',
    '  else for (int c = 0; join && c < s->l; c++) join = s->first[c] == s->rfirst[c] + s->rn * s->rs2[c];',
    '  if (join) s->rn++;',
    '  else {',
    '    beeclak_temit(id);',
    '    s->rn = 1; s->rn1 = s->n;',
    '    memcpy(s->riv, s->iv, sizeof(long) * (size_t)s->d);',
    '    memcpy(s->rfirst, s->first, sizeof(long) * (size_t)s->l);',
    '    memcpy(s->rs1, s->stride, sizeof(long) * (size_t)s->l);',
    '    memset(s->rs2, 0, sizeof s->rs2);',
    '  }',
    '  s->n = 0;',
    '}',
    'static void beeclak_tfinish(void) {',
    `  for (long id = 0; id < ${streams}; id++) { beeclak_tflush(id); beeclak_temit(id); beeclak_tbox(id); }`,
    '  if (beeclak_tout) fflush(beeclak_tout);',
    '  if (beeclak_oout) {',
    '    fwrite(beeclak_obuf, sizeof(int), (size_t)beeclak_on, beeclak_oout);',
    '    fflush(beeclak_oout);',
    '  }',
    '}',
    'static void beeclak_topen(void) {',
    '  const char *fd = getenv("BEECLAK_TRACE_FD");',
    '  beeclak_topened = 1;',
    '  if (getenv("BEECLAK_TRACE_MAX_RECORDS")) beeclak_tlimit = atol(getenv("BEECLAK_TRACE_MAX_RECORDS"));',
    '  if (getenv("BEECLAK_TRACE_ORDER_FD")) {',
    '    beeclak_oout = fdopen(atoi(getenv("BEECLAK_TRACE_ORDER_FD")), "wb");',
    '    if (beeclak_oout) setvbuf(beeclak_oout, NULL, _IOFBF, 1 << 20);',
    '  }',
    '  if (fd) beeclak_tout = fdopen(atoi(fd), "wb");',
    '  if (beeclak_tout) setvbuf(beeclak_tout, NULL, _IOFBF, 1 << 20);',
    '  if (beeclak_tout || beeclak_oout) atexit(beeclak_tfinish);',
    '}',
    '/* One point of stream id: iteration vector iv[d], labels lab[l]. */',
    'static void beeclak_tpoint(long id, const long *iv, int d, const long *lab, int l) {',
    '  struct beeclak_tstream *s = &beeclak_ts[id];',
    '  int same = s->n > 0;',
    '  if (!beeclak_topened) beeclak_topen();',
    '  if (s->box) {',
    '    /* Box mode: bounds, and whether the instances still come in lexicographic order. */',
    '    int j = 0;',
    '    while (j < d && iv[j] == s->last_iv[j]) j++;',
    '    if (j == d || iv[j] < s->last_iv[j]) s->unordered = 1;',
    '    if (!s->bn) {',
    '      memcpy(s->bmin, iv, sizeof(long) * (size_t)d); memcpy(s->bmax, iv, sizeof(long) * (size_t)d);',
    '      memcpy(s->blo, lab, sizeof(long) * (size_t)l); memcpy(s->bhi, lab, sizeof(long) * (size_t)l);',
    '    }',
    '    for (j = 0; j < d; j++) { if (iv[j] < s->bmin[j]) s->bmin[j] = iv[j]; if (iv[j] > s->bmax[j]) s->bmax[j] = iv[j]; }',
    '    for (j = 0; j < l; j++) { if (lab[j] < s->blo[j]) s->blo[j] = lab[j]; if (lab[j] > s->bhi[j]) s->bhi[j] = lab[j]; }',
    '    memcpy(s->last_iv, iv, sizeof(long) * (size_t)d);',
    '    s->bn++;',
    '    return;',
    '  }',
    '  s->d = d; s->l = l;',
    '  for (int j = 0; same && j < d - 1; j++) same = iv[j] == s->last_iv[j];',
    '  same = same && iv[d - 1] == s->last_iv[d - 1] + 1;',
    '  if (same && s->n == 1) for (int c = 0; c < l; c++) s->stride[c] = lab[c] - s->last[c];',
    '  else for (int c = 0; same && c < l; c++) same = lab[c] == s->last[c] + s->stride[c];',
    '  if (same) s->n++;',
    '  else {',
    '    beeclak_tflush(id);',
    '    s->n = 1;',
    '    memcpy(s->iv, iv, sizeof(long) * (size_t)d);',
    '    memcpy(s->first, lab, sizeof(long) * (size_t)l);',
    '    memset(s->stride, 0, sizeof s->stride);',
    '  }',
    '  memcpy(s->last_iv, iv, sizeof(long) * (size_t)d);',
    '  memcpy(s->last, lab, sizeof(long) * (size_t)l);',
    '}',
    '/* Order record: [id, cell] as two int32 (cell -1: outside the array), after [-1 - id,',
    ' * call] when the call of stream id changed (call -1: past 2^31 - 1). */',
    'static void beeclak_torder(long id, long call, long lin, long total) {',
    '  int *rec;',
    '  if (beeclak_on + 4 > (int)(sizeof beeclak_obuf / sizeof(int))) {',
    '    fwrite(beeclak_obuf, sizeof(int), (size_t)beeclak_on, beeclak_oout);',
    '    beeclak_on = 0;',
    '  }',
    '  rec = beeclak_obuf + beeclak_on;',
    '  if (beeclak_ocall[id] != call + 1) {',
    '    beeclak_ocall[id] = call + 1;',
    '    *rec++ = (int)(-1 - id); *rec++ = call >= 0 && call <= 0x7fffffff ? (int)call : -1;',
    '  }',
    '  *rec++ = (int)id; *rec++ = lin >= 0 && lin < total && lin <= 0x7fffffff ? (int)lin : -1;',
    '  beeclak_on = (int)(rec - beeclak_obuf);',
    '}',
    '/* An access: its counters (pre) and its cell, from the address, as labels. */',
    'static void *beeclak_trace(long id, void *p, const void *base, unsigned long elem,',
    '    const long *iv, int d, const long *pre, int npre, const long *ext, int dims) {',
    `  long lab[${M}];`,
    '  long lin = (long)(((const char *)p - (const char *)base) / (long)elem);',
    '  if (!beeclak_topened) beeclak_topen();',
    '  if (beeclak_oout) {',
    '    long total = 1;',
    '    for (int k = 0; k < dims; k++) total *= ext[k];',
    '    beeclak_torder(id, iv[0], lin, total);',
    '  }',
    '  for (int c = 0; c < npre; c++) lab[c] = pre[c];',
    '  for (int k = dims - 1; k > 0; k--) {',
    '    long r = lin % ext[k], q = lin / ext[k];',
    '    if (r < 0) { r += ext[k]; q--; }',
    '    lab[npre + k] = r;',
    '    lin = q;',
    '  }',
    '  lab[npre] = lin;',
    '  beeclak_tpoint(id, iv, d, lab, npre + dims);',
    '  return p;',
    '}',
  ];
  return lines;
}

function insertion(at: number, text: string, what: string): Edit {
  return { range: { start: at, end: at }, holes: [], render: () => text, what };
}

/**
 * The trace build of `source` for `sites`. `withCounters: false` records no counter
 * variable and no parameter (the fallback when one is not a value C can cast to long).
 */
export function traceInstrument(
  source: string,
  fileName: string,
  sites: TraceSites,
  options: { withCounters?: boolean } = {},
): TraceBuild {
  const withCounters = options.withCounters ?? true;
  const edits: Edit[] = [];
  // Insertions at one offset: closing braces first, then openings, outer before inner.
  const opens = new Map<number, { size: number; rank: number; text: string }[]>();
  const closes = new Map<number, string>();
  const open = (at: number, size: number, rank: number, text: string) =>
    opens.set(at, [...(opens.get(at) ?? []), { size, rank, text }]);
  const close = (at: number, text: string) => closes.set(at, (closes.get(at) ?? '') + text);
  const used = new Set(sites.accesses.flatMap((a) => a.loops));
  for (const loop of sites.loops) {
    if (!used.has(loop.id)) continue;
    const c = `beeclak_lc_${loop.id}`;
    open(loop.range.start, loop.range.end - loop.range.start, 1, `{ long ${c} = -1; `);
    close(loop.range.end, ' }');
    if (loop.bodyIsBlock) {
      open(loop.body.start + 1, 0, 0, ` ${c}++;`);
    } else {
      open(loop.body.start, loop.body.end - loop.body.start, 0, `{ ${c}++; `);
      close(loop.body.end, ' }');
    }
  }
  // Each call also reports the function's integer parameters (labels over the call number):
  // `check --trace` compares with the model for the values of that call.
  const paramStreams: TraceStream[] = [];
  sites.functions.forEach((f, k) => {
    let text = ` long beeclak_tcall = beeclak_tcalls[${k}]++;`;
    if (withCounters && f.params.length > 0 && f.params.length <= TRACE_MAX_DIMS) {
      const id = sites.accesses.length + paramStreams.length;
      paramStreams.push({
        access: -1,
        dims: 1,
        counterLoops: [],
        labels: f.params.length,
        params: f.params,
        function: f.name,
      });
      const values = f.params.map((p) => `(long)(${p})`).join(', ');
      text += ` beeclak_tpoint(${id}, (long[]){beeclak_tcall}, 1, (long[]){${values}}, ${f.params.length});`;
    }
    open(f.bodyStart, 0, 0, text);
  });
  const offsets = new Set([...opens.keys(), ...closes.keys()]);
  for (const at of offsets) {
    const o = (opens.get(at) ?? []).sort((a, b) => b.size - a.size || a.rank - b.rank);
    edits.push(
      insertion(at, (closes.get(at) ?? '') + o.map((x) => x.text).join(''), 'trace loop counter'),
    );
  }
  const streams: TraceStream[] = [];
  for (const a of sites.accesses) {
    const counterLoops = withCounters ? a.loops.filter((l) => sites.loops[l]!.counter) : [];
    const dims = 1 + a.loops.length;
    const labels = counterLoops.length + a.dims;
    if (dims > TRACE_MAX_DIMS || labels > TRACE_MAX_DIMS)
      throw new RewriteError(`${a.text}: more than ${TRACE_MAX_DIMS} loops or labels to trace`);
    streams.push({ access: a.id, dims, counterLoops, labels });
    const iv = ['beeclak_tcall', ...a.loops.map((l) => `beeclak_lc_${l}`)];
    const pre = counterLoops.map((l) => `(long)(${sites.loops[l]!.counter})`);
    const zeros = (k: number) => '[0]'.repeat(k);
    const ext = Array.from(
      { length: a.dims },
      (_, k) => `(long)(sizeof(${a.array}${zeros(k)}) / sizeof(${a.array}${zeros(k + 1)}))`,
    );
    edits.push({
      range: a.range,
      holes: [a.range],
      render: ([x]) =>
        `(*(__typeof__(&(${x})))beeclak_trace(${a.id}, &(${x}), &${a.array}, ` +
        `sizeof(${a.array}${zeros(a.dims)}), (long[]){${iv.join(', ')}}, ${iv.length}, ` +
        `(long[]){${pre.length ? pre.join(', ') : '0'}}, ${pre.length}, ` +
        `(long[]){${ext.join(', ')}}, ${a.dims}))`,
      what: `trace of ${a.text}`,
    });
  }
  const firstUse = Math.min(source.length, ...edits.map((e) => e.range.start));
  const at = helperInsertionPoint(source, firstUse);
  const eol = lineEnding(source);
  const nextLine = source.slice(0, at).split('\n').length;
  const lead = at > 0 && source[at - 1] !== '\n' ? eol : '';
  const lines = [
    ...PROTOTYPES,
    `static long beeclak_tcalls[${Math.max(1, sites.functions.length)}];`,
    `#line ${nextLine} "${fileName.replace(/[\\"]/g, '\\$&')}"`,
  ];
  edits.push(insertion(at, lead + lines.map((l) => l + eol).join(''), 'trace runtime'));
  return {
    text: applyEdits(source, edits),
    runtime: runtimeUnit(streams.length + paramStreams.length),
    streams: [...streams, ...paramStreams],
  };
}
