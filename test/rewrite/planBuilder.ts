/** Hand-made plans for tests, written against C snippets (see locate.ts). */
import type {
  AccessKind,
  AccessRange,
  AccessRewrite,
  ArrayRewrite,
  RewritePlan,
  RowForm,
} from '../../src/rewrite/plan.js';
import { accessAt, rangeOf } from './locate.js';

/** A row: coefficients, and a modulus given as a number (known) or a C text (symbolic). */
export function row(coefficients: number[], modulus: number | string, value?: number): RowForm {
  return {
    coefficients: coefficients.map(BigInt),
    modulus:
      typeof modulus === 'number'
        ? { value: BigInt(modulus), text: String(modulus) }
        : { text: modulus, ...(value !== undefined ? { value: BigInt(value) } : {}) },
  };
}

/** A proven range [min, max]; `undefined` for an unknown side. */
export function within(min?: number, max?: number): AccessRange {
  return {
    ...(min !== undefined ? { min: BigInt(min) } : {}),
    ...(max !== undefined ? { max: BigInt(max) } : {}),
  };
}

interface AccessSpec {
  /** The access text as written, e.g. `y[i][k]`. */
  at: string;
  /** Which occurrence of that text (0-based). */
  n?: number;
  ranges: AccessRange[];
  kind?: AccessKind;
  /** The statement text containing it, e.g. `y[i] = y[i-1] + 1;` (its first occurrence). */
  statement?: string;
  /** Which occurrence of the statement text. */
  statementN?: number;
  /** The logical cell's index texts in the original program (for folded sources). */
  original?: string[];
}

export interface ArraySpec {
  name: string;
  /** The declarator as written, e.g. `y[N][N]`. */
  declarator: string;
  /** Which occurrence of the declarator text (0-based). */
  declaratorN?: number;
  /** The whole declaration as written, e.g. `double x, y[N][N];`. */
  declaration?: string;
  rows: RowForm[];
  accesses: AccessSpec[];
  annotation?: string;
  extents?: string[];
  fileScope?: boolean;
}

function lineOf(source: string, offset: number): number {
  return source.slice(0, offset).split('\n').length;
}

function arrayPlan(source: string, spec: ArraySpec): ArrayRewrite {
  return {
    name: spec.name,
    declaratorRange: rangeOf(source, spec.declarator, spec.declaratorN ?? 0),
    ...(spec.declaration ? { declarationRange: rangeOf(source, spec.declaration) } : {}),
    rows: spec.rows,
    accesses: spec.accesses.map((a) => {
      const loc = accessAt(source, a.at, a.n ?? 0);
      return {
        ...loc,
        rowRanges: a.ranges,
        kind: a.kind ?? 'read',
        line: lineOf(source, loc.range.start),
        ...(a.original ? { originalIndexTexts: a.original } : {}),
        ...(a.statement ? { statementRange: rangeOf(source, a.statement, a.statementN ?? 0) } : {}),
      };
    }),
    ...(spec.annotation !== undefined ? { annotation: spec.annotation } : {}),
    ...(spec.extents ? { extentTexts: spec.extents } : {}),
    ...(spec.fileScope ? { fileScope: true } : {}),
  };
}

export function makePlan(
  source: string,
  arrays: ArraySpec[],
  options: { modulo?: 'exact' | 'pow2'; annotate?: boolean; unsafeMacros?: string[] } = {},
): RewritePlan {
  return {
    source,
    arrays: arrays.map((a) => arrayPlan(source, a)),
    modulo: options.modulo ?? 'exact',
    annotate: options.annotate ?? false,
    ...(options.unsafeMacros ? { unsafeMacros: options.unsafeMacros } : {}),
  };
}

/**
 * Every access `name[...]...` after offset `from` (e.g. after the declarations), as plan
 * entries: a write when `=` (not `==`) follows, with its statement running to the next `;`.
 * `ranges` gives each access's row ranges from its index texts.
 */
export function scanAccesses(
  source: string,
  name: string,
  from: number,
  ranges: (indexTexts: string[]) => AccessRange[],
): AccessRewrite[] {
  const out: AccessRewrite[] = [];
  const pattern = new RegExp(`\\b${name}\\s*\\[`, 'g');
  pattern.lastIndex = from;
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    const indexRanges: { start: number; end: number }[] = [];
    let p = m.index + name.length;
    let end = p;
    while (true) {
      while (source[p] === ' ') p++;
      if (source[p] !== '[') break;
      let depth = 0;
      const open = p + 1;
      for (; p < source.length; p++) {
        if (source[p] === '[') depth++;
        else if (source[p] === ']' && --depth === 0) break;
      }
      indexRanges.push({ start: open, end: p });
      p++;
      end = p;
    }
    p = end;
    const range = { start: m.index, end };
    const rest = source.slice(p);
    const isWrite = /^\s*([-+*/]?=)(?!=)/.test(rest);
    const compound = /^\s*([-+*/]=|\+\+|--)/.test(rest);
    const semicolon = source.indexOf(';', p);
    out.push({
      range,
      indexRanges,
      rowRanges: ranges(indexRanges.map((r) => source.slice(r.start, r.end))),
      kind: compound ? 'readwrite' : isWrite ? 'write' : 'read',
      line: lineOf(source, m.index),
      ...(isWrite || compound ? { statementRange: { start: m.index, end: semicolon + 1 } } : {}),
    });
  }
  return out;
}
