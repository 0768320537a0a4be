/**
 * What the rewriter is told to do, as plain data: per contracted array its mapping
 * sigma(x) = M x mod b (one `RowForm` per row of M), where its declarator and accesses sit
 * in the source, and what the lattice stage proved about each row's value at each access.
 *
 * The rewriter never analyses C: everything it needs is here, so it can be driven by the
 * pipeline or by hand-made plans in tests.
 */
import type { ByteRange } from '../model/types.js';
import type { LineNumbering } from '../model/lineNumbering.js';

export type { ByteRange };

/** A modulus b_r: its value when known, and the C text to print (`2`, `N`, `N + 1`). */
export interface Modulus {
  readonly value?: bigint;
  readonly text: string;
}

/** One row r of sigma: the slot index is (M_r . f(x)) mod b_r. */
export interface RowForm {
  /** M's row, one coefficient per original dimension of the array. */
  readonly coefficients: readonly bigint[];
  readonly modulus: Modulus;
}

/**
 * Proven bounds of the value M_r . f(x) over all iterations of one access
 * (undefined = unknown or unbounded on that side).
 */
export interface AccessRange {
  readonly min?: bigint;
  readonly max?: bigint;
  /**
   * Proven 0 <= value <= b - 1 also when b is symbolic (e.g. `i` in `[0, N)` for the
   * modulus `N`): no `%` is needed.
   */
  readonly withinModulus?: boolean;
}

export type AccessKind = 'read' | 'write' | 'readwrite';

export interface AccessRewrite {
  /** The whole subscript expression `y[i][k]`. */
  readonly range: ByteRange;
  /** Each index expression inside its brackets (`i`, `k`), one per original dimension. */
  readonly indexRanges: readonly ByteRange[];
  /** One entry per row of the array's mapping. */
  readonly rowRanges: readonly AccessRange[];
  /** For `check` instrumentation only: `readwrite` for `y[i] += ...`, `y[i]++`, etc. */
  readonly kind?: AccessKind;
  /** For `check` instrumentation only: the 1-based source line printed in reports. */
  readonly line?: number;
  /**
   * For `check` instrumentation only, for an array of structs analysed per field: the
   * fields the access touches (ArrayInfo.fields indices; absent: every one).
   */
  readonly fields?: readonly number[];
  /**
   * For `check` instrumentation only: the statement containing the access (`y[i] = ...;`,
   * ending with `;`). Writes of one statement instance take effect for the owner check
   * when the statement ends, since C does not order the two sides of `=` while the model
   * says reads come first. Without it a write takes effect at once.
   */
  readonly statementRange?: ByteRange;
  /**
   * For `check` instrumentation only: the index texts of the logical cell in the original
   * program (`i`, `k` for `y[i][k]`). Defaults to the access's own index texts; required
   * when instrumenting an already folded file (`slots: 'as-written'`). Must not contain
   * accesses of contracted arrays.
   */
  readonly originalIndexTexts?: readonly string[];
  /**
   * For a delinearized array (declared `buf[H * W]`, seen as `buf[H][W]`): the C text of
   * each component of the multi-dimensional view (`i`, `j` for `buf[i * W + j]`). Slot
   * indices are then formed from these instead of the index texts, and the mapping's rows
   * have one coefficient per component; `indexRanges` still hold the written index, which
   * stays the logical cell for `check` (numbered by the declared extents).
   */
  readonly componentTexts?: readonly string[];
}

