/**
 * One translation unit's part of the program's call graph (issue 27, "one call graph over
 * the file set"): every function the unit defines with its calls, buffers and parameter
 * uses (calls.ts, all of them, not only those of functions with arrays), and every name
 * the unit spells other than as the callee of a call: a function pointer, a table, `&f`, a
 * string (an `alias` attribute, `asm`), a declaration with an attribute that makes it an
 * entry point. src/pipeline/wholeProgram/fileSet.ts joins the summaries of the set.
 *
 * Read from the same preprocessed text as the file's own analysis (the compiler's view, or
 * the file's text without one). Names are matched by spelling: a local variable spelled as
 * a function of another file counts as a mention of that function, which only keeps arrays.
 */
import { readFileSync } from 'node:fs';
import { type DataModel, unitDataModel } from './dataModel.js';
import path from 'node:path';
import type { FunctionCalls, SourceLoc } from '../model/calls.js';
import { extractCalls } from './calls.js';
import { scalarTypedefNames } from './declaredBuffers.js';
import { ASM_LABELLED, REACHING_ATTRIBUTES } from './reachedElsewhere.js';
import { asmLabelled, literalsBlanked, namesInLiterals } from './linkNames.js';
import { functionName, topLevel } from './builtinModel.js';
import { type Node, child, parseTree, SourceText } from './parse.js';
import {
  preprocessorOutput,
  sourceFolder,
  readTranslationUnit,
  type LineOrigin,
  type MacroEvent,
  type PreprocessOptions,
} from './preprocess.js';
import { compilerSetup } from './compilerSetup.js';
import { physicalMarkers } from './lineDirectives.js';
import { languageOf } from './language.js';
import { includedFiles } from './noCandidate.js';
import { sourcesEntered } from './hostUnit.js';
import { inCallContext } from '../context/callContext.js';
import { fileReading, type FunctionDependence } from './configurationDependence.js';
import { userHeaders } from './headerReadings.js';
import { includeSearch, type IncludeSearch } from './includeSearch.js';
import { firstDependentGroup, unitTextsOf, type UnitTexts } from './constantConditionals.js';
import { dependentSpellings } from './dependentSpellings.js';
import { inSystemFolder } from './systemFolders.js';
import { NO_NAMES, nameRecord } from '../poly/nameRecord.js';
import { structFacts } from './structFacts.js';
import type { StructFacts } from '../model/structs.js';
import { globalArraysOf } from './externalArrays.js';
import type { GlobalArrays } from '../model/program.js';

/** Where a name is spelled, and what the spelling may do. */
interface Mention {
  readonly loc: SourceLoc;
  /** The file the spelling is in (the unit's own file, a header, an included `.c` file). */
  readonly in: string;
  readonly why: string;
}

export interface FileSummary {
  readonly file: string;
  /** Every function the unit defines (also in headers and included files), with `file` set. */
  readonly functions: readonly FunctionCalls[];
  /** Per function name: the file whose text defines it (the unit's file, a header, ...). */
  readonly definedIn: Readonly<Record<string, string>>;
  /** The first spelling of each name other than as a callee or its own definition. */
  readonly mentions: Readonly<Record<string, Mention>>;
  /** The `.c` files (not headers) the unit includes, as absolute paths. */
  readonly includedSources: readonly string[];
  /**
   * Per `.c` file the unit includes (absolute path), how many times the preprocessor enters
   * it (a unity build: once, or its text stands for several macro contexts).
   */
  readonly timesIncluded: Readonly<Record<string, number>>;
  /** Every file the preprocessor read besides the unit's own, as absolute paths. */
  readonly read: readonly string[];
  /**
   * A conditional group a build may decide otherwise in the unit's file or a user header
   * it reads (constantConditionals.ts), as `file:line`: a struct member's verdict reads the
   * whole unit, in this configuration only (structMembers.ts).
   */
  readonly conditional?: string;
  /**
   * Per name spelled inside a conditional group a build may decide otherwise, in the unit's
   * file or a user header it reads, the first such place (`file:line`): another build of the
   * unit may call the function or take its address there (fileSet.ts, BC1136); also every
   * name of a user header such a group includes (dependentSpellings.ts).
   */
  readonly conditionalNames?: Readonly<Record<string, string>>;
  /** NDEBUG is defined where the unit's code begins: its assertions are not read. */
  readonly ndebug?: true;
  /**
   * Per name, where the unit declares it as a function outside every body (its prototypes):
   * the file (absolute for a header) and line of the name, to retype them across files.
   */
  readonly declarations: Readonly<Record<string, readonly { in: string; line: number }[]>>;
  /** What the unit shows of its structs (a member passed as a buffer: structMembers.ts). */
  readonly structs?: StructFacts;
  /**
   * The unit's data model is not known (BC1045): what it shows (sizes, constants, buffers)
   * was read in LP64 and holds in no known model, so the set takes it as a unit that cannot
   * be read (setSummaries.ts).
   */
  readonly dataModelUnknown?: true;
  /** The file-scope arrays with external linkage the unit's file defines (externalArrays.ts). */
  readonly globalArrays?: GlobalArrays;
  /** The unit does not parse (a syntax error): the names it spells are not all known. */
  readonly unparsed?: true;
}

