/**
 * The model of the translation unit the compiler sees (docs/design.md, "Frontend"): the file is
 * preprocessed by `$CC` with the user's flags, tree-sitter parses that text, the model is
 * built from it (macro precedence, `#undef`, conditional branches, attribute and statement
 * macros are then what the compiler did), and every location is moved back onto the
 * author's file (relocate.ts). Only functions defined in the file itself are modelled.
 */
import { checkMainFileSyntax } from './compilerSyntax.js';
import { type Disk, lazyFacts, onDisk } from './unitDisk.js';
import type { FunctionModel, ProgramModel } from '../model/types.js';
import { otherFileWarning } from './lineDirectives.js';
import type { LineNumbering } from '../model/lineNumbering.js';
import { InputError } from '../model/errors.js';
import { buildModel, functionName, topLevel } from './builtinModel.js';
import { collectDirectives, literalValue } from './directives.js';
import { globalArrayUsers, globalArrays } from './globalArrays.js';
import { type FrontendOptions, FunctionBuilder } from './function.js';
import { followHelpers } from './followHelpers.js';
import {
  type Node,
  firstError,
  loadParser,
  parserLoaded,
  parseTree,
  SourceText,
  type TSNode,
  countBelow,
  hasDescendantOfType,
} from './parse.js';
import { compactCopies } from './compactCopies.js';
import {
  NoCompilerError,
  type MacroEvent,
  type PreprocessOptions,
  readTranslationUnit,
  sourceFolder,
  type TranslationUnit,
} from './preprocess.js';
import { includedFiles, withoutCandidates } from './noCandidate.js';
import { type UnitOutput, unitOutput, unitOutputAsync } from './hostUnit.js';
import type { HostShare } from './hostShare.js';
import { mainView, standsForUnit } from './mainView.js';
import { macroValues, withConfiguration } from './configured.js';
import { offsetsOf, relocateFunction } from './relocate.js';
import { filePromises, validatePromises } from './promises.js';
import { type MacroUse, type SpellingMap, spellingMap, usesWithin } from './spelling.js';
import { macroRoles } from './macroRoles.js';
import { inCallContext } from '../context/callContext.js';
import { languageOf } from './language.js';
import { compilerSetup, type splitDefines } from './compilerSetup.js';
import { ownRanges } from './cpp/ranges.js';
import { cppUnit, namesDeclaredTwice, namespaceLevel } from './cpp/unit.js';
import { cppOutside, instanceUnit, refuseFunction, withElementBits } from './cpp/functions.js';
import type { TemplateInstance } from './cpp/templates.js';
import { templateModels, unitTemplates } from './cpp/templateModels.js';
import { type DataModelChoice, unitDataModel } from './dataModel.js';
import { formTable, withSharedForms } from './sharedForms.js';

import { earlyCalls, unitCalls } from './unitCalls.js';
import { type UnitContext, lazyConditions, lazyToPp } from './unitContext.js';

export interface CompilerViewOptions extends FrontendOptions {
  readonly compiler?: PreprocessOptions;
  /**
   * A file none of whose arrays can be a candidate is not modelled (noCandidate.ts): its
   * model has no function and a note. For runs over many files, where such files are most.
   */
  readonly skipWithoutCandidates?: boolean;
}

/** The model plus what the output stage needs to know about macros (guards). */
export interface CompilerModel {
  readonly model: ProgramModel;
  readonly macroUses: readonly MacroUse[];
  readonly map?: SpellingMap;
  /**
   * Every file the preprocessor read besides the main file (headers, `-include` files), as
   * absolute paths: what a result cache must check along with the file itself.
   */
  readonly includes?: readonly string[];
  /**
   * The configuration is C89/C90 (`-std=c89`, `-ansi`, gnu89: no `__STDC_VERSION__` of
   * 199901 or later): what the output adds must be C89 too (no `inline`, no declaration
   * after a statement).
   */
  readonly c89?: boolean;
  /** How the compiler numbers the file's lines, when its own `#line`s renumber them. */
  readonly lineNumbering?: LineNumbering;
}

