/**
 * C text of whole programs (calls.ts): the kernel's signature and prelude, the helpers the
 * forms call, the callers, `main`. render.ts prints the kernel's body and puts the pieces
 * in order (and in two files for a unity build).
 */
import type { Caller, CallSpec, Cell, Program, ScratchParam, TempDecl } from './ir.js';
import { evalAff } from './ir.js';
import { DEPTH } from './calls.js';
import { paramEnv } from './validate.js';
import { OUT_LEN_MACRO, renderAff } from './render.js';

/** Parenthesised unless a single name or number. */
function atom(s: string): string {
  return /^-?[A-Za-z_0-9]+$/.test(s) ? s : `(${s})`;
}

/**
 * How one temporary's buffers are spelled: its dimensions (one, the product, when it is
 * written hand-linearized), declarations and subscripts.
 */
export class BufferText {
  private readonly flat: boolean;
  private readonly values: number[];
  constructor(
    readonly t: TempDecl,
    p: Program,
    instrument: boolean,
  ) {
    this.flat = !!t.linear && !instrument;
    const env = paramEnv(p);
    this.values = t.extents.map((e) => evalAff(e, env));
  }

  /** The extents as written: one (the product) when flat. */
  dims(): string[] {
    const ext = this.t.extents.map(renderAff);
    return this.flat ? [ext.map(atom).join(' * ')] : ext;
  }

  /** Number of cells of the first dimension as written. */
  firstValue(): number {
    return this.flat ? this.values.reduce((a, b) => a * b, 1) : this.values[0];
  }

  private inner(): string {
    return this.dims()
      .slice(1)
      .map((d) => `[${d}]`)
      .join('');
  }

  /** `unsigned name[first][E1]...` (first: the written first extent by default). */
  array(name: string, first = this.dims()[0]): string {
    return `unsigned ${name}[${first}]${this.inner()}`;
  }

  /** `unsigned *name` or `unsigned (*name)[E1]...`. */
  pointer(name: string): string {
    const inner = this.inner();
    return inner ? `unsigned (*${name})${inner}` : `unsigned *${name}`;
  }

  /** Subscripts of a cell given by index expressions, one per dimension of the IR. */
  subs(index: readonly (number | string)[]): string {
    if (!this.flat) return index.map((x) => `[${x}]`).join('');
    if (index.every((x) => typeof x === 'number')) return `[${this.offset(index as number[])}]`;
    const ext = this.t.extents.map((e) => atom(renderAff(e)));
    return `[${index.map(String).reduce((acc, x, d) => `(${acc}) * ${ext[d]} + (${x})`)}]`;
  }

  /** The row-major offset of the cell of index expressions `z` (one per written dimension). */
  offsetText(z: readonly string[]): string {
    const ext = this.dims().map(atom);
    return z.reduce((acc, x, d) => `(${acc}) * ${ext[d]} + ${x}`);
  }

  private offset(cell: Cell): number {
    return cell.reduce((o, x, d) => o * this.values[d] + x, 0);
  }

  /** A pointer to the row holding `cell` (`b[c0]` for two dimensions, `b` for one). */
  row(name: string, cell: Cell): string {
    if (this.flat || cell.length === 1) return name;
    return `${name}${cell
      .slice(0, -1)
      .map((x) => `[${x}]`)
      .join('')}`;
  }

  /** The cell's index in its row (see row). */
  last(cell: Cell): number {
    return this.flat ? this.offset(cell) : cell[cell.length - 1];
  }

  /** Number of dimensions as written. */
  rank(): number {
    return this.dims().length;
  }
}

/** Text of the parts of a whole program. */
export class CallText {
  private readonly spec: CallSpec;
  private readonly args: string[];
  constructor(
    private readonly p: Program,
    private readonly instrument: boolean,
  ) {
    this.spec = p.calls!;
    this.args = p.params.filter((q) => q.kind === 'arg').map((q) => q.name);
  }

  buffer(name: string): BufferText {
    return new BufferText(
      this.p.temps.find((t) => t.name === name)!,
      this.p,
      this.instrument,
    );
  }

  private scratchIndex(name: string): number {
    return this.spec.scratch.findIndex((s) => s.name === name);
  }

  private argsDecl(): string[] {
    return this.args.map((a) => `int ${a}`);
  }

  private depthValue(): number {
    return this.p.params.find((q) => q.kind === 'depth')?.value ?? 0;
  }

  usesHeap(): boolean {
    return this.spec.callers.some((c) => c.buffer === 'malloc' || c.buffer === 'calloc');
  }

