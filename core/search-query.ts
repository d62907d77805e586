// Turning what a visitor typed into a PostgreSQL text-search query (spec §7 search: text search over
// titles). Every word matches as a prefix, so "intro pyth" finds "Introduction to Python" while it
// is being typed; characters with a meaning to to_tsquery are dropped.

/** Words of the term (letters and digits of any script), at most 8, for a prefix tsquery. */
export function searchWords(term: string): string[] {
  return (
    term
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/** `word1:* & word2:*`, or null when the term has no word at all. */
export function prefixTsQuery(term: string): string | null {
  const words = searchWords(term);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** A LIKE pattern matching the term anywhere, with LIKE's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Substring matching uses the trigram index, which needs at least three characters. */
export const MIN_SUBSTRING_LENGTH = 3;
