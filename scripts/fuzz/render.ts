/**
 * IR -> C99 text. Two variants of the same program:
 *  - plain: what beeclak is fuzzed with;
 *  - instrumented: every temporary has a parallel "written" flag array, every read of a
 *    temporary asserts its flag, every subscript asserts its bounds (per dimension, which
 *    ASan cannot do inside one array). It prints the same checksum line as the plain one.
 */
import type {
  Aff,
  Bound,
  Cond,
  LValue,
  Program,
  Stmt,
  Sub,
  TempDecl,
  TempRef,
  VExpr,
} from './ir.js';
import { TYPE_ALIASES, TYPEDEF_LINES } from './forms.js';
import { CallText } from './renderCalls.js';

export const IN_LEN_MACRO = 'IN_N';
export const OUT_LEN_MACRO = 'OUT_N';

export function renderAff(a: Aff): string {
  const pos: string[] = [];
  const neg: string[] = [];
  const term = (n: string, k: number) => (Math.abs(k) === 1 ? n : `${Math.abs(k)} * ${n}`);
  for (const [n, k] of Object.entries(a.t)) {
    if (k > 0) pos.push(term(n, k));
    else if (k < 0) neg.push(term(n, k));
  }
  let s = pos.join(' + ');
  for (const t of neg) s = s ? `${s} - ${t}` : `-${t}`;
  if (a.c > 0) s = s ? `${s} + ${a.c}` : `${a.c}`;
  else if (a.c < 0) s = s ? `${s} - ${-a.c}` : `${a.c}`;
  return s || '0';
}

/** Parenthesised unless a single name or number. */
function atom(a: Aff): string {
  const s = renderAff(a);
  return /^-?[A-Za-z_0-9]+$/.test(s) ? s : `(${s})`;
}

function renderBound(b: Bound): string {
  if (b.kind === 'aff') return renderAff(b.e);
  const [x, y] = [renderAff(b.a), renderAff(b.b)];
  if (b.style === 'macro') return `${b.kind === 'min' ? 'MIN' : 'MAX'}(${x}, ${y})`;
  return `((${x}) ${b.kind === 'min' ? '<' : '>'} (${y}) ? (${x}) : (${y}))`;
}

export function usesMinMaxMacro(p: Program): boolean {
  let found = false;
  const walk = (ss: Stmt[]) => {
    for (const s of ss) {
      if (s.kind === 'for') {
        for (const b of [s.init, s.limit])
          if (b.kind !== 'aff' && b.style === 'macro') found = true;
        walk(s.body);
      } else if (s.kind === 'if') {
        walk(s.then);
        walk(s.else ?? []);
      }
    }
  };
  walk(p.body);
  return found;
}

class Printer {
  private lines: string[] = [];
  constructor(
    private readonly p: Program,
    private readonly instrument: boolean,
  ) {}

  private temp(name: string): TempDecl {
    const t = this.p.temps.find((x) => x.name === name);
    if (!t) throw new Error(`unknown temporary ${name}`);
    return t;
  }

  private checked(index: string, extent: string): string {
    return this.instrument ? `fz_idx(${index}, ${extent}, __LINE__)` : index;
  }

  private inRead(idx: Aff): string {
    return `in[${this.checked(renderAff(idx), IN_LEN_MACRO)}]`;
  }

  private subs(ref: TempRef): string {
    const decl = this.temp(ref.name);
    if (decl.linear && !this.instrument) {
      // Row-major: ((x0) * (E1) + (x1)) * (E2) + (x2).
      const linear = ref.subs
        .map((s, d) => `(${this.index(s, decl.extents[d])})`)
        .reduce((acc, x, d) => `(${acc}) * ${atom(decl.extents[d])} + ${x}`);
      return `[${linear}]`;
    }
    return ref.subs
      .map(
        (s: Sub, d: number) =>
          `[${this.checked(this.index(s, decl.extents[d]), renderAff(decl.extents[d]))}]`,
      )
      .join('');
  }

  private index(s: Sub, ext: Aff): string {
    if (s.kind === 'data') return `${this.inRead(s.idx)} % ${atom(ext)}`;
    if (s.kind === 'sel') return `${this.cond(s.cond)} ? ${renderAff(s.a)} : ${renderAff(s.b)}`;
    if (s.div) return `${atom(s.e)} / ${s.div}`;
    if (this.instrument) return renderAff(s.e);
    // Forms (forms.ts): through an induction scalar in scope, under a cast.
    const base =
      s.via && this.inductions.has(s.via)
        ? renderAff({ c: s.e.c, t: { [s.via]: 1 } })
        : renderAff(s.e);
    const cast = s.cast && (s.castTypedef ? TYPE_ALIASES.get(s.cast)! : s.cast);
    return cast ? `(${cast})(${base})` : base;
  }

