/** The declarator of a contracted array, as the rewriter writes it. */
import type { ArrayRewrite } from './plan.js';

/** The declarator of the contracted array: `y[2]`, `y[N][2]`, or `y` for a scalar. */
export function contractedDeclarator(array: ArrayRewrite): string {
  const texts = array.keepRank?.declaredTexts ?? array.rows.map((r) => r.modulus.text);
  return array.name + texts.map((t) => `[${t.trim()}]`).join('');
}
