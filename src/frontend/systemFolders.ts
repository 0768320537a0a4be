/**
 * The folders a system's compiler takes its own headers from: what they define and declare
 * is the system's, never the user's code (a file set's configuration reading skips them).
 */
export function inSystemFolder(file: string): boolean {
  return /^\/usr\/(include|lib|local\/include)\//.test(file);
}
