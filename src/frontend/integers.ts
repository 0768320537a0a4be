/**
 * C's integer types as the model sees them: which declared types are integers (a variable
 * of such a type may be a model parameter or a loop counter).
 */
const INTEGRAL =
  /^(const\s+)?(unsigned\s+|signed\s+)?(int|long|short|char|long\s+long|size_t|ptrdiff_t|u?int\d+_t)$/;

/** Whether a declared type (its text) is an integer type. */
export function isIntegralType(typeText: string): boolean {
  return INTEGRAL.test(typeText.replace(/\s+/g, ' '));
}
