/**
 * The file's own `#line` directives, and the preprocessor's line markers read back as the
 * file's physical lines.
 *
 * After `#line 45` the compiler numbers the next line 45 whatever its place in the file, and
 * `cc -E` says so in its markers (`# 45 "<stdin>"`). Everything downstream takes the markers'
 * lines for lines of the file (the spelling map, the reports, the rewrite's offsets): beeclak's
 * own output, which has a `#line` after each line it adds (rewrite/insertions.ts), was read
 * back with every line after the first addition off by the lines added, and each access there
 * refused as not spelled in the file. So the markers of the main file are rewritten to its
 * physical lines before anything reads them. The preprocessor's `__LINE__` values are kept:
 * they are what the compiler computes.
 *
 * A marker of the main file is either the preprocessor's own (it skipped blank lines; the
 * numbering goes on) or one of the file's directives (the compiler may have skipped those
 * inside a conditional group). Each reading is checked against the physical lines already
 * seen; when both, or two directives, fit, the file is refused rather than guessed.
 */
import path from 'node:path';
import { InputError } from '../model/errors.js';
import type { Diagnostic } from '../model/types.js';
import type { LineNumbering } from '../model/lineNumbering.js';
import { codeOnly } from '../model/identifiers.js';
import { directiveName } from '../model/pragmas.js';
import { endsInSplice, withoutSplices } from '../model/lineSplices.js';
import { commentOpenAtLineEnds } from './conditionals.js';
import { isMacroLine, MARKER, unescapeName } from './preprocess.js';

interface LineDirective {
  /** The line (from 1) of the directive's `#`. */
  readonly line: number;
  /** The line (from 1) the directive numbers: the one after its last line. */
  readonly next: number;
  /** The number it gives that line. */
  readonly number: number;
  /** The file name it gives (unescaped), if any. */
  readonly name?: string;
  /** Inside a conditional group: the compiler may have skipped it. */
  readonly conditional: boolean;
  /** Not `#line digits ["name"]` nor `# digits "name"` (a macro, GNU flags): not followed. */
  readonly unread: boolean;
}

