/**
 * A report whose arrays are all left as written (the driver's last resort, when rounds of
 * refusals did not bring the configurations to one output): every entry that said
 * contracted or scalarized says unchanged, with the reason.
 */
import type { ArrayReport, FileReport } from '../report.js';
import { codeOf, type ReasonName } from '../../model/reasons.js';

function refused(a: ArrayReport, message: string, code: ReasonName): ArrayReport {
  if (a.status !== 'contracted' && a.status !== 'scalarized') return a;
  const { mapping: _m, heuristic: _h, savedBytes: _s, ...rest } = a;
  return {
    ...rest,
    // (a parameter whose struct members shrank: they keep their size with it)
    ...(a.storage === 'struct-member' ? { storage: 'parameter' as const } : {}),
    status: 'unchanged',
    reason: message,
    code: codeOf(code),
    compressedCells: a.originalCells,
    ...(a.originalBytes !== undefined ? { compressedBytes: a.originalBytes, savedBytes: 0 } : {}),
  };
}

/** `code`: why (by default, the configurations disagree; a unity build's own, src/cli/batch/unity.ts). */
export function refusedEverywhere(
  report: FileReport,
  message: string,
  code: ReasonName = 'configurations-disagree',
): FileReport {
  return { ...report, arrays: report.arrays.map((a) => refused(a, message, code)) };
}
