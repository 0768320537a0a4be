/**
 * The JSON report (issue 29, item 5): one shape whatever the number of files, and real
 * reports valid against the schema the package publishes (schema/report.schema.json),
 * checked with ajv (JSON Schema 2020-12).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import { ROOT, runCli } from '../helpers/cli.js';

type Json = Record<string, unknown>;

// ajv is a CommonJS module: its class is the default export's `default`.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ??
  Ajv2020Module) as typeof Ajv2020Module;
const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'schema/report.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(schema);
const validateDocument = ajv.getSchema(schema.$id)!;
const validateFile = ajv.getSchema(`${schema.$id}#/$defs/fileReport`)!;

function problems(validate: typeof validateDocument, data: unknown): string[] {
  return validate(data)
    ? []
    : (validate.errors ?? []).map(
        (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
      );
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-schema-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const FUSED = `#define N 8
void kernel(const int a[N], int b[N]) {
  int t[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
}
`;

/** The JSON printed after the run's own lines on stderr (or the whole of it). */
const printed = (stderr: string) => JSON.parse(stderr.slice(stderr.search(/^\{/m)));

describe('contract --report json: one shape for one file and for many', () => {
  // Guards the shape: one object for one file and an array for several, so a consumer had
  // to know how many files the command was given.
  it('a document with its files and the files skipped', () => {
    fs.writeFileSync(path.join(tmp, 'a.c'), FUSED);
    fs.writeFileSync(path.join(tmp, 'b.c'), FUSED.replace('kernel', 'other'));
    fs.writeFileSync(path.join(tmp, 'bad.c'), 'void f(void) { int x = ; }\n');
    const one = printed(runCli(['contract', 'a.c', '--report', 'json'], { cwd: tmp }).stderr);
    const many = printed(
      runCli(['contract', '--check', '--no-cache', 'a.c', 'b.c', 'bad.c', '--report', 'json'], {
        cwd: tmp,
      }).stderr,
    );
    for (const doc of [one, many]) {
      expect(doc).toMatchObject({ format: 'beeclak-report', formatVersion: 2 });
      expect(doc.tool).toMatchObject({ name: 'beeclak' });
      expect(problems(validateDocument, doc)).toEqual([]);
    }
    expect(one.files.map((f: Json) => f.file)).toEqual(['a.c']);
    expect(one.skipped).toEqual([]);
    expect(many.files.map((f: Json) => f.file)).toEqual(['a.c', 'b.c']);
    expect(many.skipped).toEqual([
      { file: 'bad.c', reason: expect.stringMatching(/^bad\.c:1:\d+: error: /) },
    ]);
  });
});

describe('real reports are valid against schema/report.schema.json', () => {
  it('the schema rejects what it should (a field it does not know, a wrong status)', () => {
    const file = { file: 'k.c', arrays: [], diagnostics: [] };
    expect(problems(validateFile, file)).toEqual([]);
    expect(problems(validateFile, { ...file, extra: 1 })).not.toEqual([]);
    const array = {
      name: 't',
      function: 'f',
      line: 1,
      column: 1,
      status: 'shrunk',
      elementType: 'int',
      originalCells: 8,
      compressedCells: 1,
      maxLive: null,
      warnings: [],
    };
    expect(problems(validateFile, { ...file, arrays: [array] })).not.toEqual([]);
    expect(
      problems(validateFile, { ...file, arrays: [{ ...array, status: 'scalarized' }] }),
    ).toEqual([]);
  });

  // --diff, not --check: the check's fields are validated by the runs above and below, and
  // checking every sample (two sanitized builds each) was most of this suite's time (issue 29
  // item 6).
  it('contract over every sample (one run, many fields), and with --timings', () => {
    const samples = fs
      .readdirSync(path.join(ROOT, 'samples'))
      .filter((f) => f.endsWith('.c'))
      .map((f) => `samples/${f}`);
    // --jobs 1: the shape is the same however the files are spread (test/cli/multiFile.test.ts),
    // and two more threads loading the CLI cold took a fifth more CPU (issue 29, item 6).
    const all = runCli([
      'contract',
      '--no-cache',
      '--jobs',
      '1',
      '--diff',
      ...samples,
      '--report',
      'json',
    ]);
    const doc = printed(all.stderr);
    expect(doc.files.length).toBeGreaterThan(15);
    expect(problems(validateDocument, doc)).toEqual([]);
    const timed = runCli(['contract', 'samples/durbin.c', '--report', 'json', '--timings']);
    const withTimings = printed(timed.stderr);
    expect(withTimings.files[0].timings).toBeDefined();
    expect(problems(validateDocument, withTimings)).toEqual([]);
  });

  // Guards the code-base summary (issue 27, item 5): a report over a code base had no
  // totals, so a maintainer added up bytes by hand; it is one shape, valid for one file too.
  it('the code-base summary (by file, function, storage; what stays by reason)', () => {
    const cwd = path.join(ROOT, 'test/fixtures/codebase');
    const r = runCli(
      ['contract', '--check', '--no-cache', '-p', 'build', 'src', '--report', 'json'],
      {
        cwd,
      },
    );
    const doc = printed(r.stderr);
    expect(problems(validateDocument, doc)).toEqual([]);
    expect(doc.summary).toMatchObject({
      files: 3,
      contracted: 4,
      bytesSaved: 2276,
      // (main's scratch shrinks with dsp.c's dsp_energy: edits across files, issue 27 item 2)
      byFile: [
        { file: 'src/main.c', bytesSaved: 1792 },
        { file: 'src/dsp.c', bytesSaved: 248 },
        { file: 'src/extra.c', bytesSaved: 236 },
      ],
      byFunction: [
        { file: 'src/main.c', function: 'main', bytesSaved: 1792 },
        { file: 'src/dsp.c', function: 'dsp_window', bytesSaved: 248 },
        { file: 'src/extra.c', function: 'dsp_taps', bytesSaved: 236 },
      ],
      // (extra.c's w is static scratch: its bytes are the static class's)
      byStorage: [
        { storage: 'stack', bytesSaved: 2040 },
        { storage: 'static', bytesSaved: 236 },
      ],
    });
    // main's buffers are passed to calls: that reason keeps their 512 bytes, and comes first.
    expect(doc.summary.kept[0]).toMatchObject({
      code: 'BC1011',
      reason: 'passed-to-call',
      arrays: 2,
      bytes: 512,
      items: [
        { file: 'src/main.c', name: 'in', bytes: 256 },
        { name: 'out', bytes: 256 },
      ],
    });
    // A parameter's bytes are its callers': listed, not counted.
    const pointers = doc.summary.kept.find((g: Json) => g.reason === 'pointer');
    expect(pointers).toMatchObject({ bytes: 0, uncounted: pointers.arrays });
    const one = printed(runCli(['contract', 'samples/durbin.c', '--report', 'json']).stderr);
    expect(one.summary.files).toBe(1);
    expect(problems(validateDocument, one)).toEqual([]);
    const sarif = JSON.parse(
      runCli(['contract', '--check', '--no-cache', '-p', 'build', 'src', '--report', 'sarif'], {
        cwd,
      }).stderr.replace(/^[^{]*/, ''),
    );
    expect(sarif.runs[0].properties.summary).toEqual(doc.summary);
  });

  // Guards the schema of a struct member's saving (its storage class was not in the enums).
  it('a struct member shrunk in its definition (storage struct-member, bytes per object)', () => {
    const dir = path.join(tmp, 'structs');
    fs.cpSync(path.join(ROOT, 'test/adversarial/structs/base'), dir, { recursive: true });
    const files = ['glue.c', 'kernel.c', 'main.c'];
    const r = runCli(['contract', '--check', '--no-cache', ...files, '--report', 'json'], {
      cwd: dir,
    });
    const doc = printed(r.stderr);
    const m = doc.files.flatMap((f: Json) => f.arrays).find((a: Json) => a.name === 'M');
    expect(m).toMatchObject({ storage: 'struct-member', savedBytes: 252 });
    expect(doc.summary.byStorage).toEqual([{ storage: 'struct-member', bytesSaved: 252 }]);
    expect(problems(validateDocument, doc)).toEqual([]);
    const sarif = JSON.parse(
      runCli(['contract', '--check', '--no-cache', ...files, '--report', 'sarif'], {
        cwd: dir,
      }).stderr.replace(/^[^{]*/, ''),
    );
    const result = sarif.runs[0].results.find(
      (x: Json) => x.ruleId === 'beeclak/contractible-array',
    );
    expect(result.message.text).toContain('saves 252 per struct object');
    expect(result.properties).toMatchObject({ storage: 'struct-member', savedBytes: 252 });
  });

  it('a profiled result (contract --profiled)', () => {
    const r = runCli([
      'contract',
      '--profiled',
      '--run',
      '5',
      '--report',
      'json',
      'test/fixtures/profile/pointer_walk.c',
    ]);
    const doc = printed(r.stderr);
    expect(doc.files[0].arrays.some((a: Json) => a.profiled)).toBe(true);
    expect(problems(validateDocument, doc)).toEqual([]);
  });

  it('analyze --json (one file report, with the dynamic oracle)', () => {
    const r = runCli(['analyze', 'samples/durbin.c', '--json', '--oracle', '1000000']);
    const report = JSON.parse(r.stdout);
    expect(report.arrays.some((a: Json) => a.maxLive !== null)).toBe(true);
    expect(problems(validateFile, report)).toEqual([]);
  });
});
