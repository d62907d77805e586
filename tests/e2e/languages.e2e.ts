// The interface in a member's own language: a student who chose Japanese, Hindi or Arabic sees the
// dashboard and the course player with no interface text left in English (any label, button,
// heading, menu item, tab, table or list cell, placeholder or accessible name that is an English catalogue string the
// language translates differently). Screenshots of each go to docs/screenshots/.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { serverResources } from "../../app/i18n/resources.server";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === "string" ? [[key, v] as [string, string]] : flatten(v, key);
  });

/** English interface strings that `lang` words differently (placeholders and one-letter texts left out). */
function englishOnly(lang: string): Map<string, string> {
  const other = new Map(flatten(serverResources[lang].translation as Tree));
  const out = new Map<string, string>();
  for (const [key, text] of flatten(serverResources.en.translation as Tree)) {
    const s = text.trim();
    if (s.includes("{{") || s.includes("<") || !/[a-z]{2,}/i.test(s)) continue;
    if ((other.get(key) ?? "").trim() === s) continue;
    out.set(s, key);
  }
  return out;
}

/** The interface texts a reader sees or hears on the page, each element's whole text. */
function interfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const chrome =
      "button, a, label, th, td, dt, dd, legend, h1, h2, h3, h4, [role=tab], [role=menuitem], [role=heading], [role=button], [role=link]";
    for (const el of document.querySelectorAll<HTMLElement>(chrome)) {
      if (el.offsetParent === null && getComputedStyle(el).position !== "fixed") continue;
      texts.push(el.innerText);
    }
    for (const el of document.querySelectorAll<HTMLElement>("[aria-label], [placeholder], [title]")) {
      for (const a of ["aria-label", "placeholder", "title"]) {
        const v = el.getAttribute(a);
        if (v) texts.push(v);
      }
    }
    return texts
      .flatMap((t) => t.split("\n"))
      .map((t) => t.trim())
      .filter(Boolean);
  });
}

async function expectNoEnglish(page: Page, lang: string, where: string) {
  const english = englishOnly(lang);
  const found = [...new Set(await interfaceTexts(page))].filter((t) => english.has(t));
  expect(
    found.map((t) => `${english.get(t)}: "${t}"`),
    `${where} in ${lang}`,
  ).toEqual([]);
}

describe("the dashboard and the course player in the member's language", () => {
  for (const lang of ["ja", "hi", "ar"]) {
    it(`${lang}: no interface text in English`, async () => {
      const { site, owner, origin } = await e2e.newSite(`lang-${lang}`, { sitetitle: "Studio Kiln" });
      const { course } = await buildCourse(e2e.t.database.db, site, owner, {
        title: "Kintsugi 101",
        curriculum: [{ section: "Part 1" }, { unit: "Urushi", content: "<p>金継ぎ — 漆.</p>" }, { unit: "Gold" }],
      });
      const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail(`lang-${lang}`), name: "Mei" });
      await buildMember(e2e.t.database.db, site, student, "student");
      const page = await e2e.signedIn(origin, student.email, student.password);
      const chose = await page.evaluate(async (language) => {
        const res = await fetch("/api/v1/me/preferences", {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ language }),
        });
        return res.status;
      }, lang);
      expect(chose).toBe(200);

      await open(page, `${origin}/dashboard`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
      await expectNoEnglish(page, lang, "the dashboard");
      await page.screenshot({ path: `docs/screenshots/dashboard-${lang}.png` });

      const enrolled = await page.evaluate(
        async (id) => (await fetch(`/api/v1/courses/${id}/enrol`, { method: "POST" })).status,
        course.id,
      );
      expect(enrolled).toBe(200);
      await open(page, `${origin}/dashboard/courses/${course.id}`);
      await page.getByText("金継ぎ — 漆.").waitFor();
      await expectNoEnglish(page, lang, "the course player");
      await page.screenshot({ path: `docs/screenshots/player-${lang}.png` });
    });
  }
});
