/**
 * The report: per array what happened and why (docs/design.md, "JSON report"). Plain data,
 * printed as JSON or as text. Cell counts are JSON numbers when they fit exactly, else
 * strings; symbolic sizes are strings with the expression (`"N*N"`). Every reason, warning
 * and diagnostic has its code (docs/reasons.md).
 */
import { jsonPieces } from './jsonPieces.js';
import { reasonNameOf } from '../model/reasons.js';
import { reportSummary, type ReportSummary } from './reportSummary.js';
export type Status = 'contracted' | 'scalarized' | 'unchanged' | 'rejected';

/**
 * Who suppressed a finding: the configuration's `suppress` list, or the source (a
 * `beeclak: keep` next to the declaration). It is then left out of the text report, and
 * marked suppressed in SARIF.
 */
export type Suppression = 'configuration' | 'source';

/** A warning or a note, with its stable code (`BC1204`: docs/reasons.md). */
export interface ReportFinding {
  code: string;
  message: string;
  suppressed?: Suppression;
}

/** A note about the file as a whole (`file:line:col: severity: message`), with its code. */
export interface ReportDiagnostic extends ReportFinding {
  severity: 'error' | 'warning' | 'note';
  line: number;
  column: number;
}

export type StorageClass = 'stack' | 'static' | 'global' | 'heap' | 'parameter' | 'struct-member';

/** On-chip memory in the units HLS tools report (src/pipeline/hls.ts). */
export interface OnChip {
  readonly bram18: number;
  readonly registerBits: number;
}

/** `3 BRAM18 + 96 register bits` */
function formatOnChip(m: OnChip): string {
  const parts = [
    ...(m.bram18 > 0 || m.registerBits === 0 ? [`${m.bram18} BRAM18`] : []),
    ...(m.registerBits > 0 ? [`${m.registerBits} register bits`] : []),
  ];
  return parts.join(' + ');
}

export interface ArrayReport {
  name: string;
  function: string;
  line: number;
  column: number;
  status: Status;
  reason?: string;
  /** The code of `reason` (docs/reasons.md). */
  code?: string;
  /** The reason is suppressed (see Suppression). */
  suppressed?: Suppression;
  elementType: string;
  originalCells: number | string;
  compressedCells: number | string;
  originalBytes?: number | string;
  compressedBytes?: number | string;
  /**
   * Where the cells live: `stack` (a local array or VLA), `static` (a static local), `global`
   * (file scope), `heap` (an allocation), `parameter` (no storage of its own: its callers'),
   * `struct-member` (a parameter whose cells are struct members shrunk in their definitions).
   */
  storage?: StorageClass;
  /**
   * A file-scope array's linkage (storage `global` only): `external` is one object of the
   * program, reported by every file that declares it (its definition and its `extern`
   * declarations); `internal` (`static`) is the file's own.
   */
  linkage?: 'external' | 'internal';
  /**
   * Bytes the program as built saves through this entry, counted once: a buffer that shrinks
   * where it lives counts its own; a parameter folded in place counts 0 (its callers'
   * buffers count); a parameter's private copy counts minus its size (new stack); a
   * `struct-member` parameter counts its members' bytes per struct object (the program may
   * hold several objects: the tool cannot know how many).
   */
  savedBytes?: number | string;
  /** Cell x lands in slot (M x) mod b, row by row; rows of modulus 1 omitted. */
  mapping?: { M: (number | string)[][]; b: (number | string)[] };
  ds?: {
    dims: number;
    pieces: string[];
    isZero: boolean;
    exact: boolean;
    approximations: string[];
    /** Lifetimes of values (last-writer dataflow) or of cells (Bee: first write to last access). */
    lifetimes?: 'value' | 'cell';
    /** Why cell-based lifetimes were used. */
    lifetimesReason?: string;
  };
  heuristic?: string;
  /** Largest number of cells live at once in a run of the dynamic oracle (a lower bound). */
  maxLive: number | null;
  /** What maxLive counts: values (a lower bound for any allocation) or cells. */
  maxLiveKind?: 'values' | 'cells';
  /** Parameter values the result was computed for (it holds for these only). */
  assumes?: Record<string, number | string>;
  /**
   * For an array declared 1-D with hand-linearized subscripts: whether it was analysed in a
   * multi-dimensional view (`shape`, outermost first; then `mapping` and `ds` are over the
   * view's index vector, and cells are still counted by the declaration), or why not.
   */
  delinearization?: {
    applied: boolean;
    /** The declared extents' texts (`["H * W * K"]`). */
    declared: string[];
    shape?: (number | string)[];
    /** The view's sizes as C text (a parameter's name where one has that value). */
    shapeTexts?: string[];
    reason?: string;
  };
  /** Which statements keep cells live at the same time (text report). */
  explanation?: string[];
  warnings: ReportFinding[];
  /**
   * HLS mode (issue 30): on-chip memory before and after, in 18 Kb block RAMs for the
   * width and depth of each bank its partitions make, or register bits when completely
   * partitioned (src/pipeline/hls.ts `onChip`).
   */
  onChip?: { before: OnChip; after: OnChip };
  /**
   * Profiled, not proved (issue 18): the mapping holds for the runs with these arguments
   * only. `notApplied` says why `contract --profiled` leaves the array unchanged, if it does.
   */
  profiled?: { runs: string[][]; notApplied?: string };
  /**
   * `check --trace` (issue 17): per run, the most values (and cells) live at once in the
   * real run, or why not counted. A measurement of that run only, never used to decide.
   * `cells`: cells live from their first traced write to their last access (an initializer
   * is not traced: its cells are not counted there, its values are, as read before a write).
   */
  traced?: {
    args: string[];
    values?: number;
    cells?: number;
    accesses?: number;
    notCounted?: string;
  }[];
}

