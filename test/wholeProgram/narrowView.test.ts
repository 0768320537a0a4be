/**
 * A file's view of the set holds what its decisions read (narrowView.ts, issue 27 "linear in
 * its size"): in a ring of stages with a main() calling every one
 * (scripts/bench/setScaling.ts's hub), each view held main() and every stage and kernel of
 * the set (the cost of each file grew with the set). Guards the narrowing: a file's view
 * holds a bounded number of functions, main() without its calls and uses of the others; the
 * last stage, after which main() no longer uses the buffer, sees every stage.
 */
import { summarizeFile } from '../../src/frontend/program.js';
import { FileSet, type UnitSummary } from '../../src/pipeline/wholeProgram/fileSet.js';

const N = 8;
const stageFile = (k: number) => `double kern_${k}(double t[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) { t[i] = i * ${k + 1}.0; if (i >= 1) s += t[i] * t[i - 1]; }
  return s;
}
double kern_${(k + 1) % N}(double t[8]);
double stage_${k}(const double *in) {
  double buf[8];
  double s = kern_${(k + 1) % N}(buf);
  for (int i = 0; i < 8; i++) s += in[i];
  return s;
}
`;
const MAIN =
  Array.from({ length: N }, (_, k) => `double stage_${k}(const double *in);\n`).join('') +
  'int main(void) {\n  double in[8], s = 0;\n  for (int i = 0; i < 8; i++) in[i] = i;\n' +
  Array.from({ length: N }, (_, k) => `  s += stage_${k}(in);\n`).join('') +
  '  return (int)s;\n}\n';

const units: UnitSummary[] = [
  ...Array.from({ length: N }, (_, k) => ({
    file: `f${k}.c`,
    summary: summarizeFile(stageFile(k), `f${k}.c`, { compiler: false }),
  })),
  { file: 'main.c', summary: summarizeFile(MAIN, 'main.c', { compiler: false }) },
];
const set = new FileSet(units);

describe('a ring of stages with a main() calling every one', () => {
  it("a stage's view: its neighbours and main(), main() using `in` only near its call", () => {
    const view = set.viewFor('f2.c')!;
    expect(view.foreign.map((f) => f.name).sort()).toEqual(
      ['kern_3', 'kern_4', 'main', 'stage_1', 'stage_3'].sort(),
    );
    const main = view.foreign.find((f) => f.name === 'main')!;
    // (stage_1 is in the view as kern_2's caller: main()'s call of it stays)
    expect(main.calls.map((c) => c.callee)).toEqual(['stage_1', 'stage_2', 'stage_3']);
    const callees = main.buffers.find((b) => b.name === 'in')!.uses.map((u) => u.callee);
    expect(callees.filter((c) => c !== undefined)).toEqual(['stage_1', 'stage_2', 'stage_3']);
    expect(view.leftOut).toBeUndefined();
  });

  it('the last stage: main() uses `in` after no other call, every stage is seen', () => {
    const view = set.viewFor(`f${N - 1}.c`)!;
    for (let k = 0; k < N - 1; k++) expect(view.foreign.map((f) => f.name)).toContain(`stage_${k}`);
  });
});
