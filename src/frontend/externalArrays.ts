/**
 * The file-scope arrays with external linkage a unit defines (issue 27: "a global used by two
 * files is out of reach"), with why each must stay what other files may see. A closed world
 * (src/pipeline/wholeProgram/fileSet.ts) may make such an array a scratch candidate only when
 * its one declaration in the whole unit is its definition, in the unit's own file: an
 * `extern` declaration (in a header or a function) would have to change with it, and an attribute, `volatile` or thread storage export it or
 * take it out of the model. Conservative: any second spelling as a declaration keeps it.
 * So does a `#pragma` (or `_Pragma`) outside the unit's function bodies that spells its name:
 * `#pragma redefine_extname work real_work` gives it the symbol another unit declares as
 * `real_work`, which spells no `work` (adversary 2026-11-29e: main() read real_work[7] after
 * the call, folded to one cell), and `weak`, `DATA_SECTION(work, ...)`, `omp threadprivate`
 * place or share it otherwise.
 */
import type { SourceLoc } from '../model/calls.js';
import type { Node, SourceText } from './parse.js';
import { nameRecord } from '../poly/nameRecord.js';
import type { GlobalArrays } from '../model/program.js';

const EXPORTING = /__attribute__|__declspec|\[\[|\bvolatile\b|_Thread_local|__thread|\basm\b|__asm/;

function declaredName(d: Node): { name?: string; array: boolean } {
  let x: Node | null = d.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
  let array = false;
  while (x && x.type !== 'identifier') {
    if (x.type === 'array_declarator') array = true;
    if (x.type === 'pointer_declarator' || x.type === 'function_declarator')
      return { array: false };
    x =
      x.childForFieldName('declarator') ??
      x.namedChildren.find((c) => c.type !== 'type_qualifier') ??
      null;
  }
  return x ? { name: x.text, array } : { array: false };
}

/** Every `declaration` node of the tree (file scope and bodies). */
function declarations(root: Node): Node[] {
  const out: Node[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'declaration') out.push(n);
    for (const c of n.namedChildren) stack.push(c);
  }
  return out;
}

/** The names spelled by the pragmas of `text` outside the function bodies of `root`. */
function pragmaNames(root: Node, text: string): Set<string> {
  const out = new Set<string>();
  const PRAGMA = /^[ \t]*#[ \t]*pragma\b.*$|\b_Pragma\s*\(.*$/gm;
  if (!/pragma/i.test(text)) return out;
  const bodies = root.namedChildren
    .filter((n) => n.type === 'function_definition')
    .map((n) => n.childForFieldName('body'))
    .filter((b): b is Node => b !== null);
  for (const m of text.matchAll(PRAGMA)) {
    if (bodies.some((b) => m.index >= b.startIndex && m.index < b.endIndex)) continue;
    for (const w of m[0].matchAll(/[A-Za-z_]\w*/g)) out.add(w[0]);
  }
  return out;
}

export function globalArraysOf(
  root: Node,
  src: SourceText,
  origin: (loc: SourceLoc) => { loc: SourceLoc; in: string },
  file: string,
): GlobalArrays {
  const defined = new Map<string, { stays?: string }>();
  const count = new Map<string, number>();
  const all = declarations(root);
  let pragmas: Set<string> | undefined;
  for (const decl of all)
    for (const d of decl.childrenForFieldName('declarator')) {
      const { name } = declaredName(d);
      if (name) count.set(name, (count.get(name) ?? 0) + 1);
    }
  for (const decl of root.namedChildren) {
    if (decl.type !== 'declaration') continue;
    const storage = decl.namedChildren.filter((c) => c.type === 'storage_class_specifier');
    if (storage.length > 0) continue; // static, extern, typedef-like: not an external definition
    for (const d of decl.childrenForFieldName('declarator')) {
      const { name, array } = declaredName(d);
      if (!name || !array) continue;
      const o = origin(src.locOf(decl));
      const stays =
        o.in !== file
          ? `it is defined in ${o.in}, a header: every unit that includes it defines it too`
          : EXPORTING.test(decl.text)
            ? `its declaration carries '${EXPORTING.exec(decl.text)![0]}': it may be exported or outside the model`
            : (count.get(name) ?? 0) > 1
              ? `the unit declares it ${count.get(name)} times (an extern declaration would have to change with it)`
              : (pragmas ??= pragmaNames(root, src.text)).has(name)
                ? `a #pragma outside the functions names it (redefine_extname, weak, a section: its symbol or place may be another's)`
                : undefined;
      defined.set(name, stays ? { stays } : {});
    }
  }
  const out = nameRecord<{ stays?: string }>();
  for (const [name, v] of defined) out[name] = v;
  return out;
}
