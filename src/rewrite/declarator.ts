/** The declarator of a contracted array, as the rewriter writes it. */
import type { ArrayRewrite } from './plan.js';
import { writtenDimensions } from './slotDimensions.js';

/** The declarator of the contracted array: `y[2]`, `y[N][2]`, or `y` for a scalar. */
export function contractedDeclarator(array: ArrayRewrite, written?: string): string {
  const texts = array.keepRank?.declaredTexts ?? array.rows.map((r) => r.modulus.text);
  return (
    (written === undefined ? undefined : spacedLike(written, array, texts)) ??
    array.name + texts.map((t) => `[${t.trim()}]`).join('')
  );
}

/**
 * `texts` in the author's brackets and spaces of the declarator as written (`t [ N ]` ->
 * `t [ 2 ]`), each in the brackets of the dimension it stands for: only when no extent holds
 * a bracket of its own.
 */
function spacedLike(
  written: string,
  array: ArrayRewrite,
  texts: readonly string[],
): string | undefined {
  if (texts.length === 0 || !written.startsWith(array.name)) return undefined;
  const parts = /^((?:\s*\[\s*[^[\]]*?\s*\])+)\s*$/.exec(written.slice(array.name.length));
  if (!parts) return undefined;
  const groups = [...parts[1]!.matchAll(/(\s*\[\s*)([^[\]]*?)(\s*\])/g)];
  const dims = array.keepRank ? texts.map((_, k) => k) : writtenDimensions(array, groups.length);
  if (dims === undefined || dims.length !== texts.length) return undefined;
  return (
    array.name + dims.map((d, k) => groups[d]![1]! + texts[k]!.trim() + groups[d]![3]!).join('')
  );
}
