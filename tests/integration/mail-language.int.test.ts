// System e-mails are written in the language their reader reads the site in: the member's own
// language on that site, else the site's default language, else English. Password recovery,
// e-mail verification, invitations (site default: the invitee is no member yet), bookings (each
// side in their own language and zone) and support tickets (opener and platform staff).
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { mailOutbox, members, roles } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { accounts, type SiteAccount } from "../../server/modules/accounts";
import { runReminders } from "../../server/modules/appointments/notices";
import { events } from "../../server/modules/events";
import { mailTexts } from "../../server/modules/mail/texts";
import { buildMember, buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, siteWithOwner, uid, uniqueEmail } from "./helpers";

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

async function siteIn(prefix: string, defaultLanguage?: string, opts: Parameters<typeof siteWithOwner>[2] = {}) {
  const made = await siteWithOwner(t, prefix, opts);
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

/** Sets a member's own language on a site. */
const speaks = (site: Pick<SiteAccount, "accountId">, userId: string, language: string) =>
  withTenant(t.database.db, site.accountId, (tx) =>
    tx
      .update(members)
      .set({ language })
      .where(and(eq(members.accountId, site.accountId), eq(members.userId, userId))),
  );

async function memberSpeaking(site: SiteAccount, prefix: string, language: string | null) {
  const user = await buildUser(t.platform.auth, { email: uniqueEmail(prefix), name: "Ola Nowak" });
  await buildMember(t.database.db, site, user, "student");
  if (language) await speaks(site, user.id, language);
  return user;
}

/** English words of the mails converted here; none may show in a translated mail. */
const ENGLISH = /\b(Hello|invited|Booked|Reminder|Cancelled|Video link|With|ticket|Support answered|Read the)\b/;

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

describe("invitation mail", () => {
  const invite = (slug: string, cookie: string, email: string, role: string) =>
    t.request(slug, "/api/v1/invitations", { cookie, json: { email, role, name: "Kenji" } });

  it("is in the site's default language, the role in words and the expiry written for it", async () => {
    const { site, ownerCookie } = await siteIn("mail-inv-ja", "ja");
    const email = uniqueEmail("shotai");
    const before = Date.now();
    const res = await invite(site.slug, ownerCookie, email, "instructor");
    expect(res.status).toBe(201);
    const [mail] = await queued(email, "member_invitation");
    expect(mail.subject).toContain(`${site.settings.sitetitle} への招待が届きました`);
    expect(mail.text.startsWith("Kenji さん\n\n")).toBe(true);
    expect(mail.text).toContain(`${site.settings.sitetitle} に 講師 として参加するよう招待されました`);
    expect(mail.text).toMatch(/\/invitation\/[A-Za-z0-9_-]{20,}/);
    expect(mail.text).toContain(`（${email}）`);
    // Fourteen days from the send, in UTC, as Japanese writes a date: 2026年12月11日 13:43 UTC.
    const until = mail.text.match(/リンクの有効期限: ([^）]+)）/)?.[1] ?? "";
    expect(until).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2} UTC$/);
    const expires = new Date(before + 14 * 24 * 3600 * 1000);
    expect(until.startsWith(`${expires.getUTCFullYear()}年${expires.getUTCMonth() + 1}月`)).toBe(true);
    expect(mail.text).not.toMatch(ENGLISH);
    expect(mail.text).not.toContain("instructor");
  });

  it("is in English with the role in words where the site keeps the default", async () => {
    const { site, ownerCookie } = await siteIn("mail-inv-en");
    const email = uniqueEmail("invitee");
    expect((await invite(site.slug, ownerCookie, email, "admin")).status).toBe(201);
    const [mail] = await queued(email, "member_invitation");
    expect(mail.subject).toMatch(new RegExp(`invited you to ${site.settings.sitetitle}$`));
    expect(mail.text).toContain(`join ${site.settings.sitetitle} as Administrator.`);
    expect(mail.text).toMatch(/works until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC\)/);

    // A role of the site's own keeps its own name in every language.
    await withTenant(t.database.db, site.accountId, (tx) =>
      tx.insert(roles).values({ accountId: site.accountId, name: "Mentor" }),
    );
    const mentor = uniqueEmail("mentor");
    expect((await invite(site.slug, ownerCookie, mentor, "Mentor")).status).toBe(201);
    const [custom] = await queued(mentor, "member_invitation");
    expect(custom.text).toContain(`join ${site.settings.sitetitle} as Mentor.`);
  });
});

