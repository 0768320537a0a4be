import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCached, type Compile } from '../../scripts/ccCache.js';

/** A stand-in compiler: "compiles" by writing the source text as an executable file. */
function fakeCompiler(fail = false) {
  const calls: string[][] = [];
  const compile: Compile = async (_cc, args) => {
    calls.push(args);
    if (fail) return { code: 1, stdout: '', stderr: 'error: nope' };
    const src = args[args.length - 3];
    writeFileSync(args[args.length - 1], readFileSync(src), { mode: 0o755 });
    return { code: 0, stdout: '', stderr: '' };
  };
  return { compile, calls };
}

describe('compileCached (compiled C shared between suites)', () => {
  let dir: string;
  const saved = process.env.BEECLAK_CC_CACHE;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'beeclak-cccache-test-'));
    process.env.BEECLAK_CC_CACHE = join(dir, 'cache');
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.BEECLAK_CC_CACHE;
    else process.env.BEECLAK_CC_CACHE = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds a text once per compiler and flags, then copies the executable binary', async () => {
    const { compile, calls } = fakeCompiler();
    writeFileSync(join(dir, 'a.c'), 'int main(void) { return 0; }\n');
    await compileCached(compile, 'cc', ['-O0'], join(dir, 'a.c'), join(dir, 'a1'));
    expect(await compileCached(compile, 'cc', ['-O0'], join(dir, 'a.c'), join(dir, 'a2'))).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(calls.length).toBe(1);
    expect(readFileSync(join(dir, 'a2'), 'utf8')).toContain('int main');
    expect(statSync(join(dir, 'a2')).mode & 0o100).toBe(0o100);
    // Other flags or another text: a new build.
    await compileCached(compile, 'cc', ['-O2'], join(dir, 'a.c'), join(dir, 'a3'));
    writeFileSync(join(dir, 'a.c'), 'int main(void) { return 1; }\n');
    await compileCached(compile, 'cc', ['-O0'], join(dir, 'a.c'), join(dir, 'a4'));
    expect(calls.length).toBe(3);
    expect(readFileSync(join(dir, 'a4'), 'utf8')).toContain('return 1');
  });

  // Guards the key of a build of several files: a header or another unit that changed
  // must not give the binary of the old text.
  it('builds again when a file the build reads changed', async () => {
    const { compile, calls } = fakeCompiler();
    writeFileSync(join(dir, 'm.c'), '#include "h.h"\nint main(void) { return N; }\n');
    const build = (h: string, exe: string) =>
      compileCached(compile, 'cc', ['-O0'], join(dir, 'm.c'), join(dir, exe), [], [['h.h', h]]);
    await build('#define N 0\n', 'm1');
    await build('#define N 0\n', 'm2');
    expect(calls.length).toBe(1);
    await build('#define N 1\n', 'm3');
    expect(calls.length).toBe(2);
  });

  it('does not cache a failed build, and builds afresh when the cache is off', async () => {
    const failing = fakeCompiler(true);
    writeFileSync(join(dir, 'b.c'), 'oops\n');
    for (let k = 0; k < 2; k++)
      expect(
        (await compileCached(failing.compile, 'cc', [], join(dir, 'b.c'), join(dir, 'b'))).stderr,
      ).toBe('error: nope');
    expect(failing.calls.length).toBe(2);
    process.env.BEECLAK_CC_CACHE = '';
    const { compile, calls } = fakeCompiler();
    writeFileSync(join(dir, 'c.c'), 'int main(void) { return 0; }\n');
    for (let k = 0; k < 2; k++)
      await compileCached(compile, 'cc', [], join(dir, 'c.c'), join(dir, 'c'));
    expect(calls.length).toBe(2);
  });
});
