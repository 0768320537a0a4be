/**
 * docs/reasons.md documents every reason code the source can emit (issue 28): a heading
 * `### BC1203 value-flows-in` per code, with a minimal example and what to do. Every code the
 * source emits is a name of REASONS (src/model/reasons.ts; the type allows no other), and
 * every name of REASONS is emitted somewhere (no code kept for nothing).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REASONS, type ReasonName } from '../../src/model/reasons.js';
import { sourceFiles } from '../helpers/sourceFiles.js';

const DOC = readFileSync(path.resolve('docs/reasons.md'), 'utf8');
const names = Object.keys(REASONS) as ReasonName[];

/** The section of one code: from its heading to the next heading. */
function section(code: string): string | undefined {
  const at = DOC.search(new RegExp(`^### ${code} `, 'm'));
  if (at < 0) return undefined;
  const next = DOC.slice(at + 4).search(/^#{2,3} /m);
  return next < 0 ? DOC.slice(at) : DOC.slice(at, at + 4 + next);
}

describe('docs/reasons.md', () => {
  it.each(names)('documents %s: its heading, an example and what to do', (name) => {
    const s = section(REASONS[name].code);
    expect(s?.split('\n')[0]).toBe(`### ${REASONS[name].code} ${name}`);
    expect(s).toMatch(/```c\n[\s\S]+?\n```/);
    expect(s).toContain('What to do: ');
  });

  it('documents no code that is not one', () => {
    const documented = [...DOC.matchAll(/^### (BC\d{4}) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(documented.sort()).toEqual(names.map((n) => `${REASONS[n].code} ${n}`).sort());
  });

  it('has codes that are unique and well formed', () => {
    const codes = names.map((n) => REASONS[n].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^BC\d{4}$/);
  });
});

describe('every code is emitted by the source', () => {
  const text = sourceFiles(path.resolve('src'))
    .filter((f) => !f.endsWith(path.join('model', 'reasons.ts')))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  it.each(names)('%s', (name) => {
    expect(text).toContain(`'${name}'`);
  });
});
