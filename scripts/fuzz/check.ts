/**
 * Run-time proof of the generator's guarantees for one program: the plain program
 * compiles warning-free and runs clean under ASan + UBSan and prints one checksum line;
 * the instrumented variant (compiled warning-free, without sanitizers) (written-flag per cell, per-dimension bounds) runs without a
 * failed assertion and prints the same checksum.
 */
import type { Program } from './ir.js';
import { runProgram } from './lifetimes.js';
import { CHECKSUM_LINE, PLAIN_FLAGS, compileAndRun, withTempDir } from './cc.js';

export interface KernelCheck {
  ok: boolean;
  /** The checksum line of the plain program, when it ran. */
  checksum?: string;
  /** What failed, with compiler / sanitizer / assertion output. */
  error?: string;
}

/**
 * With `program` (the IR), the checksum must also equal the one the IR interpreter of
 * lifetimes.ts computes: the dynamic lifetimes the oracle relies on are those of the C run.
 */
export async function checkKernel(kernel: {
  source: string;
  instrumented: string;
  program?: Program;
}): Promise<KernelCheck> {
  return withTempDir(async (dir) => {
    const plain = await compileAndRun(kernel.source, dir, 'plain');
    if (!plain.ok)
      return {
        ok: false,
        error: `plain program failed at ${plain.stage}:\n${plain.stderr}${plain.stdout}`,
      };
    if (!CHECKSUM_LINE.test(plain.stdout))
      return { ok: false, error: `plain program printed ${JSON.stringify(plain.stdout)}` };
    // Its own assertions check what matters here; sanitizers would only double the cost.
    const inst = await compileAndRun(kernel.instrumented, dir, 'instrumented', PLAIN_FLAGS);
    if (!inst.ok)
      return {
        ok: false,
        checksum: plain.stdout.trim(),
        error: `instrumented program failed at ${inst.stage}:\n${inst.stderr}${inst.stdout}`,
      };
    if (inst.stdout !== plain.stdout)
      return {
        ok: false,
        checksum: plain.stdout.trim(),
        error: `instrumented checksum ${inst.stdout.trim()} differs from ${plain.stdout.trim()}`,
      };
    if (kernel.program) {
      const expected = runProgram(kernel.program).checksum;
      if (expected !== plain.stdout.trim())
        return {
          ok: false,
          checksum: plain.stdout.trim(),
          error: `IR interpreter computes ${expected}, the C program printed ${plain.stdout.trim()}`,
        };
    }
    return { ok: true, checksum: plain.stdout.trim() };
  });
}