  scratchDecl(s: ScratchParam): string {
    const b = this.buffer(s.name);
    if (s.decl.kind === 'lie') return b.array(s.name, String(s.decl.first));
    if (s.decl.kind === 'pointer') return b.pointer(s.name);
    return b.array(s.name);
  }

  kernelSignature(): string {
    const params = [
      ...this.argsDecl(),
      ...this.spec.scratch.map((s) => this.scratchDecl(s)),
      'const unsigned *in',
      'unsigned *out',
      ...(this.spec.recursion ? [`int ${DEPTH}`] : []),
    ];
    return `static ${this.spec.ret !== undefined ? 'unsigned' : 'void'} kernel(${params.join(', ')})`;
  }

  /** The kernel calling itself with its own buffers, one level down. */
  recursiveCall(): string {
    const args = [...this.args, ...this.spec.scratch.map((s) => s.name), 'in', 'out'];
    return `if (${DEPTH} > 0) kernel(${[...args, `${DEPTH} - 1`].join(', ')});`;
  }

  returnLine(): string | undefined {
    return this.spec.ret === undefined ? undefined : `return in[${this.spec.ret}] & 255u;`;
  }

  /** Another input word, for values written by the prelude. */
  private otherInput(k: number): number {
    return (k * 7 + 3) % this.p.inLen;
  }

  /** The prelude's lines in the kernel, before the body (indentation 1). */
  preludeLines(): string[] {
    const pre = this.spec.prelude;
    if (!pre) return [];
    const b = this.buffer(pre.target);
    const cell = `${pre.target}${b.subs(pre.cell)}`;
    const j2 = this.otherInput(pre.inIdx);
    const test = `in[${pre.inIdx}] & ${pre.mask}u`;
    const read = `out[${pre.out}] += ${cell};`;
    switch (pre.kind) {
      case 'data-if':
        return [`if (${test})`, `  ${cell} = in[${j2}] * 3u + 1u;`, read];
      case 'covered':
        return [
          `if (${test})`,
          `  ${cell} = in[${j2}] * 3u + 1u;`,
          'else',
          `  ${cell} = in[${j2}] + 5u;`,
          read,
        ];
      case 'zero-trip':
        return [
          `for (int fz_q = 0; fz_q < (int)(in[${pre.inIdx}] & 3u); fz_q++)`,
          `  ${cell} = in[${j2}] + (unsigned)fz_q;`,
          read,
        ];
      case 'clamp': {
        const rows = renderAff(b.t.extents[0]);
        const rest = pre.cell.slice(1);
        return [
          '{',
          `  int fz_n = (int)(in[${pre.inIdx}] % 9u);`,
          `  if (fz_n > ${rows})`,
          `    fz_n = ${rows};`,
          '  for (int fz_q = 0; fz_q < fz_n; fz_q++)',
          `    ${pre.target}${b.subs(['fz_q', ...rest])} = in[${j2}] + (unsigned)fz_q;`,
          `  out[${pre.out}] += ${pre.target}${b.subs([0, ...rest])};`,
          '}',
        ];
      }
      case 'early-return':
        return [`fz_fill(${b.row(pre.target, pre.cell)}, in);`, read];
    }
  }

  /** File-scope helpers the prelude and the callers' forms call (before the kernel). */
  helperLines(): string[] {
    const L: string[] = [];
    const pre = this.spec.prelude;
    if (pre?.kind === 'early-return') {
      const b = this.buffer(pre.target);
      L.push(
        'static void fz_fill(unsigned *t, const unsigned *in)',
        '{',
        `  if (in[${pre.inIdx}] & ${pre.mask}u)`,
        '    return;',
        `  t[${b.last(pre.cell)}] = in[${this.otherInput(pre.inIdx)}] * 7u;`,
        '}',
        '',
      );
    }
    this.spec.callers.forEach((c, k) => L.push(...this.formHelper(c, k)));
    return L;
  }

