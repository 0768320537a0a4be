/**
 * A file's view renames again only the functions spelling a name the file defines `static`
 * (setGraph.ts `from`): the others keep the set's one renaming (a main() calling every file
 * was copied call by call for each file's view). Guards the condition: main() here calls
 * helper(), which f1.c defines `static` and f2.c with external linkage; seen from f1.c, the
 * call is not a call of f1.c's helper (it reaches f2.c's, `helper@extern`), and main()'s
 * buffer passed to kern() keeps its place in main()'s calls.
 */
import { summarizeFile } from '../../src/frontend/program.js';
import { FileSet, type UnitSummary } from '../../src/pipeline/wholeProgram/fileSet.js';

const F1 = `static double helper(double *t) { return t[0]; }
double kern(double t[8]) {
  for (int i = 0; i < 8; i++) t[i] = i;
  return helper(t);
}
`;
const F2 = `double helper(double *t) { return t[1]; }
`;
const F3 = `double kern(double t[8]);
double other(double *t) { return kern(t); }
`;
const MAIN = `double helper(double *t);
double kern(double t[8]);
double other(double *t);
int main(void) {
  double a[8], b[8];
  double s = kern(a) + helper(b) + other(b);
  return (int)s;
}
`;
const summarized = (file: string, text: string): UnitSummary => ({
  file,
  summary: summarizeFile(text, file, { compiler: false }),
});
const set = new FileSet([
  summarized('f1.c', F1),
  summarized('f2.c', F2),
  summarized('f3.c', F3),
  summarized('main.c', MAIN),
]);

describe("a file's view where another file's function spells its static name", () => {
  it("main()'s call of helper() is not a call of f1.c's static helper()", () => {
    const view = set.viewFor('f1.c')!;
    const main = view.foreign.find((f) => f.name === 'main')!;
    expect(main.calls.map((c) => c.callee)).toEqual(['kern', 'helper@extern', 'other']);
    const other = view.foreign.find((f) => f.name === 'other')!;
    expect(other.calls.map((c) => c.callee)).toEqual(['kern']);
  });

  it("f2.c's view: helper() is its own, main() calls it by its name", () => {
    const view = set.viewFor('f2.c')!;
    const main = view.foreign.find((f) => f.name === 'main')!;
    expect(main.calls.map((c) => c.callee)).toContain('helper');
  });
});
