/**
 * The reason codes of HLS mode: one part of the table of reasons.ts, kept in a file of its
 * own for its size.
 */
import { entry, REJECTED, UNCHANGED } from './reasonEntry.js';

export const HLS_REASONS = {
  'hls-run-time-size': entry(
    'BC1401',
    'HLS mode: a size known only at run time',
    'Give the size as a constant (a macro, or -D NAME=VALUE).',
    UNCHANGED,
  ),
  'hls-dependence-pragma': entry(
    'BC1402',
    'HLS mode: a DEPENDENCE pragma promises the tool no dependence',
    'Sharing cells would add dependences: remove the pragma to let beeclak contract the array.',
    UNCHANGED,
  ),
  'hls-dataflow-channel': entry(
    'BC1403',
    'HLS mode: a channel between processes of a DATAFLOW region',
    'Nothing to do: the HLS tool builds the channel from its full shape.',
    UNCHANGED,
  ),
  'hls-no-power-of-two': entry(
    'BC1404',
    'HLS mode: no power-of-two mapping is admissible',
    'Nothing to do (exact moduli would need divisions).',
    UNCHANGED,
  ),
  'hls-grows-at-run-time': entry(
    'BC1405',
    'HLS mode: the conflict set grows with sizes known only at run time',
    'Give the size a value with -D NAME=VALUE.',
    REJECTED,
  ),
  'hls-run-time-guard': entry(
    'BC1406',
    'HLS mode: the result would need a run-time check',
    'Make the size a constant (a macro) instead of a function argument.',
    UNCHANGED,
  ),
  'hls-needs-division': entry(
    'BC1407',
    'HLS mode: a slot index would need a division',
    'Nothing to do: masks only in HLS mode.',
    UNCHANGED,
  ),
  'hls-partition-unknown-factor': entry(
    'BC1409',
    'HLS mode: a partition pragma whose factor is not known',
    'Give the factor as a number or a macro with a value (a factor the pragma does not state cannot be checked against a folded extent).',
    UNCHANGED,
  ),
  'hls-partition-undone': entry(
    'BC1410',
    'HLS mode: every mapping that saves something undoes a partition the engineer asked for',
    'Nothing to do if the parallelism matters more than the memory; else remove or relax the partition pragma.',
    UNCHANGED,
  ),
  'hls-partition-trade-off': entry(
    'BC1411',
    'HLS mode: a partition is kept, at the cost of a larger axis-aligned mapping',
    'Nothing to do: the report says which mapping the partition cost.',
  ),
  'hls-pragma-updated': entry(
    'BC1408',
    'an HLS pragma was updated or removed for the new shape',
    'Check the pragma in the output: it now fits the contracted array.',
  ),
} as const;
