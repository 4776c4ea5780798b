/** Rows whose texts contain every word of the query (case- and width-insensitive); an empty query keeps all. */
export function filterRows<T>(rows: readonly T[], query: string, texts: (row: T) => readonly (string | number | null | undefined)[]): T[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = normalise(texts(row).filter((x) => x !== null && x !== undefined).join(' '));
    return words.every((w) => haystack.includes(w));
  });
}

/** NFKC folds full-width letters and digits (ＪＣＭ, １２３) into their ASCII forms. */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase();