export interface SummaryOptions {
  /** The preprocessor's settings, or `false` for the file's own text (no compiler). */
  readonly compiler: PreprocessOptions | false;
  readonly defines?: Readonly<Record<string, bigint>>;
}

/** The unit of `file` read as its analysis reads it, summarized. */
export function summarizeFile(source: string, file: string, options: SummaryOptions): FileSummary {
  return inCallContext(() => {
    if (languageOf(file) === 'c++' || (options.compiler && options.compiler.language === 'c++'))
      throw new Error('the calls of a C++ file are not read');
    if (options.compiler === false)
      return {
        ...summarize(source, file, undefined, { raw: source }),
        timesIncluded: nameRecord<number>(),
      };
    const setup = { compiler: options.compiler, defines: options.defines ?? NO_NAMES };
    const { compiler } = compilerSetup(source, file, setup);
    const output = physicalMarkers(
      preprocessorOutput(source, file, compiler),
      source,
      file,
      compiler.cwd,
    );
    const tu = readTranslationUnit(output);
    const entered = nameRecord<number>();
    for (const [f, n] of sourcesEntered(output, compiler.cwd)) entered[f] = n;
    const written = { raw: source, macros: tu.macros, headers: userHeaders(tu) };
    const model = unitDataModel(compiler.dataModel, tu.macros, false);
    // (An unknown model: the unit's own arrays are refused; its calls, read in LP64, are
    // said to be so.)
    const known = model === 'unknown' ? undefined : model;
    return {
      ...summarize(
        tu.text,
        file,
        tu.lines,
        written,
        compiler.cwd,
        known,
        includeSearch([...(compiler.flags ?? []), '-iquote', sourceFolder(file)], compiler.cwd),
      ),
      timesIncluded: entered,
      ...(model === 'unknown' ? { dataModelUnknown: true as const } : {}),
    };
  });
}

function summarize(
  text: string,
  file: string,
  lines: readonly LineOrigin[] | undefined,
  written: { raw: string; macros?: readonly MacroEvent[]; headers?: readonly string[] },
  cwd?: string,
  dataModel?: DataModel,
  search?: IncludeSearch,
): Omit<FileSummary, 'timesIncluded'> {
  const src = new SourceText(text, file);
  const root = parseTree(text).rootNode as unknown as Node;
  const definitions = topLevel(root, 'function_definition');
  // A preprocessed line -> the file and line it comes from (the unit's own file for `<stdin>`).
  const mainName = lines?.find((l) => l.main)?.file;
  const origin = (loc: SourceLoc): { loc: SourceLoc; in: string } => {
    const o = lines?.[loc.line - 1];
    if (!o || o.line === 0) return { loc, in: file };
    return { loc: { line: o.line, column: loc.column }, in: o.file === mainName ? file : o.file };
  };
  const graph = extractCalls(src, definitions, {
    ...(dataModel ? { dataModel } : {}),
    scalarTypedefs: scalarTypedefNames(topLevel(root, 'type_definition')),
    everyCallee: true,
  });
  const definedIn: Record<string, string> = Object.create(null);
  // Another file's name as an absolute path (the marker's is relative to the compiler's folder).
  const fileOf = (o: { in: string }) => (o.in === file ? file : path.resolve(cwd ?? '.', o.in));
  for (const d of definitions) definedIn[functionName(d)] ??= fileOf(origin(src.locOf(d)));
  const read = mainName
    ? includedFiles(
        lines!.map((l) => l.file),
        mainName,
        cwd,
      )
    : [];
  const headers = headerTexts(written.headers, cwd);
  // A header not read could undefine anything: then no macro of the file is fixed.
  const unit =
    written.headers && headers.every((h) => h.text !== undefined)
      ? unitTextsOf([written.raw, ...headers.map((h) => h.text!)])
      : undefined;
  const reading = fileReadings({ ...written, ...(unit ? { unit } : {}) }, file, cwd, search);
  const dependence = new Map(
    definitions.map((d) => [functionName(d), dependenceOf(d, src, file, origin, reading)]),
  );
  const functions = graph.functions.map((f) => {
    const configured = dependence.get(f.name);
    return relocated(configured ? { ...f, configured } : f, file, (l) => origin(l).loc);
  });
  const includedSources = [
    ...new Set(
      (lines ?? [])
        .filter((l) => !l.main && l.line > 0 && /\.c$/i.test(l.file))
        .map((l) => path.resolve(cwd ?? '.', l.file)),
    ),
  ].sort();
  const declarations: Record<string, { in: string; line: number }[]> = Object.create(null);
  const mentions = mentionsOf(src, definitions, origin, (name, at) => {
    const o = origin(at);
    const where = o.in === file ? file : path.resolve(cwd ?? '.', o.in);
    (declarations[name] ??= []).push({ in: where, line: o.loc.line });
  });
  const structs = structFacts(root, text, (offset) => {
    const o = origin(src.loc(offset));
    return { in: o.in === file ? file : path.resolve(cwd ?? '.', o.in), loc: o.loc };
  });
  const conditional = dependentConditional(file, written.raw, headers, unit);
  const conditionalNames = dependentSpellings(file, written.raw, headers, unit, cwd, search, {
    macros: written.macros,
  });
  const globalArrays = globalArraysOf(root, src, origin, file);
  return {
    file,
    ...(Object.keys(globalArrays).length > 0 ? { globalArrays } : {}),
    ...(root.hasError ? { unparsed: true as const } : {}),
    functions,
    structs,
    ...(conditional ? { conditional } : {}),
    ...(conditionalNames ? { conditionalNames } : {}),
    ...((written.macros ?? []).some((e) => e.name === 'NDEBUG' && !e.system)
      ? { ndebug: true as const }
      : {}),
    definedIn,
    declarations,
    mentions,
    includedSources,
    read,
  };
}

