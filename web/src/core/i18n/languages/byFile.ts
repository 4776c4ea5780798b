/** A glob's files as [path, messages] sorted by path, so a merge (and any "defined twice" error) does not depend on the bundler's order. */
export const byFile = <T,>(files: Record<string, T>): [string, T][] => Object.entries(files).sort(([a], [b]) => a.localeCompare(b));
