/**
 * `--report sarif`: a SARIF 2.1.0 log whose required properties (and the types of the
 * optional ones we emit) follow the OASIS 2.1.0 schema, checked here without the network;
 * one result per array that could shrink, with location, saving and mapping.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../helpers/cli.js';
import { formatSarif } from '../../src/cli/sarif.js';
import type { FileReport } from '../../src/pipeline/report.js';

type Json = Record<string, unknown>;

const KERNEL =
  '#define N 8\nvoid k(const int a[N], int b[N]) {\n  int t[N];\n' +
  '  for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = t[i]; }\n}\n';

/** The parts of the SARIF 2.1.0 schema a code-scanning upload rejects a log for. */
function sarifProblems(log: Json): string[] {
  const problems: string[] = [];
  const need = (cond: boolean, what: string) => {
    if (!cond) problems.push(what);
  };
  const isObj = (x: unknown): x is Json => !!x && typeof x === 'object' && !Array.isArray(x);
  const isMessage = (m: unknown) =>
    isObj(m) && (typeof m.text === 'string' || typeof m.id === 'string');
  need(log.version === '2.1.0', 'sarifLog.version must be "2.1.0"');
  need(log.$schema === undefined || typeof log.$schema === 'string', '$schema is a URI string');
  need(Array.isArray(log.runs), 'sarifLog.runs is required (array)');
  for (const [r, run] of ((log.runs as unknown[]) ?? []).entries()) {
    if (!isObj(run)) {
      problems.push(`runs[${r}] must be an object`);
      continue;
    }
    const driver = isObj(run.tool) ? run.tool.driver : undefined;
    need(isObj(driver), `runs[${r}].tool.driver is required`);
    need(isObj(driver) && typeof driver.name === 'string', `runs[${r}].tool.driver.name`);
    const rules = (isObj(driver) && Array.isArray(driver.rules) ? driver.rules : []) as unknown[];
    for (const [k, rule] of rules.entries())
      need(isObj(rule) && typeof rule.id === 'string', `rules[${k}].id is required`);
    need(
      run.columnKind === undefined ||
        ['utf16CodeUnits', 'unicodeCodePoints'].includes(run.columnKind as string),
      'columnKind',
    );
    // SARIF 3.14.14: each base id an absolute URI ending in a slash.
    const bases = isObj(run.originalUriBaseIds) ? run.originalUriBaseIds : {};
    for (const [id, base] of Object.entries(bases))
      need(
        isObj(base) && typeof base.uri === 'string' && /^file:\/\/.*\/$/.test(base.uri),
        `originalUriBaseIds.${id}.uri is an absolute URI ending in /`,
      );
    const artifactProblems = (a: Json, known: Json, at: string) => {
      need(
        a.uriBaseId === undefined || (typeof a.uriBaseId === 'string' && a.uriBaseId in known),
        `${at} uriBaseId is defined in originalUriBaseIds`,
      );
      need(
        a.uriBaseId !== undefined || /^file:/.test(a.uri as string),
        `${at} a relative uri has a uriBaseId (else it depends on the reader's folder)`,
      );
    };
    for (const [k, inv] of ((run.invocations as unknown[]) ?? []).entries()) {
      need(
        isObj(inv) && typeof inv.executionSuccessful === 'boolean',
        `invocations[${k}].executionSuccessful is required`,
      );
      const notes = (isObj(inv) ? inv.toolExecutionNotifications : []) as unknown[];
      for (const [j, n] of (notes ?? []).entries()) {
        const at = `invocations[${k}].toolExecutionNotifications[${j}]`;
        need(isObj(n) && isMessage(n.message), `${at}.message with text or id is required`);
        for (const loc of (isObj(n) ? (n.locations as unknown[]) : []) ?? [])
          if (
            isObj(loc) &&
            isObj(loc.physicalLocation) &&
            isObj(loc.physicalLocation.artifactLocation)
          )
            artifactProblems(loc.physicalLocation.artifactLocation, bases, at);
      }
    }
    for (const [k, res] of ((run.results as unknown[]) ?? []).entries()) {
      const at = `runs[${r}].results[${k}]`;
      if (!isObj(res)) {
        problems.push(`${at} must be an object`);
        continue;
      }
      need(isMessage(res.message), `${at}.message with text or id is required`);
      need(
        res.level === undefined ||
          ['none', 'note', 'warning', 'error'].includes(res.level as string),
        `${at}.level`,
      );
      if (res.ruleIndex !== undefined) {
        const rule = rules[res.ruleIndex as number];
        need(isObj(rule) && rule.id === res.ruleId, `${at}.ruleIndex points at its ruleId`);
      }
      for (const loc of (res.locations as unknown[]) ?? []) {
        const phys = isObj(loc) ? loc.physicalLocation : undefined;
        need(isObj(phys), `${at} location needs a physicalLocation`);
        if (!isObj(phys)) continue;
        need(
          isObj(phys.artifactLocation) && typeof phys.artifactLocation.uri === 'string',
          `${at} artifactLocation.uri`,
        );
        if (isObj(phys.artifactLocation)) artifactProblems(phys.artifactLocation, bases, at);
        const region = phys.region;
        need(
          isObj(region) &&
            Number.isInteger(region.startLine) &&
            (region.startLine as number) >= 1 &&
            (region.startColumn === undefined || (region.startColumn as number) >= 1),
          `${at} region.startLine >= 1`,
        );
      }
      need(res.properties === undefined || isObj(res.properties), `${at}.properties is a bag`);
    }
  }
  return problems;
}

