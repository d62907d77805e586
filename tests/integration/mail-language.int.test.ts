// System e-mails are written in the language their reader reads the site in: the member's own
// language on that site, else the site's default language, else English.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, members } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import type { SiteAccount } from "../../server/modules/accounts";
import { mailTexts } from "../../server/modules/mail/texts";
import { buildMember, buildUser } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { siteWithOwner, uniqueEmail } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

/** The mails of one kind queued for an address. */
const queued = (to: string, kind: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind))),
  );

async function siteIn(prefix: string, defaultLanguage?: string) {
  const made = await siteWithOwner(t, prefix);
  if (defaultLanguage) {
    const res = await t.request(made.site.slug, "/api/v1/site/config", {
      method: "PATCH",
      cookie: made.ownerCookie,
      json: { settings: { defaultLanguage } },
    });
    expect(res.status).toBe(200);
  }
  return made;
}

async function memberSpeaking(site: SiteAccount, prefix: string, language: string | null) {
  const user = await buildUser(t.platform.auth, { email: uniqueEmail(prefix), name: "Ola Nowak" });
  await buildMember(t.database.db, site, user, "student");
  if (language)
    await withTenant(t.database.db, site.accountId, (tx) =>
      tx
        .update(members)
        .set({ language })
        .where(and(eq(members.accountId, site.accountId), eq(members.userId, user.id))),
    );
  return user;
}

async function askForReset(slug: string, email: string) {
  const res = await t.request(slug, "/api/auth/request-password-reset", {
    json: { email, redirectTo: "/login/reset-password" },
  });
  expect(res.status).toBe(200);
  const [mail] = await queued(email, "password_reset");
  expect(mail).toBeDefined();
  return mail;
}

describe("password recovery mail", () => {
  it("is in the member's own language", async () => {
    const { site } = await siteIn("mail-pl", "de");
    const person = await memberSpeaking(site, "polish", "pl");
    const mail = await askForReset(site.slug, person.email);
    expect(mail.subject).toBe(`Zresetuj hasło do ${site.settings.sitetitle}`);
    expect(mail.text).toContain(`Ktoś poprosił o zresetowanie hasła dla ${person.email}.`);
    expect(mail.text).toMatch(/https?:\/\/\S+reset-password/);
    expect(mail.text).not.toContain("Someone asked");
  });

  it("is in the site's default language when the member chose none", async () => {
    const { site } = await siteIn("mail-de", "de");
    const person = await memberSpeaking(site, "german", null);
    const mail = await askForReset(site.slug, person.email);
    expect(mail.subject).toBe(`Passwort für ${site.settings.sitetitle} zurücksetzen`);
    expect(mail.text).toContain("Öffne diesen Link");
  });

  it("is in English otherwise", async () => {
    const { site } = await siteIn("mail-en");
    const person = await memberSpeaking(site, "english", null);
    const mail = await askForReset(site.slug, person.email);
    expect(mail.subject).toBe(`Reset your password for ${site.settings.sitetitle}`);
    expect(mail.text).toContain(`Someone asked to reset the password of ${person.email}.`);
  });
});

describe("e-mail verification mail", () => {
  it("on sign-up is in the site's default language", async () => {
    const { site } = await siteIn("mail-verify", "es");
    const email = uniqueEmail("nuevo");
    const res = await t.request(site.slug, "/api/auth/sign-up/email", {
      json: { name: "Lucía", email, password: "a-good-pass-123" },
    });
    expect(res.status).toBe(200);
    const [mail] = await queued(email, "verify_email");
    expect(mail.subject).toBe(`Confirma tu correo electrónico para ${site.settings.sitetitle}`);
    expect(mail.text).toContain("Te damos la bienvenida, Lucía.");
    expect(mail.text).toMatch(/https?:\/\/\S+verify-email\?token=/);
  });

  it("for a member is in the member's own language", async () => {
    const { site } = await siteIn("mail-verify-pl", "de");
    const person = await memberSpeaking(site, "weryfikacja", "pl");
    const { lang, t: tr } = await mailTexts(t.database.db, site, { userId: person.id });
    expect(lang).toBe("pl");
    expect(tr("mail.verifyEmail.subject", { site: "Szkoła" })).toBe("Potwierdź swój adres e-mail w Szkoła");
    expect(tr("mail.verifyEmail.text", { name: "Ola", url: "http://x.test/v" })).toContain("Witaj, Ola.");
  });
});
