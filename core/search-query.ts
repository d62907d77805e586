// Turning what a visitor typed into a title search (spec §7 search: text search over titles). Every
// word the visitor typed must be in the title, in any order: a word of three characters or more
// anywhere in it (through the trigram index, so "intro pyth" finds "Introduction to Python" and
// "thon" finds "Python"), a shorter one as the start of a word (through the text-search index).
// Characters with a meaning to to_tsquery or LIKE are dropped or escaped (decision 0024).

/** Substring matching uses the trigram index, which needs at least three characters. */
export const MIN_SUBSTRING_LENGTH = 3;

/** Words of the term (letters and digits of any script), at most 8. */
export function searchWords(term: string): string[] {
  return (
    term
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/** What a title must contain: `anywhere` as substrings (trigram index), `prefixes` as a tsquery. */
export function titleTerms(term: string): { anywhere: string[]; prefixes: string | null } {
  const words = [...new Set(searchWords(term))];
  const anywhere = words.filter((w) => w.length >= MIN_SUBSTRING_LENGTH).map(containsPattern);
  const short = words.filter((w) => w.length < MIN_SUBSTRING_LENGTH);
  return { anywhere, prefixes: short.length ? short.map((w) => `${w}:*`).join(" & ") : null };
}

/** A LIKE pattern matching the term anywhere, with LIKE's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
