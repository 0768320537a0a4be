/** An affine form of parameters as C source text (`2 * n + m - 3`), for symbolic sizes. */
import type { Affine } from '../poly/affine.js';

export function cExpression(a: Affine): string {
  const parts: string[] = [];
  const push = (negative: boolean, text: string) => {
    if (parts.length === 0) parts.push(negative ? `-${text}` : text);
    else parts.push(negative ? `- ${text}` : `+ ${text}`);
  };
  for (const name of Object.keys(a.coeffs).sort()) {
    const c = a.coeffs[name];
    if (c === 0n) continue;
    const mag = c < 0n ? -c : c;
    push(c < 0n, mag === 1n ? name : `${mag} * ${name}`);
  }
  if (a.constant !== 0n || parts.length === 0) {
    push(a.constant < 0n, `${a.constant < 0n ? -a.constant : a.constant}`);
  }
  return parts.join(' ');
}
