/**
 * The translation unit the compiler sees: the file preprocessed by the user's `$CC`
 * (`cc -E -dD`, with the user's flags), read back as
 *
 * - `text`: the preprocessed C, with line markers and `#define`/`#undef` lines blanked
 *   (they would only confuse the parser; nothing else moves), given to tree-sitter;
 * - `lines`: for every line of `text`, the file and line it comes from (from the markers);
 * - `macros`: every `#define` / `#undef` the preprocessor went through, in order, with the
 *   main-file line after which it takes effect (so that the spelling map knows which names
 *   are macros at each token of the file).
 *
 * The source is handed over on standard input as bytes (one JavaScript character per byte,
 * see cli/sourceFile.ts), with `-iquote` the file's folder so that `#include "x.h"` finds what
 * it finds when the compiler reads the file itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.js';
import { includesOf } from './headerTextFacts.js';
import { findHeader, includeSearch } from './includeSearch.js';
import type { SourceLanguage } from './language.js';
import type { DataModelChoice } from './dataModel.js';
import { givenOutput, noteRun, runKey, sharesRuns } from './preprocessorRuns.js';

export interface PreprocessOptions {
  /** The compiler (default `$CC`, else `cc`). */
  readonly cc?: string;
  /** Preprocessor flags in the compiler's spelling: `-I dir`, `-DN=1`, `-UN`, `-include f`, `-std=c99`. */
  readonly flags?: readonly string[];
  /** Folder the compiler runs in (relative `-I` of compile_commands.json). */
  readonly cwd?: string;
  /** The file's language (language.ts; default C): C++ runs `$CXX` (else `c++`) as C++. */
  readonly language?: SourceLanguage;
  /**
   * The file is read as the compiler builds it: inside another file that `#include`s it (a
   * unity build; src/frontend/hostUnit.ts). That file's name and text; the flags are its.
   */
  readonly host?: HostFile;
  /**
   * The target's data model when the compiler that runs is not the target's (a cross
   * compiler not installed) or the user names it: over the predefined macros (dataModel.ts).
   */
  readonly dataModel?: DataModelChoice;
}

/** A file that `#include`s the file analysed, and whose translation unit is compiled. */
export interface HostFile {
  readonly file: string;
  readonly source: string;
}

export interface MacroEvent {
  readonly kind: 'define' | 'undef';
  readonly name: string;
  /** Parameter names of a function-like macro; undefined for an object-like one. */
  readonly params?: readonly string[];
  readonly body: string;
  /** Where the directive is: the file (as the compiler names it) and its line. */
  readonly file: string;
  readonly line: number;
  /** A system header (or the compiler's built-ins): not the user's own code. */
  readonly system: boolean;
  /** Takes effect for the tokens of the main file on lines after this one. */
  readonly afterMainLine: number;
  /** The directive is spelled in the main file (on line `line`). */
  readonly inMainFile: boolean;
}

export interface LineOrigin {
  readonly file: string;
  readonly line: number;
  readonly main: boolean;
  /** For a line of a header: the main-file line that (directly or not) includes it. */
  readonly includedAt?: number;
}

export interface TranslationUnit {
  readonly text: string;
  readonly lines: readonly LineOrigin[];
  readonly macros: readonly MacroEvent[];
  /** The name the preprocessor gives the main file (`<stdin>`). */
  readonly mainName: string;
}

export function compilerName(options: PreprocessOptions = {}): string {
  if (options.language === 'c++') return options.cc ?? process.env.CXX ?? 'c++';
  return options.cc ?? process.env.CC ?? 'cc';
}

/** The compiler's `-x` for the file's language. */
export function languageFlag(options: PreprocessOptions = {}): string {
  return options.language === 'c++' ? 'c++' : 'c';
}

/** The compiler is missing (not "it refused the file"). */
export class NoCompilerError extends Error {}

export const MARKER = /^# (\d+) "((?:[^"\\]|\\.)*)"((?: \d)*)\s*$/;
const DEFINE = /^#define ([A-Za-z_$][\w$]*)(\(([^)]*)\))? ?(.*)$/;
const UNDEF = /^#undef ([A-Za-z_$][\w$]*)/;

