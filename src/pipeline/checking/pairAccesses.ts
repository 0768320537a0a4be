/**
 * `check --against`: which arrays a hand-folded file (the candidate) folded, and for each
 * of its accesses, which logical cell of the original it stands for — the plan of the
 * shadow-owner build of the candidate (`instrument` with `slots: 'as-written'`).
 *
 * An array is folded when its declarator differs between the two files (extents changed,
 * dimensions dropped, a scalar). Its accesses are paired by walking the two functions'
 * syntax trees in parallel: every node must match (type, tokens; comments aside) except
 * the accesses and the declarator of folded arrays, which are paired with each other in
 * textual order. The original access's index texts then name the cell the candidate's
 * access stands for, evaluated in the candidate, where every variable means the same.
 *
 * Nothing is guessed: when the files differ anywhere else in the function (restructured
 * code), the counts of accesses differ, a function or a declaration is missing, or the
 * array is used other than by element accesses, the array is listed as skipped, with why.
 */
import type { ArrayRewrite, AccessKind, AccessRewrite } from '../../rewrite/index.js';
import { arrayDecls, type ArrayDecl } from '../../frontend/arrays.js';
import {
  child,
  parenthesizedAround,
  parseC,
  walk,
  type Node,
  type SourceText,
} from '../../frontend/parse.js';

export interface SourceInput {
  readonly text: string;
  readonly file: string;
}

/** A folded array whose owner check cannot be run. */
interface SkippedArray {
  readonly name: string;
  /** The function declaring it, or `file scope`. */
  readonly scope: string;
  readonly reason: string;
}

export interface FoldPairing {
  /** Plan entries for the candidate's text (slots as written), one per paired array. */
  readonly arrays: readonly ArrayRewrite[];
  readonly skipped: readonly SkippedArray[];
}

interface Parsed {
  readonly src: SourceText;
  readonly file: string;
  readonly root: Node;
}

const FILE_SCOPE = 'file scope';

function parse(input: SourceInput): Parsed {
  const { tree, src } = parseC(input.text, input.file);
  return { src, file: input.file, root: tree.rootNode };
}

/** Top-level nodes, looking through preprocessor conditionals (as the frontend does). */
function topLevel(root: Node): Node[] {
  const out: Node[] = [];
  for (const c of root.namedChildren) {
    if (/^preproc_(if|ifdef|else|elif|elifdef)$/.test(c.type)) out.push(...topLevel(c));
    else out.push(c);
  }
  return out;
}

