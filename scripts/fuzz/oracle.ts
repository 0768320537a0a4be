/**
 * The oracle interface of the fuzz campaign, and the stub oracle used until
 * `beeclak contract` / `check` exist. The full oracle (contract, compile both with
 * sanitizers, run, compare, shadow-owner check, static DS ⊇ dynamic DS) plugs in here.
 */
import { CHECKSUM_LINE, compileAndRun, withTempDir } from './cc.js';
import type { GeneratedKernel } from './generate.js';

export interface OracleResult {
  /** mismatch: the transformed program disagrees with the original; crash: a tool or program failed. */
  status: 'pass' | 'mismatch' | 'crash';
  /** Arrays the transformation contracted in this program. */
  contractedArrays: number;
  /** Cells saved over all contracted arrays, when known. */
  cellsSaved?: number;
  /** Names of the kernel's arrays the transformation contracted, when known. */
  contracted?: string[];
  /** Human-readable explanation of a failure. */
  detail?: string;
  /** Program output(s) worth saving with a failure. */
  output?: string;
}

export type Oracle = (kernel: GeneratedKernel) => Promise<OracleResult>;

/** Compiles and runs the original only, and checks it prints one checksum line. */
export const stubOracle: Oracle = async (kernel) =>
  withTempDir(async (dir) => {
    const r = await compileAndRun(kernel.source, dir, 'original');
    const output = `${r.stdout}${r.stderr}`;
    if (!r.ok)
      return {
        status: 'crash',
        contractedArrays: 0,
        detail: `original failed at ${r.stage} (exit ${r.code})`,
        output,
      };
    if (!CHECKSUM_LINE.test(r.stdout))
      return {
        status: 'mismatch',
        contractedArrays: 0,
        detail: 'original printed no checksum line',
        output,
      };
    return { status: 'pass', contractedArrays: 0, output };
  });