/**
 * The first conditional group a build may decide otherwise, in the unit's file or a user
 * header (one no system header's macro comes from, outside the system folders), as
 * `file:line`.
 */
function dependentConditional(
  file: string,
  raw: string,
  headers: readonly { file: string; text: string | undefined }[],
  unit: UnitTexts | undefined,
): string | undefined {
  const own = firstDependentGroup(raw, unit);
  if (own !== undefined) return `${file}:${own}`;
  for (const h of headers) {
    if (h.text === undefined) return `${h.file} (not read)`;
    const line = firstDependentGroup(h.text, unit);
    if (line !== undefined) return `${h.file}:${line}`;
  }
  return undefined;
}

/**
 * The user headers the unit read (configurationDependence.ts userHeaders), but those in the
 * system folders, each with its text (undefined: not readable).
 */
function headerTexts(
  headers: readonly string[] | undefined,
  cwd: string | undefined,
): { file: string; text: string | undefined }[] {
  return (headers ?? [])
    .map((h) => path.resolve(cwd ?? '.', h))
    .filter((h) => !inSystemFolder(h))
    .map((h) => ({ file: h, text: readText(h) }));
}

/**
 * Why a definition's reading may differ in another configuration: read in the unit's own
 * file (configurationDependence.ts); a definition of a header is not read, so it may.
 */
function dependenceOf(
  d: Node,
  src: SourceText,
  file: string,
  origin: (loc: SourceLoc) => { loc: SourceLoc; in: string },
  reading: (of: string) => FunctionDependence | undefined,
): string | undefined {
  const first = origin(src.locOf(d));
  const last = origin(src.loc(Math.max(d.startIndex, d.endIndex - 1)));
  if (first.in !== last.in)
    return `it is defined in ${first.in === file ? last.in : first.in}, whose text is not read for its configuration`;
  // A header's function (a `static inline` one) is read in the header's text.
  const dependence = reading(first.in);
  if (dependence === undefined)
    return `it is defined in ${first.in}, whose text is not read for its configuration`;
  return dependence(first.loc.line, last.loc.line);
}

/**
 * The question of each function's configuration, per file the unit's functions are defined
 * in (the unit's, a header), each file's text read once for all its functions (undefined:
 * the file cannot be read).
 */
