/**
 * A report whose arrays are all left as written (the driver's last resort, when rounds of
 * refusals did not bring the configurations to one output): every entry that said
 * contracted or scalarized says unchanged, with the reason.
 */
import type { ArrayReport, FileReport } from '../report.js';
import { codeOf } from '../../model/reasons.js';

function refused(a: ArrayReport, message: string): ArrayReport {
  if (a.status !== 'contracted' && a.status !== 'scalarized') return a;
  const { mapping: _m, heuristic: _h, savedBytes: _s, ...rest } = a;
  return {
    ...rest,
    status: 'unchanged',
    reason: message,
    code: codeOf('configurations-disagree'),
    compressedCells: a.originalCells,
    ...(a.originalBytes !== undefined ? { compressedBytes: a.originalBytes, savedBytes: 0 } : {}),
  };
}

export function refusedEverywhere(report: FileReport, message: string): FileReport {
  return { ...report, arrays: report.arrays.map((a) => refused(a, message)) };
}
