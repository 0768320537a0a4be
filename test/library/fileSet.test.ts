/**
 * The library's file sets (issue 27): `contractFiles` analyses the files as one program, and
 * `closedWorld` says a set (or one file) is the whole program. In-process, no compiler.
 */
import { contract, contractFiles } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';

const DSP = `#define N 16
void smooth(const double in[N], double out[N], double t[N]) {
  for (int i = 0; i < N; i++) { t[i] = in[i] * 0.5; out[i] = t[i] + 1.0; }
}
`;
const MAIN = `void smooth(const double *in, double *out, double *t);
int main(void) {
  double in[16] = {0}, out[16], t[16];
  smooth(in, out, t);
  return (int)out[3];
}
`;
const compiler = false as const;
const tOf = (r: {
  report: { arrays: readonly { name: string; status: string; code?: string }[] };
}) => r.report.arrays.find((a) => a.name === 't');

describe('contractFiles', () => {
  // Guards the set: a function with external linkage was never a candidate.
  it('sees the caller in another file: the temporary is contracted in its own file', async () => {
    const [dsp, main] = await contractFiles(
      [
        { file: 'dsp.c', source: DSP },
        { file: 'main.c', source: MAIN },
      ],
      { compiler },
    );
    expect(tOf(dsp!)?.status).toBe('scalarized');
    expect(dsp!.code).toContain('t[0] = in[i] * 0.5;');
    expect(main!.changed).toBe(false);
  });

  it('one file alone: not static; with closedWorld its own calls are all', async () => {
    expect(tOf(await contract(DSP, { compiler }))?.code).toBe(codeOf('not-static'));
    // No call at all in a closed world: nothing to say of t's callers.
    expect(tOf(await contract(DSP, { compiler, closedWorld: true }))?.code).toBe(
      codeOf('not-called'),
    );
    const both = DSP + MAIN.replace(/^void smooth.*\n/, '');
    expect(tOf(await contract(both, { compiler }))?.code).toBe(codeOf('not-static'));
    expect(tOf(await contract(both, { compiler, closedWorld: true }))?.status).toBe('scalarized');
  });
});