export interface FileReport {
  file: string;
  arrays: ArrayReport[];
  diagnostics: ReportDiagnostic[];
  /** HLS mode: on-chip memory per function, its arrays' summed (see ArrayReport.onChip). */
  onChip?: { function: string; before: OnChip; after: OnChip }[];
  /**
   * The configurations the result holds in (src/pipeline/configurations/), when two or more
   * were named: their names, and how many analyses it took (one when the file reads the
   * same in all of them).
   */
  configurations?: { named: string[]; analysed: number };
  /**
   * Where the time went. Measured on every run, but printed only when asked (`--timings`,
   * `{ timings: true }`): two runs never agree on it, and reports are diffed.
   */
  timings: {
    parseMs: number;
    /** The delinearization stage (src/delinearize/), all functions. */
    delinearizeMs: number;
    lifetimeMs: number;
    latticeMs: number;
    rewriteMs: number;
    oracleMs: number;
  };
}

/** A file's report with no array (yet): a header whose prototypes change, `profile --sarif`. */
export const emptyReport = (file: string): FileReport => ({
  file,
  arrays: [],
  diagnostics: [],
  timings: emptyTimings(),
});

/** Timings of a file with no stage run (or only the parse). */
export const emptyTimings = (parseMs = 0): FileReport['timings'] => ({
  parseMs,
  delinearizeMs: 0,
  lifetimeMs: 0,
  latticeMs: 0,
  rewriteMs: 0,
  oracleMs: 0,
});

/** A bigint as a JSON number when it is exactly representable, else as a string. */
export function jsonInt(x: bigint): number | string {
  return x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(x)
    : x.toString();
}

/**
 * What a printed report holds beyond the results. `timings`: the stage times (which differ
 * from run to run); without it the same input prints byte for byte the same report.
 */
export interface PrintOptions {
  readonly timings?: boolean;
}

/** A file a run over several files did not analyse (or could not write), and why. */
export interface SkippedFile {
  file: string;
  reason: string;
}

/**
 * The JSON report of `contract --report json`, one shape whatever the number of files
 * (schema/report.schema.json in the package): `files` holds one FileReport per file
 * analysed, in input order, `skipped` the files left out with their reason.
 */
export interface ReportDocument {
  format: 'beeclak-report';
  /**
   * Bumped when a field changes meaning or is removed (fields may be added within one).
   * 2: warnings and diagnostics are objects with their reason code.
   */
  formatVersion: 2;
  tool: { name: 'beeclak'; version: string };
  files: FileReport[];
  skipped: SkippedFile[];
  /**
   * The code base at a glance (reportSummary.ts): bytes saved by file, function and storage
   * class, and the arrays that stay by reason with the bytes each reason keeps.
   */
  summary: ReportSummary;
}

