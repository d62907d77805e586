// The platform's own content pages (spec §2: privacy, terms, ipp, instructor, gdpr, content,
// thankyou, subscribed), created at start-up when missing, with short starter text. A page that is
// already there is never touched, so staff edits survive every restart.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pages as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { sanitizeRichHtml } from "../html";

type Starter = { slug: string; title: string; description: string; html: string };

export const PLATFORM_CONTENT_PAGES: readonly Starter[] = [
  {
    slug: "privacy",
    title: "Privacy policy",
    description: "What personal data Atrium keeps, why, and how to ask for it or have it removed.",
    html: "<h2>Privacy policy</h2><p>We keep only the data needed to run your account and your sites: your name, e-mail address, sign-in records and what you publish. We do not sell personal data.</p><p>Site owners decide what their members share on their sites. Write to the site owner or to us to see, correct or remove your data.</p>",
  },
  {
    slug: "terms",
    title: "Terms of service",
    description: "The rules for using Atrium and the sites hosted on it.",
    html: "<h2>Terms of service</h2><p>By creating an account you agree to use Atrium lawfully, to keep your password safe and to respect other people's rights.</p><p>Paid plans renew until cancelled. We may suspend sites that break these terms after telling the owner why.</p>",
  },
  {
    slug: "ipp",
    title: "Intellectual property policy",
    description: "Who owns what is published on Atrium and how to report an infringement.",
    html: "<h2>Intellectual property policy</h2><p>You keep the rights to what you publish. You give us only the permission needed to host and show it.</p><p>If you believe content on a site infringes your rights, send us the address of the page and a description of your work; we will review it promptly.</p>",
  },
  {
    slug: "instructor",
    title: "Instructor terms",
    description: "What instructors agree to when they publish courses on Atrium.",
    html: "<h2>Instructor terms</h2><p>Instructors publish only material they have the right to teach with, describe their courses honestly and answer their students within a reasonable time.</p><p>Earnings are paid out as agreed with the site owner, after refunds.</p>",
  },
  {
    slug: "gdpr",
    title: "GDPR",
    description: "Your rights under the General Data Protection Regulation and how to use them.",
    html: "<h2>GDPR</h2><p>If you live in the European Economic Area you may ask to access, correct, export or erase your personal data, and object to its processing.</p><p>Send your request from the e-mail address of your account; we answer within one month.</p>",
  },
  {
    slug: "content",
    title: "Content policy",
    description: "What may and may not be published on sites hosted by Atrium.",
    html: "<h2>Content policy</h2><p>Sites on Atrium may not host illegal content, malware, harassment, or material that exploits or endangers anyone.</p><p>Report content that breaks this policy and we will review it and act, telling the site owner what we did.</p>",
  },
  {
    slug: "thankyou",
    title: "Thank you",
    description: "Thank you for your order.",
    html: "<h2>Thank you!</h2><p>Your order is complete. A receipt is on its way to your inbox, and your dashboard already shows what you bought.</p>",
  },
  {
    slug: "subscribed",
    title: "You are subscribed",
    description: "Your subscription is confirmed.",
    html: "<h2>You are subscribed</h2><p>Thanks for subscribing. We will write only when there is something worth reading, and every message has a link to unsubscribe.</p>",
  },
];

/** Creates and publishes the platform's content pages that do not exist yet; returns the slugs created. */
export async function ensurePlatformContentPages(db: Db, accountId: string): Promise<string[]> {
  const slugs = PLATFORM_CONTENT_PAGES.map((p) => p.slug);
  return withTenant(db, accountId, async (tx) => {
    const existing = await tx
      .select({ slug: table.slug })
      .from(table)
      .where(and(eq(table.accountId, accountId), eq(table.kind, "page"), inArray(table.slug, slugs)));
    const have = new Set(existing.map((r) => r.slug));
    const missing = PLATFORM_CONTENT_PAGES.filter((p) => !have.has(p.slug));
    if (!missing.length) return [];
    const now = new Date();
    await tx
      .insert(table)
      .values(
        missing.map((p) => ({
          accountId,
          kind: "page" as const,
          slug: p.slug,
          title: p.title,
          description: p.description,
          status: "published" as const,
          publishedAt: now,
          document: {
            content: [{ type: "RichText", props: { id: `RichText-${p.slug}`, html: sanitizeRichHtml(p.html) } }],
            root: { props: { title: p.title } },
          },
        })),
      )
      // Several processes may start together; the first one's rows win.
      .onConflictDoNothing();
    return missing.map((p) => p.slug);
  });
}
