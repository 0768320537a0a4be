/**
 * The reason codes in SARIF (issue 28): one rule per code (its id the code, its name the
 * code's name, its help what the user can do: src/model/reasons.ts, docs/reasons.md), and
 * one result per array the analysis rejected, per warning and per note about the file, with
 * the code as its ruleId. Arrays left unchanged for an ordinary reason (a parameter, an
 * array that escapes) are no finding: only the rule catalog names their codes. A suppressed
 * finding carries its suppression (the configuration: external; a `beeclak: keep`: in the
 * source).
 */
import { REASONS, reasonNameOf, type ReasonName } from '../model/reasons.js';
import type {
  ArrayReport,
  FileReport,
  ReportDiagnostic,
  ReportFinding,
  Suppression,
} from '../pipeline/report.js';

/** The help a rule's entry gives, as text. */
function help(name: ReasonName): string {
  const r = REASONS[name];
  const status = 'status' in r ? ` The array is left ${r.status}.` : '';
  return `${r.summary}.${status} ${r.help}`;
}

/** One rule per code, in code order; `first` is the index of the first one in the log. */
export function reasonRules() {
  return (Object.keys(REASONS) as ReasonName[]).map((name) => {
    const r = REASONS[name];
    const level =
      'status' in r ? (r.status === 'rejected' ? 'warning' : 'none') : (r.level ?? 'note');
    return {
      id: r.code,
      name,
      shortDescription: { text: r.summary },
      help: { text: help(name) },
      defaultConfiguration: { level },
    };
  });
}

function ruleIndex(code: string, first: number): number {
  const name = reasonNameOf(code);
  return first + (name ? Object.keys(REASONS).indexOf(name) : 0);
}

const suppressions = (s: Suppression | undefined) =>
  s ? { suppressions: [{ kind: s === 'configuration' ? 'external' : 'inSource' }] } : {};

interface Placed {
  readonly location: unknown;
  readonly fingerprint: string;
}

function finding(
  f: Pick<ReportFinding, 'code' | 'message' | 'suppressed'>,
  level: string,
  at: Placed,
  first: number,
) {
  return {
    ruleId: f.code,
    ruleIndex: ruleIndex(f.code, first),
    level,
    message: { text: f.message },
    locations: [at.location],
    partialFingerprints: { 'beeclakFinding/v1': `${at.fingerprint}::${f.code}` },
    ...suppressions(f.suppressed),
  };
}

const warningLevel = (code: string): string => {
  const name = reasonNameOf(code);
  const r = name ? REASONS[name] : undefined;
  return r && 'level' in r && r.level ? r.level : 'note';
};

/** The findings of one array: its rejection, if it was rejected, and its warnings. */
export function arrayFindings(a: ArrayReport, location: unknown, first: number) {
  const at = { location, fingerprint: `${a.function}::${a.name}` };
  const rejected =
    a.status === 'rejected' && a.code !== undefined && a.reason !== undefined
      ? [
          finding(
            { code: a.code, message: a.reason, suppressed: a.suppressed },
            'warning',
            at,
            first,
          ),
        ]
      : [];
  return [...rejected, ...a.warnings.map((w) => finding(w, warningLevel(w.code), at, first))];
}

/** The notes about a whole file, at their place in it. */
export function diagnosticFindings(
  report: FileReport,
  location: (d: ReportDiagnostic) => unknown,
  first: number,
) {
  return report.diagnostics.map((d) =>
    finding(d, d.severity, { location: location(d), fingerprint: `${d.line}` }, first),
  );
}