  /** Induction scalars declared by the loops around the statement being printed. */
  private readonly inductions = new Set<string>();

  /** A loop with a form (forms.ts): label, counter type, while, induction, shadow. */
  private formLoop(s: Extract<Stmt, { kind: 'for' }>, depth: number, inc: (v: string) => string) {
    const f = s.form!;
    const type = f.type ?? 'int';
    const cv = type.startsWith('unsigned') ? `${s.v}_u` : s.v;
    const spelled = f.typedef ? TYPE_ALIASES.get(type)! : type;
    const prelude: string[] = [];
    if (cv !== s.v) prelude.push(`int ${s.v} = (int)${cv};`, `(void)${s.v};`);
    if (f.induction)
      prelude.push(
        `int ${f.induction.name} = ${renderAff(f.induction.e)};`,
        `(void)${f.induction.name};`,
      );
    if (f.shadow && this.p.outLen > 5)
      prelude.push(`{ unsigned *${f.shadow} = out; ${f.shadow}[5] = out[5]; }`);
    const label = f.label ? `${f.label}: ` : '';
    const test = `${cv} ${s.cmp} ${renderBound(s.limit)}`;
    if (f.induction) this.inductions.add(f.induction.name);
    if (f.asDo) {
      // The guard makes the do-while the for loop: its body runs once even when the test fails.
      const inCondition = Math.abs(s.step) === 1 && depth % 2 === 0;
      const step = s.step === 1 ? '++' : '--';
      const bound = renderBound(s.limit);
      this.emit(depth, `${label}if (${renderBound(s.init)} ${s.cmp} ${bound}) {`);
      this.emit(depth + 1, `${spelled} ${cv} = ${renderBound(s.init)};`);
      this.emit(depth + 1, 'do {');
      for (const l of prelude) this.emit(depth + 2, l);
      this.block(s.body, depth + 2);
      if (!inCondition) this.emit(depth + 2, `${inc(cv)};`);
      this.emit(depth + 1, `} while (${inCondition ? `${step}${cv} ${s.cmp} ${bound}` : test});`);
      this.emit(depth, '}');
    } else if (f.asWhile) {
      this.emit(depth, `${label}{`);
      this.emit(depth + 1, `${spelled} ${cv} = ${renderBound(s.init)};`);
      this.emit(depth + 1, `while (${test}) {`);
      for (const l of prelude) this.emit(depth + 2, l);
      this.block(s.body, depth + 2);
      this.emit(depth + 2, `${inc(cv)};`);
      this.emit(depth + 1, '}');
      this.emit(depth, '}');
    } else {
      const head = `${label}for (${spelled} ${cv} = ${renderBound(s.init)}; ${test}; ${inc(cv)})`;
      if (prelude.length === 0) this.body(head, s.body, depth);
      else {
        this.emit(depth, `${head} {`);
        for (const l of prelude) this.emit(depth + 1, l);
        this.block(s.body, depth + 1);
        this.emit(depth, '}');
      }
    }
    if (f.induction) this.inductions.delete(f.induction.name);
  }

  cond(c: Cond): string {
    if (c.kind === 'data') return `(${this.inRead(c.idx)} & ${c.mask}u)`;
    return `${renderAff(c.lhs)} ${c.op} ${renderAff(c.rhs)}`;
  }

  value(e: VExpr): string {
    switch (e.kind) {
      case 'temp': {
        const s = this.subs(e.ref);
        if (!this.instrument) return `${e.ref.name}${s}`;
        return `fz_rd(${e.ref.name}_w${s}, ${e.ref.name}${s}, "${e.ref.name}", __LINE__)`;
      }
      case 'in':
        return this.inRead(e.idx);
      case 'var':
        return `(unsigned)${e.v}`;
      case 'const':
        return `${e.n}u`;
      case 'bin':
        return `(${this.value(e.a)} ${e.op} ${this.value(e.b)})`;
      case 'shr':
        return `(${this.value(e.a)} >> ${e.k})`;
      case 'sel':
        return `(${this.cond(e.cond)} ? ${this.value(e.a)} : ${this.value(e.b)})`;
    }
  }

  private lvalue(l: LValue): string {
    if (l.kind === 'out') return `out[${this.checked(renderAff(l.idx), OUT_LEN_MACRO)}]`;
    return `${l.ref.name}${this.subs(l.ref)}`;
  }

  private emit(depth: number, text: string) {
    this.lines.push('  '.repeat(depth) + text);
  }

