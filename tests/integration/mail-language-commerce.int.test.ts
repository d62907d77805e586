// Receipts, course and member notices, plan mails and list confirmations are written in their
// reader's language: the member's own on the site, else the site's default, else English; money and
// dates as that language writes them. Mails from the platform about a site's plan follow the
// reader's language on the platform's site, else English.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { mailingContacts, mailOutbox, members, orders } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import type { SiteAccount } from "../../server/modules/accounts";
import { accounts } from "../../server/modules/accounts";
import { mailingLists } from "../../server/modules/audience";
import { mailOwner, planName } from "../../server/modules/billing/card";
import { sendReceiptMail } from "../../server/modules/commerce";
import { events } from "../../server/modules/events";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, TEST_BASE, type TestPlatform } from "../support/platform";
import { type SiteWithOwner, siteWithOwner, uid, uniqueEmail } from "./helpers";

let t: TestPlatform;
let polishSite: SiteWithOwner;
beforeAll(async () => {
  t = await startTestPlatform();
  polishSite = await siteIn("mlc-pl", "pl");
});
afterAll(async () => {
  await t?.close();
});

async function siteIn(prefix: string, defaultLanguage: string) {
  const made = await siteWithOwner(t, prefix);
  const res = await t.request(made.site.slug, "/api/v1/site/config", {
    method: "PATCH",
    cookie: made.ownerCookie,
    json: { settings: { defaultLanguage } },
  });
  expect(res.status).toBe(200);
  return made;
}

async function memberSpeaking(
  site: SiteAccount,
  prefix: string,
  language: string | null,
  name = "Ola Nowak",
  role: "student" | "instructor" = "student",
) {
  const user = await buildUser(t.platform.auth, { email: uniqueEmail(prefix), name });
  await buildMember(t.database.db, site, user, role);
  if (language) await setLanguage(site, user.id, language);
  return user;
}

const setLanguage = (site: SiteAccount, userId: string, language: string) =>
  withTenant(t.database.db, site.accountId, (tx) =>
    tx
      .update(members)
      .set({ language })
      .where(and(eq(members.accountId, site.accountId), eq(members.userId, userId))),
  );

const mailsTo = (to: string, kind: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind))),
  );

/** A paid order of 19,99 € less a 5 € coupon, paid on 5 March 2026; its receipt mail is sent. */
async function paidOrder(site: SiteAccount, userId: string) {
  const [order] = await withTenant(t.database.db, site.accountId, (tx) =>
    tx
      .insert(orders)
      .values({
        accountId: site.accountId,
        userId,
        items: [{ productId: crypto.randomUUID(), title: "Kurs akwareli", amount: 1999, quantity: 1, type: "oneTime" }],
        subtotal: 1999,
        discount: 500,
        coupon: "WIOSNA",
        totalAmount: 1499,
        currency: "EUR",
        status: "paid",
        provider: "offline",
        paidAt: new Date("2026-03-05T10:00:00Z"),
      })
      .returning(),
  );
  const event = {
    id: `paid-${uid()}`,
    accountId: site.accountId,
    type: "payment_success",
    payload: { orderId: order.orderId },
    actorId: null,
    createdAt: new Date(),
  };
  await sendReceiptMail(t.database.db, event, { scheme: "http", baseDomain: TEST_BASE });
  return { order, number: order.orderId.slice(0, 8).toUpperCase(), event };
}

