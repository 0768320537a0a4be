/**
 * How a function may be reached other than by a call the unit shows: an attribute that
 * exports it or places it for the linker, its address taken, its name spelled in a string
 * (calls.ts gathers these into FunctionCalls.reachedElsewhere).
 */
import type { FunctionCalls, SourceLoc } from '../model/calls.js';
import { type Node, type SourceText, child, firstIndex } from './parse.js';
import { asmLabelled, literalsBlanked, namesInLiterals } from './linkNames.js';

/** Why a function declared with an asm label is reached: its symbol is another name. */
export const ASM_LABELLED =
  'a declaration of it gives it an assembler name (an asm label): code may call it by that name';

/**
 * Attributes that let code the unit does not spell reach a function: kept for references from
 * assembly or the linker (`used`, `section`, `retain`), run before or after `main`
 * (`constructor`, `destructor`), exported or made an interrupt handler. Such a function is
 * an entry point: its callers are not all visible.
 */
export const REACHING_ATTRIBUTES =
  /\b(used|__used__|section|__section__|retain|__retain__|constructor|__constructor__|destructor|__destructor__|externally_visible|__externally_visible__|visibility|__visibility__|weak|__weak__|alias|__alias__|ifunc|__ifunc__|interrupt|__interrupt__|isr|signal|__signal__|naked|__naked__)\b/;

/** `inline` in its spellings (a storage class to tree-sitter-c). */
const INLINE = new Set(['inline', '__inline', '__inline__']);

export function reachingAttributes(
  src: SourceText,
  fnDef: Node,
): FunctionCalls['reachedElsewhere'] {
  const out: { loc: SourceLoc; why: string }[] = [];
  // A C99 inline definition with external linkage is no external definition: another unit
  // defines the function, and a call here may reach that body instead (gcc -O0 always
  // does); GNU89's `extern inline` likewise. adversary 2026-11-29b: kern() inline in main.c
  // folded t and shrank main()'s buffer, the external kern() of another file wrote 16 cells.
  const specifiers = fnDef.namedChildren.filter((c) => c.type === 'storage_class_specifier');
  const inline = specifiers.find((c) => INLINE.has(c.text));
  if (inline && !specifiers.some((c) => c.text === 'static'))
    out.push({
      loc: src.locOf(inline),
      why: `it is defined '${inline.text}' with external linkage: a call may reach another unit's definition of it`,
    });
  const attributes = [
    ...fnDef.descendantsOfType('attribute_specifier'),
    ...fnDef.descendantsOfType('attribute_declaration'),
  ];
  for (const a of attributes) {
    // Only the attributes of the definition itself, not of declarations in its body.
    if (child(fnDef, 'body') && a.startIndex >= child(fnDef, 'body')!.startIndex) continue;
    const m = REACHING_ATTRIBUTES.exec(a.text);
    if (m)
      out.push({
        loc: src.locOf(a),
        why: `its attribute '${m[1]}' makes it reachable from code the file does not show`,
      });
  }
  return out;
}

/**
 * Where a defined function's name is spelled other than as the callee of a call: `fp =
 * kernel;`, `&kernel`, a table; and where a string spells it (`__attribute__((alias("kernel")))`
 * on another declaration, `asm("call kernel")`): calls the unit does not show may then reach
 * it. Also the attributes of its other declarations (a prototype marked `used`). Read from the
 * text (comments blanked), not the tree: a walk over every node of a preprocessed file costs
 * far more, and any other spelling (a macro argument, `(kernel)(x)`) only makes the answer
 * more cautious.
 */
export function reachedElsewhere(
  src: SourceText,
  definitions: readonly Node[],
  /** Where each definition spells its own name (not a mention of it). */
  definitionNames: ReadonlySet<number>,
  names: ReadonlySet<string>,
  prototypes: Map<string, SourceLoc[]>,
): Map<string, { loc: SourceLoc; why: string }[]> {
  const out = new Map<string, { loc: SourceLoc; why: string }[]>();
  if (names.size === 0) return out;
  const add = (name: string, offset: number, why: string) =>
    out.set(name, [...(out.get(name) ?? []), { loc: src.loc(offset), why }]);
  const re = /[A-Za-z_][A-Za-z0-9_]*/g;
  const text = src.text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => m.replace(/[^\n]/g, ' '));
  // String and character literals: a name spelled inside one is reached by name.
  for (const { name, offset } of namesInLiterals(text))
    if (names.has(name))
      add(
        name,
        offset,
        `its name is spelled in a string (an alias attribute or assembly may call it)`,
      );
  const code = literalsBlanked(text);
  const bodies = definitions.map((d) => child(d, 'body')).filter((b): b is Node => !!b);
  // Bodies are in text order and never overlap: a binary search (a call per name use).
  const inBody = (at: number) => {
    const b = bodies[firstIndex(bodies, (x) => x.endIndex > at)];
    return !!b && at >= b.startIndex;
  };
  for (let m = re.exec(code); m; m = re.exec(code)) {
    if (!names.has(m[0])) continue;
    const next = /\S/.exec(code.slice(re.lastIndex, re.lastIndex + 200));
    if (next?.[0] === '(') {
      if (asmLabelled(code, re.lastIndex)) add(m[0], m.index, ASM_LABELLED);
      if (definitionNames.has(m.index)) continue;
      // Outside every body: a declaration of it (a prototype; the storage of a parameter
      // that changes type must change there too).
      if (!inBody(m.index))
        prototypes.set(m[0], [...(prototypes.get(m[0]) ?? []), src.loc(m.index)]);
      // A declaration of it (not a call) with an attribute that makes it reachable.
      const line = code.slice(code.lastIndexOf(';', m.index) + 1, code.indexOf(';', m.index) + 1);
      const attribute = /__attribute__|\[\[/.test(line) ? REACHING_ATTRIBUTES.exec(line) : null;
      if (attribute && /^\s*[^=]*$/.test(line.split(m[0])[0] ?? ''))
        add(
          m[0],
          m.index,
          `a declaration of it carries an attribute that makes it reachable from code the file does not show ('${attribute[1]}')`,
        );
      continue;
    }
    add(m[0], m.index, `its address is taken: calls through a function pointer are not visible`);
  }
  return out;
}
