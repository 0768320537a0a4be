/**
 * The rewriter: applies contraction plans to the original text. Declarators shrink to the
 * mapping's moduli, accesses index the slot sigma(f(x)), and nothing else changes.
 */
import { applyEdits, type Edit } from './edits.js';
import { helperInsertionPoint, indentation, lineEnding, lineStart } from './layout.js';
import {
  RewriteError,
  type AccessRewrite,
  type ArrayRewrite,
  type RewritePlan,
  type RewriteResult,
} from './plan.js';
import { MOD_HELPER, slotIndices, slotStyle } from './sigma.js';
import { mentionsIdentifier } from '../model/identifiers.js';
import { insertionEdits, withFileEnd } from './insertions.js';
import { contractedDeclarator } from './declarator.js';
import { writtenDimensions } from './slotDimensions.js';

/**
 * Correct for negative `a` (C's `%` keeps the dividend's sign) when b > 0. C89 has no
 * `inline`: GCC's `__inline__` then (`-std=c89 -pedantic-errors` refused `static inline`).
 */
export function modHelperDefinition(c89 = false): string {
  return (
    `static ${c89 ? '__inline__' : 'inline'} long ${MOD_HELPER}(long a, long b) ` +
    '{ long r = a % b; return r < 0 ? r + b : r; }'
  );
}

/** Whether a file contracted before already defines the helper (e.g. beeclak run twice). */
export function definesModHelper(source: string): boolean {
  return source.includes(modHelperDefinition()) || source.includes(modHelperDefinition(true));
}

/**
 * The declarator edit of a contracted array, unless it keeps its declarator as written; with
 * `source`, in the author's brackets and spaces.
 */
export function declaratorEdits(array: ArrayRewrite, source?: string): Edit[] {
  // A private copy is declared anew (insertions.ts); the parameter stays as written.
  if (
    array.privateCopy ||
    array.sharedDeclarator ||
    (array.keepRank && !array.keepRank.declaredTexts)
  )
    return [];
  return [
    {
      range: array.declaratorRange,
      holes: [],
      render: () =>
        contractedDeclarator(
          array,
          source?.slice(array.declaratorRange.start, array.declaratorRange.end),
        ),
      what: `declarator of ${array.name}`,
    },
  ];
}

/** Checks what every stage must agree on before any text is produced. */
export function validateArray(source: string, array: ArrayRewrite): void {
  checkLocations(source, array);
  const dims = array.rows[0]?.coefficients.length;
  if (array.keepRank) {
    const rank = array.extentTexts?.length ?? dims;
    if (
      array.rows.length !== rank ||
      array.rows.some((r, d) => r.coefficients.some((c, k) => c !== (k === d ? 1n : 0n)))
    )
      throw new RewriteError(
        `${array.name} keeps its rank, but its rows do not copy its dimensions in order`,
      );
  }
  for (const row of array.rows) {
    if (row.coefficients.length !== dims)
      throw new RewriteError(`rows of ${array.name} have different lengths`);
    if (row.modulus.text.trim() === '')
      throw new RewriteError(`a modulus of ${array.name} has no text`);
  }
  // A delinearized array: rows are over the view's components, cells (for `check`) over
  // the declared extents.
  const view = array.viewExtentTexts;
  const viewDims = view?.length ?? array.extentTexts?.length;
  if (viewDims !== undefined && dims !== undefined && viewDims !== dims)
    throw new RewriteError(`${array.name} has ${viewDims} extents, rows have ${dims}`);
  for (const a of array.accesses) {
    const components = a.componentTexts?.length ?? a.indexRanges.length;
    if (view !== undefined && a.componentTexts?.length !== view.length)
      throw new RewriteError(
        `an access of the delinearized ${array.name} has ${components} components for ${view.length} dimensions`,
      );
    if (view === undefined && a.componentTexts !== undefined)
      throw new RewriteError(`an access of ${array.name} has components but the array no view`);
    if (dims !== undefined && components !== dims)
      throw new RewriteError(
        `an access of ${array.name} has ${components} indices, the mapping ${dims}`,
      );
    if (array.extentTexts && a.indexRanges.length !== array.extentTexts.length)
      throw new RewriteError(
        `an access of ${array.name} has ${a.indexRanges.length} indices for ${array.extentTexts.length} extents`,
      );
    if (a.indexRanges.length === 0)
      throw new RewriteError(`an access of ${array.name} has no index`);
  }
}