function withoutTimings(reports: readonly FileReport[], print: PrintOptions): FileReport[] {
  return print.timings
    ? [...reports]
    : (reports.map(({ timings: _, ...rest }) => rest) as FileReport[]);
}

function reportDocument(
  reports: readonly FileReport[],
  toolVersion: string,
  skipped: readonly SkippedFile[],
  print: PrintOptions,
): ReportDocument {
  return {
    format: 'beeclak-report',
    formatVersion: 2,
    tool: { name: 'beeclak', version: toolVersion },
    files: withoutTimings(reports, print),
    skipped: [...skipped],
    summary: reportSummary(reports),
  };
}

/** The report document as JSON; each file's `timings` only with `{ timings: true }`. */
export function formatReport(
  reports: readonly FileReport[],
  toolVersion: string,
  skipped: readonly SkippedFile[] = [],
  print: PrintOptions = {},
): string {
  return JSON.stringify(reportDocument(reports, toolVersion, skipped, print), null, 2) + '\n';
}

/**
 * `formatReport`'s text in pieces (jsonPieces.ts), for a report file: each array's entry
 * (document, files, a file, its arrays) is one piece.
 */
export function reportPieces(
  reports: readonly FileReport[],
  toolVersion: string,
  skipped: readonly SkippedFile[] = [],
  print: PrintOptions = {},
): Iterable<string> {
  // The document (its summary) is made now, its text as it is read.
  const document = reportDocument(reports, toolVersion, skipped, print);
  return (function* () {
    yield* jsonPieces(document, 4);
    yield '\n';
  })();
}

/**
 * One file's report as JSON (`analyze --json`, `check --report-file`: one file each), or for
 * several files an array of them (the shape `contract --report json` had before the report
 * document; kept for library callers). Its `timings` only with `{ timings: true }`.
 */
export function formatJson(reports: readonly FileReport[], print: PrintOptions = {}): string {
  const shown = withoutTimings(reports, print);
  return JSON.stringify(shown.length === 1 ? shown[0] : shown, null, 2) + '\n';
}

function cells(x: number | string): string {
  return typeof x === 'number' ? `${x}` : x;
}

/** The runs a profiled result holds for: `[3], [5 x]`. */
export function profiledRuns(runs: readonly (readonly string[])[]): string {
  return runs.map((r) => `[${r.join(' ')}]`).join(', ');
}