describe("order receipt", () => {
  it("is in the buyer's own language, with money and date as it writes them, once", async () => {
    const { site } = await siteIn("mlc-rcpt", "de");
    const buyer = await memberSpeaking(site, "kupujacy", "pl");
    const { order, number, event } = await paidOrder(site, buyer.id);
    const [mail] = await mailsTo(buyer.email, "order_receipt");
    expect(mail.subject).toBe(`${site.settings.sitetitle}: potwierdzenie zamówienia ${number}`);
    expect(mail.text).toContain("Cześć Ola Nowak,");
    expect(mail.text).toContain(`Dziękujemy za zamówienie ${number}.`);
    expect(mail.text).toContain("Data: 5 marca 2026");
    expect(mail.text).toContain("1 × Kurs akwareli: 19,99\u00a0€");
    expect(mail.text).toContain("Kupon WIOSNA: -5,00\u00a0€");
    expect(mail.text).toContain("Razem: 14,99\u00a0€");
    const link = `http://${site.slug}.${TEST_BASE}/dashboard/orders/${order.orderId}`;
    expect(mail.text).toContain(`Twoje zamówienie i jego potwierdzenie w PDF: ${link}`);
    expect(mail.html).toContain(`Twoje zamówienie i jego potwierdzenie w PDF: <a href="${link}">`);
    for (const english of ["Hello", "Thank you", "Total", "Coupon", "€19.99", "March"])
      expect(mail.text).not.toContain(english);
    // The event delivered again sends nothing more.
    await sendReceiptMail(t.database.db, { ...event, id: "again" }, { scheme: "http", baseDomain: TEST_BASE });
    expect(await mailsTo(buyer.email, "order_receipt")).toHaveLength(1);
  });

  it("is in the site's default language when the buyer chose none", async () => {
    const { site } = await siteIn("mlc-rcpt-de", "de");
    const buyer = await memberSpeaking(site, "kaeufer", null, "Jonas Weber");
    const { number } = await paidOrder(site, buyer.id);
    const [mail] = await mailsTo(buyer.email, "order_receipt");
    expect(mail.subject).toBe(`${site.settings.sitetitle}: Beleg für Bestellung ${number}`);
    expect(mail.text).toContain("Hallo Jonas Weber,");
    expect(mail.text).toContain("Datum: 5. März 2026");
    expect(mail.text).toContain("Gesamt: 14,99\u00a0€");
    expect(mail.text).not.toContain("Total");
  });
});

describe("course event mail", () => {
  const emit = async (site: SiteAccount, type: string, payload: Record<string, unknown>, actorId: string) => {
    await withTenant(t.database.db, site.accountId, (tx) => events.emit(tx, site.accountId, type, payload, actorId));
    await events.drain(t.database.db, site.accountId);
  };

  it("reaches each recipient in their own language, with the links in words of that language", async () => {
    const { site } = polishSite;
    const teacher = await memberSpeaking(site, "sensei", "ja", "Sato Hana", "instructor");
    const { course, itemIds } = await buildCourse(t.database.db, site, teacher, {
      title: `Algebra ${uid()}`,
      curriculum: [{ unit: "U" }, { quiz: "Równania" }],
    });
    const student = await memberSpeaking(site, "gakusei", "ja", "Tanaka Ken");
    const quizId = itemIds[1];
    await emit(site, "quiz_evaluated", { courseId: course.id, studentId: student.id, quizId, marks: 8 }, teacher.id);
    const [mail] = await mailsTo(student.email, "quiz_evaluated");
    expect(mail.subject).toBe("クイズ Równania が評価されました：8 点");
    expect(mail.text).toContain("Tanaka Ken 様");
    const quizUrl = `http://${site.slug}.${TEST_BASE}/dashboard/courses/quiz/${quizId}?course=${course.id}`;
    expect(mail.text).toContain(`クイズ：${quizUrl}`);
    expect(mail.html).toContain(`クイズ：<a href="${quizUrl.replace(/&/g, "&amp;")}">`);
    for (const english of ["Hello", "Quiz:", "evaluated", "marks"]) expect(mail.text).not.toContain(english);

    // The same event's notice to someone who chose no language is in the site's default (Polish).
    const other = await memberSpeaking(site, "uczen", null, "Jan Kowalski");
    await emit(site, "quiz_evaluated", { courseId: course.id, studentId: other.id, quizId, marks: 5 }, teacher.id);
    const [polish] = await mailsTo(other.email, "quiz_evaluated");
    expect(polish.subject).toBe("Twój quiz Równania został oceniony, liczba punktów: 5");
    expect(polish.text).toContain("Cześć Jan Kowalski,");
    expect(polish.text).toContain("Quiz: http");
    expect(polish.text).not.toContain("Hello");
  });

  it("a member notice is in the member's language too", async () => {
    const { site } = polishSite;
    const person = await memberSpeaking(site, "nowy", "ja", "Mori Aki");
    await withTenant(t.database.db, site.accountId, (tx) =>
      events.emit(tx, site.accountId, "student_registration", { userId: person.id, role: "student" }, person.id),
    );
    await events.drain(t.database.db, site.accountId);
    const [welcome] = await mailsTo(person.email, "student_registration");
    expect(welcome.subject).toBe(`${site.settings.sitetitle} へようこそ`);
    expect(welcome.text).toContain(`ダッシュボード：http://${site.slug}.${TEST_BASE}/dashboard`);
    expect(welcome.text).not.toContain("Welcome");
  });
});