function startsWithSubscript(text: string, name: string): boolean {
  return text.startsWith(name) && /^\s*\[/.test(text.slice(name.length));
}

/**
 * The ranges must cover what they claim (`y[...]`, each index between its brackets):
 * a range that is off by a few characters would silently rewrite the wrong text.
 */
function checkLocations(source: string, array: ArrayRewrite): void {
  const { name } = array;
  const declarator = source.slice(array.declaratorRange.start, array.declaratorRange.end);
  if (!startsWithSubscript(declarator, name) || !declarator.trimEnd().endsWith(']'))
    throw new RewriteError(`declarator range of ${name} covers ${JSON.stringify(declarator)}`);
  for (const a of array.accesses) {
    const text = source.slice(a.range.start, a.range.end);
    if (!startsWithSubscript(text, name) || !text.trimEnd().endsWith(']'))
      throw new RewriteError(`access range of ${name} covers ${JSON.stringify(text)}`);
    let previous = a.range.start + name.length;
    for (const r of a.indexRanges) {
      const before = source.slice(previous, r.start);
      const after = source.slice(r.end).trimStart();
      if (
        r.start < previous ||
        r.end > a.range.end ||
        !/^\s*\]?\s*\[\s*$/.test(before) ||
        !after.startsWith(']')
      )
        throw new RewriteError(
          `index range [${r.start}, ${r.end}) of ${JSON.stringify(text)} is not between brackets`,
        );
      previous = r.end;
    }
    if (source.slice(previous, a.range.end).trim() !== ']')
      throw new RewriteError(`access ${JSON.stringify(text)} has more indices than its ranges`);
  }
}

/**
 * The rewritten access: each slot goes between the author's own brackets and spaces of the
 * written index it stands for (`a[ i ]` stays `a[ i ]` when the slot is `i`, becomes
 * `a[ i % 2 ]`); otherwise `a[s0][s1]`.
 */
function accessText(
  source: string,
  array: ArrayRewrite,
  access: AccessRewrite,
  slots: readonly { readonly text: string }[],
): string {
  const ranges = access.indexRanges;
  const dims = access.componentTexts ? undefined : writtenDimensions(array, ranges.length);
  if (slots.length === 0 || dims === undefined)
    return array.name + slots.map((s) => `[${s.text}]`).join('');
  // Per written index: what opens it (`[ `, after the name or the previous `]`) and what
  // closes it (` ]`); checkLocations has seen only spaces and one bracket there.
  const opens: string[] = [];
  const closes: string[] = [];
  let from = access.range.start + array.name.length;
  for (const r of ranges) {
    const close = source.indexOf(']', r.end) + 1;
    opens.push(source.slice(from, r.start));
    closes.push(source.slice(r.end, close));
    from = close;
  }
  // The spaces after the name stay after the name when its first index is dropped.
  const open = (k: number) =>
    k === 0 ? opens[dims[0]!]!.replace(/^\s*/, /^\s*/.exec(opens[0]!)![0]) : opens[dims[k]!]!;
  return array.name + slots.map((s, k) => open(k) + s.text + closes[dims[k]!]!).join('');
}

/** An edit turning `y[i][k]` into whatever `render` makes of the rewritten index texts. */
export function accessEdit(
  array: ArrayRewrite,
  access: AccessRewrite,
  render: (indexTexts: readonly string[]) => string,
): Edit {
  return {
    range: access.range,
    holes: access.indexRanges,
    render,
    what: `access of ${array.name}`,
  };
}

export function annotationEdit(source: string, array: ArrayRewrite, content: string): Edit {
  // A private copy is declared right after the `{` of its function: above that line.
  const anchor =
    array.privateCopy?.body.start ?? (array.declarationRange ?? array.declaratorRange).start;
  const at = lineStart(source, anchor);
  const comment = `/* beeclak: ${content.replace(/\*\//g, '* /')} */`;
  // The declaration's line keeps its number (`__LINE__`, `assert`: insertions.ts).
  const line = `#line ${source.slice(0, at).split('\n').length}`;
  const eol = lineEnding(source);
  return {
    range: { start: at, end: at },
    holes: [],
    render: () => indentation(source, anchor) + comment + eol + line + eol,
    what: `annotation of ${array.name}`,
  };
}

/** An insertion of file-level C (helpers) at the usual place, in the file's line endings. */
function fileLevelEdit(source: string, firstUse: number, lines: readonly string[]): Edit {
  const at = helperInsertionPoint(source, firstUse);
  const eol = lineEnding(source);
  const lead = at > 0 && source[at - 1] !== '\n' ? eol : '';
  // What follows keeps its line's number (`__LINE__`, `assert`: insertions.ts).
  const line = source.slice(0, at).split('\n').length;
  return {
    range: { start: at, end: at },
    holes: [],
    render: () => lead + [...lines, `#line ${line}`].map((l) => l + eol).join(''),
    what: 'file-level helpers',
  };
}

export function rewrite(plan: RewritePlan): RewriteResult {
  const { source } = plan;
  const edits: Edit[] = (plan.textEdits ?? []).map((e) => ({
    range: e.range,
    holes: [],
    render: () => e.text,
    what: e.what,
  }));
  const style = slotStyle(plan);
  let firstHelperUse: number | undefined;
  edits.push(...insertionEdits(plan));
  for (const array of plan.arrays) {
    validateArray(source, array);
    edits.push(...declaratorEdits(array, source));
    if (plan.annotate && array.annotation !== undefined && !array.sharedDeclarator)
      edits.push(annotationEdit(source, array, array.annotation));
    for (const access of array.accesses) {
      edits.push(
        accessEdit(array, access, (texts) => {
          const slots = slotIndices(array, access, texts, style);
          if (slots.some((s) => s.needsHelper))
            firstHelperUse = Math.min(firstHelperUse ?? Infinity, access.range.start);
          return accessText(source, array, access, slots);
        }),
      );
    }
  }
  // Rendering decides whether the helper is needed; then the helper goes in as one more
  // (non-overlapping) insertion, placed before its first use.
  let text = applyEdits(source, edits);
  if (firstHelperUse === undefined) return { text: withFileEnd(plan, text), helperEmitted: false };
  if (definesModHelper(source)) return { text: withFileEnd(plan, text), helperEmitted: false };
  if (mentionsIdentifier(source, MOD_HELPER))
    throw new RewriteError(`the source already uses the name ${MOD_HELPER}`);
  edits.push(
    fileLevelEdit(source, firstHelperUse, [
      "/* beeclak: a mod b in [0, b) for b > 0, also for negative a (C's % is not). */",
      modHelperDefinition(plan.c89),
    ]),
  );
  text = applyEdits(source, edits);
  return { text: withFileEnd(plan, text), helperEmitted: true };
}
