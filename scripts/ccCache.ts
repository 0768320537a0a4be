/**
 * A content-addressed cache of compiled C programs for the test suites (issue 17): the
 * suites build the same programs again and again (the samples, the fuzz seeds, the
 * rewriter's cases), on a machine several developers share. The key is the compiler's
 * `--version` text, the flags and the source text; the binary is copied out of the cache,
 * so a test still runs its own file. Off unless `BEECLAK_CC_CACHE` names a directory
 * (test/setup.ts sets it; `BEECLAK_CC_CACHE=` turns it off).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

export interface CompileOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export type Compile = (cc: string, args: string[]) => Promise<CompileOutcome>;

const versions = new Map<string, Promise<string>>();

function compilerVersion(cc: string): Promise<string> {
  let v = versions.get(cc);
  if (!v) {
    v = new Promise((resolve) =>
      execFile(cc, ['--version'], { encoding: 'utf8' }, (err, out) => resolve(err ? '' : out)),
    );
    versions.set(cc, v);
  }
  return v;
}

/**
 * Compiles `cFile` to `exe` with `cc flags cFile -o exe libs` through `compile`, or copies
 * the binary a previous build of the same text with the same compiler, flags and libraries
 * left in the cache. Failed builds are not cached (their messages are what the test
 * reports). `libs` go after the source, where the linker looks for them (`-lm`). A build
 * that reads other files (the headers it includes, other units named in `flags`) gives
 * their names and texts as `reads`: the key covers them too.
 */
export async function compileCached(
  compile: Compile,
  cc: string,
  flags: string[],
  cFile: string,
  exe: string,
  libs: string[] = [],
  reads: readonly (readonly [string, string])[] = [],
): Promise<CompileOutcome> {
  const dir = process.env.BEECLAK_CC_CACHE;
  const version = dir ? await compilerVersion(cc) : '';
  const args = [...flags, cFile, '-o', exe, ...libs];
  if (!dir || version === '') return compile(cc, args);
  const key = createHash('sha256')
    .update(JSON.stringify([cc, version, flags, libs, await readFile(cFile, 'utf8'), reads]))
    .digest('hex');
  const cached = join(dir, key);
  // A hard link, not a copy: while this process writes a copy, a child it forks for another
  // test holds the new file open for writing until it execs, and running the copy then fails
  // with ETXTBSY (seen once in test/e2e/constructs.test.ts on 2 cores). A link writes nothing.
  try {
    await link(cached, exe);
    return { code: 0, stdout: '', stderr: '' };
  } catch {
    try {
      await copyFile(cached, exe);
      return { code: 0, stdout: '', stderr: '' };
    } catch {
      /* not cached yet */
    }
  }
  const built = await compile(cc, args);
  if (built.code === 0) {
    // Another worker may build the same program at once: publish by an atomic rename.
    await mkdir(dir, { recursive: true });
    const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await copyFile(exe, partial);
    await rename(partial, cached);
  }
  return built;
}
