import { sampleArrays, pipelineConflictSet } from './dist/scripts/bench-conflict.js';
import { clearOmegaMemo } from './dist/src/poly/omega.js';
import { workSpent } from './dist/src/poly/budget.js';
const S = [['durbin.c', ['N']], ['dynprog.c', ['N']], ['linebuf.c', ['H', 'W']], ['stencil_time.c', ['T', 'N']], ['reverse_stride.c', ['N']], ['datadep.c', ['N']]];
for (const [f, ps] of S) for (const n of [100n, 1000000n]) {
  const arrays = await sampleArrays(f, Object.fromEntries(ps.map((p) => [p, n])));
  let tot = 0, work = 0; const per = [];
  for (const { fn, array } of arrays) { pipelineConflictSet(fn, array); const ts = []; for (let k = 0; k < 3; k++) { clearOmegaMemo(); const w = workSpent(); const c = process.cpuUsage(); pipelineConflictSet(fn, array); const u = process.cpuUsage(c); ts.push((u.user + u.system) / 1000); work = workSpent() - w; } ts.sort((a,b)=>a-b); tot += ts[1]; per.push(`${array.name}:${ts[1].toFixed(1)}ms/${work}u`); }
  console.log(f, n, tot.toFixed(1), per.join(' '));
}
