// The translator with the spec's keys (errors.singleSession, errors.notFound, cart.couponApplied, …).
// English is complete and is every language's fallback. The server keeps one translator per
// language (server.ts); the browser has one (browser.ts) and loads a language's file only when it
// is needed.
import { DEFAULT_NS, type Resource, Translator } from "./translator";

export { DEFAULT_NS };
export type { Resource, TFunction, TOptions } from "./translator";
export type I18n = Translator;

/** A translator in `lng`; `resources` holds English (the fallback) and any other language ready. */
export function createI18n(lng: string, resources: Resource): I18n {
  return new Translator(lng, resources);
}
