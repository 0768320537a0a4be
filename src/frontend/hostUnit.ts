/**
 * A `.c` file read as the compiler builds it when another file includes it (a unity build:
 * CHStone's `aes.c` includes `aes_enc.c`; issue 27). The host file is preprocessed with its
 * own flags, and its output re-rooted on the included file: the markers that name the
 * included file name the main file (`<stdin>`), those of the host name the host by its path
 * (a header to the reading), and one marker of the main file comes first (the main file is
 * the first one a reading meets). The included file's lines are then the main file's: its
 * functions are modelled with the host's macros at the point of inclusion, the host's types
 * and the calls of every function of the unit, and every position maps onto its own lines
 * (the spelling map reads its text against them, as for any main file).
 *
 * The file must be entered exactly once: twice, its text would stand for two macro contexts.
 */
import path from 'node:path';
import { CallSlot } from '../context/callContext.js';
import { InputError } from '../model/errors.js';
import { lineStarts } from './parse.js';
import { HostShare, type HostWork } from './hostShare.js';
import { physicalMarkers, physicalReading } from './lineDirectives.js';
import type { LineNumbering } from '../model/lineNumbering.js';
import {
  MARKER,
  type OutputLines,
  type OutputMarker,
  readLines,
  type ReadingState,
  startOfOutput,
  type UnitLines,
  preprocessorOutput,
  preprocessorOutputAsync,
  readOutput,
  type HostFile,
  type PreprocessOptions,
  type TranslationUnit,
  unescapeName,
  unitOfOutput,
} from './preprocess.js';