describe('SARIF', () => {
  it('the validator catches what it claims to (a log missing required properties)', () => {
    expect(sarifProblems({ version: '2.0.0', runs: [{ tool: {}, results: [{}] }] })).toEqual(
      expect.arrayContaining([
        'sarifLog.version must be "2.1.0"',
        'runs[0].tool.driver is required',
        'runs[0].results[0].message with text or id is required',
      ]),
    );
  });

  it('one result per array that could shrink, nothing for the others; valid 2.1.0 shape', () => {
    const report: FileReport = {
      file: 'src/k.c',
      diagnostics: [],
      timings: {
        parseMs: 0,
        delinearizeMs: 0,
        lifetimeMs: 0,
        latticeMs: 0,
        rewriteMs: 0,
        oracleMs: 0,
      },
      arrays: [
        {
          name: 'y',
          function: 'f',
          line: 4,
          column: 10,
          status: 'contracted',
          elementType: 'double',
          originalCells: 100,
          compressedCells: 2,
          originalBytes: 800,
          compressedBytes: 16,
          mapping: { M: [[0, 1]], b: [2] },
          maxLive: null,
          warnings: [],
        },
        {
          name: 'g',
          function: 'f',
          line: 5,
          column: 3,
          status: 'unchanged',
          reason: 'static',
          elementType: 'int',
          originalCells: 4,
          compressedCells: 4,
          maxLive: null,
          warnings: [],
        },
      ],
    };
    const log = JSON.parse(formatSarif([report], '9.9.9', [], process.cwd()));
    expect(sarifProblems(log)).toEqual([]);
    const results = log.runs[0].results;
    expect(results).toHaveLength(1);
    expect(results[0].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'src/k.c', uriBaseId: '%SRCROOT%' },
      region: { startLine: 4, startColumn: 10 },
    });
    expect(log.runs[0].originalUriBaseIds).toEqual({
      '%SRCROOT%': { uri: pathToFileURL(process.cwd()).href + '/' },
    });
    expect(results[0].properties).toMatchObject({ savedBytes: 784, mapping: { b: [2] } });
    expect(results[0].message.text).toContain('800 -> 16 bytes');
  });

  // Guards SARIF's savedBytes against the JSON report's: a parameter folded in place saves
  // nothing where it is (its callers' buffers count), and SARIF said 252.
  it("a parameter folded in place: the report's savedBytes, not the difference of its sizes", () => {
    const entry = {
      name: 't',
      function: 'kernel',
      line: 3,
      column: 20,
      status: 'contracted' as const,
      elementType: 'int',
      originalCells: 64,
      compressedCells: 1,
      originalBytes: 256,
      compressedBytes: 4,
      storage: 'parameter' as const,
      savedBytes: 0,
      mapping: { M: [[0]], b: [1] },
      maxLive: null,
      warnings: [],
    };
    const report: FileReport = {
      file: 'k.c',
      diagnostics: [],
      timings: {
        parseMs: 0,
        delinearizeMs: 0,
        lifetimeMs: 0,
        latticeMs: 0,
        rewriteMs: 0,
        oracleMs: 0,
      },
      arrays: [entry],
    };
    const log = JSON.parse(formatSarif([report], '9.9.9', [], process.cwd()));
    expect(sarifProblems(log)).toEqual([]);
    const r = log.runs[0].results[0];
    expect(r.properties.savedBytes).toBe(0);
    expect(r.message.text).toContain("256 -> 4 bytes of its callers' buffers, saves 0 here");
  });

  it('contract --report sarif over a directory, to --report-file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-sarif-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(
        path.join(dir, 'src/k.c'),
        '#define N 8\nvoid k(const int a[N], int b[N]) {\n  int t[N];\n' +
          '  for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = t[i]; }\n}\n',
      );
      const r = runCli(
        [
          'contract',
          '--check',
          'src',
          '--report',
          'sarif',
          '--report-file',
          'out.sarif',
          '--no-cache',
        ],
        { cwd: dir },
      );
      expect(r.code).toBe(1);
      const log = JSON.parse(fs.readFileSync(path.join(dir, 'out.sarif'), 'utf8'));
      expect(sarifProblems(log)).toEqual([]);
      expect(log.runs[0].results.map((x: Json) => x.partialFingerprints)).toEqual([
        { 'beeclakArray/v1': 'k::t' },
      ]);
      expect(log.runs[0].results[0].locations[0].physicalLocation.region.startLine).toBe(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  // Guards issue 18: a profiled mapping is not a proof, and the log must say so (it used to
  // be absent from SARIF, or would have read like a proved one).
  it('profile --sarif: a profiled result is marked, with the runs it holds for', () => {
    const r = runCli(['profile', '--sarif', 'test/fixtures/profile/key_schedule.c', '--', '3']);
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout);
    expect(sarifProblems(log)).toEqual([]);
    const [res] = log.runs[0].results;
    expect(res.level).toBe('note');
    expect(res.properties).toMatchObject({ profiled: true, profiledRuns: [['3']] });
    expect(res.message.text).toContain(
      'Profiled, not proved: holds for the runs with arguments [3]',
    );
    expect(res.message.text).toContain("beeclak contract --profiled --run '3'");
  });
  it('contract --profiled --report sarif: the profiled array keeps its place, marked', () => {
    const r = runCli([
      'contract',
      '--profiled',
      '--run',
      '5',
      '--report',
      'sarif',
      'test/fixtures/profile/pointer_walk.c',
    ]);
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stderr);
    expect(sarifProblems(log)).toEqual([]);
    const [res] = log.runs[0].results;
    expect(res.locations[0].physicalLocation.region).toEqual({ startLine: 9, startColumn: 12 });
    expect(res.properties).toMatchObject({
      profiled: true,
      notApplied: expect.stringContaining("'w'"),
    });
    expect(res.message.text).toContain("Not applied by 'beeclak contract --profiled'");
  });

  // Guards where results land: URIs were relative to the folder the command ran in, with no
  // uriBaseId (a run from build/ named '../src/k.c', which no reader can place).
  it('from a subfolder of a repository: URIs relative to its root, under %SRCROOT%', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-sarif-'));
    try {
      for (const d of ['.git', 'src', 'build']) fs.mkdirSync(path.join(dir, d));
      fs.writeFileSync(path.join(dir, 'src/k.c'), KERNEL);
      fs.writeFileSync(path.join(dir, 'src/bad.c'), 'void f(void) { int x = ; }\n');
      const r = runCli(['contract', '--check', '--no-cache', '../src', '--report', 'sarif'], {
        cwd: path.join(dir, 'build'),
      });
      expect(r.code).toBe(1 | 4);
      const log = JSON.parse(r.stderr.slice(r.stderr.search(/^\{/m)));
      expect(sarifProblems(log)).toEqual([]);
      const run = log.runs[0];
      expect(run.originalUriBaseIds).toEqual({
        '%SRCROOT%': { uri: pathToFileURL(dir).href + '/' },
      });
      expect(run.results.map((x: Json) => (x.locations as Json[])[0])).toEqual([
        expect.objectContaining({
          physicalLocation: expect.objectContaining({
            artifactLocation: { uri: 'src/k.c', uriBaseId: '%SRCROOT%' },
          }),
        }),
      ]);
      // Guards skipped files: absent from the log, they read as clean on a dashboard.
      expect(run.invocations[0].toolExecutionNotifications).toEqual([
        {
          descriptor: { id: 'beeclak/skipped-file' },
          level: 'error',
          message: { text: expect.stringMatching(/^Not analysed: .*bad\.c:1:\d+: error: /) },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'src/bad.c', uriBaseId: '%SRCROOT%' },
              },
            },
          ],
        },
      ]);
      expect(run.tool.driver.notifications[0].id).toBe('beeclak/skipped-file');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a file outside the root: an absolute file: URI, no base id', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-sarif-out-'));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-sarif-root-'));
    try {
      fs.writeFileSync(path.join(outside, 'k.c'), KERNEL);
      const r = runCli(['contract', path.join(outside, 'k.c'), '--report', 'sarif'], {
        cwd: root,
      });
      const log = JSON.parse(r.stderr);
      expect(sarifProblems(log)).toEqual([]);
      expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({
        uri: pathToFileURL(path.join(outside, 'k.c')).href,
      });
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