/** A `#define` or `#undef` line of `-dD` output: blanked in the parser's text. */
export function isMacroLine(l: string): boolean {
  return (l.startsWith('#define ') && DEFINE.test(l)) || (l.startsWith('#undef ') && UNDEF.test(l));
}

export function unescapeName(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}

/** Runs the preprocessor; throws InputError with the compiler's own diagnostic on failure. */
export function preprocess(
  source: string,
  file: string,
  options: PreprocessOptions = {},
): TranslationUnit {
  return readTranslationUnit(preprocessorOutput(source, file, options));
}

/**
 * The folder `#include "x.h"` searches first: the file's own, the file's name being relative
 * to the current folder (as the command line and pre-commit give it), not to the folder the
 * compiler runs in (a compilation database's `directory`: every quoted include failed there).
 */
export function sourceFolder(file: string): string {
  return path.dirname(path.resolve(file));
}

/**
 * A quoted include of the text that the preprocessor, reading it from its standard input,
 * finds in its working directory, where the compiler, reading the file, finds another file
 * (GCC looks for `#include "cfg.h"` of its input in its working directory before the
 * `-iquote` folder: `beeclak contract src/k.c` beside a ./cfg.h read ./cfg.h, not src/cfg.h,
 * and contracted for the wrong macros).
 */
function shadowedInclude(
  source: string,
  file: string,
  options: PreprocessOptions,
): string | undefined {
  const here = path.resolve(options.cwd ?? '.');
  const main = path.resolve(file);
  if (here === path.dirname(main)) return undefined;
  const search = includeSearch(options.flags ?? [], options.cwd);
  for (const n of includesOf(source)) {
    if (!n.quoted || n.next || n.name === undefined || path.isAbsolute(n.name)) continue;
    const read = path.resolve(here, n.name);
    if (!existsSync(read)) continue;
    const found = findHeader(n.name, true, main, search);
    const real = typeof found === 'object' ? found.user : undefined;
    if (real !== read)
      return `the preprocessor, reading the file from its standard input, takes #include ${n.spelled} (line ${n.line}) from its working directory (${read}), where the compiler reads ${real ?? 'another file'}: run beeclak from the file's folder`;
  }
  return undefined;
}

/** What runs: the compiler and its arguments. */
function command(
  file: string,
  options: PreprocessOptions,
  source: string,
): { cc: string; args: string[] } {
  const shadowed = shadowedInclude(source, file, options);
  if (shadowed !== undefined) throw new InputError(shadowed, file);
  const cc = compilerName(options);
  const dir = sourceFolder(file);
  return {
    cc,
    args: ['-E', '-dD', ...(options.flags ?? []), '-iquote', dir, '-x', languageFlag(options), '-'],
  };
}

const MAX_OUTPUT = 1 << 30;

/** The preprocessor's output as it is (one character per byte), or its refusal thrown. */
export function preprocessorOutput(
  source: string,
  file: string,
  options: PreprocessOptions = {},
): string {
  const { cc, args } = command(file, options, source);
  const key = sharesRuns() ? runKey(cc, args, options.cwd, source) : undefined;
  const given = key !== undefined ? givenOutput(key) : undefined;
  if (given !== undefined) return given;
  const output = spawnedOutput(source, file, options, cc, args);
  if (key !== undefined) noteRun(key, output);
  return output;
}

