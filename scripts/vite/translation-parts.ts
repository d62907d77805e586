// Serves `…/translation.json?part=public|dashboard`: one part of a language's translations
// (app/i18n/parts.ts), so the browser bundle carries only the part a page needs.
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { type TranslationPart, translationPart } from "../../app/i18n/parts";

const PART = /\/translation\.json\?part=(public|dashboard)$/;

export function translationParts(): Plugin {
  return {
    name: "atrium-translation-parts",
    enforce: "pre",
    load(id) {
      const m = id.match(PART);
      if (!m) return null;
      const file = id.slice(0, id.indexOf("?"));
      this.addWatchFile(file);
      const bundle = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      // Vite's JSON plugin turns this text into a module, as for any JSON import.
      return JSON.stringify(translationPart(bundle, m[1] as TranslationPart));
    },
  };
}
