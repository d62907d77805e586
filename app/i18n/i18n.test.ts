import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type MenuInput, profileMenu, quickCreateMenu, sidebarMenu } from "../../core/menus";
import { PLANS } from "../../core/plans";
import { CONSENT_CHOICES } from "../lib/consent";
import { SEARCH_TYPES } from "../lib/site-search";
import { THEMES } from "../lib/theme";
import { TOUR_STEPS } from "../lib/tour-steps";
import { createI18n } from ".";
import { COMPLETE_LANGUAGES, LANGUAGE_CODES, LANGUAGE_NAMES, pickLanguage, textDirection } from "./languages";
import en from "./locales/en/translation.json";
import { serverResources } from "./resources.server";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => {
      const key = prefix ? `${prefix}.${k}` : k;
      return typeof v === "string" ? [[key, v]] : Object.entries(flatten(v, key));
    }),
  );
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(en as Tree);
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
/** A key the code calls: a plain key, or the base of a plural key (`courses` for courses_other). */
const known = (key: string) => key in english || `${key}_other` in english;

describe("languages", () => {
  it("are the 20 codes of spec §9, each with its own name", () => {
    expect(LANGUAGE_CODES).toHaveLength(20);
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(LANGUAGE_NAMES.ar).toBe("العربية");
  });

  it("member preference, then cookie, then the site's default, then English", () => {
    expect(pickLanguage({ member: "de", cookie: "fr", site: "es" })).toBe("de");
    expect(pickLanguage({ member: null, cookie: "fr", site: "es" })).toBe("fr");
    expect(pickLanguage({ cookie: "xx", site: "es" })).toBe("es");
    expect(pickLanguage({})).toBe("en");
  });

  it("Arabic is written right to left", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("en")).toBe("ltr");
  });
});

/** Texts every language keeps as they are: names of products, plans and services, and codes. */
const BRANDS_AND_CODES: ReadonlySet<string> = new Set([
  "Atrium",
  "Starter",
  "Professional",
  "Dedicated",
  "Lifetime",
  "Pro",
  "PayPal",
  "Razorpay",
  "Stripe",
  "Zoom",
  "Jitsi Meet",
  "Webhook ID",
  "Client ID",
  "Client secret",
  "White label",
  "URL",
  "FAQ",
  "field_key",
  "{{ms}} ms",
  "{{n}} MB",
  // The values a contact import's status column must hold, named in its label.
  "Status (active / inactive)",
]);
const LATIN_SCRIPT: ReadonlySet<string> = new Set(["de", "es", "fr", "it", "pt", "pl", "nl", "sv", "tr", "vi"]);
/** The words of a text that have letters, placeholders left out. */
const words = (text: string) =>
  text
    .replace(/\{\{\s*\w+\s*\}\}/g, "")
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w)).length;