  private formHelper(c: Caller, k: number): string[] {
    const f = c.form;
    const b = this.buffer(c.target);
    const params = (...more: string[]) => [...this.argsDecl(), b.pointer('b'), ...more].join(', ');
    const cell = (x: Cell) => `b${b.subs(x)}`;
    if (f.kind === 'kept' && f.via === 'global')
      return [
        `static unsigned *fz_kept${k};`,
        `static void fz_keep${k}(${params()})`,
        '{',
        `  fz_kept${k} = &${cell(f.cell)};`,
        '}',
        '',
      ];
    if (f.kind === 'kept')
      return [
        `static unsigned *fz_pick${k}(${params()})`,
        '{',
        `  return &${cell(f.cell)};`,
        '}',
        '',
      ];
    if (f.kind === 'nested' && f.outer === 'peek')
      return [
        `static unsigned fz_peek${k}(${params('unsigned x')})`,
        '{',
        `  return ${cell(f.cell)} ^ x;`,
        '}',
        '',
      ];
    if (f.kind === 'nested' && f.outer === 'scrub')
      return [
        `static void fz_scrub${k}(${params('unsigned x', 'unsigned *out')})`,
        '{',
        `  ${cell(f.cell)} = x + 1u;`,
        `  out[${f.out}] += ${cell(f.cell)};`,
        '}',
        '',
      ];
    return [];
  }

  /** Name of caller k. */
  callerName(c: Caller, k: number): string {
    return `${c.file === 'main' ? 'test' : 'run'}${k}`;
  }

  /** Buffers of kind `vla` take their first extent from a parameter `len<s>`. */
  private lens(c: Caller): string[] {
    return c.buffer === 'vla' ? this.spec.scratch.map((_, s) => `len${s}`) : [];
  }

  private callerParams(c: Caller): string[] {
    return [
      ...this.argsDecl(),
      ...this.lens(c).map((l) => `int ${l}`),
      ...(c.recursion ? ['int d'] : []),
      'const unsigned *in',
      'unsigned *out',
    ];
  }

  /** The caller's call of the kernel, as an expression. */
  private kernelCall(): string {
    const args = [
      ...this.args,
      ...this.spec.scratch.map((_, s) => `buf${s}`),
      'in',
      'out',
      ...(this.spec.recursion ? [String(this.depthValue())] : []),
    ];
    return `kernel(${args.join(', ')})`;
  }

  /** The callers defined in `file` (`all`: one file), indentation 0. */
  callerLines(file: 'kern' | 'main' | 'all'): string[] {
    const L: string[] = [];
    this.spec.callers.forEach((c, k) => {
      if (file !== 'all' && (c.file ?? 'kern') !== file) return;
      L.push(`static void ${this.callerName(c, k)}(${this.callerParams(c).join(', ')})`, '{');
      for (const l of this.callerBody(c, k)) L.push(`  ${l}`);
      L.push('}', '');
    });
    return L;
  }

  private callerBody(c: Caller, k: number): string[] {
    const L: string[] = [];
    this.spec.scratch.forEach((s, i) => L.push(...this.declareBuffer(c, s.name, i, k)));
    L.push(...this.form(c, k));
    if (c.recursion) {
      const args = [...this.args, ...this.lens(c), 'd - 1', 'in', 'out'];
      L.push(`if (d > 0)`, `  ${this.callerName(c, k)}(${args.join(', ')});`);
      const r = c.recursion.readAfter;
      if (r) L.push(this.readInto(r.out, c, r.cell));
    }
    if (c.buffer === 'malloc' || c.buffer === 'calloc')
      this.spec.scratch.forEach((_, i) => L.push(`free(buf${i});`));
    return L;
  }

  private declareBuffer(c: Caller, temp: string, i: number, k: number): string[] {
    const b = this.buffer(temp);
    const name = `buf${i}`;
    const first = atom(b.dims()[0]);
    const L =
      c.buffer === 'array'
        ? [`${b.array(name)};`]
        : c.buffer === 'vla'
          ? [`${b.array(name, `len${i}`)};`]
          : c.buffer === 'malloc'
            ? [`${b.pointer(name)} = malloc((size_t)${first} * sizeof *${name});`]
            : [`${b.pointer(name)} = calloc((size_t)${first}, sizeof *${name});`];
    if (!c.init) return L;
    // The same value in every cell however the buffer is written (flat or not): a
    // function of the cell's row-major offset.
    const dims = b.dims();
    const z = dims.map((_, d) => `z${d}`);
    dims.forEach((d, n) => {
      const bound = n === 0 && c.buffer === 'vla' ? `len${i}` : d;
      L.push(`${'  '.repeat(n)}for (int z${n} = 0; z${n} < ${bound}; z${n}++)`);
    });
    const salt = ((this.p.seed >>> 0) % 9973) + 131 * k + 17 * i;
    L.push(
      `${'  '.repeat(dims.length)}${name}${z.map((x) => `[${x}]`).join('')} = (unsigned)(${b.offsetText(z)}) * 2654435761u + ${salt}u;`,
    );
    return L;
  }

