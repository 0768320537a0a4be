/**
 * Whether a function's reading depends on the configuration it was preprocessed in, as far
 * as a file set's summary can tell (program.ts): another file's decision across calls reads
 * this function (a caller that may read the buffer after the call), and no guard of that
 * file checks this one's configuration (src/pipeline/wholeProgram/foreignConfiguration.ts).
 *
 * It does when a conditional directive is inside the function or around it, or when its
 * text spells a macro a build may define otherwise: one set on the command line (`-D`), one
 * `#undef`ined or defined twice, `assert` (NDEBUG), or one whose definition (in the file, in
 * any branch, or in a header) stands under a conditional directive other than an include
 * guard, or in a header included under one (looked up with the unit's folders). A header
 * included under one that no lookup finds may define any name: every function depends.
 * An unconditional `#define N 16` of the file or of a user header holds in every build; so
 * do the system headers' macros (but `assert`).
 */
import { groupReader, type UnitTexts } from './constantConditionals.js';
import { cTokens } from './ctokens.js';
import { codeOnly } from '../model/identifiers.js';
import type { LineOrigin, MacroEvent } from './preprocess.js';
import { systemHeaderFile, type IncludeSearch } from './includeSearch.js';
import { eventsByName } from './macroEventIndex.js';
import { CallSlot } from '../context/callContext.js';
import {
  headerDirective,
  headerFindings,
  headerReading,
  type FileText as HeaderFileText,
  type HeaderText,
  type SkippedHeaders,
  skippedHeaderDirectives,
  type UnreadInclude,
  unitFindingsKey,
  userHeaders,
} from './headerReadings.js';
import { textFacts } from './headerTextFacts.js';
import { inSystemFolder } from './systemFolders.js';

/** The function's lines in its file's text, and the macros its unit saw. */
export interface FunctionText extends FileText {
  /** First and last line (1-based) of the definition in `raw`. */
  readonly from: number;
  readonly to: number;
}

/** Why the function's reading may differ in another configuration, or undefined. */
export function configurationDependence(t: FunctionText): string | undefined {
  return fileReading(t)(t.from, t.to);
}

/** What the question reads of the function's file: its text, its unit's macros and headers. */
export interface FileText extends HeaderFileText {
  /** The unit's `#define`/`#undef` events (`cc -E -dD`), when a preprocessor read it. */
  readonly macros?: readonly MacroEvent[];
  /** What the unit's user headers may do to the file's macros (absent: no macro is fixed). */
  readonly unit?: UnitTexts;
}

/** `configurationDependence` of a function of the file given by its first and last lines. */
export type FunctionDependence = (from: number, to: number) => string | undefined;

/** What a file's text alone says of one of its functions (`TextReading`). */
interface TextAnswer {
  /** A reason read in the file's own text: a group around or inside it, its own `#define`. */
  readonly own?: string;
  /** The names it spells. */
  readonly names: ReadonlySet<string>;
}

/** The answers a file's text alone gives, per function (by its first and last lines). */
interface TextReading {
  readonly question: (from: number, to: number) => TextAnswer;
}

/**
 * A file's `TextReading`, once per call, unit texts and text: the files a unity build's host
 * includes are each other's, and each file read inside the host asked about every function
 * of the others again (issue 27, the cost stays per file).
 */
const textReadings = new CallSlot(() => ({
  byUnit: new WeakMap<UnitTexts, Map<string, TextReading>>(),
  none: new Map<string, TextReading>(),
}));

function textReading(raw: string, unit: UnitTexts | undefined): TextReading {
  const kept = textReadings.current();
  if (!kept) return readText(raw, unit);
  let byText = unit ? kept.byUnit.get(unit) : kept.none;
  if (!byText) kept.byUnit.set(unit!, (byText = new Map()));
  let reading = byText.get(raw);
  if (!reading) byText.set(raw, (reading = readText(raw, unit)));
  return reading;
}