describe("translations", () => {
  for (const lang of COMPLETE_LANGUAGES.filter((l) => l !== "en")) {
    it(`${lang} has every English key, with the same placeholders, and is really translated`, () => {
      const other = flatten(serverResources[lang].translation as Tree);
      expect(Object.keys(english).filter((k) => !(k in other))).toEqual([]);
      // A language may have plural forms English lacks (Arabic: zero, two, few, many) for a plural key.
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
      const extra = Object.keys(other).filter((k) => {
        if (k in english) return false;
        const m = k.match(/_(zero|one|two|few|many|other)$/);
        return !(m && categories.includes(m[1]) && `${k.slice(0, -m[0].length)}_other` in english);
      });
      expect(extra).toEqual([]);
      const same: string[] = [];
      for (const [key, text] of Object.entries(english)) {
        // A plural form may spell its number out ("one course", Arabic's dual), so {{count}} may go.
        const plural = PLURAL_FORM.test(key);
        const expected = placeholders(text).filter((p) => !(plural && p === "count"));
        expect(
          placeholders(other[key]).filter((p) => !(plural && p === "count")),
          `${lang}:${key}`,
        ).toEqual(expected);
        expect(other[key].trim(), `${lang}:${key}`).not.toBe("");
        if (other[key] === text && /[a-z]{4,}/i.test(text)) same.push(key);
      }
      // Brand names, plan names and codes stay as they are. A language in another script has no other
      // reason to keep an English string; one in Latin script may share a word or two with English
      // ("Status", "Blog", "Quiz"), never a phrase.
      const leftInEnglish = same.filter(
        (key) => !BRANDS_AND_CODES.has(english[key]) && words(english[key]) >= (LATIN_SCRIPT.has(lang) ? 3 : 1),
      );
      expect(leftInEnglish, `${lang}: left in English`).toEqual([]);
      expect(same.length / Object.keys(english).length, same.join(", ")).toBeLessThan(0.1);
    });
  }

  it("every plural key has each plural form of each language, and a count is shown in the right form", () => {
    for (const lang of COMPLETE_LANGUAGES) {
      const keys = flatten(serverResources[lang].translation as Tree);
      // Spanish, French, Italian and Portuguese "many" is for millions ("1 millón de cursos"); the
      // translator then uses the _other form, which reads the same. Arabic's six forms all differ.
      const all = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
      const categories = lang === "ar" ? all : all.filter((c) => c !== "many");
      const bases = Object.keys(english)
        .filter((k) => k.endsWith("_other"))
        .map((k) => k.slice(0, -"_other".length));
      const missing = bases.flatMap((base) => categories.map((c) => `${base}_${c}`).filter((k) => !(k in keys)));
      expect(missing, lang).toEqual([]);
    }
    const en = createI18n("en", serverResources);
    expect(en.t("instructor.categoriesPage.courses", { count: 1 })).toBe("1 course");
    expect(en.t("instructor.categoriesPage.courses", { count: 3 })).toBe("3 courses");
    expect(en.t("catalog.duration.days", { count: 1 })).toBe("Duration: 1 day");
    expect(en.t("assessments.result.marks", { marks: 1, count: 1 })).toBe("1 of 1 mark");
    const ar = createI18n("ar", serverResources);
    expect(ar.t("instructor.categoriesPage.courses", { count: 2 })).toBe("دورتان");
    expect(ar.t("instructor.categoriesPage.courses", { count: 5 })).toBe("5 دورات");
    expect(ar.t("instructor.categoriesPage.courses", { count: 11 })).toBe("11 دورة");
  });

  it("a key a language lacks falls back to English key by key", () => {
    const i18n = createI18n("sv", { en: serverResources.en, sv: { translation: { nav: { home: "Hem" } } } });
    expect(i18n.language).toBe("sv");
    expect(i18n.t("nav.home")).toBe("Hem");
    expect(i18n.t("nav.login")).toBe("Log in");
  });

  it("instances of different requests keep their own language", async () => {
    const a = createI18n("de", serverResources);
    const b = createI18n("fr", serverResources);
    await a.changeLanguage("es");
    expect(b.language).toBe("fr");
    expect(b.t("nav.login")).not.toBe(a.t("nav.login"));
  });
});

describe("every key the app uses exists in English", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!["+types", "locales"].includes(name)) walk(path);
      } else if (/\.tsx?$/.test(name) && !name.endsWith(".test.ts")) files.push(path);
    }
  };
  walk(join(__dirname, ".."));

  it("literal keys in the source", () => {
    const missing: string[] = [];
    for (const file of files) {
      const src = readFileSync(file, "utf8");
      const patterns = [
        /\bt\(\s*"([a-zA-Z][\w]*(?:\.[\w]+)+)"/g,
        /(?:messageKey|labelKey)=?\s*[=:]?\s*"([a-zA-Z][\w]*(?:\.[\w]+)+)"/g,
        /pageTitle\([^,]+,\s*"([\w.]+)"/g,
      ];
      for (const re of patterns) {
        for (const m of src.matchAll(re)) if (!known(m[1])) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("keys built from ids: menus, quick-create, tour, plans, search, cookies, themes", () => {
    const everything: MenuInput = {
      isPlatform: false,
      isStaff: false,
      caps: ["manage_options", "create_courses", "edit_posts"],
      features: { lms: true, groups: true, appointments: true, gamification: true },
      hasAffiliate: true,
      exists: () => true,
    };
    const keys = [
      ...[false, true].flatMap((isPlatform) =>
        [false, true].flatMap((isStaff) =>
          sidebarMenu({ ...everything, isPlatform, isStaff }).flatMap((i) => [i.labelKey, i.groupKey ?? i.labelKey]),
        ),
      ),
      ...sidebarMenu({ ...everything, caps: [] }).map((i) => i.labelKey),
      ...profileMenu(everything).map((i) => i.labelKey),
      ...quickCreateMenu(everything).map((i) => i.labelKey),
      ...TOUR_STEPS.flatMap((s) => [`tour.steps.${s.id}.title`, `tour.steps.${s.id}.text`]),
      ...PLANS.flatMap((p) => [`plans.${p.slug}.label`, `plans.${p.slug}.description`]),
      ...SEARCH_TYPES.map((s) => `search.types.${s}`),
      ...CONSENT_CHOICES.flatMap((c) => [`cookies.choices.${c}`, `cookies.choiceHelp.${c}`]),
      ...THEMES.map((name) => `theme.${name}`),
      ...["siteDown", "setup", "issue", "bug", "feature"].map((s) => `feedback.subjects.${s}`),
      // The spec's own keys (§8).
      "errors.notFound",
      "errors.singleSession",
      "errors.subscriptionWarning",
      "cart.couponApplied",
      "cart.couponLimit",
      "cart.couponUnavailable",
      "cart.couponExpired",
      "courses.courseStatusUpdated",
    ];
    expect(keys.filter((k) => !(k in english))).toEqual([]);
  });
});