  /** `out[o] += buf<cell>;` on the caller's buffer for `c.target`. */
  private readInto(out: number | string, c: Caller, cell: Cell): string {
    return `out[${out}] += ${this.cellOf(c, cell)};`;
  }

  private cellOf(c: Caller, cell: Cell): string {
    return `buf${this.scratchIndex(c.target)}${this.buffer(c.target).subs(cell)}`;
  }

  private form(c: Caller, k: number): string[] {
    const call = this.kernelCall();
    const f = c.form;
    const b = this.buffer(c.target);
    const buf = `buf${this.scratchIndex(c.target)}`;
    const pass = (...more: string[]) => [...this.args, buf, ...more].join(', ');
    switch (f.kind) {
      case 'plain':
        return [`${call};`];
      case 'alias': {
        const [decl, read] = this.alias(f.alias, b, buf, f.cell, k);
        const use = `out[${f.out}] += ${read};`;
        if (f.read === 'before') return [decl, use, `${call};`];
        if (f.read === 'after') return [decl, `${call};`, use];
        return [decl, `${call};`, `${read} = 7u;`, use];
      }
      case 'kept': {
        const [pre, read] =
          f.via === 'global'
            ? [`fz_keep${k}(${pass()});`, `*fz_kept${k}`]
            : [`unsigned *q${k} = fz_pick${k}(${pass()});`, `*q${k}`];
        const use = `out[${f.out}] += ${read};`;
        return f.read === 'after' ? [pre, `${call};`, use] : [pre, use, `${call};`];
      }
      case 'nested':
        switch (f.outer) {
          case 'peek':
            return [`out[${f.out}] += fz_peek${k}(${pass(call)});`];
          case 'scrub':
            return [`fz_scrub${k}(${pass(call, 'out')});`];
          case 'subscript': {
            const row = `${call} % ${atom(renderAff(b.t.extents[0]))}`;
            return [`out[${f.out}] += ${buf}${b.subs([row, ...f.cell.slice(1)])};`];
          }
          case 'out-index':
            return [`out[${call} % ${OUT_LEN_MACRO}] += 1u;`];
        }
        break;
      case 'loop': {
        const cell = this.cellOf(c, f.cell);
        const use = `  out[${f.out} + r${k}] += ${cell};`;
        return [
          `for (int r${k} = 0; r${k} < ${f.trips}; r${k}++) {`,
          ...(f.read === 'before' ? [use] : []),
          ...(f.read === 'own' ? [`  ${cell} = (unsigned)r${k} * 3u + 1u;`, use] : []),
          `  ${call};`,
          ...(f.read === 'after' ? [use] : []),
          '}',
        ];
      }
    }
    return [];
  }

  /** Declaration of an alias of the buffer and the expression reading `cell` through it. */
  private alias(
    kind: 'pointer' | 'element' | 'offset' | 'row',
    b: BufferText,
    buf: string,
    cell: Cell,
    k: number,
  ): [string, string] {
    const p = `p${k}`;
    if (kind === 'row' && b.rank() < 2) kind = 'element';
    if (kind === 'pointer') return [`${b.pointer(p)} = ${buf};`, `${p}${b.subs(cell)}`];
    if (kind === 'element') return [`unsigned *${p} = &${buf}${b.subs(cell)};`, `*${p}`];
    const last = b.last(cell);
    if (kind === 'offset') {
      const back = last === 0 ? 0 : (last * 5 + k) % (last + 1);
      return [`unsigned *${p} = ${b.row(buf, cell)} + ${last - back};`, `${p}[${back}]`];
    }
    // A row: `buf[c0]` (for three dimensions a pointer to rows of the last extent).
    const rest = cell.slice(1);
    const inner = b
      .dims()
      .slice(2)
      .map((d) => `[${d}]`)
      .join('');
    const decl = inner ? `unsigned (*${p})${inner}` : `unsigned *${p}`;
    return [`${decl} = ${buf}[${cell[0]}];`, `${p}${rest.map((x) => `[${x}]`).join('')}`];
  }

  /** The calls in `main` (indentation 1). */
  mainCalls(): string[] {
    const argValues = this.p.params.filter((q) => q.kind === 'arg').map((q) => String(q.value));
    return this.spec.callers.map((c, k) => {
      const lens =
        c.buffer === 'vla'
          ? this.spec.scratch.map((s) => String(this.buffer(s.name).firstValue()))
          : [];
      const d = c.recursion ? [String(c.recursion.depth)] : [];
      return `${this.callerName(c, k)}(${[...argValues, ...lens, ...d, 'in', 'out'].join(', ')});`;
    });
  }
}