function readText(raw: string, unit: UnitTexts | undefined): TextReading {
  // (a group every build decides alike is no dependence: constantConditionals.ts)
  const meeting = headerGroups(raw, unit);
  const code = codeOnly(raw);
  const lines = code.split('\n');
  const definitions = fileDefinitions(code);
  const conditional = new Map<string, number | undefined>();
  const underCondition = (line: number, name: string) => {
    const key = `${line}:${name}`;
    if (!conditional.has(key)) conditional.set(key, meeting(line, line, name));
    return conditional.get(key) !== undefined;
  };
  const answers = new Map<string, TextAnswer>();
  const answer = (from: number, to: number): TextAnswer => {
    const meets = meeting(from, to);
    const names = new Set(cTokens(lines.slice(from - 1, to).join('\n')).map((k) => k.text));
    if (meets !== undefined)
      return { own: `a conditional directive (line ${meets}) is inside or around it`, names };
    // The file's own definitions, in every branch (one the build skipped is in no event),
    // in text order.
    const spelled = [...names]
      .flatMap((n) => definitions.get(n) ?? [])
      .sort((a, b) => a.index - b.index);
    for (const d of spelled) {
      // (one after the function's last line does not reach it: support.h's `#undef LAG1`)
      if (d.line > to) continue;
      if (d.kind === 'undef' || underCondition(d.line, d.name))
        return {
          own: `it spells macro ${d.name}, which the file ${d.kind === 'undef' ? 'undefines' : 'defines under a conditional directive'} (line ${d.line})`,
          names,
        };
    }
    return { names };
  };
  return {
    question: (from, to) => {
      const key = `${from}:${to}`;
      let a = answers.get(key);
      if (!a) answers.set(key, (a = answer(from, to)));
      return a;
    },
  };
}

/**
 * `configurationDependence` for the functions of one file, what it reads of the file, its
 * unit and its headers read once (issue 29, item 3: a file set's summary asked for each
 * function, and each question read the whole file, its macro events and its headers again:
 * quadratic, 100 KB of kernels in a set of two files took 6 times its time alone). Every
 * header is read once: the answers are those of one moment of the files.
 */
export function fileReading(f: FileText): FunctionDependence {
  const t: FileText = { ...f, read: onceEach(f.read) };
  const text = textReading(t.raw, t.unit);
  const events = eventsByName(t.macros ?? NO_EVENTS);
  const headers = headerFindings(t, f.read);
  return (from, to) => {
    const { own, names } = text.question(from, to);
    if (own !== undefined) return own;
    // (assert last: a reason that is only assert's is ASSERT_DEPENDENCE)
    for (const name of [...names].sort((a, b) => +(a === 'assert') - +(b === 'assert'))) {
      const why = macroDependence(name, events.get(name) ?? [], t, to);
      if (why) return `it spells macro ${name}: ${why}`;
    }
    return headerDirective(names, headers);
  };
}

/**
 * The files of a unit read once for all the unit's files (issue 27 item 3: a unity build's
 * files are each other's headers, and each file's reading read every header from disk
 * again: n files of n headers, n^2 reads for each file analysed inside its host). Keyed by
 * the unit's `read` (program.ts and includedDependence give one to all its files): another
 * `read` may read a name otherwise.
 */
const unitTexts = new CallSlot(
  () => new WeakMap<FileText['read'], Map<string, string | undefined>>(),
);

function onceEach(read: FileText['read']): FileText['read'] {
  const byRead = unitTexts.current();
  const texts = byRead?.get(read) ?? new Map<string, string | undefined>();
  byRead?.set(read, texts);
  return (file) => {
    if (!texts.has(file)) texts.set(file, read(file));
    return texts.get(file);
  };
}

const NO_EVENTS: readonly MacroEvent[] = [];

/** A `#define` or `#undef` of the file's text (codeOnly's), at its offset and line. */
interface Definition {
  readonly kind: 'define' | 'undef';
  readonly name: string;
  readonly index: number;
  readonly line: number;
}

