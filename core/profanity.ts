// The profanity filter of spec §5: whole-word, case-insensitive matching against a word list, and
// masking that replaces each letter of a match with "*" one for one (spaces inside a listed phrase
// stay). Words in scripts written without spaces between words (Chinese, Japanese, Thai…) cannot
// be matched as whole words, so they match wherever they occur. The list itself is passed in: the
// server builds it from a maintained multilingual package plus the owner's own words.

/** Scripts written without spaces between words: their entries match inside longer runs of text. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** What counts as part of a word for the whole-word rule: letters, digits and combining marks. */
const WORD_CHAR = "[\\p{L}\\p{N}\\p{M}]";
/** What masking replaces: every character of a match but the spaces of a phrase, one for one. */
const MASKED = /\S/gu;

export type ProfanityFilter = {
  /** True when the text holds at least one listed word. */
  test(text: string): boolean;
  /** The text with each letter of each listed word replaced by "*". */
  mask(text: string): string;
};

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Trims, lower-cases and de-duplicates the words; blank entries are dropped. */
export function normaliseWords(words: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const raw of words) {
    const w = raw.trim().replace(/\s+/g, " ").toLowerCase();
    if (w) seen.add(w);
  }
  return [...seen];
}

/** A word made only of letters, digits and marks: found by looking each word of the text up. */
const PLAIN_WORD = /^[\p{L}\p{N}\p{M}]+$/u;
const WORDS = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * One filter over the given words. Plain single words are looked up word by word in a set (fast
 * on long texts); phrases, words with punctuation ("a$$") and words of unspaced scripts go through
 * one regular expression, longest first so an entry wins over its own prefix.
 */
export function createProfanityFilter(words: Iterable<string>): ProfanityFilter {
  const list = normaliseWords(words).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const plain = new Set(list.filter((w) => PLAIN_WORD.test(w) && !UNSPACED.test(w)));
  const spaced = list
    .filter((w) => !plain.has(w) && !UNSPACED.test(w))
    .map((w) => escapeRegExp(w).replace(/ /g, "\\s+"));
  const unspaced = list.filter((w) => UNSPACED.test(w)).map(escapeRegExp);
  const parts: string[] = [];
  if (spaced.length) parts.push(`(?<!${WORD_CHAR})(?:${spaced.join("|")})(?!${WORD_CHAR})`);
  if (unspaced.length) parts.push(`(?:${unspaced.join("|")})`);
  const finder = parts.length ? new RegExp(parts.join("|"), "iu") : null;
  const replacer = parts.length ? new RegExp(parts.join("|"), "giu") : null;
  const hides = (word: string) => plain.has(word.toLowerCase());
  return {
    test(text) {
      if (finder?.test(text)) return true;
      for (const [word] of text.matchAll(WORDS)) if (hides(word)) return true;
      return false;
    },
    mask(text) {
      const phrased = replacer ? text.replace(replacer, (match) => match.replace(MASKED, "*")) : text;
      return phrased.replace(WORDS, (word) => (hides(word) ? word.replace(MASKED, "*") : word));
    },
  };
}