export interface ArrayRewrite {
  readonly name: string;
  /** The declarator `y[N][N]` in `double x, y[N][N];`. */
  readonly declaratorRange: ByteRange;
  /**
   * The whole declaration `double x, y[N][N];` (ends with its `;`). Used to place the
   * annotation (on the declaration's first line) and the shadow arrays of `check` (right
   * after it); when absent the annotation goes above the declarator's line.
   */
  readonly declarationRange?: ByteRange;
  /** Rows whose modulus is 1 are already removed; [] makes the array a scalar. */
  readonly rows: readonly RowForm[];
  readonly accesses: readonly AccessRewrite[];
  /** For --annotate: the comment's content, e.g. `y[i][k] -> y[i][k % 2], 10000 -> 200 cells`. */
  readonly annotation?: string;
  /** For `check` instrumentation only: the original extents' texts (`N`, `N`); `''` for `[]`. */
  readonly extentTexts?: readonly string[];
  /** For a delinearized array: the sizes of its multi-dimensional view (`H`, `W`). */
  readonly viewExtentTexts?: readonly string[];
  /** For `check` instrumentation only: declared at file scope (e.g. a `--temporary` global). */
  readonly fileScope?: boolean;
  /** For `check` instrumentation only: the fields of an array of structs analysed per field. */
  readonly fieldCount?: number;
  /**
   * The array keeps its rank (a parameter folded in place in its callers' buffer): `rows`
   * hold one row per declared dimension, row d copying dimension d, and a row of modulus 1
   * indexes 0 (`t[i][j]` -> `t[0][j % 2]`). With `declaredTexts` the declarator takes those
   * extents; without, it stays as written.
   */
  readonly keepRank?: { readonly declaredTexts?: readonly string[] };
  /**
   * Another entry of the plan edits this array's declaration (a file-scope array used by
   * several functions): this one rewrites its accesses only, and `check` declares its
   * shadows once, with that entry.
   */
  readonly sharedDeclarator?: true;
  /**
   * For `check` instrumentation only: where the shadow arrays go when not right after the
   * declaration (a parameter's: just inside the function's body).
   */
  readonly shadowAnchor?: number;
  /**
   * A contracted parameter that becomes a private array of its function (the signature
   * stays): declared with `type` at the top of `body` (insertions.ts), shadowing the
   * parameter, whose declarator is left as written.
   */
  readonly privateCopy?: { readonly type: string; readonly body: ByteRange };
}

/**
 * Text the plan adds besides the arrays' edits (insertions.ts), at offsets of the source:
 * lines right after a function (`after`: its closing brace), before a line inside one,
 * before the file's first line (`file-start`: frontend/unreadIncludes.ts), at its end, and the original body of a function fixed for argument values
 * kept as the path for the others (`fallback`: `if (condition) { original } else { ... }`).
 */
export type PlanInsertion =
  | {
      readonly kind: 'after';
      readonly at: number;
      readonly lines: readonly string[];
      /** The check of an enum constant: a typedef, code rather than a preprocessor guard. */
      readonly constantCheck?: true;
    }
  | { readonly kind: 'before-line'; readonly line: number; readonly lines: readonly string[] }
  | { readonly kind: 'file-start'; readonly lines: readonly string[] }
  | { readonly kind: 'file-end'; readonly lines: readonly string[] }
  | {
      readonly kind: 'fallback';
      readonly body: ByteRange;
      readonly condition: string;
      readonly note: string;
      /**
       * The original body as a function of its own, written before the function's header
       * (which starts at `header.start`): `text` is that function's header (up to its `{`),
       * `call` the statement the guard runs instead of the body.
       */
      readonly outline?: {
        /** The function's name, and that of the function made of its original body. */
        readonly function: string;
        readonly name: string;
        readonly header: { readonly start: number; readonly text: string };
        readonly call: string;
      };
    };

export interface RewritePlan {
  readonly source: string;
  readonly arrays: readonly ArrayRewrite[];
  /**
   * Plain replacements besides the arrays' edits (a heap buffer's sizes and casts, HLS
   * pragmas updated for their array's new shape).
   */
  readonly textEdits?: readonly {
    readonly range: ByteRange;
    readonly text: string;
    readonly what: string;
  }[];
  /** Guards, private copies' blocks and original bodies (insertions.ts). */
  readonly insertions?: readonly PlanInsertion[];
  /**
   * `pow2`: the caller has already rounded every known modulus up to a power of two and the
   * rewriter masks instead of dividing.
   */
  readonly modulo: 'exact' | 'pow2';
  readonly annotate: boolean;
  /**
   * Object-like macros whose replacement is not a single token or a parenthesized
   * expression (`#define M i + 1`): parenthesized wherever they become an operand.
   */
  readonly unsafeMacros?: readonly string[];
  /**
   * HLS mode: masks only (a slot index that would need `%` or the helper is a plan the
   * pipeline should have refused: src/pipeline/decision/hlsDivision.ts).
   */
  readonly hls?: boolean;
  /** The configuration is C89 (see CompilerModel): no `inline` in what is added. */
  readonly c89?: boolean;
  /**
   * How the compiler numbers the file's lines when its own `#line`s renumber them: the
   * `#line` after each addition gives the next line its number (frontend/lineDirectives.ts).
   */
  readonly lineNumbering?: LineNumbering;
}

export interface RewriteResult {
  readonly text: string;
  /** Whether the `beeclak_mod` helper was added to the file. */
  readonly helperEmitted: boolean;
}

/** A plan the rewriter cannot carry out soundly: a bug of an earlier stage, not of the input. */
export class RewriteError extends Error {
  constructor(message: string) {
    super(`internal error (rewrite): ${message}`);
    this.name = 'RewriteError';
  }
}