/** The file's own definitions, by name, each name's in text order. */
function fileDefinitions(code: string): Map<string, Definition[]> {
  const out = new Map<string, Definition[]>();
  let [line, at] = [1, 0];
  // (any spelling of `#`: a `%:define EXTRA(t) ((t)[15])` under #ifdef SHOW was missed, and a
  // -DSHOW build read the buffer after the call; adversary 2026-11-28d)
  for (const m of code.matchAll(
    /^[ \t]*(?:#|%:|\?\?=)[ \t]*(define|undef)[ \t]+([A-Za-z_]\w*)/gm,
  )) {
    // (lines counted from the last match: counting from the top for each was quadratic)
    for (let k = code.indexOf('\n', at); k >= 0 && k < m.index; k = code.indexOf('\n', k + 1))
      line++;
    at = m.index;
    const name = m[2]!;
    let list = out.get(name);
    if (!list) out.set(name, (list = []));
    list.push({ kind: m[1] as Definition['kind'], name, index: m.index, line });
  }
  return out;
}

const ASSERT_ONLY = 'assert() depends on NDEBUG';
/** The reason of a macro the build's command line defines (its value, not its branches). */
export const COMMAND_LINE_VALUE = 'the command line defines it';
/**
 * The reason of a function whose only dependence is `assert`: a build without NDEBUG reads
 * every assertion, one with it none (a reading without NDEBUG sees all the code any build has).
 */
export const ASSERT_DEPENDENCE = `it spells macro assert: ${ASSERT_ONLY}`;

/** Why a build may define `name` otherwise, from the unit's macro events of it. */
function macroDependence(
  name: string,
  events: readonly MacroEvent[],
  t: FileText,
  to: number,
): string | undefined {
  if (name === 'assert' && events.length > 0) return ASSERT_ONLY;
  // (a directive after the function's last line, in its file, does not reach it)
  const after = (e: MacroEvent) => (t.header ? e.file === t.header : e.inMainFile) && e.line > to;
  const user = events.filter((e) => !e.system && !after(e));
  if (user.some((e) => e.file === '<command-line>')) return COMMAND_LINE_VALUE;
  if (user.length > 1 || user.some((e) => e.kind === 'undef'))
    return 'it is defined more than once or undefined';
  const d = user[0];
  if (!d || d.inMainFile) return undefined;
  const text = t.read(d.file);
  if (text === undefined) return `${d.file} defines it, and that file is not read`;
  return headerGroups(text, t.unit)(d.line, d.line, name) !== undefined
    ? `${d.file} defines it under a conditional directive (line ${d.line})`
    : undefined;
}

/**
 * A header's groups read once per call, unit texts and text (`dependentGroupMeeting`): each
 * function spelling a macro a header defines read the whole header's groups again.
 */
const groupReaders = new CallSlot(() => ({
  byUnit: new WeakMap<UnitTexts, Map<string, ReturnType<typeof groupReader>>>(),
  none: new Map<string, ReturnType<typeof groupReader>>(),
}));

function headerGroups(text: string, unit: UnitTexts | undefined): ReturnType<typeof groupReader> {
  const kept = groupReaders.current();
  if (!kept) return groupReader(text, unit);
  let byText = unit ? kept.byUnit.get(unit) : kept.none;
  if (!byText) kept.byUnit.set(unit!, (byText = new Map()));
  let reader = byText.get(text);
  if (!reader) byText.set(text, (reader = groupReader(text, unit)));
  return reader;
}

/**
 * What the unit's user headers define or undefine under a conditional directive, and what
 * headers included under one (by the file or by them) define or undefine, by name, with
 * where (configured.ts: a macro no `#if` can check). `read` takes a name as the preprocessor
 * gives it, or an absolute path, which `absolute` makes of such a name; `file` is the unit's
 * own, absolute; `search` its include folders. With the first include no lookup follows.
 */
export function headerDirectives(
  source: string,
  file: string,
  tu: Parameters<typeof userHeaders>[0],
  read: (file: string) => string | undefined,
  absolute: (file: string) => string,
  search?: IncludeSearch,
): SkippedHeaders {
  const out = new Map<string, string>();
  const unknowns: UnreadInclude[] = [];
  // Every name the unit's user text may define or undefine, in any branch (unreadIncludes.ts).
  const touched = new Set(textTouches(file, source));
  const add = (found: ReadonlyMap<string, string>, where = '') => {
    for (const [name, d] of found) {
      if (!out.has(name)) out.set(name, `${where}${d}`);
      touched.add(name);
    }
  };
  // (files undefined: some system header so included is not found again)
  const sys: { under: boolean; files: string[] | undefined } = { under: false, files: [] };
  const skipped = (s: SkippedHeaders, system = false) => {
    // (a system header's own conditional includes are the implementation's: glibc's
    // gnu/stubs.h, which no macro event marks as the system's)
    if (s.systemUnder === true && !system) {
      sys.under = true;
      sys.files = s.systemFiles && sys.files?.concat(s.systemFiles);
    }
    // (nor is an include of theirs that no folder holds another build's: it is another
    // platform's, as systemClosure reads it; gnu/stubs.h's `#include <gnu/stubs-32.h>` on a
    // machine without gcc-multilib refused every unit that includes <stdio.h>)
    if (!system) unknowns.push(...(s.unknowns ?? []));
    add(s.names);
  };
  // The read user headers that define a name under a conditional directive, and the names a
  // header included under one defines (conditionalDefinitions.ts pins the former only).
  const conditionalIn = new Map<string, HeaderText[]>();
  const viaSkipped = new Set<string>();
  const skippedAll = (s: SkippedHeaders, system = false) => {
    for (const n of s.names.keys()) viaSkipped.add(n);
    skipped(s, system);
  };
  skippedAll(skippedHeaderDirectives(source, file, read, search));
  // (each header read once per call and read, as the unit's functions read them:
  // a unity build's files are each other's headers, and each asked of all the others)
  const once = onceEach(read);
  const early = readBeforeFirstLine(tu);
  for (const h of userHeaders(tu)) {
    const text = once(h);
    if (text === undefined) {
      // (its other branches are not known: no condition can be read across it)
      unknowns.push({ why: `${h}, which the unit reads, is not on disk` });
      continue;
    }
    const reading = headerReading(absolute(h), text, read, search);
    add(reading.conditional, `a header the file includes (${h}) `);
    for (const n of reading.conditional.keys())
      conditionalIn.set(n, [...(conditionalIn.get(n) ?? []), { file: absolute(h), text }]);
    // (a header read before the file's first line, a forced `-include`, reads its unread
    // header before any guard there, and that header may undefine what the guard reads)
    skippedAll(
      early.has(h) ? unguarded(reading.skipped) : reading.skipped,
      inSystemFolder(absolute(h)),
    );
    for (const n of textTouches(absolute(h), text)) touched.add(n);
  }
  // A header of a user's -isystem folder is the system's by its events (userHeaders leaves
  // it out), but an include it skips that no lookup finds is another build's as any other
  // (`-isystem sdk`, sdk/cfg.h: `#ifdef USE_ARM` / `#include "arm_math.h"`).
  const system = systemHeaders(tu);
  for (const h of system) {
    const text = inSystemFolder(absolute(h)) ? undefined : once(h);
    if (text === undefined) continue;
    const s = headerReading(absolute(h), text, read, search).skipped;
    unknowns.push(...((early.has(h) ? unguarded(s) : s).unknowns ?? []));
    for (const n of s.names.keys()) viaSkipped.add(n);
    for (const n of [...s.names.keys(), ...textTouches(absolute(h), text)]) touched.add(n);
  }
  // Every name a guard at the first line may not read, read when first asked for.
  let reading: FirstLineReading | undefined;
  const firstLine = () =>
    (reading ??= firstLineReading(touched, system, sys, once, absolute, search));
  const conditional = conditionalIn.size > 0 ? { conditionalIn, viaSkipped, firstLine } : {};
  // (a header not on disk changed nothing before: only the conditional ones refuse alone)
  const first = unknowns.find((u) => !/, which the unit reads, is not on disk$/.test(u.why));
  if (!first) return { names: out, ...conditional };
  const { touched: all, systemUnder } = firstLine();
  return { names: out, unknown: first.why, unknowns, touched: all, systemUnder, ...conditional };
}

/** What a guard at the main file's first line may not read (unreadIncludes.ts GuardReading). */
type FirstLineReading = ReturnType<NonNullable<SkippedHeaders['firstLine']>>;

function firstLineReading(
  userTouched: ReadonlySet<string>,
  system: readonly string[],
  sys: { under: boolean; files: string[] | undefined },
  once: (file: string) => string | undefined,
  absolute: (file: string) => string,
  search?: IncludeSearch,
): FirstLineReading {
  const touched = new Set(userTouched);
  const systemTouched = new Set<string>();
  // A system header this build reads defines in another build what its other branches do
  // (`#include <math.h>` then `#ifdef M_PI`: M_PI under -std=gnu11, not -std=c11), after
  // the first line where the guard reads the name: its every branch's names are touched.
  for (const h of system) {
    const text = once(h);
    if (text !== undefined) for (const n of textTouches(absolute(h), text)) systemTouched.add(n);
  }
  // What the system headers included under a conditional directive define, when all of
  // them and their own includes are read: touched, and no other name is theirs.
  const systemNames = sys.under && sys.files && systemClosure(sys.files, once, search);
  if (systemNames) for (const n of systemNames) systemTouched.add(n);
  for (const n of systemTouched) touched.add(n);
  return { touched, systemTouched, systemUnder: sys.under && !systemNames };
}

/**
 * The names the system headers `files` and every header they include (in any branch) define
 * or undefine, or undefined when one of them is not found or read (an include a macro names,
 * more than SYSTEM_HEADERS of them).
 */
function systemClosure(
  files: readonly string[],
  read: (file: string) => string | undefined,
  search: IncludeSearch = { quote: [], user: [], system: [] },
): Set<string> | undefined {
  const names = new Set<string>();
  const seen = new Set<string>();
  const queue = [...files];
  for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    const text = read(f);
    if (text === undefined || seen.size > SYSTEM_HEADERS) return undefined;
    for (const n of textTouches(f, text)) names.add(n);
    for (const n of textFacts(f, text).includes) {
      if (n.name === undefined) return undefined;
      // (one no folder holds is another platform's: gcc's stddef.h names <machine/ansi.h>
      // under `#if defined(__FreeBSD__)`; no build here reads it)
      const next = systemHeaderFile(n.name, n.quoted, n.next, f, search);
      if (next) queue.push(next);
    }
  }
  return names;
}

