/**
 * The calls of a unit read for the whole-program analysis, from the compact copies the
 * functions were modelled from where it can (issue 29, item 3), in the author's coordinates.
 */
import { includedDependence } from './configurationDependence.js';
import type { FunctionModel, ProgramModel } from '../model/types.js';
import { functionName, topLevel } from './builtinModel.js';
import { type Node, type TSNode } from './parse.js';
import { compactTree } from './compactTree.js';
import { spelledInFile } from './relocate.js';
import { placedCalls } from './placedCalls.js';
import {
  type CallOptions,
  type CallWalk,
  callWalk,
  type DefinitionCalls,
  definitionCalls,
  EACH_TIME,
  type KeptForUnit,
  extractCalls,
} from './calls.js';
import { scalarTypedefNames } from './declaredBuffers.js';
import { moveHeapSpelling } from './bufferSpelling.js';
import { withPrototypes } from './prototypeSpelling.js';
import { closedToCalls } from './cpp/functions.js';
import type { UnitContext } from './unitContext.js';

/** How the calls of the unit are read, when `relevant` are the functions modelled. */
function callOptions(root: TSNode, c: UnitContext, relevant: ReadonlySet<string>): CallOptions {
  return {
    ...(typeof c.frontend.dataModel === 'object' ? { dataModel: c.frontend.dataModel } : {}),
    // The others as plain copies too (compactTree.ts: the same answers): every node
    // tree-sitter hands out is a wrapper with native memory freed only between event
    // loop turns (~0.6 KB each), and the walk of 9,000 helpers of 5 MB of kernels held
    // ~90 MB of them (issue 29, item 3).
    walked: (fn) =>
      c.copies.copied.has(fn as TSNode)
        ? c.copies.own(fn as TSNode)
        : compactTree(fn as TSNode, c.ppText.text),
    relevant,
    ...(c.frontend.everyCallee ? { everyCallee: true } : {}),
    scalarTypedefs: (keptFor(c) ?? EACH_TIME)('scalar typedefs', () =>
      scalarTypedefNames(topLevel(root, 'type_definition')),
    ),
  };
}

/** What the files read inside one host keep of the walk of its unit's calls (hostShare.ts). */
function keptFor(c: UnitContext): KeptForUnit | undefined {
  const share = c.share;
  return share && ((what, make) => share.once(`calls: ${what}`, c.ppText.text, make));
}

/**
 * The calls of each function read from the compact copy its model was built from, as it is
 * modelled: copied again for the calls' walk, the copies were a tenth of 5 MB of kernels
 * (issue 29, item 3). The walk takes the functions modelled as the relevant ones, known
 * only once all are modelled: what is read early is for those expected (every function
 * modelled), and used only when they are the ones modelled (`walkFor`).
 */
export function earlyCalls(
  root: TSNode,
  definitions: readonly TSNode[],
  modelling: readonly TSNode[],
  c: UnitContext,
): {
  readFrom: (fn: TSNode, copy: Node) => void;
  walkFor: (functions: readonly FunctionModel[]) => EarlyCalls | undefined;
} {
  const expected = new Set(modelling.map(functionName));
  const walk = callWalk(c.ppText, definitions, callOptions(root, c, expected), keptFor(c));
  const read = new Map<Node, DefinitionCalls>();
  return {
    readFrom: (fn, copy) => {
      const calls = definitionCalls(walk, fn, copy);
      if (calls) read.set(fn, calls);
    },
    walkFor: (functions) => {
      // (in the same order too: the walk starts from them in this order)
      const names = [...new Set(functions.map((f) => f.name))];
      const listed = [...expected];
      const same = names.length === listed.length && names.every((n, k) => n === listed[k]);
      return same ? { walk, read } : undefined;
    },
  };
}

/** A walk of the unit's calls, and the definitions' calls it has read already. */
interface EarlyCalls {
  readonly walk: CallWalk;
  readonly read: ReadonlyMap<Node, DefinitionCalls>;
}

/** Each definition's name and lines, once for the files read inside one host (hostShare.ts). */
function definitionLines(
  definitions: readonly TSNode[],
  c: UnitContext,
): readonly { readonly name: string; readonly first: number; readonly last: number }[] {
  const read = () =>
    definitions.map((d) => ({
      name: functionName(d),
      first: d.startPosition.row,
      last: d.endPosition.row,
    }));
  // (the same text, the same definitions: read for each file, they cost each file O(n)
  // native calls, issue 27)
  const kept = c.share?.once('definition lines', c.ppText.text, read);
  return kept && kept.length === definitions.length ? kept : read();
}

/** The calls of the unit, in the author's coordinates. */
export function unitCalls(
  root: TSNode,
  definitions: readonly TSNode[],
  functions: readonly FunctionModel[],
  c: UnitContext,
  early?: EarlyCalls,
): ProgramModel['calls'] {
  const { map, ppOffset } = c;
  const options =
    early?.walk.options ?? callOptions(root, c, new Set(functions.map((f) => f.name)));
  const extracted = moveHeapSpelling(
    placedCalls(
      // Every definition of the unit: a function of an included file or header may call one
      // of this file's (a unity build), and its calls count as much as the file's own.
      withPrototypes(
        extractCalls(
          c.ppText,
          definitions,
          options,
          early?.walk ?? callWalk(c.ppText, definitions, options, keptFor(c)),
          early?.read,
        ),
        topLevel(root, 'declaration'),
        c.share?.once('prototype sizes', c.ppText.text, () => new WeakMap()),
      ),
      {
        ppLine: (loc) => c.ppText.loc(ppOffset(loc)).line - 1,
        lines: c.tu.lines,
        move: (loc) => map.loc(ppOffset(loc)),
      },
      c.share,
      c.ppText.text,
    ),
    (s) => spelledInFile(map, c.source, s),
  );
  const dependence = includedDependence(
    definitionLines(definitions, c),
    c.tu,
    c.readHeader,
    c.absolute,
    c.search,
    c.share?.once('included dependence', c.ppText.text, () => ({
      read: c.readHeader,
      absolute: c.absolute,
      byReading: new Map(),
    })),
  );
  const calls = {
    ...extracted,
    functions: extracted.functions.map((f) => {
      const configured = dependence.get(f.name);
      return configured ? { ...f, configured } : f;
    }),
  };
  return c.unit ? closedToCalls(calls) : calls;
}
