// The site's profanity filter (spec §5): the multilingual LDNOOBW word lists of the naughty-words
// package, plus the owner's own words, matched as whole words regardless of case. The owner can
// switch it off. Messages, group posts, comments and reviews pass through `mask` before they are
// stored, so every reader sees the same masked text.
import lists from "naughty-words";
import { z } from "zod";
import { mapHtmlText } from "../../../core/html-text-nodes";
import { createProfanityFilter, normaliseWords, type ProfanityFilter } from "../../../core/profanity";
import type { Db } from "../../db/client";
import { fieldError } from "../../errors";
import { options } from "../options";

export const PROFANITY_OPTION = "profanity";
export const MAX_OWN_WORDS = 500;

export const ZProfanitySettings = z.object({
  enabled: z.boolean().default(true),
  words: z.array(z.string().trim().min(1).max(60)).max(MAX_OWN_WORDS).default([]),
});
export type ProfanitySettings = z.infer<typeof ZProfanitySettings>;

const builtIn = normaliseWords(Object.values(lists).flat());
let builtInFilter: ProfanityFilter | null = null;
/** Filters with an owner's own words, by the words they were built from (few sites add any). */
const withOwnWords = new Map<string, ProfanityFilter>();
const OFF: ProfanityFilter = { test: () => false, mask: (text) => text };

/** The filter for these settings: off, the built-in lists, or the lists with the owner's words. */
export function filterFor(settings: ProfanitySettings): ProfanityFilter {
  if (!settings.enabled) return OFF;
  if (!settings.words.length) {
    builtInFilter ??= createProfanityFilter(builtIn);
    return builtInFilter;
  }
  const key = normaliseWords(settings.words).sort().join("\n");
  let filter = withOwnWords.get(key);
  if (!filter) {
    filter = createProfanityFilter([...builtIn, ...settings.words]);
    if (withOwnWords.size >= 200) withOwnWords.delete(withOwnWords.keys().next().value as string);
    withOwnWords.set(key, filter);
  }
  return filter;
}

export const profanity = {
  /** The site's settings; a site that never saved any has the filter on with no words of its own. */
  async settings(db: Db, accountId: string): Promise<ProfanitySettings> {
    const stored = await options.get(db, accountId, PROFANITY_OPTION).catch(() => ({}));
    const parsed = ZProfanitySettings.safeParse(stored);
    return parsed.success ? parsed.data : ZProfanitySettings.parse({});
  },

  async save(db: Db, accountId: string, input: unknown): Promise<ProfanitySettings> {
    const parsed = ZProfanitySettings.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fieldError("validation_failed", issue?.path.join(".") || "profanity", issue?.message ?? "Invalid");
    }
    const value = { ...parsed.data, words: normaliseWords(parsed.data.words) };
    await options.set(db, accountId, PROFANITY_OPTION, value);
    return value;
  },

  /** The text as readers will see it: each letter of a listed word replaced by "*". */
  async mask(db: Db, accountId: string, text: string): Promise<string> {
    return filterFor(await this.settings(db, accountId)).mask(text);
  },

  /** Sanitised HTML with the text between its tags masked (tags and addresses stay as they are). */
  async maskHtml(db: Db, accountId: string, html: string): Promise<string> {
    const filter = filterFor(await this.settings(db, accountId));
    return mapHtmlText(html, (text) => filter.mask(text));
  },
};