const LINE_FORM = /^\s*(?:#|%:)\s*line\s+(\d+)(?:\s+"((?:[^"\\\n]|\\.)*)")?\s*$/;
const GNU_FORM = /^\s*(?:#|%:)\s*(\d+)(?:\s+"((?:[^"\\\n]|\\.)*)")?\s*$/;
const GNU_START = /^\s*(?:#|%:)\s*\d/;

/** The `#line` directives of a file (and GNU `# 12 "name"`), in order. */
function lineDirectives(source: string): LineDirective[] {
  const lines = codeOnly(source, true)
    .split('\n')
    .map((l) => l.replace(/\r$/, ''));
  const open = commentOpenAtLineEnds(source);
  const out: LineDirective[] = [];
  let depth = 0;
  for (let k = 0; k < lines.length; k++) {
    if (!/^\s*(#|%:)/.test(lines[k]!)) continue;
    const start = k;
    while ((endsInSplice(lines[k]!) || open[k]) && k + 1 < lines.length) k++;
    let joined = lines[start]!;
    for (let j = start + 1; j <= k; j++) joined += (open[j - 1] ? ' ' : '\n') + lines[j]!;
    const text = withoutSplices(joined);
    const kind = directiveName(joined);
    if (kind !== undefined && /^if/.test(kind)) depth++;
    else if (kind === 'endif') depth = Math.max(0, depth - 1);
    const gnu = kind === undefined && GNU_START.test(text);
    if (kind !== 'line' && !gnu) continue;
    const m = (gnu ? GNU_FORM : LINE_FORM).exec(text);
    out.push({
      line: start + 1,
      next: k + 2,
      number: m ? Number(m[1]) : 0,
      ...(m?.[2] !== undefined ? { name: unescapeName(m[2]) } : {}),
      conditional: depth > 0,
      unread: !m,
    });
  }
  return out;
}

/** Whether a `#line` file name names the file itself (as given, or from its folder). */
function namesFile(name: string, file: string, cwd?: string): boolean {
  const self = path.resolve(cwd ?? '.', file);
  return (
    name === file ||
    path.resolve(cwd ?? '.', name) === self ||
    path.resolve(path.dirname(self), name) === self
  );
}

interface Reading {
  /** Physical line minus the marker's line, in the main file's current stretch. */
  delta: number;
  /** The file name the markers give now (the preprocessor's, or the last directive's). */
  presumed: string;
  /** The last directive named another file: the stretch is not this file's as reported. */
  foreign: boolean;
  /** The last physical line the output went through. */
  seen: number;
  /** The next directive not yet met. */
  next: number;
}

/** `physicalReading`'s output. */
export function physicalMarkers(
  output: string,
  source: string,
  file: string,
  cwd?: string,
): string {
  return physicalReading(output, source, file, cwd).output;
}

/**
 * `cc -E` output with the main file's markers giving its physical lines, under the main
 * file's name, and the numbering they had. Stretches a directive gives another file's name
 * keep their markers (the compiler reports their lines as another file's; the frontend
 * reads them as such).
 */
export function physicalReading(
  output: string,
  source: string,
  file: string,
  cwd?: string,
  included = false,
): { output: string; numbering: LineNumbering } {
  const numbering: { from: number; delta: number }[] = [];
  if (!/^[ \t]*(#|%:)[ \t]*(line\b|\d)/m.test(source)) return { output, numbering };
  const directives = lineDirectives(source).map((d) =>
    // Inside its includer the markers that name the file are renamed (hostUnit.ts): so are
    // the directives that do.
    included && d.name !== undefined && path.resolve(cwd ?? '.', d.name) === path.resolve(file)
      ? { ...d, name: INCLUDED }
      : d,
  );
  if (directives.length === 0) return { output, numbering };
  const unread = directives.find((d) => d.unread);
  if (unread)
    throw new InputError(
      'this #line directive is not a line number and a file name: the lines the compiler reports cannot be traced to the file',
      file,
      { line: unread.line, column: 1 },
    );
  const lines = output.split('\n');
  const kinds = lineKinds(source);
  const code = codeOnly(source).split('\n');
  const where = {
    file,
    kinds,
    code,
    raw: source.split('\n'),
    open: commentOpenAtLineEnds(source),
    included,
    macros: new Set(lines.flatMap((l) => /^#define ([A-Za-z_$][\w$]*)/.exec(l)?.[1] ?? [])),
  };
  let mainName: string | undefined;
  let depth = 0;
  let started = false;
  const r: Reading = { delta: 0, presumed: '', foreign: false, seen: 0, next: 0 };
  let logical = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const marker = l.charCodeAt(0) === 35 ? MARKER.exec(l) : null;
    if (!marker) {
      // (Blank lines and `-dD` lines are not always on their line: a `#define` line may
      // come one early. Tokens are, the preprocessor resynchronises before them.)
      if (started && depth === 0 && isCode(l)) r.seen = Math.max(r.seen, logical + r.delta);
      logical++;
      continue;
    }
    const name = unescapeName(marker[2]);
    const flags = marker[3];
    // A marker that takes the output back to the line it just wrote (tokens of a system
    // header's macro, `assert`, between markers of the line that calls it).
    const again = logical === Number(marker[1]) + 1;
    logical = Number(marker[1]);
    mainName ??= name;
    const enters = / 1/.test(flags);
    const leaves = / 2/.test(flags);
    if (!started) {
      // Read inside its includer (hostUnit.ts), the file starts where the includer enters it.
      started = included
        ? name === INCLUDED && enters
        : name === mainName && logical >= 1 && depth === 0 && !enters && !leaves;
      depth = started ? 0 : depth + (enters ? 1 : leaves ? -1 : 0);
      if (!started) continue;
      mainName = name;
      r.presumed = name;
    } else if (enters) {
      depth++;
      continue;
    } else if (leaves) {
      // (a return to its includer: the file is entered once, the rest is the includer's)
      if (depth === 0) break;
      if (--depth > 0) continue;
    } else if (depth > 0) continue;
    else {
      const nextText = lines[i + 1] ?? '';
      const taken = r.next;
      readMarker(r, { logical, name, next: nextKind(lines[i + 1]), nextText, again }, directives, {
        ...where,
        cwd,
      });
      if (taken !== r.next) numbering.push({ from: directives[r.next - 1]!.next, delta: -r.delta });
    }
    if (!r.foreign) lines[i] = `# ${logical + r.delta} "${escapeName(mainName)}"${flags}`;
  }
  return { output: lines.join('\n'), numbering };
}

const escapeName = (s: string) => s.replace(/[\\"]/g, '\\$&');

/** The name hostUnit.ts gives the included file's markers in its includer's output. */
const INCLUDED = '<stdin>';

/** Output lines with tokens: not blank, not a marker nor a `-dD` line. */
const isCode = (l: string) =>
  l.trim() !== '' && !(l.startsWith('#') && (MARKER.test(l) || isMacroLine(l)));

type LineKind = 'code' | 'directive' | 'blank';

/** What the output line after a marker is: tokens, an include's entry or a `#pragma`, or else. */
function nextKind(l: string | undefined): LineKind {
  if (l === undefined) return 'blank';
  const m = MARKER.exec(l);
  if (m) return / 1/.test(m[3]!) ? 'directive' : 'blank';
  if (l.startsWith('#') && !isMacroLine(l)) return 'directive';
  return isCode(l) ? 'code' : 'blank';
}

/** For each physical line (from 1, index 0 unused): tokens, a directive's first line, or else. */
function lineKinds(source: string): LineKind[] {
  const out: LineKind[] = ['blank'];
  let continued = false;
  for (const l of codeOnly(source).split('\n')) {
    const starts: boolean = !continued && /^\s*(#|%:)/.test(l);
    out.push(continued || l.trim() === '' ? 'blank' : starts ? 'directive' : 'code');
    continued = (continued || starts) && /\\\r?$/.test(l);
  }
  return out;
}

/** A line without its blanks (the preprocessor changes them). */
const squeezed = (l: string) => l.replace(/\s+/g, '');

/** Where the markers are read: the file's lines and the macros the output defines. */
interface Where {
  file: string;
  kinds: readonly LineKind[];
  code: readonly string[];
  /** The source's lines, comments kept (a line splice, a comment running on). */
  raw: readonly string[];
  open: readonly boolean[];
  macros: ReadonlySet<string>;
  cwd?: string;
  /** Read inside its includer: `INCLUDED` names the file. */
  included: boolean;
}

/** Whether line `p` (from 1) reaches the output as written: no macro, splice nor comment. */
function asWritten(where: Where, p: number): boolean {
  const raw = (where.raw[p - 1] ?? '').replace(/\r$/, '');
  if (endsInSplice(raw) || where.open[p - 1]) return false;
  const words = (where.code[p - 1] ?? '').match(/[A-Za-z_$][\w$]*/g) ?? [];
  return words.every((w) => !where.macros.has(w) && !w.startsWith('__') && w !== '_Pragma');
}

/**
 * Whether `-dD`'s line `text` (`#define K ...`, `#undef K`) is the directive on line `p`
 * (from 1): the preprocessor's own marker before a macro's line after blank lines or a
 * comment (codec2's fdmdv.c, `#define RANDN_IT` after a comment block: every contracted
 * file, with its `#line`s, was refused). Same directive and macro name, else not.
 */
function definesAt(where: Where, p: number, text: string): boolean {
  const macro = /^#(define|undef) ([A-Za-z_$][\w$]*)/.exec(text);
  if (!macro || !isMacroLine(text) || where.kinds[p] !== 'directive') return false;
  const line = /^\s*(?:#|%:)\s*(define|undef)\s+([A-Za-z_$][\w$]*)/.exec(where.code[p - 1] ?? '');
  return line?.[1] === macro[1] && line[2] === macro[2];
}

/** Takes a main-file marker that is neither an include's entry nor its return. */
function readMarker(
  r: Reading,
  marker: { logical: number; name: string; next: LineKind; nextText: string; again: boolean },
  directives: readonly LineDirective[],
  where: Where,
): void {
  const { logical, name } = marker;
  // The preprocessor's own (it skipped blank lines): the numbering goes on to a line with
  // tokens (or an `#include`), past those seen, before any directive the compiler cannot
  // have skipped, and the tokens (or the included file) follow at once.
  const at = logical + r.delta;
  let own =
    (where.kinds[at] ?? 'blank') !== 'blank' &&
    name === r.presumed &&
    (at > r.seen || (at === r.seen && marker.again));
  for (let j = r.next; own && j < directives.length && directives[j]!.line < at; j++)
    if (!directives[j]!.conditional) own = false;
  let resync =
    own &&
    ((marker.next !== 'blank' && where.kinds[at] === marker.next) ||
      definesAt(where, at, marker.nextText));
  // A directive: the next one, or one after directives the compiler may have skipped.
  const fits: number[] = [];
  for (let j = r.next; j < directives.length; j++) {
    const d = directives[j]!;
    if (d.line > r.seen && d.number === logical && (d.name ?? r.presumed) === name) fits.push(j);
    if (!d.conditional) break;
  }
  // Before a blank line nothing tells the preprocessor's own from a directive the compiler
  // may have skipped (a skipped `#line 31` before an include's return, blank lines and the
  // line 31 itself: taken, every line after was read 26 lines early).
  if (own && marker.next === 'blank' && fits.length === 1 && directives[fits[0]!]!.conditional)
    resync = true;
  // Both fit (blank lines skipped up to a line the directive's number names): the one whose
  // line is the text that follows, if only one is.
  // The line whose text differs is ruled out only when nothing changes it on its way to the
  // output (a macro's expansion of `K` matched a skipped group's copy of the line it gives:
  // every line after was read off by the lines between, and the rewrite edited the copy).
  if (resync && fits.length === 1) {
    const targets = [at, directives[fits[0]!]!.next];
    const [byResync, byDirective] = targets.map(
      (p) => squeezed(where.code[p - 1] ?? '') === squeezed(marker.nextText),
    );
    const ruledOut = targets[byResync ? 1 : 0]!;
    if (byResync !== byDirective && asWritten(where, ruledOut)) {
      resync = byResync!;
      if (resync) fits.pop();
    }
  }
  // A repeated number right after a directive the compiler cannot have skipped: the
  // directive made the repeat, and the marker is the one it needs (a guard's `#line 24`
  // after the `}` numbered 24 that closes the copy before it: a second run refused the file).
  if (resync && marker.again && at === r.seen && fits.length === 1)
    if (!directives[fits[0]!]!.conditional) resync = false;
  if (fits.length + (resync ? 1 : 0) !== 1)
    throw new InputError(
      `its #line directives cannot be told apart from the preprocessor's own line markers (at the line numbered ${logical}): the lines the compiler reports cannot be traced to the file`,
      where.file,
    );
  if (resync) return;
  const d = directives[fits[0]!]!;
  r.next = fits[0]! + 1;
  r.seen = d.line;
  r.delta = d.next - logical;
  r.presumed = name;
  if (d.name !== undefined)
    r.foreign =
      !(where.included && d.name === INCLUDED) && !namesFile(d.name, where.file, where.cwd);
}

/**
 * The warning that functions with arrays lie after a `#line` naming another file (`files`: the
 * files the unit's lines give those functions). Their lines are that file's to the compiler,
 * which is not this one: they are not analysed, and the report says why.
 */
export function otherFileWarning(
  source: string,
  file: string,
  files: readonly (string | undefined)[],
  cwd?: string,
): Diagnostic[] {
  if (files.length === 0 || !/^[ \t]*(#|%:)[ \t]*(line\b|\d)/m.test(source)) return [];
  const d = lineDirectives(source).find(
    (d) => d.name !== undefined && !namesFile(d.name, file, cwd) && files.includes(d.name),
  );
  if (!d) return [];
  const warning: Diagnostic = {
    severity: 'warning',
    reason: 'line-directive-other-file',
    loc: { line: d.line, column: 1 },
    message: `the functions after this #line are not analysed: the compiler gives their lines as ${d.name}'s, not this file's`,
  };
  return [warning];
}