describe("booking mails", () => {
  const HOUR = 3_600_000;
  // The member's zone, as the booking form sends it; the instructor's hours are in UTC.
  const MEMBER_ZONE = "America/New_York";
  const meetingTime = (at: Date, lang: string, timeZone: string) =>
    new Intl.DateTimeFormat(lang, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    }).format(at);
  const bookingMails = (accountId: string, kind: string, to: string) =>
    withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to))),
    );

  it("reach each side in their own language and zone: booked, reminded, cancelled; others get the site's", async () => {
    const S = await siteIn("mail-appt", "de", {
      plan: PLAN_IDS.professional,
      features: { appointments: true },
    });
    const teacher = await memberOf(t, S.site, "instructor");
    const ola = await memberOf(t, S.site, "student", "ola");
    const bert = await memberOf(t, S.site, "student", "bert");
    await speaks(S.site, teacher.user.id, "ja");
    await speaks(S.site, ola.user.id, "pl");
    const api = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
      t.request(S.site.slug, `/api/v1${path}`, { cookie, ...init });
    const all = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
    expect(
      (
        await api(teacher.cookie, "/availability", {
          method: "PUT",
          json: { timeZone: "UTC", weekly: all, overrides: [] },
        })
      ).status,
    ).toBe(200);
    const typeRes = await api(teacher.cookie, "/appointment-types", {
      json: { title: `Joga ${uid()}`, durationMinutes: 60, minimumNoticeMinutes: 0, cancelCutoffHours: 0 },
    });
    expect(typeRes.status).toBe(201);
    const type = (await body(typeRes)) as { id: string; title: string };
    const book = async (p: { cookie: string }, hours: number) => {
      const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR);
      const res = await api(p.cookie, "/bookings", {
        json: { typeId: type.id, start: start.toISOString(), timeZone: MEMBER_ZONE },
      });
      const b = (await body(res)) as { id: string; meetingUrl: string };
      expect(res.status, JSON.stringify(b)).toBe(201);
      return { ...b, start };
    };

    const olas = await book(ola, 30);
    await events.drain(t.database.db, S.site.accountId);
    const [toOla] = await bookingMails(S.site.accountId, "appointment_confirmed", ola.user.email);
    const olaWhen = meetingTime(olas.start, "pl", MEMBER_ZONE);
    expect(toOla.subject).toBe(`Zarezerwowano: ${type.title} — ${olaWhen}`);
    expect(toOla.text).toContain(`Link do spotkania online: ${olas.meetingUrl}`);
    expect(toOla.text).toContain(olaWhen);
    expect(olaWhen).toMatch(
      /(stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia)/,
    );
    expect(toOla.text).not.toMatch(ENGLISH);
    expect(toOla.attachments?.[0].content).toContain("DESCRIPTION:Dołącz do rozmowy wideo");

    const forTeacher = (await bookingMails(S.site.accountId, "appointment_confirmed", teacher.user.email)).find((m) =>
      m.text.includes(olas.meetingUrl),
    );
    const teacherWhen = meetingTime(olas.start, "ja", "UTC");
    expect(forTeacher?.subject).toBe(`予約完了: ${type.title} — ${teacherWhen}`);
    expect(forTeacher?.text).toContain(`ビデオ通話のリンク: ${olas.meetingUrl}`);
    expect(forTeacher?.text).not.toMatch(ENGLISH);

    // A member who chose no language reads the site's default, German.
    const berts = await book(bert, 2);
    await events.drain(t.database.db, S.site.accountId);
    const [toBert] = await bookingMails(S.site.accountId, "appointment_confirmed", bert.user.email);
    expect(toBert.subject).toBe(`Gebucht: ${type.title} — ${meetingTime(berts.start, "de", MEMBER_ZONE)}`);
    expect(toBert.text).toContain(`Videolink: ${berts.meetingUrl}`);

    // Ola's meeting 30 hours ahead is reminded a day before, in Polish.
    await runReminders(t.database.db, new Date(olas.start.getTime() - 23 * HOUR));
    const reminders = await bookingMails(S.site.accountId, "appointment_reminder", ola.user.email);
    expect(reminders.map((m) => m.subject)).toContain(`Przypomnienie: ${type.title} — ${olaWhen}`);

    const cancel = await api(ola.cookie, `/bookings/${olas.id}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    await events.drain(t.database.db, S.site.accountId);
    const [cancelled] = await bookingMails(S.site.accountId, "appointment_cancelled", ola.user.email);
    expect(cancelled.subject).toBe(`Odwołano: ${type.title} — ${olaWhen}`);
    expect(cancelled.text).not.toContain(olas.meetingUrl);
  });
});

describe("support ticket mails", () => {
  const ticketMails = (to: string, subjectPart: string) =>
    withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, to),
            eq(mailOutbox.kind, "support_ticket"),
            like(mailOutbox.subject, `%${subjectPart}%`),
          ),
        ),
    );

  it("reach the opener in their language and staff in theirs on the platform's site", async () => {
    const S = await siteIn("mail-tkt", "de", { plan: PLAN_IDS.starter });
    await speaks(S.site, S.owner.id, "ja");
    const staff = await buildUser(t.platform.auth, { email: "staff@atrium.test" });
    const staffCookie = await signIn(t, null, staff.email, staff.password);
    const platform = await accounts.getPlatform(t.database.db);
    if (!platform) throw new Error("no platform site");
    await speaks(platform, staff.id, "pl");

    const subject = `Logo ${uid()}`;
    const opened = await t.request(S.site.slug, "/api/v1/tickets", {
      cookie: S.ownerCookie,
      json: { category: "bug", subject, message: "Das Logo bleibt alt." },
    });
    expect(opened.status).toBe(201);
    const ticket = (await body(opened)) as { id: string };
    await events.drain(t.database.db, S.site.accountId);
    const [toStaff] = await ticketMails(staff.email, subject);
    expect(toStaff.subject).toBe(
      `[${S.site.settings.sitetitle}] Nowe zgłoszenie z witryny ${S.site.settings.sitetitle}: ${subject}`,
    );
    expect(toStaff.text).toContain("otwiera zgłoszenie do wsparcia.");
    expect(toStaff.text).toMatch(new RegExp(`Odpowiedz: https?://\\S+/dashboard/tickets/${ticket.id}`));
    expect(toStaff.text).not.toMatch(ENGLISH);

    const reply = await t.request(null, `/api/v1/staff/tickets/${ticket.id}/replies`, {
      cookie: staffCookie,
      json: { message: "Bitte den Cache leeren." },
    });
    expect(reply.status).toBe(201);
    await events.drain(t.database.db, S.site.accountId);
    const [answer] = await ticketMails(S.owner.email, subject);
    expect(answer.subject).toBe(`サポートから回答がありました: ${subject}`);
    expect(answer.text).toContain("Bitte den Cache leeren.");
    expect(answer.text).toMatch(new RegExp(`チケットを読む: https?://\\S+/dashboard/tickets/${ticket.id}`));
    expect(answer.text).not.toMatch(ENGLISH);

    // The site's default language for an opener who chose none.
    await withTenant(t.database.db, S.site.accountId, (tx) =>
      tx
        .update(members)
        .set({ language: null })
        .where(and(eq(members.accountId, S.site.accountId), eq(members.userId, S.owner.id))),
    );
    const status = await t.request(null, `/api/v1/staff/tickets/${ticket.id}`, {
      method: "PATCH",
      cookie: staffCookie,
      json: { status: "resolved" },
    });
    expect(status.status).toBe(200);
    await events.drain(t.database.db, S.site.accountId);
    const resolved = await ticketMails(S.owner.email, `Dein Ticket ist gelöst: ${subject}`);
    expect(resolved).toHaveLength(1);
    expect(resolved[0].text).toContain("Hallo ");
  });
});