const SYSTEM_HEADERS = 400;

/** The files the unit reads before its main file's first line (`-include`d headers). */
function readBeforeFirstLine(tu: Parameters<typeof userHeaders>[0]): ReadonlySet<string> {
  const out = new Set<string>();
  // (the preprocessor names the main file first, then the built-ins, the command line and
  // the forced headers, then the main file again at its line 1)
  for (const l of tu.lines.slice(1)) {
    if (l.file === tu.mainName) break;
    out.add(l.file);
  }
  return out;
}

/** The unread includes of a header with no condition a guard at the first line can repeat. */
function unguarded(s: SkippedHeaders): SkippedHeaders {
  const unknowns = s.unknowns?.map((u) => ({
    why: `${u.why}, in a header read before the file's first line`,
  }));
  return unknowns ? { ...s, unknowns } : s;
}

/** The system headers the unit reads (the files of its lines that are not the user's). */
function systemHeaders(tu: Parameters<typeof userHeaders>[0]): readonly string[] {
  const user = new Set(userHeaders(tu));
  const files = new Set<string>();
  for (const l of tu.lines) if (!l.main) files.add(l.file);
  return [...files].filter(
    (f) => f !== tu.mainName && f !== '' && !user.has(f) && !/^<.*>$/.test(f),
  );
}

