/**
 * Configurations as the user names them: sets of -D/-U flags (`--configurations
 * "-DBOARD=1;-DBOARD=2 -DNDEBUG"`, the configuration file's `configurations`, the library's
 * option), each added to the file's own compiler view.
 */
import type { PreprocessOptions } from '../../frontend/preprocess.js';
import type { Configuration } from '../options.js';

const FLAG = /^-[DU][A-Za-z_]\w*(=\S*)?$/;

/**
 * The flags of one set (`-DBOARD=2 -DNDEBUG`, `-D BOARD=2`), or the word that is not a
 * -D/-U flag thrown as an Error (the caller says where it came from).
 */
export function configurationFlags(set: string): string[] {
  const words = set.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let k = 0; k < words.length; k++) {
    let w = words[k]!;
    if ((w === '-D' || w === '-U') && k + 1 < words.length) w += words[++k]!;
    if (!FLAG.test(w) || (w.startsWith('-U') && w.includes('=')))
      throw new Error(`'${w}' is not a -DNAME[=VALUE] or -UNAME flag`);
    out.push(w);
  }
  return out;
}

/** `A;B;C` -> the sets (an empty one is the configuration with no flag of its own). */
export function configurationSets(text: string): string[] {
  return text.split(';').map((s) => s.trim());
}

/** Each set added to the file's compiler view, named by its flags. */
export function namedConfigurations(
  base: PreprocessOptions,
  sets: readonly string[],
): Configuration[] {
  return sets.map((set) => {
    const flags = configurationFlags(set);
    return {
      label: flags.join(' ') || '(no flags)',
      compiler: { ...base, flags: [...(base.flags ?? []), ...flags] },
    };
  });
}
