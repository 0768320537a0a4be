/**
 * docs/limits.md's first limit names the languages beeclak reads: it said "C only", every
 * `.cpp`, `.cc` and `.cxx` file refused and HLS kernels in C++ out of reach, while the C++
 * frontend (src/frontend/cpp/, docs/hls.md) reads them. Each file ending the limit names as
 * read is read, and each it names as refused is refused with the message it describes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';

const limits = fs.readFileSync(path.join(ROOT, 'docs/limits.md'), 'utf8');
/** The first item of the list: the languages read. */
const item = /^- (C, [\s\S]*?)\n(?=- )/m.exec(limits)?.[1] ?? '';
const endings = (sentence: RegExp) =>
  [...(sentence.exec(item)?.[1] ?? '').matchAll(/`(\.[^`]+)`/g)].map((m) => m[1]!);
const READ = endings(/A (`\.cpp`[^:]*?) file is read as C\+\+/);
const REFUSED = endings(/says a C\+\+ header or CUDA \(([^)]*)\) is refused/);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-languages-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// C and C++ alike: a kernel whose temporary becomes a scalar.
const KERNEL = `static int k(const int *in) {
  int t[8];
  int s = 0;
  for (int i = 0; i < 8; i++) { t[i] = in[i] * 2; s += t[i]; }
  return s;
}
int main() { int a[8] = {1}; return k(a) == 2 ? 0 : 1; }
`;

it('the limit names the endings read and those refused', () => {
  expect(READ).toEqual(['.cpp', '.cc', '.cxx']);
  expect(REFUSED.length).toBeGreaterThan(5);
});

it.each(READ)('a %s file is read as C++ and contracted', (ending) => {
  const file = path.join(tmp, `read${ending}`);
  fs.writeFileSync(file, KERNEL);
  const r = runCli(['contract', file]);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('  int t;\n');
});

it.each(REFUSED)('a %s file is refused with that reason', (ending) => {
  const file = path.join(tmp, `refused${ending}`);
  fs.writeFileSync(file, KERNEL);
  const r = runCli(['contract', file]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`is a C++ header or CUDA source (${ending})`);
});
