/**
 * Human-readable mappings for `--annotate` comments and reports: `y[i][k] -> y[i][k % 2]`.
 * The `%` here is the mathematical modulo (always in [0, b)), whatever form the code uses.
 */
import { RewriteError, type RowForm } from './plan.js';
import { linearForm, operand } from './sigma.js';

/**
 * `extentTexts`, when given, lets a row that just copies index d into a dimension of the
 * same extent print as the bare index (`y[i]`, not `y[i % N]`).
 */
export function describeMapping(
  name: string,
  rows: readonly RowForm[],
  indexNames: readonly string[],
  extentTexts?: readonly string[],
): string {
  for (const r of rows)
    if (r.coefficients.length !== indexNames.length)
      throw new RewriteError(`mapping of ${name} does not match its ${indexNames.length} indices`);
  const before = name + indexNames.map((x) => `[${x}]`).join('');
  const after =
    name +
    rows
      .map((r) => {
        const value = linearForm(r.coefficients, indexNames);
        const unit = r.coefficients.findIndex((c) => c !== 0n);
        const copiesIndex =
          unit >= 0 &&
          r.coefficients[unit] === 1n &&
          r.coefficients.every((c, d) => d === unit || c === 0n) &&
          extentTexts?.[unit]?.trim() === r.modulus.text.trim();
        if (copiesIndex) return `[${value.text}]`;
        const lhs = value.atomic ? value.text : `(${value.text})`;
        return `[${lhs} % ${operand(r.modulus.text)}]`;
      })
      .join('');
  return `${before} -> ${after}`;
}

/** The annotation content: `y[i][k] -> y[i][k % 2], 10000 -> 200 cells`. */
export function annotationText(
  name: string,
  rows: readonly RowForm[],
  indexNames: readonly string[],
  cells?: { readonly before: string; readonly after: string },
  extentTexts?: readonly string[],
): string {
  const mapping = describeMapping(name, rows, indexNames, extentTexts);
  return cells ? `${mapping}, ${cells.before} -> ${cells.after} cells` : mapping;
}
