/**
 * The byte threshold of `--min-bytes` (configuration key `minBytes`; issue 29, item 2): an
 * array whose contraction would save no more bytes than the threshold is left as written
 * (BC0003 below-min-bytes), in every mode (-i, --check, --diff, --list, the library). What
 * an array saves is known once the whole file is decided (its storage, the callers' buffers:
 * footprint.ts), so the file is decided a second time with those arrays kept; leaving an
 * array unchanged is always sound.
 */
import type { ArrayReport, FileReport } from './report.js';
import { codeOf } from '../model/reasons.js';
import { bytesSaved } from './reportSummary.js';

/** An array the threshold keeps: where it is and what it would have saved. */
export interface SmallSaving {
  readonly function: string;
  readonly array: string;
  readonly line: number;
  readonly saved: bigint;
}

/**
 * A stack array that saves nothing as built: its function keeps the original body, with the
 * original array, in the same frame (BC1510 guarded-frame-shared).
 */
const sharesItsFrame = (a: ArrayReport) =>
  a.storage === 'stack' && a.warnings.some((w) => w.code === codeOf('guarded-frame-shared'));

/**
 * The arrays that save something, but no more than `minBytes`, and those that save nothing
 * as built (sharesItsFrame). One that saves nothing itself (a parameter folded in its
 * callers' buffer: the saving is counted there) is not one of them: keeping it would lose
 * the buffer's saving.
 */
export function smallSavings(report: FileReport, minBytes: number): SmallSaving[] {
  if (minBytes <= 0) return [];
  return report.arrays.flatMap((a) => {
    const saved = bytesSaved(a);
    return (saved > 0n || sharesItsFrame(a)) && saved <= BigInt(minBytes)
      ? [{ function: a.function, array: a.name, line: a.line, saved }]
      : [];
  });
}

/** The one a threshold keeps of this array, if any. */
export function keptBySaving(
  kept: readonly SmallSaving[] | undefined,
  fn: string,
  array: string,
  line: number,
): SmallSaving | undefined {
  return kept?.find((k) => k.function === fn && k.array === array && k.line === line);
}
