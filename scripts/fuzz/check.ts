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
  files?: Record<string, string>;
}): Promise<KernelCheck> {
  return withTempDir(async (dir) => {
    const plain = await compileAndRun(
      kernel.source,
      dir,
      'plain',
      undefined,
      undefined,
      kernel.files,
    );
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
    if (kernel.program?.calls) {
      const bad = await uninitializedReads(kernel, plain.stdout, dir);
      return bad
        ? { ok: false, checksum: plain.stdout.trim(), error: bad }
        : { ok: true, checksum: plain.stdout.trim() };
    }
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

/**
 * A whole program (calls.ts) is not run by the IR interpreter (callers, recursion, the
 * prelude): instead its checksum must not depend on what uninitialized memory holds. Built
 * without sanitizers with automatic variables filled with a pattern and with zeros (heap
 * memory is then mostly zeros, where ASan's run above filled it with 0xbe), it must print
 * what the sanitized run printed. Returns what differed, or undefined.
 */
async function uninitializedReads(
  kernel: { source: string; files?: Record<string, string> },
  expected: string,
  dir: string,
): Promise<string | undefined> {
  for (const fill of ['pattern', 'zero']) {
    const r = await compileAndRun(
      kernel.source,
      dir,
      `fill-${fill}`,
      [...PLAIN_FLAGS, `-ftrivial-auto-var-init=${fill}`],
      undefined,
      kernel.files,
    );
    if (!r.ok)
      return `program built with -ftrivial-auto-var-init=${fill} failed at ${r.stage}:\n${r.stderr}`;
    if (r.stdout !== expected)
      return `with -ftrivial-auto-var-init=${fill} the program prints ${r.stdout.trim()}, not ${expected.trim()}: it reads uninitialized memory`;
  }
  return undefined;
}
