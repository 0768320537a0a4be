/** The shape of one reason code and the helpers its table is written with (reasons.ts). */
/** The class of a reason the frontend finds (NotCandidateReason in reasons.ts). */
export type CandidacyKind =
  | 'escapes'
  | 'static'
  | 'global'
  | 'parameter'
  | 'volatile'
  | 'not-analysable'
  | 'initializer-not-modelled'
  | 'not-an-array'
  | 'excluded-by-option';

export interface ReasonEntry {
  readonly code: string;
  readonly status?: 'unchanged' | 'rejected';
  readonly kind?: CandidacyKind;
  /** One line: what happened (the SARIF rule's short description). */
  readonly summary: string;
  /** What the user can do about it (the SARIF rule's help; docs/reasons.md has examples). */
  readonly help: string;
  /** SARIF level of a warning's result (default `note`). */
  readonly level?: 'warning';
}

export type Options = Partial<Pick<ReasonEntry, 'status' | 'kind' | 'level'>>;
export const entry = (
  code: string,
  summary: string,
  help: string,
  o: Options = {},
): ReasonEntry => ({
  code,
  summary,
  help,
  ...o,
});
export const UNCHANGED = { status: 'unchanged' } as const;
export const REJECTED = { status: 'rejected' } as const;
export const candidacy = (code: string, kind: CandidacyKind, summary: string, help: string) =>
  ({ code, status: 'unchanged', kind, summary, help }) as const;

/** What a temporary across calls needs, said by every whole-program reason. */
export const ACROSS =
  'A parameter is a temporary of its function only when no value flows through it at any ' +
  'call; ';