  private block(ss: Stmt[], depth: number) {
    for (let k = 0; k < ss.length; k++) {
      const s = ss[k];
      if (this.instrument || s.kind !== 'assign' || !s.seq || ss[k + 1]?.kind !== 'assign') {
        this.stmt(s, depth);
        continue;
      }
      // A run of assignments joined by the comma operator into one expression statement.
      const parts = [this.assignText(s)];
      while (k + 1 < ss.length && ss[k + 1].kind === 'assign') {
        const next = ss[++k] as Extract<Stmt, { kind: 'assign' }>;
        parts.push(this.assignText(next));
        if (!next.seq) break;
      }
      this.emit(depth, `${parts.join(', ')};`);
    }
  }

  private assignText(s: Extract<Stmt, { kind: 'assign' }>): string {
    return `${this.lvalue(s.lhs)} ${s.op} ${this.value(s.rhs)}`;
  }

  /** Body of a for/if: braces unless it is one plain assignment. */
  private body(head: string, ss: Stmt[], depth: number) {
    const simple =
      !this.instrument &&
      ss[0]?.kind === 'assign' &&
      (ss.length === 1 || (ss.length === 2 && ss[0].seq === true && ss[1].kind === 'assign'));
    if (simple) {
      this.emit(depth, head);
      this.block(ss, depth + 1);
    } else {
      this.emit(depth, `${head} {`);
      this.block(ss, depth + 1);
      this.emit(depth, '}');
    }
  }

  stmt(s: Stmt, depth: number) {
    switch (s.kind) {
      case 'assign': {
        const text = `${this.assignText(s)};`;
        if (!this.instrument || s.lhs.kind !== 'temp') {
          this.emit(depth, text);
          return;
        }
        const ref = s.lhs.ref;
        const flag = `${ref.name}_w${this.subs(ref)}`;
        this.emit(depth, '{');
        if (s.op !== '=')
          this.emit(depth + 1, `(void)fz_rd(${flag}, 0u, "${ref.name}", __LINE__);`);
        this.emit(depth + 1, text);
        this.emit(depth + 1, `${flag} = 1;`);
        this.emit(depth, '}');
        return;
      }
      case 'if': {
        const head = `if (${s.conds.map((c) => this.cond(c)).join(' && ')})`;
        if (!s.else) {
          this.body(head, s.then, depth);
          return;
        }
        this.emit(depth, `${head} {`);
        this.block(s.then, depth + 1);
        this.emit(depth, '} else {');
        this.block(s.else, depth + 1);
        this.emit(depth, '}');
        return;
      }
      case 'for': {
        const incOf = (v: string) =>
          s.step === 1
            ? `${v}++`
            : s.step === -1
              ? `${v}--`
              : s.step > 0
                ? `${v} += ${s.step}`
                : `${v} -= ${-s.step}`;
        if (s.form && !this.instrument) {
          this.formLoop(s, depth, incOf);
          return;
        }
        const inc = incOf(s.v);
        const head = `for (int ${s.v} = ${renderBound(s.init)}; ${s.v} ${s.cmp} ${renderBound(s.limit)}; ${inc})`;
        this.body(head, s.body, depth);
        return;
      }
    }
  }

  /** The file header: includes, typedefs, macros, the instrumented variant's helpers. */
  private header(heap: boolean) {
    const p = this.p;
    const L = (t: string) => this.lines.push(t);
    L(
      `/* beeclak fuzz kernel, seed ${p.seed}${this.instrument ? ' (instrumented: read-after-write and bounds checks)' : ''} */`,
    );
    L('#include <stdio.h>');
    if (this.instrument || heap) L('#include <stdlib.h>');
    if (this.instrument) L('#include <string.h>');
    L('');
    if (p.typedefs) for (const t of TYPEDEF_LINES) L(t);
    for (const q of p.params) if (q.kind === 'define') L(`#define ${q.name} ${q.value}`);
    L(`#define ${IN_LEN_MACRO} ${p.inLen}`);
    L(`#define ${OUT_LEN_MACRO} ${p.outLen}`);
    if (usesMinMaxMacro(p)) {
      L('#define MIN(a, b) ((a) < (b) ? (a) : (b))');
      L('#define MAX(a, b) ((a) > (b) ? (a) : (b))');
    }
    L('');
    if (this.instrument) {
      L('static inline int fz_idx(long e, long n, int line)');
      L('{');
      L('  if (e < 0 || e >= n) {');
      L('    fprintf(stderr, "fuzz-check: index %ld outside [0, %ld) at line %d\\n", e, n, line);');
      L('    abort();');
      L('  }');
      L('  return (int)e;');
      L('}');
      L('');
      L(
        'static inline unsigned fz_rd(unsigned char written, unsigned value, const char *name, int line)',
      );
      L('{');
      L('  if (!written) {');
      L('    fprintf(stderr, "fuzz-check: read of unwritten %s cell at line %d\\n", name, line);');
      L('    abort();');
      L('  }');
      L('  return value;');
      L('}');
      L('');
    }
  }

