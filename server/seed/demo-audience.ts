// The demo site's audience, so the marketing screens have something to show on first sign-in: two
// lists (one with double opt-in), contacts with tags and where they came from, and a campaign sent
// last week with opens, clicks and one unsubscribe; a newsletter form and an exit popup offering it. Fixed data, so every fresh demo looks the same.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  emailCampaignRecipients,
  emailCampaigns,
  mailingContacts,
  mailingListContact,
  mailingLists,
} from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { forms, popups } from "../modules/forms";

const PEOPLE = [
  ["Amara Okafor", "amara@demo.test", ["customer"], "member"],
  ["Bruno Lima", "bruno@demo.test", ["customer"], "member"],
  ["Chen Wei", "chen@demo.test", ["customer", "pottery"], "member"],
  ["Dana Levi", "dana@demo.test", ["customer"], "member"],
  ["Emil Novak", "emil@demo.test", ["customer", "vip"], "member"],
  ["Farah Haddad", "farah@example.org", ["pottery"], "form"],
  ["Gustav Berg", "gustav@example.org", [], "form"],
  ["Hana Sato", "hana@example.org", ["watercolour"], "form"],
  ["Ines Duarte", "ines@example.org", ["watercolour", "pottery"], "import"],
  ["Jonas Weber", "jonas@example.org", [], "import"],
  ["Kofi Mensah", "kofi@example.org", ["pottery"], "import"],
  ["Lena Fischer", "lena@example.org", [], "manual"],
] as const;

const DAY_MS = 86_400_000;

export type DemoAudience = { listIds: { newsletter: string; updates: string }; contactIds: string[]; formId: string };

export async function seedDemoAudience(db: Db, site: SiteAccount, now = new Date()): Promise<DemoAudience> {
  const accountId = site.accountId;
  const seeded = await withTenant(db, accountId, async (tx) => {
    const [newsletter, updates] = await tx
      .insert(mailingLists)
      .values([
        { accountId, name: "Newsletter", optIn: "single" },
        { accountId, name: "Course updates", optIn: "double" },
      ])
      .returning({ id: mailingLists.id });
    const contacts = await tx
      .insert(mailingContacts)
      .values(
        PEOPLE.map(([name, email, tags, source], i) => ({
          accountId,
          name,
          email,
          tags: [...tags],
          settings: { source },
          // The last one unsubscribed from last week's campaign.
          status: i === PEOPLE.length - 1 ? 0 : 1,
          createdAt: new Date(now.getTime() - (40 - i * 3) * DAY_MS),
        })),
      )
      // The buyers are members, and members may already be contacts: they take the demo's tags.
      .onConflictDoUpdate({
        target: [mailingContacts.accountId, mailingContacts.email],
        set: { tags: sql`excluded.tags`, status: sql`excluded.status` },
      })
      .returning({ id: mailingContacts.id, email: mailingContacts.email });
    await tx
      .insert(mailingListContact)
      .values([
        ...contacts.map((c) => ({ accountId, listId: newsletter!.id, contactId: c.id })),
        ...contacts.slice(0, 5).map((c) => ({ accountId, listId: updates!.id, contactId: c.id })),
      ]);

    // Last week's newsletter: sent to everyone on the list; most opened it, some clicked.
    const sentAt = new Date(now.getTime() - 7 * DAY_MS);
    const [campaign] = await tx
      .insert(emailCampaigns)
      .values({
        accountId,
        name: "Spring open studio",
        subject: "Open studio this Saturday, {{contact.first_name|friend}}",
        preheader: "Meet the instructors and try the wheel",
        fromName: site.settings.sitetitle,
        bodyHtml:
          '<p>Hello {{contact.first_name|there}},</p><p>Our studio opens its doors this Saturday from 10:00. Meet the instructors, try the wheel and see the new courses.</p><p><a href="https://example.org/open-studio">See the programme</a></p>',
        audience: { listIds: [newsletter!.id], tags: [] },
        status: "sent",
        startedAt: sentAt,
        finishedAt: new Date(sentAt.getTime() + 60_000),
        links: ["https://example.org/open-studio"],
        createdAt: new Date(sentAt.getTime() - DAY_MS),
        updatedAt: sentAt,
      })
      .returning({ id: emailCampaigns.id });
    const rows = contacts.map((c, i) => ({
      accountId,
      campaignId: campaign!.id,
      contactId: c.id,
      email: c.email,
      token: randomBytes(18).toString("base64url"),
      status: "sent" as const,
      sentAt,
      openedAt: i % 4 !== 3 ? new Date(sentAt.getTime() + (i + 1) * 3_600_000) : null,
      clickedAt: i % 3 === 0 ? new Date(sentAt.getTime() + (i + 2) * 3_600_000) : null,
      unsubscribedAt: i === contacts.length - 1 ? new Date(sentAt.getTime() + DAY_MS) : null,
    }));
    await tx.insert(emailCampaignRecipients).values(rows);
    await tx
      .update(emailCampaigns)
      .set({
        recipientsTotal: rows.length,
        sentCount: rows.length,
        openedCount: rows.filter((r) => r.openedAt).length,
        clickedCount: rows.filter((r) => r.clickedAt).length,
        unsubscribedCount: rows.filter((r) => r.unsubscribedAt).length,
      })
      .where(eq(emailCampaigns.id, campaign!.id));
    return { listIds: { newsletter: newsletter!.id, updates: updates!.id }, contactIds: contacts.map((c) => c.id) };
  });

  // The newsletter form (on the home page, see demo-content) and a popup that offers it to a
  // visitor about to leave the home page, once.
  const form = await forms.create(db, accountId, {
    name: "Newsletter sign-up",
    fields: [
      { type: "email", name: "email", label: "E-mail", required: true, message: "Enter your e-mail address" },
      { type: "text", name: "name", label: "First name", required: false },
    ],
    settings: {
      listIds: [seeded.listIds.newsletter],
      tags: ["newsletter"],
      successMessage: "Thank you! The next letter is on its way to you.",
    },
  });
  await popups.create(db, accountId, {
    name: "Before you go",
    content: "<h2>Before you go</h2><p>One letter a month with new courses and open studio days.</p>",
    formId: form.id,
    trigger: { type: "exit" },
    pages: { mode: "only", paths: ["/"] },
    frequency: { type: "once" },
    status: "active",
  });
  return { ...seeded, formId: form.id };
}
