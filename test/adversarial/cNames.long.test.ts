/**
 * C names special in JavaScript, in every role a C name plays. The template
 * test/fixtures/names/roles.c gets one name in one role (the others keep ordinary names); the
 * analysis must decide exactly as for the same program with the ordinary name (the array is
 * contracted, with the same mapping, conflict set and warnings), and `check` (contract,
 * compile and run both with sanitizers, compare, owner check) must pass.
 *
 * Guards the records keyed by C names (src/poly/nameRecord.ts): on 114caa5 a parameter or a
 * set-once local named like a member of Object.prototype (`toString`, `constructor`, ...) took
 * Object.prototype's function as its value and the array was rejected ("lifetime analysis
 * failed"), and `__proto__` anywhere in a function left its arrays alone; before that refusal,
 * a counter named `__proto__` lost its coefficients and its array was scalarized.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyze, contract } from '../../src/index.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { JS_NAMES, MORE_OBJECT_NAMES, OBJECT_NAMES } from '../helpers/jsNames.js';

const TEMPLATE = readFileSync(path.join(ROOT, 'test/fixtures/names/roles.c'), 'utf8');
/** Each placeholder of the template and its ordinary name. */
const ORDINARY = { COUNTER: 'i', PARAM: 'n', ARRAY: 't', LOCAL: 'c', MACRO: 'N', FIELD: 'v' };
type Placeholder = keyof typeof ORDINARY;

/** The roles: which placeholder takes the name, and whether `-D name=16` is given. */
const ROLES: readonly { role: string; placeholder: Placeholder; define?: true }[] = [
  { role: 'loop counter', placeholder: 'COUNTER' }, // affine coefficients
  { role: 'parameter', placeholder: 'PARAM' }, // parameter values (run-time size)
  { role: 'parameter fixed by -D', placeholder: 'PARAM', define: true }, // -D values of the model
  { role: 'array', placeholder: 'ARRAY' },
  { role: 'scalar local', placeholder: 'LOCAL' }, // a set-once local: a model parameter
  { role: '#define macro', placeholder: 'MACRO' }, // macro values of the compiler's view
  { role: '-D macro', placeholder: 'MACRO', define: true },
  { role: 'struct field', placeholder: 'FIELD' },
];

function program(placeholder: Placeholder, name: string): string {
  let s = TEMPLATE;
  for (const [p, ordinary] of Object.entries(ORDINARY))
    s = s.replace(new RegExp(`\\b${p}\\b`, 'g'), p === placeholder ? name : ordinary);
  return s;
}

/** What the analysis decided for the array, with `name` read back as `ordinary`. */
async function decision(placeholder: Placeholder, name: string, define: boolean): Promise<string> {
  const report = await analyze(program(placeholder, name), {
    file: path.join(ROOT, 'test/fixtures/names/roles.c'),
    // A plain object literal, as an API caller writes it (a computed key is an own key).
    defines: define ? { [name]: 16n } : {},
  });
  const array = placeholder === 'ARRAY' ? name : 't';
  const a = report.arrays.find((x) => x.function === 'kernel' && x.name === array);
  if (!a) return `no array ${array}`;
  const { status, reason, originalCells, compressedCells, mapping, heuristic, warnings } = a;
  const fields = { status, reason, originalCells, compressedCells, mapping, heuristic, warnings };
  // Columns move with the length of the name; the name itself reads as the ordinary one.
  return JSON.stringify({ ...fields, ds: a.ds?.pieces })
    .replace(/\b\d+:\d+\b/g, 'L:C')
    .replace(new RegExp(`\\b${name}\\b`, 'g'), ORDINARY[placeholder]);
}

/**
 * The `check` runs (a compile and run each, so names share a program): one program with a
 * kernel per name and role that renames nothing global (counter, parameter, array, local,
 * field), then one per role that names a macro or gives -D, with a kernel per name (each
 * renames its name in its own kernel and header lines; -D is given for every name).
 */