  /**
   * The kernel: its temporaries (but the scratch parameters of a whole program), the
   * prelude, the body (split around a recursive call), the return.
   */
  private kernel(calls?: CallText) {
    const p = this.p;
    const L = (t: string) => this.lines.push(t);
    const args = p.params.filter((q) => q.kind === 'arg');
    const sig = [...args.map((q) => `int ${q.name}`), 'const unsigned *in', 'unsigned *out'].join(
      ', ',
    );
    L(calls ? calls.kernelSignature() : `void kernel(${sig})`);
    L('{');
    const scratch = new Set(p.calls?.scratch.map((s) => s.name) ?? []);
    for (const t of p.temps) {
      const dims = t.extents.map((e) => `[${renderAff(e)}]`).join('');
      const declared =
        t.linear && !this.instrument ? `[${t.extents.map((e) => atom(e)).join(' * ')}]` : dims;
      if (!scratch.has(t.name)) L(`  unsigned ${t.name}${declared};`);
      if (this.instrument) {
        L(`  unsigned char ${t.name}_w${dims};`);
        L(`  memset(${t.name}_w, 0, sizeof ${t.name}_w);`);
      }
    }
    for (const l of calls?.preludeLines() ?? []) this.emit(1, l);
    const rec = p.calls?.recursion;
    if (calls && rec) {
      this.block(p.body.slice(0, rec.at), 1);
      this.emit(1, calls.recursiveCall());
      this.block(p.body.slice(rec.at), 1);
    } else this.block(p.body, 1);
    const ret = calls?.returnLine();
    if (ret) this.emit(1, ret);
    L('}');
    L('');
  }

  /** `main`: fills `in`, calls the kernel (or the callers), prints the checksum. */
  private main(calls?: CallText) {
    const p = this.p;
    const L = (t: string) => this.lines.push(t);
    const args = p.params.filter((q) => q.kind === 'arg');
    L('int main(void)');
    L('{');
    L(`  static unsigned in[${IN_LEN_MACRO}];`);
    L(`  static unsigned out[${OUT_LEN_MACRO}];`);
    L(`  unsigned s = ${(p.seed >>> 0) % 1000003}u;`);
    L(`  for (int k = 0; k < ${IN_LEN_MACRO}; k++) {`);
    L('    s = s * 1103515245u + 12345u;');
    L('    in[k] = s >> 8;');
    L('  }');
    if (calls) for (const c of calls.mainCalls()) L(`  ${c}`);
    else L(`  kernel(${[...args.map((q) => String(q.value)), 'in', 'out'].join(', ')});`);
    L('  unsigned h = 2166136261u;');
    L(`  for (int k = 0; k < ${OUT_LEN_MACRO}; k++)`);
    L('    h = (h ^ out[k]) * 16777619u;');
    L('  printf("checksum %u\\n", h);');
    L('  return 0;');
    L('}');
  }

  /**
   * The program's files: `main` is what is compiled; a unity build (calls.ts) also has
   * kern.c, which main includes (the instrumented variant is always one file).
   */
  files(): { main: string; kern?: string } {
    const calls = this.p.calls ? new CallText(this.p, this.instrument) : undefined;
    this.header(calls?.usesHeap() ?? false);
    if (!calls) {
      this.kernel();
      this.main();
      return { main: this.lines.join('\n') + '\n' };
    }
    for (const l of calls.helperLines()) this.lines.push(l);
    this.kernel(calls);
    const unity = this.p.calls!.unity && !this.instrument;
    for (const l of calls.callerLines(unity ? 'kern' : 'all')) this.lines.push(l);
    let kern: string | undefined;
    if (unity) {
      kern = this.lines.join('\n') + '\n';
      this.lines = [
        `/* beeclak fuzz kernel, seed ${this.p.seed}: main file of a unity build */`,
        `#include "${UNITY_INCLUDED}"`,
        '',
      ];
      for (const l of calls.callerLines('main')) this.lines.push(l);
    }
    this.main(calls);
    return { main: this.lines.join('\n') + '\n', ...(kern ? { kern } : {}) };
  }
}

/** The file a unity build's main file includes. */
export const UNITY_INCLUDED = 'kern.c';

/** The program's text (a unity build: its main file, see renderFiles). */
export function renderProgram(p: Program, options: { instrument?: boolean } = {}): string {
  return renderFiles(p, options).main;
}

/** The program's files: `main`, and `kern` (UNITY_INCLUDED) for a unity build. */
export function renderFiles(
  p: Program,
  options: { instrument?: boolean } = {},
): { main: string; kern?: string } {
  return new Printer(p, options.instrument ?? false).files();
}