/** The compiler run, its output as it is, or its refusal thrown. */
function spawnedOutput(
  source: string,
  file: string,
  options: PreprocessOptions,
  cc: string,
  args: readonly string[],
): string {
  const run = spawnSync(cc, args, {
    input: Buffer.from(source, 'latin1'),
    cwd: options.cwd,
    maxBuffer: MAX_OUTPUT,
  });
  // A compiler that refuses its flags exits before it reads its input: the write fails with
  // EPIPE (when the input outgrows the pipe, or the exit wins the race), and its own error,
  // which is the one to show, is in its stderr.
  const stoppedReading = (run.error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
  if (stoppedReading && run.status !== null && run.status !== 0)
    throw compilerDiagnostic(run.stderr.toString('utf8'), file, cc);
  if (run.error) {
    if ((run.error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new NoCompilerError(
        options.language === 'c++'
          ? `the C++ compiler '${cc}' was not found (set $CXX or install c++)`
          : `the C compiler '${cc}' was not found (set $CC or install cc)`,
      );
    throw new InputError(`cannot run the C compiler '${cc}': ${run.error.message}`, file);
  }
  if (run.status !== 0) throw compilerDiagnostic(run.stderr.toString('utf8'), file, cc);
  return run.stdout.toString('latin1');
}

/**
 * `preprocessorOutput`, with the compiler running while the caller goes on (issue 17: the
 * parser loads meanwhile). Whatever is out of the ordinary (the compiler cannot be started,
 * it stops reading its input, too much output) is left to `preprocessorOutput`, run again,
 * so that the result or the error is exactly the one it gives.
 */
export function preprocessorOutputAsync(
  source: string,
  file: string,
  options: PreprocessOptions = {},
): Promise<string> {
  let cc: string, args: string[];
  try {
    ({ cc, args } = command(file, options, source));
  } catch (e) {
    return Promise.reject(e as Error);
  }
  const given = sharesRuns() ? givenOutput(runKey(cc, args, options.cwd, source)) : undefined;
  if (given !== undefined) return Promise.resolve(given);
  const again = () => preprocessorOutput(source, file, options);
  return new Promise<string>((resolve, reject) => {
    const settle = (f: () => string) => {
      try {
        resolve(f());
      } catch (e) {
        reject(e);
      }
    };
    let child;
    try {
      child = spawn(cc, args, { cwd: options.cwd, stdio: 'pipe' });
    } catch {
      settle(again);
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let odd = false;
    child.stdout.on('data', (b: Buffer) => {
      size += b.length;
      if (size > MAX_OUTPUT && !odd) {
        odd = true;
        child.kill();
      }
      if (!odd) out.push(b);
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.stdin.on('error', () => (odd = true));
    child.on('error', () => (odd = true));
    child.on('close', (status) => {
      if (odd) return settle(again);
      if (status !== 0)
        return settle(() => {
          throw compilerDiagnostic(Buffer.concat(err).toString('utf8'), file, cc);
        });
      settle(() => Buffer.concat(out).toString('latin1'));
    });
    child.stdin.end(Buffer.from(source, 'latin1'));
  });
}

/**
 * The line of a compiler's stderr that says why it failed: the first error with a location,
 * else the first error (`cc: error: unrecognized command-line option '-mthumb'`), else the
 * first line. Not merely the first line: warnings come first (`cc: warning: '-mcpu=' is
 * deprecated`), and one was all a refused file showed.
 */
export function compilerError(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((l) => l.replace(/\r$/, ''));
  return (
    lines.find((l) => /:\d+(:\d+)?: (fatal )?error:/.test(l)) ??
    lines.find((l) => /(^|: )(fatal )?error:/.test(l)) ??
    lines.find((l) => l.trim())
  );
}

/** The compiler's first error, at its own file:line:col (the main file is `<stdin>` to it). */
function compilerDiagnostic(stderr: string, file: string, cc: string): InputError {
  const first = compilerError(stderr);
  const m = first && /^(.*?):(\d+)(?::(\d+))?: (?:fatal )?error: (.*)$/.exec(first);
  if (!m) return new InputError(`the preprocessor (${cc}) refused the file: ${first ?? ''}`, file);
  const where = m[1] === '<stdin>' ? file : m[1];
  return new InputError(
    `the preprocessor (${cc}) refused the file: ${m[4]}${where !== file ? ` (in ${where}:${m[2]})` : ''}`,
    file,
    where === file ? { line: Number(m[2]), column: Number(m[3] ?? 1) } : undefined,
  );
}

/** Splits `cc -E -dD` output into parser text, line origins and macro events. */
export function readTranslationUnit(output: string): TranslationUnit {
  return unitOfOutput(readOutput(output));
}

/** A line marker of the output: the file it names (unescaped), the line and the flags. */
export interface OutputMarker {
  readonly name: string;
  readonly line: number;
  readonly flags: string;
}

/** A `-dD` line's event, but where it stands (the file and line the markers give). */
type OutputEvent = Pick<MacroEvent, 'kind' | 'name' | 'params' | 'body'>;

/**
 * The output's lines read once (`unitOfOutput` gives the unit): per line, its marker, its
 * macro event, or neither (a line of code); and the parser's text, the same whichever file
 * the markers name (a host's output read for each file it includes: hostUnit.ts, issue 27).
 */
export interface OutputLines {
  readonly text: string;
  readonly items: readonly (OutputMarker | OutputEvent | undefined)[];
}

export function readOutput(output: string): OutputLines {
  const raw = output.split('\n');
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
  const text: string[] = [];
  const items: (OutputMarker | OutputEvent | undefined)[] = [];
  for (const l of raw) {
    // Markers and -dD lines start with '#': the regular expressions run only on those.
    const marker = l.charCodeAt(0) === 35 ? MARKER.exec(l) : null;
    if (marker) {
      items.push({ name: unescapeName(marker[2]!), line: Number(marker[1]), flags: marker[3]! });
      text.push('');
      continue;
    }
    const def = l.startsWith('#define ') ? DEFINE.exec(l) : undefined;
    const undef = l.startsWith('#undef ') ? UNDEF.exec(l) : undefined;
    if (def || undef) {
      items.push({
        kind: def ? 'define' : 'undef',
        name: (def ?? undef)![1]!,
        ...(def?.[2] !== undefined
          ? {
              params: def[3]!
                .split(',')
                .map((s) => s.trim())
                .filter((s) => s !== ''),
            }
          : {}),
        body: def ? def[4]! : '',
      });
      text.push('');
    } else {
      items.push(undefined);
      text.push(l);
    }
  }
  return { text: text.join('\n') + '\n', items };
}

/**
 * The unit of an output read by `readOutput`, each marker's file named by `named` (the
 * marker and its index among the lines; by default the file it names).
 */
export function unitOfOutput(
  out: OutputLines,
  named: (m: OutputMarker, k: number) => string = (m) => m.name,
): TranslationUnit {
  const unit: UnitLines = { lines: [], macros: [] };
  const state = readLines(out, named, 0, out.items.length, startOfOutput(), unit);
  return {
    text: out.text,
    lines: unit.lines,
    macros: unit.macros,
    mainName: state.mainName ?? '<stdin>',
  };
}

/** Where the reading of an output's lines stands before a line (`readLines`). */
export interface ReadingState {
  readonly file: string;
  readonly line: number;
  readonly system: boolean;
  readonly lastMainLine: number;
  readonly mainName: string | undefined;
}

export const startOfOutput = (): ReadingState => ({
  file: '',
  line: 1,
  system: false,
  lastMainLine: 0,
  mainName: undefined,
});

/** A unit's line origins and macro events, as they are read. */
export interface UnitLines {
  readonly lines: LineOrigin[];
  readonly macros: MacroEvent[];
}

/**
 * Reads the lines `from` to `to` (excluded) of an output from `state` into `unit`; `seen`
 * is told of each line before it is read, with the state there. The state after them.
 */
export function readLines(
  out: OutputLines,
  named: (m: OutputMarker, k: number) => string,
  from: number,
  to: number,
  state: ReadingState,
  unit: UnitLines,
  seen?: (k: number, state: ReadingState) => void,
): ReadingState {
  let { file, line, system, lastMainLine, mainName } = state;
  const { lines, macros } = unit;
  for (let k = from; k < to; k++) {
    seen?.(k, { file, line, system, lastMainLine, mainName });
    const item = out.items[k];
    if (item && 'flags' in item) {
      file = named(item, k);
      line = item.line;
      system = / 3/.test(item.flags) || file === '<built-in>';
      mainName ??= file;
      if (file === mainName) lastMainLine = line - 1;
      lines.push({ file, line: 0, main: false });
      continue;
    }
    const isMain = file === mainName;
    const origin: LineOrigin = isMain
      ? { file, line, main: true }
      : { file, line, main: false, includedAt: lastMainLine + 1 };
    if (isMain) lastMainLine = line;
    if (item)
      macros.push({
        ...item,
        file,
        line,
        system,
        afterMainLine: lastMainLine,
        inMainFile: isMain,
      });
    lines.push(origin);
    line++;
  }
  return { file, line, system, lastMainLine, mainName };
}