const escapeName = (s: string) => s.replace(/[\\"]/g, '\\$&');
const entering = (flags: string) => /(^| )1( |$)/.test(flags.trim());

/** The host's output, re-rooted on `file`, and how many times the unit enters `file`. */
export function reRooted(
  output: string,
  file: string,
  host: string,
  cwd?: string,
): { output: string; entered: number } {
  const target = path.resolve(file);
  const hostName = escapeName(path.resolve(host));
  let entered = 0;
  // Whether each name the markers spell is the file's, resolved once per name: a host of n
  // kernels has markers of n files, read again for each file (issue 27).
  const isTarget = new Map<string, boolean>();
  const named = (name: string) => {
    let t = isTarget.get(name);
    if (t === undefined) isTarget.set(name, (t = path.resolve(cwd ?? '.', name) === target));
    return t;
  };
  const lines = output.split('\n');
  for (const [k, l] of lines.entries()) {
    if (l.charCodeAt(0) !== 35) continue;
    const m = MARKER.exec(l);
    if (!m) continue;
    const name = unescapeName(m[2]!);
    if (name === '<stdin>') lines[k] = `# ${m[1]} "${hostName}"${m[3]}`;
    else if (!/^<.*>$/.test(name) && named(name)) {
      if (entering(m[3]!)) entered++;
      lines[k] = `# ${m[1]} "<stdin>"${m[3]}`;
    }
  }
  return { output: `# 1 "<stdin>"\n${lines.join('\n')}`, entered };
}

/**
 * The `.c` files (absolute paths) a preprocessor's output enters, with the number of times
 * each is entered (what a unit includes, src/frontend/program.ts).
 */
export function sourcesEntered(output: string, cwd?: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of output.matchAll(/^# \d+ "((?:[^"\\]|\\.)*)"((?: \d)*)[ \t]*$/gm)) {
    const name = unescapeName(m[1]!);
    if (!/\.c$/i.test(name) || !entering(m[2]!)) continue;
    const f = path.resolve(cwd ?? '.', name);
    out.set(f, (out.get(f) ?? 0) + 1);
  }
  return out;
}

/**
 * The host does not include the file in this configuration: that configuration does not
 * compile it through the host (src/pipeline/configurations/index.ts skips it).
 */
export class NotIncludedError extends InputError {}

function checked(
  reading: UnitReading,
  file: string,
  host: HostFile,
  options: PreprocessOptions,
): { output: string; tu: TranslationUnit } {
  reading.rooting ??= rooting(reading.output, host.file, options.cwd);
  const r = reRootedUnit(reading.rooting, file);
  if (r.entered === 0)
    throw new NotIncludedError(
      `${host.file} does not include this file in this configuration`,
      file,
    );
  if (r.entered !== 1)
    throw new InputError(
      `${host.file} includes this file ${r.entered} times: its text would stand for several macro contexts`,
      file,
    );
  return { output: r.output, tu: r.tu };
}

/**
 * A host's output read once for all the files it includes (issue 27: re-rooted and read for
 * each file, a host of n kernels cost each of them O(n)): `reRooted`'s output but for the
 * markers of the file re-rooted on, read by `readOutput`, with the markers of each file
 * the output names.
 */
interface Rooting {
  readonly output: string;
  readonly lines: OutputLines;
  /** Where each line of `output` starts. */
  readonly starts: readonly number[];
  /** Per file (absolute), its markers: their line, and the number and flags as spelled. */
  readonly byFile: ReadonlyMap<string, readonly { k: number; digits: string; flags: string }[]>;
  /** The output read with no file re-rooted on, made when first asked for. */
  plain?: Pass;
  /** The lines after a file read, by the main file's last line before them (`rootedUnit`). */
  readonly suffixes: Map<number, Pass>;
}

function rooting(output: string, host: string, cwd?: string): Rooting {
  const hostName = escapeName(path.resolve(host));
  const byFile = new Map<string, { k: number; digits: string; flags: string }[]>();
  const resolved = new Map<string, string>();
  const lines = output.split('\n');
  for (const [k, l] of lines.entries()) {
    if (l.charCodeAt(0) !== 35) continue;
    const m = MARKER.exec(l);
    if (!m) continue;
    const name = unescapeName(m[2]!);
    if (name === '<stdin>') lines[k] = `# ${m[1]} "${hostName}"${m[3]}`;
    else if (!/^<.*>$/.test(name)) {
      let f = resolved.get(name);
      if (f === undefined) resolved.set(name, (f = path.resolve(cwd ?? '.', name)));
      const marks = byFile.get(f) ?? [];
      // (line k + 1 of the output, whose first line is the main file's marker)
      marks.push({ k: k + 1, digits: m[1]!, flags: m[3]! });
      byFile.set(f, marks);
    }
  }
  const text = `# 1 "<stdin>"\n${lines.join('\n')}`;
  return {
    output: text,
    lines: readOutput(text),
    starts: lineStarts(text),
    byFile,
    suffixes: new Map(),
  };
}

/** The host's output re-rooted on `file` (as `reRooted` makes it) and its unit. */
function reRootedUnit(
  r: Rooting,
  file: string,
): { output: string; tu: TranslationUnit; entered: number } {
  const marks = r.byFile.get(path.resolve(file)) ?? [];
  const pieces: string[] = [];
  let at = 0;
  let entered = 0;
  for (const m of marks) {
    if (entering(m.flags)) entered++;
    const end = (r.starts[m.k + 1] ?? r.output.length + 1) - 1;
    pieces.push(r.output.slice(at, r.starts[m.k]), `# ${m.digits} "<stdin>"${m.flags}`);
    at = end;
  }
  pieces.push(r.output.slice(at));
  const tu = rootedUnit(
    r,
    marks.map((m) => m.k),
  );
  return { output: pieces.join(''), tu, entered };
}

/** The output read with no file re-rooted on, from one of its lines on (`Rooting`). */
interface Pass {
  readonly from: number;
  readonly unit: UnitLines;
  /** Per line (by its index in the output), the macros read before it, and the state there. */
  readonly macrosBefore: Int32Array;
  readonly states: readonly ReadingState[];
}

function pass(r: Rooting, from: number, state: ReadingState): Pass {
  const n = r.lines.items.length;
  const unit: UnitLines = { lines: [], macros: [] };
  const macrosBefore = new Int32Array(n + 1);
  const states: ReadingState[] = [];
  readLines(
    r.lines,
    (m) => m.name,
    from,
    n,
    state,
    unit,
    (k, st) => {
      macrosBefore[k] = unit.macros.length;
      states[k] = st;
    },
  );
  macrosBefore[n] = unit.macros.length;
  return { from, unit, macrosBefore, states };
}

/** Passes kept for the lines after a file, by its last line: a few lengths of file. */
const MOST_SUFFIXES = 2;

/**
 * The unit of the output re-rooted on the file whose markers are the lines `own` (sorted),
 * as `unitOfOutput` reads it: the lines before the file are read as with no file re-rooted
 * on (none of them is the main file's), those after it as with the main file's last line
 * before them, shared by the files of the host; only the file's own lines are read for it.
 */
function rootedUnit(r: Rooting, own: readonly number[]): TranslationUnit {
  const { items } = r.lines;
  const n = items.length;
  const named = (m: OutputMarker, k: number) => (mine.has(k) ? '<stdin>' : m.name);
  const mine = new Set(own);
  const plain = (r.plain ??= pass(r, 0, startOfOutput()));
  if (own.length === 0) return unitOfOutput(r.lines, named);
  const k0 = own[0]!;
  let next = own[own.length - 1]! + 1;
  while (next < n && !(items[next] && 'flags' in items[next]!)) next++;
  const unit: UnitLines = {
    lines: plain.unit.lines.slice(0, k0),
    macros: plain.unit.macros.slice(0, plain.macrosBefore[k0]),
  };
  const after = readLines(r.lines, named, k0, next, plain.states[k0]!, unit);
  if (next >= n) return { text: r.lines.text, ...unit, mainName: after.mainName ?? '<stdin>' };
  // (from the next marker on, what the lines read is the marker's and the main file's last
  // line: the same for every file of that length)
  let rest = r.suffixes.get(after.lastMainLine);
  if (!rest) {
    const start = {
      ...plain.states[1]!,
      lastMainLine: after.lastMainLine,
      mainName: after.mainName,
    };
    rest = pass(r, 1, start);
    if (r.suffixes.size >= MOST_SUFFIXES) r.suffixes.delete(r.suffixes.keys().next().value!);
    r.suffixes.set(after.lastMainLine, rest);
  }
  return {
    text: r.lines.text,
    lines: unit.lines.concat(rest.unit.lines.slice(next - rest.from)),
    macros: unit.macros.concat(rest.unit.macros.slice(rest.macrosBefore[next])),
    mainName: after.mainName ?? '<stdin>',
  };
}

/** The options the host is preprocessed with: its own (no host of its own). */
function hostOptions(options: PreprocessOptions): PreprocessOptions {
  const { host: _, ...rest } = options;
  return rest;
}

/**
 * The last host read, per call, in each configuration it was read in (by its options): the
 * files a run reads inside one host are analysed one after the other, and each ran the
 * compiler over the whole host again (issue 27 item 3: a unity build of n files preprocessed
 * n files n times), then parsed it and walked its calls again (hostShare.ts). A file read in
 * several configurations reads the host in each, one after the other. One host at a time:
 * the memory a call keeps is one unit's, in each configuration.
 */
const lastHost = new CallSlot((): { host?: string; readings: Map<string, UnitReading> } => ({
  readings: new Map(),
}));

/** The work of the hosts read in this call so far (tests count it: once per host). */
const hostWork = new CallSlot((): HostWork => ({ preprocessed: 0, parsed: 0, computed: 0 }));

/** This call's count of the work its hosts shared; undefined outside any call. */
export function hostWorkOfCall(): Readonly<HostWork> | undefined {
  return hostWork.current();
}

/** The preprocessor's output for a unit, and what the files read inside its host share. */
export interface UnitOutput {
  readonly output: string;
  /** The output read (readTranslationUnit), when it is read already. */
  readonly tu?: TranslationUnit;
  readonly share?: HostShare;
  /** How the compiler numbers the file's lines, when its own `#line`s renumber them. */
  readonly numbering?: LineNumbering;
}

interface UnitReading {
  readonly output: string;
  readonly share: HostShare;
  /** The output read for the files re-rooted on, made when the first asks. */
  rooting?: Rooting;
}

const hostKey = (host: HostFile) => `${host.file}\0${host.source}`;

/** The host's output and share in these options, when the call kept them. */
function keptReading(host: HostFile, options: PreprocessOptions): UnitReading | undefined {
  const kept = lastHost.current();
  return kept?.host === hostKey(host) ? kept.readings.get(JSON.stringify(options)) : undefined;
}

function keep(host: HostFile, options: PreprocessOptions, output: string): UnitReading {
  const work = hostWork.current() ?? { preprocessed: 0, parsed: 0, computed: 0 };
  work.preprocessed++;
  const reading = { output, share: new HostShare(work) };
  const kept = lastHost.current();
  if (kept && kept.host !== hostKey(host)) {
    kept.host = hostKey(host);
    kept.readings.clear();
  }
  kept?.readings.set(JSON.stringify(options), reading);
  return reading;
}

/**
 * The host's output re-rooted on the file, with the file's own `#line` directives read back
 * as its physical lines (lineDirectives.ts): the markers give the compiler's numbers, and
 * after `#line 10` the file's next line was read as its line 10 (an edit landed on a copy of
 * that line in a skipped group, the live line kept).
 */
function ownLines(
  output: string,
  source: string,
  file: string,
  options: PreprocessOptions,
): { output: string; numbering?: LineNumbering } {
  const r = physicalReading(output, source, file, options.cwd, true);
  return r.numbering.length > 0 ? r : { output: r.output };
}

/**
 * A file's re-rooted unit with its own `#line`s read back (`ownLines`); the unit read with
 * the host's is kept only when they change nothing (a changed output is read again).
 */
function inHost(
  unit: { output: string; tu: TranslationUnit },
  source: string,
  file: string,
  options: PreprocessOptions,
): Omit<UnitOutput, 'share'> {
  const own = ownLines(unit.output, source, file, options);
  return own.output === unit.output ? { ...unit, ...own } : own;
}

/** The preprocessor's output for `file`: its own, or its host's re-rooted on it. */
export function unitOutput(source: string, file: string, options: PreprocessOptions): UnitOutput {
  const host = options.host;
  if (!host)
    return physicalReading(preprocessorOutput(source, file, options), source, file, options.cwd);
  const own = hostOptions(options);
  const reading =
    keptReading(host, own) ??
    keep(
      host,
      own,
      physicalMarkers(
        preprocessorOutput(host.source, host.file, own),
        host.source,
        host.file,
        own.cwd,
      ),
    );
  return {
    ...inHost(checked(reading, file, host, options), source, file, options),
    share: reading.share,
  };
}

/** `unitOutput`, the compiler running while the caller goes on. */
export async function unitOutputAsync(
  source: string,
  file: string,
  options: PreprocessOptions,
): Promise<UnitOutput> {
  const host = options.host;
  if (!host)
    return physicalReading(
      await preprocessorOutputAsync(source, file, options),
      source,
      file,
      options.cwd,
    );
  const own = hostOptions(options);
  const reading =
    keptReading(host, own) ??
    keep(
      host,
      own,
      physicalMarkers(
        await preprocessorOutputAsync(host.source, host.file, own),
        host.source,
        host.file,
        own.cwd,
      ),
    );
  return {
    ...inHost(checked(reading, file, host, options), source, file, options),
    share: reading.share,
  };
}
