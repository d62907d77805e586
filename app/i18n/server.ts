// The server's translators: one per language, made on first use and shared by every request
// in that language. Nothing on the server changes an instance's language or resources, so sharing
// is safe, and it spares each request building an instance with every language's resources.
import type { I18n } from ".";
import { createI18n } from ".";
import { serverResources } from "./resources.server";

const instances = new Map<string, I18n>();

export function serverI18n(lang: string): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, serverResources);
    instances.set(lang, instance);
  }
  return instance;
}