function checkRuns(names: readonly string[]) {
  // One copy of the template per (name, role): its header and kernel, with the kernel and
  // its struct renamed apart; main calls every kernel.
  const unit = (r: (typeof ROLES)[number], name: string, k: number) => {
    const src = program(r.placeholder, name);
    return src
      .slice(src.indexOf('#ifndef'), src.indexOf('int main'))
      .replace(/\bkernel\b/g, `kernel_${k}`)
      .replace(/\bacc\b/g, `acc_${k}`);
  };
  const programOf = (cases: { r: (typeof ROLES)[number]; name: string }[]) =>
    '#include <stdio.h>\n' +
    cases.map(({ r, name }, k) => unit(r, name, k)).join('') +
    'int main(void) {\n  double a[16];\n  for (int i = 0; i < 16; i++) a[i] = i * 0.5 + 1;\n' +
    cases.map((_, k) => `  printf("%f\\n", kernel_${k}(a, 16));\n`).join('') +
    '  return 0;\n}\n';
  const local = ROLES.filter((r) => !r.define && r.placeholder !== 'MACRO');
  const together = local.flatMap((r) => names.map((name) => ({ r, name })));
  const runs = [{ roles: local.map((r) => r.role).join(', '), file: 'local.c', cases: together }];
  ROLES.filter((r) => !local.includes(r)).forEach((r, k) =>
    runs.push({ roles: r.role, file: `global-${k}.c`, cases: names.map((name) => ({ r, name })) }),
  );
  return runs.map(({ roles, file, cases }) => ({
    roles,
    file,
    source: programOf(cases),
    flags: cases.flatMap(({ r, name }) => (r.define ? ['-D', `${name}=16`] : [])),
    arrays: cases.length,
  }));
}

const work = mkdtempSync(path.join(tmpdir(), 'beeclak-cnames-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The decision with the ordinary name, once per role. */
const references = new Map<string, Promise<string>>();
function reference(placeholder: Placeholder, define: boolean): Promise<string> {
  const key = `${placeholder}${define}`;
  if (!references.has(key))
    references.set(key, decision(placeholder, ORDINARY[placeholder], define));
  return references.get(key)!;
}

const table = (names: readonly string[]) =>
  names.flatMap((name) => ROLES.map((r) => ({ name, ...r })));

describe('C names special in JavaScript, in every role', () => {
  // Every name is decided; the names of Object.prototype the hazards were seen with are checked.
  it.each(table([...OBJECT_NAMES, ...MORE_OBJECT_NAMES, ...JS_NAMES]))(
    '$name as $role: the same decision as the ordinary name',
    async ({ name, placeholder, define }) => {
      const expected = await reference(placeholder, !!define);
      expect(expected).toMatch(/"status":"contracted"/);
      expect(await decision(placeholder, name, !!define)).toBe(expected);
    },
  );

  it.each(checkRuns(OBJECT_NAMES))('every name as $roles: check passes', (run) => {
    const file = path.join(work, run.file);
    writeFileSync(file, run.source);
    const r = runCli(['check', ...run.flags, file]);
    const last = r.stdout.trim().split('\n').pop();
    const contracted = new RegExp(`: ${run.arrays} arrays? contracted`).test(r.stdout);
    expect({ code: r.code, contracted, last }).toEqual({ code: 0, contracted: true, last: 'ok' });
  });
});

// Guards the searches of C names in the source's text (src/model/identifiers.ts): GNU C
// allows `$` in names, and spliced into a regular expression `$` was an end anchor, so a
// file-scope `const int n$` was never found and its run-time guard was left out.
describe('GNU C names with $', () => {
  const source = (n: string) => `#include <stdio.h>
const int ${n} = 16;
static double kernel(const double *a) {
  double t[64];
  double s = 0;
  for (int i = 0; i < ${n}; i++) {
    t[i] = a[i] * 2;
    if (i > 0) s += t[i] - t[i - 1];
  }
  return s;
}
int main(void) {
  double a[64];
  for (int i = 0; i < 64; i++) a[i] = i * i * 0.5 + 1;
  printf("%f\\n", kernel(a));
  return 0;
}
`;
  it.each(['n$', '$n', 'n$m'])('a constant %s gets the guard an ordinary name gets', async (n) => {
    const file = path.join(work, 'dollar.c');
    const expected = (await contract(source('nn'), { file })).code;
    expect(expected).toMatch(/if \(nn != 16\)/);
    const { code } = await contract(source(n), { file });
    expect(code.split(n).join('nn')).toBe(expected);
  });
});
