/**
 * Issue 17: the static path (lifetime + lattice stages) at N = 10^2 and 10^6, a view of the
 * rows of the `scaling` step (scaling.ts); it measures nothing itself.
 */
import { SCALING, type ScalingRow } from './scaling.js';
import { markdownTable, ms } from './util.js';

export function staticSizesTable(scaling: readonly ScalingRow[]): string {
  const at = (file: string, n: string) =>
    scaling.find((r) => r.sample === file && r.size.endsWith(`= ${n}`));
  const cost = (r: ScalingRow | undefined) =>
    r && r.lifetimeMs !== null && r.latticeMs !== null ? r.lifetimeMs + r.latticeMs : null;
  return markdownTable(
    [
      'sample',
      'static path at N=10^2 (ms):',
      'N=10^6 (ms):',
      'lifetime 10^2 / 10^6 (ms):',
      'lattice 10^2 / 10^6 (ms):',
    ],
    SCALING.map(({ file }) => {
      const a = at(file, '100');
      const b = at(file, '10^6');
      return [
        file.replace(/\.c$/, ''),
        ms(cost(a)),
        ms(cost(b)),
        `${ms(a?.lifetimeMs) ?? '—'} / ${ms(b?.lifetimeMs) ?? '—'}`,
        `${ms(a?.latticeMs) ?? '—'} / ${ms(b?.latticeMs) ?? '—'}`,
      ];
    }),
  );
}