/**
 * The names a text `#define`s or `#undef`s in any branch, and those its `push_macro` or
 * `pop_macro` pragmas name (a pop restores another definition).
 */
function textTouches(file: string, text: string): string[] {
  const pragmas = [...text.matchAll(/(?:push|pop)_macro\s*\(\s*\\?"([A-Za-z_]\w*)/g)];
  return [...textFacts(file, text).definitions.map(([n]) => n), ...pragmas.map((m) => m[1]!)];
}

/**
 * Why the reading of each function the unit defines outside its own file (a header, the
 * host of a unity build) may differ in another configuration, by name: read in that file's
 * text as a file set's summary reads a unit's functions (adversary 2026-11-28c: kern.c read
 * inside main.c, whose main() reads the buffer after fill() under #ifdef DEBUG only; fill's
 * parameter was folded in place and -DDEBUG printed another result). `first` and `last` are
 * the 0-based lines of the definition in the preprocessed text.
 */
export function includedDependence(
  definitions: readonly { readonly name: string; readonly first: number; readonly last: number }[],
  tu: Parameters<typeof userHeaders>[0] & { readonly lines: readonly LineOrigin[] },
  read: (file: string) => string | undefined,
  absolute: (file: string) => string,
  search?: IncludeSearch,
  kept?: KeptDependence,
): Map<string, string> {
  const out = new Map<string, string>();
  const headers = userHeaders(tu);
  // Per file, its text read once for all its functions (undefined: not read), and once
  // per call and `read` for the files read inside one host (each other's headers).
  const readings = new Map<string, FunctionDependence | undefined>();
  const once = onceEach(read);
  const readingOf = (f: string) => {
    if (!readings.has(f)) {
      const raw = once(f);
      readings.set(
        f,
        raw === undefined
          ? undefined
          : fileReading({
              raw,
              macros: tu.macros,
              read,
              headers,
              file: absolute(f),
              ...(search ? { search } : {}),
            }),
      );
    }
    return readings.get(f);
  };
  const answer = (a: LineOrigin, b: LineOrigin) => {
    const dependence = a.file === b.file ? readingOf(a.file) : undefined;
    return dependence === undefined
      ? `it is defined in ${a.main ? b.file : a.file}, whose text is not read for its configuration`
      : dependence(a.line, b.line);
  };
  const answers = kept && keptAnswers(kept, tu, headers, read, absolute, search);
  for (const d of definitions) {
    const [a, b] = [tu.lines[d.first], tu.lines[d.last]];
    if (!a || !b || (a.main && b.main)) continue;
    const why = answers ? answered(answers, a, b, answer) : answer(a, b);
    if (why) out.set(d.name, `(${a.file}) ${why}`);
  }
  return out;
}

/**
 * The answers of `includedDependence` kept for the files read inside one host (hostShare.ts):
 * each file of a unity build of n files asked about the n others' functions (issue 27). An
 * answer reads the function's file and lines, the unit's macro events, what its headers
 * find and how names are read and looked up; the files of a host read the same but for the
 * events of their own file and the list of headers (each leaves out its own file), so the
 * answers are kept by what those give (`readingKey`).
 */
export interface KeptDependence {
  readonly read?: (file: string) => string | undefined;
  readonly absolute?: (file: string) => string;
  readonly byReading: Map<string, Map<string, string | undefined>>;
}

type Answers = Map<string, string | undefined>;

function keptAnswers(
  kept: KeptDependence,
  tu: Parameters<typeof userHeaders>[0],
  headers: readonly string[],
  read: (file: string) => string | undefined,
  absolute: (file: string) => string,
  search: IncludeSearch | undefined,
): Answers | undefined {
  // (another way of reading or naming files: nothing kept is known to hold)
  if (kept.read !== read || kept.absolute !== absolute) return undefined;
  const key = readingKey(tu, headers, read, search);
  let answers = kept.byReading.get(key);
  if (!answers) kept.byReading.set(key, (answers = new Map()));
  return answers;
}

/** What the answers read of the unit besides the function's own file (`keptAnswers`). */
function readingKey(
  tu: Parameters<typeof userHeaders>[0],
  headers: readonly string[],
  read: (file: string) => string | undefined,
  search: IncludeSearch | undefined,
): string {
  // (macroDependence reads these of the user's events, and whether `assert` has any: the
  // system headers' are most of them, the same in every reading)
  const events = tu.macros
    .filter((e) => !e.system)
    .map((e) => `${e.kind} ${e.name} ${+e.inMainFile} ${e.line} ${e.file}`)
    .join('\n');
  const assert = tu.macros.some((e) => e.name === 'assert');
  // (each header's text read once per call, as fileReading reads them)
  const t = { raw: '', read: onceEach(read), headers, ...(search ? { search } : {}) };
  return `${+assert}${events}\0${unitFindingsKey(t, read)}`;
}

function answered(
  answers: Answers,
  a: LineOrigin,
  b: LineOrigin,
  answer: (a: LineOrigin, b: LineOrigin) => string | undefined,
): string | undefined {
  const key = `${+a.main}${+b.main} ${a.line} ${b.line} ${a.file}\0${b.file}`;
  if (answers.has(key)) return answers.get(key);
  const why = answer(a, b);
  answers.set(key, why);
  return why;
}
