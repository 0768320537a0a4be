/**
 * Folding throughput and memory (issue 18): trace builds of synthetic loop nests, run and
 * folded through the pipe as `check --trace` and `profile` do. Each case runs in a child
 * process, so that its peak RSS and CPU time (from /usr/bin/time, the traced program
 * included) are the case's alone; CPU time is the figure to compare on a loaded machine.
 *
 *   node dist/scripts/bench-trace.js            all cases, one JSON line each
 *   node dist/scripts/bench-trace.js --child K  case K only (what the bench spawns)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { traceProgram } from '../src/pipeline/checking/traceRun.js';

interface Case {
  readonly name: string;
  readonly source: string;
  /** Records per stream before the runtime keeps only a box (default: the runtime's). */
  readonly maxRecords?: number;
}

const nest = (outer: number, mid: number, inner: number, subscript: string) => `
#include <stdio.h>
int main(void) {
  double t[${mid}][1000];
  double s = 0;
  for (int r = 0; r < ${outer}; r++)
    for (int i = 0; i < ${mid}; i++)
      for (int j = 0; j < ${inner}; j++)
        t[${subscript}] = r + j;
  for (int i = 0; i < ${mid}; i++) s += t[i][i % 1000];
  printf("%g\\n", s);
  return 0;
}
`;

/** A pointer walk (`*p++`, MachSuite style) inside a while loop with a data-dependent exit. */
const walk = (outer: number, n: number) => `
#include <stdio.h>
int main(void) {
  unsigned t[${n}];
  unsigned long s = 0;
  for (int r = 0; r < ${outer}; r++) {
    unsigned *p = t;
    while (p < t + ${n}) {
      *p++ = (unsigned)r * 7u + (unsigned)(p - t);
      if (p[-1] == 0xffffffffu) break;
    }
    s += t[r % ${n}];
  }
  printf("%lu\\n", s);
  return 0;
}
`;

export const TRACE_CASES: readonly Case[] = [
  { name: '10^8 accesses, affine, runs of 1000', source: nest(1000, 100, 1000, 'i][j') },
  { name: '10^7 accesses, affine, runs of 4', source: nest(25000, 100, 4, 'i][j') },
  { name: '2·10^7 accesses, pointer walk in a while loop', source: walk(10000, 1000) },
  {
    name: '10^6 accesses, cells not affine in the inner loop, all folded',
    source: nest(100, 100, 100, 'i][(j * j + r) % 1000'),
    maxRecords: 1 << 20,
  },
  {
    name: '10^8 accesses, cells not affine in the inner loop, a box past 2^16 records',
    source: nest(1000, 100, 1000, 'i][(j * j + r) % 1000'),
  },
];

export interface TraceBenchRow {
  readonly name: string;
  readonly accesses: number;
  readonly records: number;
  readonly pieces: number;
  readonly wallMs: number;
  /** User + system CPU time of the case (Node and the traced program), from /usr/bin/time. */
  readonly cpuS: number | null;
  readonly peakRssMb: number | null;
}

async function child(k: number): Promise<void> {
  const c = TRACE_CASES[k]!;
  const t = performance.now();
  const out = await traceProgram(c.source, 'bench-trace.c', {
    runs: [[]],
    timeoutMs: 600_000,
    ...(c.maxRecords ? { maxRecords: c.maxRecords } : {}),
  });
  const run = out.runs[0]!;
  const row = {
    name: c.name,
    accesses: run.points,
    records: run.records,
    pieces: run.folds.reduce((s, f) => s + f.pieces.length, 0),
    wallMs: performance.now() - t,
  };
  process.stdout.write(JSON.stringify(row) + '\n');
}

/** Runs every case in a child under /usr/bin/time; one row each. */
export function benchTrace(): TraceBenchRow[] {
  const self = fileURLToPath(import.meta.url);
  return TRACE_CASES.map((_, k) => {
    const r = spawnSync(
      '/usr/bin/time',
      ['-f', 'RSS %M CPU %U %S', process.execPath, self, '--child', String(k)],
      {
        encoding: 'utf8',
      },
    );
    const line = (r.stdout ?? '').trim().split('\n').pop() ?? '{}';
    const rss = /RSS (\d+) CPU ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
    return {
      ...JSON.parse(line),
      cpuS: rss ? Number(rss[2]) + Number(rss[3]) : null,
      peakRssMb: rss ? Math.round(Number(rss[1]) / 1024) : null,
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--child');
  if (at > 0) await child(Number(process.argv[at + 1]));
  else for (const row of benchTrace()) console.log(JSON.stringify(row));
}