/** What the built-in reading may replace the compiler for: nothing a preprocessor changes. */
function builtinEquivalent(source: string): string | undefined {
  const lines = source.split('\n');
  for (const [k, l] of lines.entries()) {
    const m = /^\s*#\s*(\w+)\s*(.*)$/.exec(l);
    if (!m) continue;
    const [, directive, rest] = m;
    if (/^(if|ifdef|ifndef|elif|else|elifdef|elifndef)$/.test(directive!))
      return `a conditional directive (line ${k + 1})`;
    if (directive === 'define' && /^[A-Za-z_]\w*\(/.test(rest!))
      return `a function-like macro (line ${k + 1})`;
    if (directive === 'undef') return `#undef (line ${k + 1})`;
    if (directive === 'include' && !/^</.test(rest!)) return `#include ${rest} (line ${k + 1})`;
  }
  return undefined;
}

export function buildCompilerModel(
  source: string,
  file: string,
  options: CompilerViewOptions = {},
): CompilerModel {
  const { split, compiler } = compilerSetup(source, file, options);
  return inCallContext(() =>
    modelOfOutput(source, file, options, split, compiler, () => unitOutput(source, file, compiler)),
  );
}

/**
 * `buildCompilerModel`, with the preprocessor running while the parser loads (issue 17,
 * start-up: both cost ~10 ms in a new process, and the preprocessor is another process).
 */
export async function buildCompilerModelAsync(
  source: string,
  file: string,
  options: CompilerViewOptions = {},
): Promise<CompilerModel> {
  // Nothing to overlap once the parser is loaded (the files after the first of a multi-file
  // run), and an asynchronous spawn costs the main thread a few ms more than a synchronous
  // one: CMSIS-DSP went from 34 to 39 ms of CPU per file.
  return parserLoaded(options.compiler?.language ?? languageOf(file))
    ? buildCompilerModel(source, file, options)
    : buildCompilerModelOverlapped(source, file, options);
}

/** The preprocessor's run overlapped with loading the parser (tests call it directly). */
export async function buildCompilerModelOverlapped(
  source: string,
  file: string,
  options: CompilerViewOptions = {},
): Promise<CompilerModel> {
  const { split, compiler } = compilerSetup(source, file, options);
  const running = unitOutputAsync(source, file, compiler).then(
    (output: UnitOutput) => ({ output }),
    (error: unknown) => ({ error }),
  );
  try {
    loadParser(compiler.language);
  } catch (e) {
    // The compiler is waited for all the same: a child left running outlives the call, and
    // `beeclak`, which exits as soon as `main` returns, leaves it behind.
    await running;
    throw e;
  }
  const done = await running;
  return inCallContext(() =>
    modelOfOutput(source, file, options, split, compiler, () => {
      if ('error' in done) throw done.error;
      return done.output;
    }),
  );
}

function modelOfOutput(
  source: string,
  file: string,
  options: CompilerViewOptions,
  split: ReturnType<typeof splitDefines>,
  compiler: PreprocessOptions,
  read: () => UnitOutput,
): CompilerModel {
  let output: string;
  let share: HostShare | undefined;
  let numbering: LineNumbering | undefined;
  let unitRead: TranslationUnit | undefined;
  try {
    ({ output, share, numbering, tu: unitRead } = read());
  } catch (e) {
    return modelWithoutCompiler(e, source, file, options, compiler);
  }
  // Many files: the main file's own parse, and the verdicts on the headers' stretches (kept
  // per call, which a multi-file run's thread or worker is: the same headers come back from
  // file to file), spare most files parsing
  // and walking the headers (mainView.ts). One file gains nothing from them: each stretch
  // is parsed and walked once anyway, and the whole unit parses in less time than that
  // (issue 17, start-up). The model is the same either way (mainView.ts `standsForUnit`).
  const cpp = compiler.language === 'c++';
  // (The main view's verdicts are C's.)
  const view = options.skipWithoutCandidates && !cpp ? mainView(output) : undefined;
  const quick = view
    ? withoutCandidates(view, { temporaries: options.temporaries, cwd: compiler.cwd })
    : undefined;
  if (quick)
    return {
      model: { file, functions: [], diagnostics: [quick.note], calls: { functions: [] } },
      macroUses: [],
      includes: quick.includes,
    };
  const tu = unitRead ?? readTranslationUnit(output);
  const dataModel = unitDataModel(compiler.dataModel ?? options.dataModel, tu.macros, cpp);
  const model = modelOfUnit(
    tu,
    view,
    source,
    file,
    { ...options, dataModel, ...(gnuAttributes(tu, dataModel) ? { gnuAttributes: true } : {}) },
    split,
    compiler,
    share,
  );
  return numbering && numbering.length > 0 ? { ...model, lineNumbering: numbering } : model;
}

/** The model of the preprocessed unit: the main file's functions, the calls, the unit's facts. */
function modelOfUnit(
  tu: TranslationUnit,
  view: ReturnType<typeof mainView> | undefined,
  source: string,
  file: string,
  options: CompilerViewOptions,
  split: ReturnType<typeof splitDefines>,
  compiler: PreprocessOptions,
  share?: HostShare,
): CompilerModel {
  const cpp = compiler.language === 'c++';
  const map = spellingMap(source, tu);
  const ppText = new SourceText(tu.text, file);
  // The system headers' nodes are neither parsed nor walked when nothing of them matters.
  const root =
    view && view.text.length === tu.text.length && standsForUnit(view, options.temporaries ?? [])
      ? view.root
      : cpp
        ? parseTree(tu.text, ownRanges(tu, file, compiler.cwd), 'c++').rootNode
        : share
          ? share.tree(tu.text, () => parseTree(tu.text).rootNode)
          : parseTree(tu.text).rootNode;
  const directives = unitDirectives(root, ppText, cpp ? undefined : share);
  if (cpp) for (const name of namesDeclaredTwice(root)) directives.constants.delete(name);
  checkMainFileSyntax(root, map, source, file, compiler);
  const globals = globalArrays(root, ppText);
  const definitions = cpp
    ? namespaceLevel(root, 'function_definition')
    : topLevel(root, 'function_definition');
  const unit = cpp ? cppUnit(root) : undefined;
  const inMainFile = mainFileTest(definitions, map, tu.text, cpp ? undefined : share);
  const copies = compactCopies(tu.text, cpp);
  // A template's body names file-scope arrays too (its users are then not all modelled).
  const templates = cpp ? unitTemplates(root, directives, unit!) : [];
  const users = globalArrayUsers(
    [...definitions, ...templates.map((t) => t.fn)],
    topLevel(root, 'declaration'),
    globals,
    ppText,
    (fn) => (inMainFile(fn) ? copies.own(fn) : fn),
  );
  const ppOffset = offsetsOf(tu.text);
  const promises = unitPromises(
    options.temporaries ?? [],
    directives,
    definitions.filter(inMainFile),
    map,
    ppOffset,
  );
  const disk = unitDisk(file, compiler, share);
  const context: UnitContext = {
    source,
    tu,
    map,
    ppText,
    ppOffset,
    directives,
    globals,
    globalUsers: users.globalUsers,
    frontend: { ...options, defines: split.model, promises, ...(unit ? { cpp: unit } : {}) },
    unit,
    copies,
    conditions: lazyConditions(source, map),
    facts: lazyFacts(source, file, tu, disk, compiler.host !== undefined),
    ...disk,
    toPp: lazyToPp(map),
    ...(share && !cpp ? { share } : {}),
  };
  const hasArrays = arrayHolders(users.usesGlobalArray, tu.text, context.share);
  // Functions of headers belong to the files that define them. A function that declares no
  // array and touches no global one has nothing to report (the model builder walks every
  // node: this keeps large files fast).
  const modelling = definitions.filter((fn) => inMainFile(fn) && hasArrays(fn));
  const early = cpp ? undefined : earlyCalls(root, definitions, modelling, context);
  const { functions, diagnostics } = modelEach(modelling, context, early);
  const elsewhere = definitions.filter((fn) => !inMainFile(fn) && hasArrays(fn));
  const files = elsewhere.map((fn) => tu.lines[fn.startPosition.row]?.file);
  diagnostics.push(...otherFileWarning(source, file, files, compiler.cwd));
  const ownTemplates = templates.filter((t) => inMainFile(t.fn) && hasArrays(t.fn));
  const model = (fn: TSNode, i?: TemplateInstance) => modelFunction(fn, context, i);
  for (const m of templateModels(ownTemplates, model, (fn) => map.loc(fn.startIndex)))
    if ('severity' in m) diagnostics.push(m);
    else functions.push(m);
  if (!cpp) functions.splice(0, functions.length, ...followHelpers(functions, tu.text));
  validatePromises(promises, functions, file);
  const calls = unitCalls(root, definitions, functions, context, early?.walkFor(functions));
  // No function modelled: the token correspondence is never needed (large table files).
  const macroUses = functions.length > 0 ? map.uses : [];
  return {
    model: { file, functions, diagnostics, calls },
    macroUses,
    map,
    ...(isC89(tu.macros) ? { c89: true } : {}),
    includes: includedFiles(
      tu.lines.map((l) => l.file),
      tu.mainName,
      compiler.cwd,
    ),
  };
}

/**
 * Whether a function's text is the main file's (its first or last character), each
 * definition's offsets read once for the files read inside one host (hostShare.ts: each
 * file asked about the n definitions of a unity build's unit, 2n native calls, issue 27).
 */
function mainFileTest(
  definitions: readonly Node[],
  map: SpellingMap,
  text: string,
  share?: HostShare,
): (fn: Node) => boolean {
  const test = (start: number, end: number) => map.inMainFile(start) || map.inMainFile(end - 1);
  const read = () => definitions.map((d) => [d.startIndex, d.endIndex] as const);
  const kept = share?.once('definition offsets', text, read);
  const extents = kept && kept.length === definitions.length ? kept : undefined;
  const own = new Map(extents?.map(([start, end], k) => [definitions[k]!, test(start, end)]));
  return (fn) => own.get(fn) ?? test(fn.startIndex, fn.endIndex);
}

/**
 * Reading the files the unit names: the folders the preprocessor searched (the user's flags
 * and the file's own, preprocess.ts), one reading for the files read inside one host.
 */
function unitDisk(file: string, compiler: PreprocessOptions, share?: HostShare): Disk {
  const flags = [...(compiler.flags ?? []), '-iquote', sourceFolder(file)];
  const make = () => onDisk(compiler.cwd, flags);
  return share ? share.disk(JSON.stringify([compiler.cwd ?? null, flags]), make) : make();
}

/**
 * Whether a definition uses a global array or declares one, the latter read once for the
 * files of a host (hostShare.ts): read again for each, the host's other definitions cost
 * every file O(n) walks (issue 27).
 */
function arrayHolders(
  usesGlobalArray: ReadonlySet<Node>,
  ppText: string,
  share?: HostShare,
): (fn: TSNode) => boolean {
  const declares = share?.once('declares arrays', ppText, () => new Map<number, boolean>());
  return (fn) => {
    if (usesGlobalArray.has(fn)) return true;
    const kept = declares?.get(fn.startIndex);
    if (kept !== undefined) return kept;
    const d = declaresArray(fn, ppText);
    declares?.set(fn.startIndex, d);
    return d;
  };
}

/**
 * Whether a function declares an array. A declarator is spelled with a bracket (or its
 * digraph): most functions of a large file have none, and tree-sitter's search of their
 * nodes was ~4 % of 13,000 small functions (issue 29, item 3). Its parameters are read first
 * without wrapping a node (an array parameter is the usual one); the whole function only
 * when none is an array.
 */
function declaresArray(fn: TSNode, ppText: string): boolean {
  const text = ppText.slice(fn.startIndex, fn.endIndex);
  if (!text.includes('[') && !text.includes('<:')) return false;
  const declarator = fn.childForFieldName('declarator');
  if (declarator && hasDescendantOfType(declarator, 'array_declarator')) return true;
  return fn.descendantsOfType('array_declarator').length > 0;
}

/** No compiler to run: the built-in reading, where it is the compiler's; else an error. */
function modelWithoutCompiler(
  e: unknown,
  source: string,
  file: string,
  options: CompilerViewOptions,
  compiler: PreprocessOptions,
): CompilerModel {
  if (!(e instanceof NoCompilerError)) throw e;
  // The built-in reading is C's.
  if (compiler.language === 'c++') throw new InputError(e.message, file);
  const why = builtinEquivalent(source);
  if (why)
    throw new InputError(
      `${e.message}; the file needs the preprocessor (${why}), so it is not read without one`,
      file,
    );
  // Nothing a preprocessor would change: the built-in reading is the compiler's (in LP64
  // unless a data model is given).
  const dataModel = unitDataModel(compiler.dataModel ?? options.dataModel, [], false);
  return {
    model: buildModel(source, file, { ...options, ...(dataModel ? { dataModel } : {}) }),
    macroUses: [],
  };
}

/**
 * The unit's directives (pragmas, constants); no macro is left, they are expanded. What the
 * text says: read once for the files read inside one host (`share`, C's: never changed).
 */
function unitDirectives(
  root: TSNode,
  ppText: SourceText,
  share?: HostShare,
): ReturnType<typeof collectDirectives> {
  if (share) return share.once('directives', ppText.text, () => unitDirectives(root, ppText));
  const directives = collectDirectives(root, ppText, (n, d) => {
    const v = literalValue(n);
    if (v !== undefined) return v;
    if (n.type === 'identifier') return d.constants.get(n.text)?.value;
    return undefined;
  });
  // Macros are expanded in this text; any name left is not a macro where it stands.
  directives.objectMacros.clear();
  directives.functionMacros.clear();
  return directives;
}

/** Promises are matched in the author's coordinates: pragma lines and function extents. */
function unitPromises(
  temporaries: NonNullable<CompilerViewOptions['temporaries']>,
  directives: ReturnType<typeof collectDirectives>,
  inMain: readonly TSNode[],
  map: SpellingMap,
  ppOffset: ReturnType<typeof offsetsOf>,
): ReturnType<typeof filePromises> {
  const pragmas = directives.temporaries;
  return filePromises(
    temporaries,
    pragmas.map((t) => ({ name: t.name, loc: map.loc(ppOffset(t.loc)) })),
    // The functions' extents place a pragma only: without one, the author's lines of every
    // function were lined up for nothing (4 % of 5 MB of kernels, issue 29 item 3).
    pragmas.length === 0
      ? []
      : inMain.map((fn) => ({
          name: functionName(fn),
          firstLine: map.loc(fn.startIndex).line,
          lastLine: map.loc(fn.endIndex - 1).line,
        })),
  );
}

/** The functions modelled (or why not), each one's calls read from its copy (earlyCalls). */
function modelEach(
  modelling: readonly TSNode[],
  c: UnitContext,
  early: ReturnType<typeof earlyCalls> | undefined,
): { functions: FunctionModel[]; diagnostics: ProgramModel['diagnostics'][number][] } {
  const functions: FunctionModel[] = [];
  const diagnostics: ProgramModel['diagnostics'][number][] = [];
  // Equal forms of the unit's models are one object (the models are held to the end).
  const forms = formTable();
  for (const fn of modelling) {
    const modelled = modelFunction(fn, c);
    if ('severity' in modelled) diagnostics.push(modelled);
    else {
      functions.push(withSharedForms(modelled, forms));
      // (its copy is the last made: the one its model was built from)
      early?.readFrom(fn, c.copies.own(fn));
    }
  }
  return { functions, diagnostics };
}

/** One function of the main file modelled, or the warning that it is not analysed. */
function modelFunction(
  fn: TSNode,
  c: UnitContext,
  instance?: TemplateInstance,
): FunctionModel | ProgramModel['diagnostics'][number] {
  const { map, ppOffset } = c;
  const name = instance?.name ?? functionName(fn);
  const where = map.loc(fn.startIndex);
  if (fn.hasError)
    return {
      severity: 'warning',
      reason: 'function-not-analysed',
      loc: map.loc(firstError(fn)?.startIndex ?? fn.startIndex),
      message: `function ${name} is not analysed: its preprocessed text does not parse here (the compiler accepts it); its arrays are left unchanged`,
    };
  try {
    const copy = c.copies.own(fn);
    // An instantiation: its value parameters are constants, its type parameters types.
    const unit = c.unit && instance ? instanceUnit(c.unit, instance.bindings.types) : c.unit;
    const frontend = instance
      ? { ...c.frontend, cpp: unit, templateValues: instance.bindings.values }
      : c.frontend;
    const b = new FunctionBuilder(copy, c.ppText, c.directives, c.globals, frontend, c.globalUsers);
    b.addGlobals();
    const built = { ...b.build(), ...(instance ? { name, instanceOf: functionName(fn) } : {}) };
    const outside = unit ? cppOutside(copy, c.ppText, built, c.copies.unlowered(copy)) : undefined;
    const typed = unit ? withElementBits(built, unit) : built;
    const fm = relocateFunction(
      outside ? refuseFunction(typed, outside) : typed,
      map,
      c.source,
      ppOffset,
      c.tu.mainName,
    );
    const facts = c.facts();
    // (C++: `t[i] = GAIN` may call an operator of a class, which may do anything with the
    // value: no macro is a value one there.)
    const roles = macroRoles(
      unit ? undefined : copy,
      fm.range,
      countBelow(facts.lineStarts, fm.range.end),
      usesWithin(map.uses, fm.range),
      fm.arrays.map((a) => a.name),
      {
        ...c,
        toPp: c.toPp,
        lineStarts: facts.lineStarts,
        hashTrigraph: facts.hashTrigraph,
        macroChanges: facts.macroChanges,
        groups: () => c.conditions().groups,
      },
    );
    return withConfiguration(
      { ...fm, macroValues: macroValues(map.uses, fm.range), macroRoles: roles },
      c.source,
      c.conditions,
      map.uses,
      c.tu.macros,
      c.facts,
    );
  } catch (e) {
    // A function the model cannot handle never blocks the others.
    if (!(e instanceof Error)) throw e;
    return {
      severity: 'warning',
      reason: 'function-not-analysed',
      loc: e instanceof InputError && e.loc ? map.loc(ppOffset(e.loc)) : where,
      message: `function ${name} is not analysed (${e.message}); its arrays are left unchanged`,
    };
  }
}

/** No `__STDC_VERSION__` of C99 or later among the compiler's built-in definitions. */
function isC89(macros: readonly MacroEvent[]): boolean {
  const v = macros.find((m) => m.kind === 'define' && m.name === '__STDC_VERSION__');
  const n = v && /^\s*(\d+)L?\s*$/.exec(v.body);
  return !n || BigInt(n[1]!) < 199901n;
}

/**
 * The compiler predefines `__GNUC__` (GCC, Clang) and its macros are the target's own (not a
 * host's read for a cross compiler that is not installed): it takes GCC's attributes.
 */
function gnuAttributes(tu: TranslationUnit, dataModel: DataModelChoice | undefined): boolean {
  if (dataModel === 'unknown' || dataModel?.foreignHeaders) return false;
  return tu.macros.some((m) => m.kind === 'define' && m.name === '__GNUC__');
}