function fileReadings(
  written: {
    raw: string;
    macros?: readonly MacroEvent[];
    headers?: readonly string[];
    unit?: UnitTexts;
  },
  file: string,
  cwd: string | undefined,
  search: IncludeSearch | undefined,
): (of: string) => FunctionDependence | undefined {
  const readings = new Map<string, FunctionDependence | undefined>();
  const read = (f: string) => readText(path.resolve(cwd ?? '.', f));
  return (of) => {
    if (!readings.has(of)) {
      const raw = of === file ? written.raw : read(of);
      readings.set(
        of,
        raw === undefined
          ? undefined
          : fileReading({
              ...written,
              raw,
              ...(of === file ? {} : { header: of }),
              // The file is named from beeclak's folder (the preprocessor's -iquote), not the
              // compiler's: codec2's src/cohpsk.c with -p build was looked up as
              // build/src/src/cohpsk.c, and its quoted includes beside it were never found.
              file: path.resolve(file),
              ...(cwd !== undefined ? { cwd } : {}),
              read,
              ...(search ? { search } : {}),
            }),
      );
    }
    return readings.get(of);
  };
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A copy of plain data with every `loc` moved, and the defining unit's file set. */
function relocated(f: FunctionCalls, file: string, move: (l: SourceLoc) => SourceLoc) {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const out = nameRecord<unknown>();
    for (const [k, v] of Object.entries(x))
      out[k] =
        k === 'loc' && v && typeof v === 'object'
          ? move(v as SourceLoc)
          : k === 'indirectCalls' && Array.isArray(v)
            ? v.map((l: SourceLoc) => move(l))
            : walk(v);
    return out;
  };
  return { ...(walk(f) as FunctionCalls), file };
}

/**
 * Whether an offset lies in the body of one of the definitions: by binary search over the
 * bodies' offsets, read once (testing every body for each name of the text was quadratic,
 * each test two calls into tree-sitter: 500 KB of kernels in a file set spent a third of
 * its summary there; issue 29, item 3). Top-level definitions never overlap.
 */
function bodyTest(definitions: readonly Node[]): (at: number) => boolean {
  const bodies = definitions
    .map((d) => child(d, 'body'))
    .filter((b): b is Node => !!b)
    .map((b) => [b.startIndex, b.endIndex] as const)
    .sort((a, b) => a[0] - b[0]);
  return (at) => {
    // The last body that starts at or before `at`.
    let [lo, hi] = [0, bodies.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bodies[mid]![0] <= at) lo = mid + 1;
      else hi = mid;
    }
    const b = bodies[lo - 1];
    return b !== undefined && at < b[1];
  };
}

/**
 * The first spelling of each name that is not the callee of a call, a declaration of a
 * function (`name(` outside a body) or a definition's name, with what it may do: a name in
 * a string may be an alias target or an assembly symbol; any other spelling may take the
 * function's address. Declarations that carry an attribute making the function reachable
 * (`weak`, `used`, `section`, `alias`, ...) are mentions too. Comments are blanked first.
 */
function mentionsOf(
  src: SourceText,
  definitions: readonly Node[],
  origin: (loc: SourceLoc) => { loc: SourceLoc; in: string },
  declared: (name: string, at: SourceLoc) => void,
): Record<string, Mention> {
  const out: Record<string, Mention> = Object.create(null);
  const add = (name: string, offset: number, why: string) => {
    if (!(name in out)) out[name] = { ...origin(src.loc(offset)), why };
  };
  const text = src.text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => m.replace(/[^\n]/g, ' '));
  for (const { name, offset } of namesInLiterals(text))
    add(name, offset, 'its name is spelled in a string (an alias attribute or assembly)');
  const code = literalsBlanked(text);
  const definitionNames = new Set(
    definitions.map((d) => {
      let x = child(d, 'declarator');
      while (x && x.type !== 'function_declarator') x = child(x, 'declarator');
      return x ? (child(x, 'declarator')?.startIndex ?? -1) : -1;
    }),
  );
  const inBody = bodyTest(definitions);
  const re = /[A-Za-z_][A-Za-z0-9_]*/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    if (definitionNames.has(m.index)) continue;
    const next = /\S/.exec(code.slice(re.lastIndex, re.lastIndex + 200));
    if (next?.[0] !== '(') {
      add(
        m[0],
        m.index,
        'its name is used other than as the callee of a call (a function pointer)',
      );
      continue;
    }
    if (asmLabelled(code, re.lastIndex)) add(m[0], m.index, ASM_LABELLED);
    if (inBody(m.index)) continue;
    declared(m[0], src.loc(m.index));
    const line = code.slice(code.lastIndexOf(';', m.index) + 1, code.indexOf(';', m.index) + 1);
    const attribute = /__attribute__|\[\[/.test(line) ? REACHING_ATTRIBUTES.exec(line) : null;
    if (attribute && /^\s*[^=]*$/.test(line.split(m[0])[0] ?? ''))
      add(m[0], m.index, `a declaration of it carries the attribute '${attribute[1]}'`);
  }
  return out;
}