function functionName(fn: Node): string | undefined {
  let d = child(fn, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  const id = d && child(d, 'declarator');
  return id?.type === 'identifier' ? id.text : undefined;
}

/** Function definitions by name; a name defined twice (e.g. in `#if` branches) maps to null. */
function functionsOf(p: Parsed): Map<string, Node | null> {
  const out = new Map<string, Node | null>();
  for (const n of topLevel(p.root)) {
    if (n.type !== 'function_definition') continue;
    const name = functionName(n);
    if (name !== undefined) out.set(name, out.has(name) ? null : n);
  }
  return out;
}

/** The declarator inside an `init_declarator`, and the name it declares (if a plain one). */
function declared(d: Node): { declarator: Node; name?: string; plain: boolean } {
  const declarator = d.type === 'init_declarator' ? child(d, 'declarator')! : d;
  let n: Node | null = declarator;
  while (n?.type === 'array_declarator') n = child(n, 'declarator');
  // Only `name` and `name[...]...` can be instrumented as written; a pointer cannot.
  if (n?.type === 'identifier') return { declarator, name: n.text, plain: true };
  while (n && n.type !== 'identifier') n = child(n, 'declarator');
  return { declarator, name: n?.text, plain: false };
}

interface Declaration {
  readonly declaration: Node;
  /** The declarator without its initializer: `y[N][2]`, `sum`. */
  readonly declarator: Node;
  readonly plain: boolean;
}

/** Every name declared by the `declaration` nodes among `nodes`, each declaration in order. */
function declarationsIn(nodes: Iterable<Node>): Map<string, Declaration[]> {
  const out = new Map<string, Declaration[]>();
  for (const n of nodes) {
    if (n.type !== 'declaration') continue;
    for (const d of n.childrenForFieldName('declarator')) {
      const { declarator, name, plain } = declared(d);
      if (name === undefined) continue;
      out.set(name, [...(out.get(name) ?? []), { declaration: n, declarator, plain }]);
    }
  }
  return out;
}

function localDeclarations(fn: Node): Map<string, Declaration[]> {
  const body = child(fn, 'body');
  return body ? declarationsIn(walk(body)) : new Map();
}

/** Array declarations of the original (the frontend's reading of them: extents, storage). */
function originalArrays(p: Parsed, nodes: Iterable<Node>, where: 'local' | 'global'): ArrayDecl[] {
  const out: ArrayDecl[] = [];
  for (const n of nodes) if (n.type === 'declaration') out.push(...arrayDecls(n, p.src, where));
  return out.filter((a) => !a.isPointer);
}

const squeezed = (n: Node) => n.text.replace(/\s+/g, '');

/** The base identifier of a subscript chain `a[i][j]`, and its index nodes (outermost first). */
function chain(n: Node): { base: Node; indices: Node[] } | undefined {
  const indices: Node[] = [];
  let x = n;
  while (x.type === 'subscript_expression') {
    indices.unshift(child(x, 'index') ?? x.namedChildren[1]!);
    x = child(x, 'argument')!;
  }
  return x.type === 'identifier' ? { base: x, indices } : undefined;
}

function isDeclaratorName(id: Node): boolean {
  const p = id.parent;
  // A declaration has one `declarator` field per name (`int x, y, t;`): look at all.
  return (
    p !== null &&
    /declarator$|^declaration$|^parameter_declaration$/.test(p.type) &&
    p.childrenForFieldName('declarator').some((d) => d.id === id.id)
  );
}

/**
 * A use of an array named in `names` whose top node is `n`: a whole subscript chain
 * `a[i][j]` or a bare identifier `a` (a scalar in the folded file).
 */
function useAt(n: Node, names: ReadonlySet<string>): { name: string; indices: Node[] } | undefined {
  if (n.type === 'identifier') {
    if (!names.has(n.text) || isDeclaratorName(n)) return undefined;
    return { name: n.text, indices: [] };
  }
  if (n.type !== 'subscript_expression') return undefined;
  const c = chain(n);
  return c && names.has(c.base.text) ? { name: c.base.text, indices: c.indices } : undefined;
}

/** The uses (top nodes) of `names` inside `root`, in textual order. */
function usesIn(root: Node, names: ReadonlySet<string>): { top: Node; name: string }[] {
  const out: { top: Node; name: string }[] = [];
  const visit = (n: Node) => {
    const u = useAt(n, names);
    if (u) out.push({ top: n, name: u.name });
    else for (const c of n.namedChildren) visit(c);
  };
  visit(root);
  return out;
}

/** Skips parentheses around an expression, upwards. */

function kindOf(top: Node): AccessKind {
  const x = parenthesizedAround(top);
  const p = x.parent;
  if (p?.type === 'assignment_expression' && child(p, 'left')?.id === x.id)
    return child(p, 'operator')?.text === '=' ? 'write' : 'readwrite';
  if (p?.type === 'update_expression') return 'readwrite';
  return 'read';
}

/**
 * The expression statement whose `;` a write may wait for (reads of one statement instance
 * come first): only when the assignment is the whole statement. A write nested in a larger
 * expression (`t[i] = g(i), s += t[i];`) is sequenced before what follows and takes effect
 * at once, as does a write in an `if` or `for` header.
 */
function statementOf(top: Node): Node | undefined {
  const assignment = parenthesizedAround(top).parent;
  if (!assignment) return undefined;
  const p = parenthesizedAround(assignment).parent;
  return p?.type === 'expression_statement' ? p : undefined;
}

/** Why `use` is not an element access the owner check can follow, if it is not one. */
function notAnElementAccess(top: Node, indices: readonly Node[], rank: number): string | undefined {
  const p = parenthesizedAround(top).parent;
  if (p?.type === 'sizeof_expression') return 'it appears in sizeof';
  if (indices.length !== rank)
    return indices.length === 0
      ? 'its address is taken (used without subscripts)'
      : `it is subscripted with ${indices.length} of its ${rank} dimensions`;
  if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
    return 'the address of one of its elements is taken';
  return undefined;
}

/** The first node pair that differs outside the uses and declarators of `names`. */
function firstDifference(
  o: Node,
  c: Node,
  names: ReadonlySet<string>,
  pairs: Map<string, { original: Node; candidate: Node }[]>,
): Node | undefined {
  const use = useAt(o, names);
  if (use) {
    const other = useAt(c, names);
    if (other?.name !== use.name) return c;
    pairs.get(use.name)!.push({ original: o, candidate: c });
    return undefined;
  }
  if (o.parent?.type === 'declaration' && o.type !== 'type_identifier') {
    const d = declared(o);
    if (d.name !== undefined && names.has(d.name)) {
      // The declarators differ (that is the fold); the names must not.
      return c.parent?.type === 'declaration' && declared(c).name === d.name ? undefined : c;
    }
  }
  if (o.type !== c.type) return c;
  const oc = o.children.filter((x) => x.type !== 'comment');
  const cc = c.children.filter((x) => x.type !== 'comment');
  if (oc.length !== cc.length) return c;
  if (oc.length === 0) return o.text === c.text ? undefined : c;
  for (let k = 0; k < oc.length; k++) {
    const d = firstDifference(oc[k]!, cc[k]!, names, pairs);
    if (d) return d;
  }
  return undefined;
}

/** One folded array being paired: its original declaration and where it is used. */
interface Folded {
  readonly decl: ArrayDecl;
  readonly scope: string;
  readonly candidate: Declaration;
  /** Functions (names) whose accesses must be paired. */
  readonly functions: readonly string[];
}

export function pairFoldedArrays(
  originalInput: SourceInput,
  candidateInput: SourceInput,
): FoldPairing {
  const original = parse(originalInput);
  const candidate = parse(candidateInput);
  const skipped: SkippedArray[] = [];
  const skip = (name: string, scope: string, reason: string) =>
    skipped.push({ name, scope, reason });
  const oFunctions = functionsOf(original);
  const cFunctions = functionsOf(candidate);

  // 1. Folded arrays: the declarator differs (or the declaration is gone).
  const folded = foldedArrays(original, candidate, oFunctions, cFunctions, skip);

  // 2. Per function, pair the accesses of every folded array it uses.
  const pairs = new Map<Folded, AccessPair[]>();
  const dropped = new Set<Folded>();
  const drop = (f: Folded, reason: string) => {
    if (dropped.has(f)) return;
    dropped.add(f);
    skip(f.decl.name, f.scope, reason);
  };
  for (const f of folded) pairs.set(f, []);
  const pairing: Pairing = {
    original,
    candidate,
    candidateText: candidateInput.text,
    oFunctions,
    cFunctions,
    dropped,
    drop,
  };
  const functionNames = new Set(folded.flatMap((f) => f.functions));
  for (const fnName of functionNames) {
    const found = pairInFunction(
      fnName,
      folded.filter((f) => f.functions.includes(fnName)),
      pairing,
    );
    for (const [f, list] of found) pairs.get(f)!.push(...list);
  }

  // 3. The plan entries.
  const arrays = folded
    .filter((f) => !dropped.has(f))
    .map((f) => planEntry(f, pairs.get(f)!, original, candidate));
  return { arrays, skipped };
}

/** An access of a folded array in the original and the same access in the candidate. */
interface AccessPair {
  readonly original: Node;
  readonly candidate: Node;
}

/** The arrays whose declarator differs between the files (or whose declaration is gone). */
function foldedArrays(
  original: Parsed,
  candidate: Parsed,
  oFunctions: Map<string, Node | null>,
  cFunctions: Map<string, Node | null>,
  skip: (name: string, scope: string, reason: string) => void,
): Folded[] {
  const candidateName = candidate.file;
  const folded: Folded[] = [];
  const consider = (
    decls: readonly ArrayDecl[],
    theirs: Map<string, Declaration[]>,
    scope: string,
    functions: (name: string) => string[],
  ) => {
    const mine = new Map<string, ArrayDecl[]>();
    for (const d of decls) mine.set(d.name, [...(mine.get(d.name) ?? []), d]);
    for (const [name, [decl, ...more]] of mine) {
      const other = theirs.get(name) ?? [];
      const same =
        other.length === more.length + 1 &&
        [decl!, ...more].every((d, k) => squeezed(d.node) === squeezed(other[k]!.declarator));
      if (same) continue;
      // Which declaration an access refers to would need scopes: not followed.
      if (more.length > 0 || other.length > 1)
        skip(name, scope, `it is declared more than once in ${scope} of either file`);
      else if (other.length === 0)
        skip(name, scope, `${candidateName} has no declaration of it in ${scope}`);
      else if (!other[0]!.plain)
        skip(name, scope, `${candidateName} declares it as \`${other[0]!.declarator.text}\``);
      else folded.push({ decl: decl!, scope, candidate: other[0]!, functions: functions(name) });
    }
  };
  consider(
    originalArrays(original, topLevel(original.root), 'global'),
    declarationsIn(topLevel(candidate.root)),
    FILE_SCOPE,
    (name) =>
      [...oFunctions]
        .filter(([, fn]) => fn && usesIn(fn, new Set([name])).length > 0)
        .map(([f]) => f),
  );
  for (const [fnName, fn] of oFunctions) {
    const body = fn && child(fn, 'body');
    if (!body) continue;
    const decls = originalArrays(original, walk(body), 'local');
    if (decls.length === 0) continue;
    const theirs = cFunctions.get(fnName);
    if (!theirs) {
      const why = theirs === null ? 'defined more than once' : 'missing';
      for (const d of decls)
        skip(d.name, fnName, `function ${fnName} is ${why} in ${candidateName}`);
      continue;
    }
    consider(decls, localDeclarations(theirs), fnName, () => [fnName]);
  }
  return folded;
}

/** The two files, their functions, and the folded arrays given up so far (with why). */
interface Pairing {
  readonly original: Parsed;
  readonly candidate: Parsed;
  readonly candidateText: string;
  readonly oFunctions: Map<string, Node | null>;
  readonly cFunctions: Map<string, Node | null>;
  readonly dropped: ReadonlySet<Folded>;
  readonly drop: (f: Folded, reason: string) => void;
}

/** The access pairs in function fnName of the folded arrays it uses (`here`) still followed. */
function pairInFunction(
  fnName: string,
  here: readonly Folded[],
  pairing: Pairing,
): Map<Folded, AccessPair[]> {
  const { original, candidate, cFunctions, dropped, drop } = pairing;
  const candidateName = candidate.file;
  const result = new Map<Folded, AccessPair[]>();
  const o = pairing.oFunctions.get(fnName);
  const c = cFunctions.get(fnName);
  if (!o || !c) {
    for (const f of here)
      drop(f, `function ${fnName} is missing or defined twice in ${candidateName}`);
    return result;
  }
  // A global that a function's local declaration shadows is not followed there.
  const locals = localDeclarations(o);
  for (const f of here)
    if (
      f.scope === FILE_SCOPE &&
      (locals.has(f.decl.name) || localDeclarations(c).has(f.decl.name))
    )
      drop(f, `a local declaration in ${fnName} hides it`);
  let live = here.filter((f) => !dropped.has(f));
  // Every access of a folded global must be followed: none elsewhere in the candidate.
  for (const f of live.filter((x) => x.scope === FILE_SCOPE)) {
    const name = new Set([f.decl.name]);
    const elsewhere = [...cFunctions]
      .filter(([g, fn]) => !f.functions.includes(g) && fn && usesIn(fn, name).length > 0)
      .map(([g]) => g)
      .concat(
        [original, candidate].some((p) =>
          topLevel(p.root).some(
            (n) => n.type !== 'function_definition' && usesIn(n, name).length > 0,
          ),
        )
          ? ['a file-scope initializer']
          : [],
      );
    if (elsewhere.length > 0)
      drop(f, `it is also used in ${elsewhere.join(', ')}, which ${original.file} does not pair`);
  }
  live = live.filter((f) => !dropped.has(f));
  const names = new Set(live.map((f) => f.decl.name));
  const oUses = usesIn(o, names);
  const cUses = usesIn(c, names);
  for (const f of live) {
    const why = accessObstacle(f, fnName, oUses, cUses, names, pairing);
    if (why) drop(f, why);
  }
  live = live.filter((f) => !dropped.has(f));
  if (live.length === 0) return result;
  const byName = new Map(live.map((f) => [f.decl.name, f] as const));
  // All folded names of the function are leaves, also those dropped above: their
  // subscripts differ too, and that is not a restructuring.
  const leaves = new Set(here.map((f) => f.decl.name));
  const found = new Map([...leaves].map((n) => [n, [] as AccessPair[]]));
  const differs = firstDifference(o, c, leaves, found);
  if (differs) {
    const line = candidate.src.locOf(differs).line;
    const text = pairing.candidateText.split('\n')[line - 1]!.trim().slice(0, 60);
    for (const f of live)
      drop(
        f,
        `${candidateName} differs from ${original.file} in ${fnName} at ${candidateName}:${line} (\`${text}\`) ` +
          'besides the subscripts and declarations of folded arrays: its accesses cannot be paired',
      );
    return result;
  }
  for (const [name, list] of found) {
    const f = byName.get(name);
    if (f) result.set(f, list);
  }
  return result;
}

/** Why the accesses of folded array f in function fnName cannot be paired, if they cannot. */
function accessObstacle(
  f: Folded,
  fnName: string,
  oUses: readonly { top: Node; name: string }[],
  cUses: readonly { top: Node; name: string }[],
  names: ReadonlySet<string>,
  { original, candidate }: Pairing,
): string | undefined {
  const candidateName = candidate.file;
  const mine = oUses.filter((u) => u.name === f.decl.name);
  const theirs = cUses.filter((u) => u.name === f.decl.name);
  if (mine.length !== theirs.length)
    return `${fnName} has ${mine.length} accesses of it in ${original.file}, ${theirs.length} in ${candidateName}`;
  for (const u of mine) {
    const why = notAnElementAccess(u.top, useAt(u.top, names)!.indices, f.decl.sizeNodes.length);
    if (why) return `${why} at ${original.file}:${original.src.locOf(u.top).line}`;
    const inner = useAt(u.top, names)!.indices.flatMap((x) => usesIn(x, names));
    if (inner.length > 0)
      return `an index of it reads ${inner[0]!.name}, also folded, at ${original.file}:${original.src.locOf(u.top).line}`;
  }
  for (const u of theirs) {
    const p = parenthesizedAround(u.top).parent;
    if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
      return `${candidateName}:${candidate.src.locOf(u.top).line} takes the address of it`;
  }
  return undefined;
}

/** The plan entry of a folded array: its declaration and its paired accesses in the candidate. */
function planEntry(
  f: Folded,
  pairs: readonly AccessPair[],
  original: Parsed,
  candidate: Parsed,
): ArrayRewrite {
  const names = new Set([f.decl.name]);
  const accesses: AccessRewrite[] = pairs.map(({ original: o, candidate: c }) => {
    const kind = kindOf(c);
    const statement = kind === 'read' ? undefined : statementOf(c);
    return {
      range: candidate.src.range(c),
      indexRanges: useAt(c, names)!.indices.map((x) => candidate.src.range(x)),
      rowRanges: [],
      kind,
      line: candidate.src.locOf(c).line,
      ...(statement ? { statementRange: candidate.src.range(statement) } : {}),
      originalIndexTexts: useAt(o, names)!.indices.map((x) => original.src.textOf(x)),
    };
  });
  return {
    name: f.decl.name,
    declaratorRange: candidate.src.range(f.candidate.declarator),
    declarationRange: candidate.src.range(f.candidate.declaration),
    rows: [],
    accesses,
    extentTexts: f.decl.sizeNodes.map((s) => (s ? original.src.textOf(s) : '')),
    fileScope: f.scope === FILE_SCOPE,
  };
}