/** The report as text; its `time:` line only with `{ timings: true }`. */
export function formatText(report: FileReport, print: PrintOptions = {}): string {
  const lines: string[] = [];
  lines.push(`${report.file}:`);
  for (const d of report.diagnostics.filter((x) => !x.suppressed))
    lines.push(`  ${diagnosticLine(report.file, d)}`);
  if (report.configurations) {
    const c = report.configurations;
    lines.push(
      `  configurations: ${c.named.map((n) => `'${n}'`).join(', ')} (${c.analysed === 1 ? 'the same text in all: analysed once' : `analysed ${c.analysed} times`})`,
    );
  }
  if (report.arrays.length === 0) lines.push('  no arrays found');
  for (const a of report.arrays.filter((x) => !x.suppressed)) {
    const where = `${report.file}:${a.line}:${a.column}`;
    const head = `  ${a.function}: ${a.name} (${a.elementType}) ${where}`;
    switch (a.status) {
      case 'contracted':
      case 'scalarized': {
        const b = a.mapping?.b.join(', ') ?? '';
        lines.push(
          `${head}: ${a.profiled ? 'PROFILED, NOT PROVED: ' : ''}${a.status}, ` +
            `${cells(a.originalCells)} -> ${cells(a.compressedCells)} cells` +
            (a.status === 'contracted' ? ` (moduli ${b}, ${a.heuristic})` : ''),
        );
        if (a.profiled) {
          lines.push(
            `      profiled, not proved: holds for the runs with arguments ${profiledRuns(a.profiled.runs)}`,
          );
          if (a.profiled.notApplied)
            lines.push(`      not applied by contract --profiled: ${a.profiled.notApplied}`);
        }
        break;
      }
      default:
        lines.push(`${head}: ${a.status}: ${a.reason ?? ''}${codeTag(a.code)}`);
    }
    const dl = a.delinearization;
    if (dl?.applied)
      lines.push(
        `      delinearized: ${a.name}[${dl.declared.join('][')}] seen as ${a.name}[${(dl.shapeTexts ?? dl.shape ?? []).join('][')}]`,
      );
    else if (dl) lines.push(`      not delinearized: ${dl.reason}`);
    if (a.mapping && a.status === 'contracted')
      lines.push(`      mapping: ${formatMapping(a.name, a.mapping)}`);
    if (a.ds) {
      lines.push(
        `      conflicting differences${a.ds.exact ? '' : ' (over-approximated)'}: ${a.ds.pieces.join(' ; ')}`,
      );
      for (const x of a.ds.approximations) lines.push(`      approximation: ${x}`);
      if (a.ds.lifetimes)
        lines.push(
          `      lifetimes: ${a.ds.lifetimes === 'value' ? 'of values (write to last read)' : 'of cells (first write to last access)'}${a.ds.lifetimesReason ? ` (${a.ds.lifetimesReason})` : ''}`,
        );
    }
    for (const e of a.explanation ?? []) lines.push(`      ${e}`);
    if (a.maxLive !== null)
      lines.push(
        a.maxLiveKind === 'values'
          ? `      at most ${a.maxLive} values live at once in a run (lower bound for any allocation)`
          : `      at most ${a.maxLive} cells live at once in a run (lower bound for any allocation)`,
      );
    if (a.assumes && Object.keys(a.assumes).length > 0) {
      lines.push(
        `      computed for ${Object.entries(a.assumes)
          .map(([k, v]) => `${k} = ${v}`)
          .join(', ')}`,
      );
    }
    if (a.onChip)
      lines.push(
        `      on-chip memory: ${formatOnChip(a.onChip.before)} -> ${formatOnChip(a.onChip.after)}`,
      );
    for (const w of a.warnings.filter((x) => !x.suppressed))
      lines.push(`      warning: ${w.message}${codeTag(w.code)}`);
  }
  for (const t of report.onChip ?? [])
    lines.push(
      `  ${t.function}: on-chip memory ${formatOnChip(t.before)} -> ${formatOnChip(t.after)}`,
    );
  const t = report.timings;
  if (print.timings)
    lines.push(
      `  time: parse ${t.parseMs} ms, ` +
        (t.delinearizeMs ? `delinearize ${t.delinearizeMs} ms, ` : '') +
        `lifetime ${t.lifetimeMs} ms, lattice ${t.latticeMs} ms, rewrite ${t.rewriteMs} ms` +
        (t.oracleMs ? `, dynamic oracle ${t.oracleMs} ms` : ''),
    );
  return lines.join('\n') + '\n';
}

/** ` [BC1203 value-flows-in]`: a code and its name, after a message as compilers print them. */
function codeTag(code: string | undefined): string {
  if (code === undefined) return '';
  const name = reasonNameOf(code);
  return ` [${code}${name ? ` ${name}` : ''}]`;
}

/** `file:line:col: severity: message [code name]`. */
function diagnosticLine(file: string, d: ReportDiagnostic): string {
  return `${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}${codeTag(d.code)}`;
}

/** `y[x0][x1] -> y[x0][x1 mod 2]` style text of a mapping. */
export function formatMapping(
  name: string,
  m: { M: (number | string)[][]; b: (number | string)[] },
): string {
  const n = m.M[0]?.length ?? 0;
  const xs = Array.from({ length: n }, (_, k) => `x${k}`);
  const row = (r: (number | string)[]) => {
    const terms = r
      .map((c, k) => ({ c: BigInt(c), x: xs[k] }))
      .filter((t) => t.c !== 0n)
      .map((t, idx) => {
        const mag = t.c < 0n ? -t.c : t.c;
        const term = mag === 1n ? t.x : `${mag}*${t.x}`;
        return idx === 0 ? (t.c < 0n ? `-${term}` : term) : t.c < 0n ? ` - ${term}` : ` + ${term}`;
      });
    return terms.length === 0 ? '0' : terms.join('');
  };
  const from = `${name}${xs.map((x) => `[${x}]`).join('')}`;
  const to =
    m.M.length === 0 ? name : `${name}${m.M.map((r, k) => `[${row(r)} mod ${m.b[k]}]`).join('')}`;
  return `${from} -> ${to}`;
}
