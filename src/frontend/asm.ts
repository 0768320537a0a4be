/**
 * Inline assembly (GCC's extended and basic `asm`): what its operands read and write, and
 * when it may touch any memory.
 *
 * An output operand `"=m"(t[i])` writes t[i], `"+m"(t[i])` reads and writes it, an input
 * `"m"(t[i])` reads it (a model that took `"=m"(t[i])` for a read saw t written nowhere and
 * scalarized it). The assembly text may store an output before it loads an input, so an
 * array written by an operand and named by another operand of the same statement is not
 * analysable (statementAccesses.ts, "written inside a larger expression").
 *
 * A `"memory"` clobber says the assembly reads or writes memory other than its operands
 * (through the address of an `"m"` operand, say); GCC gives a non-empty basic `asm` the
 * same clobber. Every array alive there is then left unchanged.
 */
import { type Node, child } from './parse.js';
import { type FunctionState, reason } from './state.js';

/** What an asm operand whose value is `lvalue` does to it; undefined when it is no operand. */
export function asmOperandKinds(lvalue: Node): ('read' | 'write')[] | undefined {
  const p = lvalue.parent;
  if (p?.type === 'gnu_asm_input_operand' && child(p, 'value')?.id === lvalue.id) return ['read'];
  if (p?.type !== 'gnu_asm_output_operand' || child(p, 'value')?.id !== lvalue.id) return undefined;
  // An output's constraint starts with '=' (written) or '+' (read and written).
  return constraintOf(p).startsWith('+') ? ['read', 'write'] : ['write'];
}

function constraintOf(operand: Node): string {
  const c = child(operand, 'constraint');
  return c ? c.text.replace(/^"|"$/g, '').trim() : '';
}

/** The asm statement touches memory its operands do not name. */
export function touchesAnyMemory(asm: Node): boolean {
  const clobbers = child(asm, 'clobbers');
  if (clobbers?.namedChildren.some((r) => /^"\s*memory\s*"$/.test(r.text))) return true;
  // Basic asm: no operand lists at all (`asm("...")`), and not empty.
  const code = child(asm, 'assembly_code');
  const basic = !child(asm, 'output_operands');
  return basic && !!code && !/^"\s*"$/.test(code.text);
}

/** Arrays alive at an asm statement that may touch any memory are not analysable. */
export function refuseOpaqueAsm(st: FunctionState): void {
  for (const n of st.bodyNodes) {
    if (n.type !== 'gnu_asm_expression' || !touchesAnyMemory(n)) continue;
    const where = st.src.locOf(n);
    for (const rec of st.arrays.values()) {
      const block = enclosingBlock(rec.decl.node);
      if (block && !(block.startIndex <= n.startIndex && n.endIndex <= block.endIndex)) continue;
      reason(
        rec,
        'asm-memory',
        `an asm statement at ${where.line}:${where.column} may read or write any memory (a "memory" clobber, or basic asm)`,
        where,
      );
    }
  }
}

/** The block a local declaration is in; null for a parameter or a file-scope array. */
function enclosingBlock(decl: Node): Node | null {
  for (let x = decl.parent; x; x = x.parent) {
    if (x.type === 'compound_statement' || x.type === 'for_statement') return x;
    if (x.type === 'parameter_declaration' || x.type === 'translation_unit') return null;
  }
  return null;
}