describe("plan mails from the platform", () => {
  it("reach the owner in their language on the platform's site, else in English", async () => {
    const platform = await accounts.getPlatform(t.database.db);
    if (!platform) throw new Error("no platform site");
    const trialEnds = new Date("2026-03-05T10:00:00Z");
    const remind = (siteId: string) =>
      mailOwner(t.database.db, siteId, "plan-trial-ending", "trialEnding", (m) => ({
        plan: planName(m, PLAN_IDS.professional),
        date: m.date(trialEnds),
      }));

    // An owner who reads the platform's site in Japanese; their own site's default is Polish.
    const japanese = await siteIn("mlc-plan-ja", "pl");
    await buildMember(t.database.db, platform, japanese.owner, "student");
    await setLanguage(platform, japanese.owner.id, "ja");
    await remind(japanese.site.accountId);
    const [ja] = await mailsTo(japanese.owner.email, "plan-trial-ending");
    expect(ja.subject).toBe(`${japanese.site.settings.sitetitle}：トライアルは 2026年3月5日 に終了します`);
    expect(ja.text).toContain("Professional のトライアルは 2026年3月5日 に終了します。");
    expect(ja.text).not.toContain("trial");

    // An owner the platform knows no language of reads English, whatever their site's default.
    await remind(polishSite.site.accountId);
    const [en] = await mailsTo(polishSite.owner.email, "plan-trial-ending");
    expect(en.subject).toBe(`${polishSite.site.settings.sitetitle}: your trial ends on March 5, 2026`);
    expect(en.text).toContain("Your Professional trial ends on March 5, 2026.");
  });
});

describe("list confirmation mail", () => {
  it("is in the contact's language when the contact is a member, else in the site's", async () => {
    const { site } = polishSite;
    const member = await memberSpeaking(site, "lista", "ja", "Ito Yui");
    const contacts = await withTenant(t.database.db, site.accountId, (tx) =>
      tx
        .insert(mailingContacts)
        .values([
          { accountId: site.accountId, email: member.email, name: "Ito Yui" },
          { accountId: site.accountId, email: uniqueEmail("gosc"), name: "Gość" },
        ])
        .returning({ id: mailingContacts.id, email: mailingContacts.email }),
    );
    const list = await mailingLists.create(t.database.db, site.accountId, {
      name: `Nowości ${uid()}`,
      optIn: "double",
    });
    await mailingLists.addContacts(
      t.database.db,
      site.accountId,
      list.id,
      contacts.map((c) => c.id),
      { origin: `http://${site.slug}.${TEST_BASE}`, siteName: "Szkoła", lang: "pl", secret: "test-secret" },
    );
    const [ja] = await mailsTo(member.email, "list_confirmation");
    expect(ja.subject).toBe("Szkoła への登録を確認してください");
    const [pl] = await mailsTo(contacts[1].email, "list_confirmation");
    expect(pl.subject).toBe("Potwierdź zapis do Szkoła");
  });
});
