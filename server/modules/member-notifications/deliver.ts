// Handles one member event (core/member-events.ts): for each of its notices whose touchpoint is on,
// finds the recipient (the member the event is about, or the site's owner), and writes a bell
// notification (component "member") and an e-mail. The owner is not told what they did themself.
import { and, eq, inArray } from "drizzle-orm";
import { renderTokens, touchpointOn } from "../../../core/course-events";
import {
  type MemberEventPayload,
  type MemberEventRule,
  memberEventLink,
  memberEventNotices,
} from "../../../core/member-events";
import { siteAddress } from "../../../core/site-address";
import type { Db } from "../../db/client";
import { accounts, courses, members, notifications as notificationsTable, orders } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { DomainEvent } from "../events";
import type { SiteAccount } from "../accounts";
import { linkLine, mail, mailTexts, noticeSentence } from "../mail";
import { notifications } from "../notifications";
import { options } from "../options";

export type AddressConfig = { scheme: string; baseDomain: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Everything the notices need, read in one transaction. */
async function gather(db: Db, event: DomainEvent, p: MemberEventPayload) {
  const accountId = event.accountId;
  return withTenant(db, accountId, async (tx) => {
    const [site] = await tx
      .select({
        slug: accounts.slug,
        domain: accounts.domain,
        settings: accounts.settings,
        ownerUserId: accounts.ownerUserId,
      })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    const [course] = p.courseId
      ? await tx
          .select({ title: courses.title, image: courses.featuredImage })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), eq(courses.id, p.courseId)))
      : [];
    const [order] = p.orderId
      ? await tx
          .select({ items: orders.items })
          .from(orders)
          .where(and(eq(orders.accountId, accountId), eq(orders.orderId, p.orderId)))
      : [];
    const ids = [...new Set([p.userId, site?.ownerUserId].filter((x): x is string => Boolean(x)))];
    const people = ids.length
      ? await tx
          .select({
            id: members.id,
            userId: members.userId,
            name: members.name,
            email: members.email,
            slug: members.slug,
          })
          .from(members)
          .where(and(eq(members.accountId, accountId), inArray(members.userId, ids)))
      : [];
    // Recipients already notified of this event (a second delivery after a crash) are skipped.
    const done = await tx
      .select({ userId: notificationsTable.userId })
      .from(notificationsTable)
      .where(and(eq(notificationsTable.accountId, accountId), eq(notificationsTable.itemId, event.id)));
    return {
      site,
      course,
      orderTitle: order?.items.map((i) => i.title).join(", ") ?? "",
      found: new Map(people.map((m) => [m.userId, m])),
      done: new Set(done.map((d) => d.userId)),
    };
  });
}

/** Who a notice goes to: the site's owner, or the member the event is about. */
function recipientOf(rule: MemberEventRule, p: MemberEventPayload, ownerUserId: string | null | undefined) {
  return rule.recipient === "owner" ? (ownerUserId ?? null) : (p.userId ?? null);
}

export async function deliverMemberEvent(db: Db, event: DomainEvent, address: AddressConfig): Promise<void> {
  if (!event.accountId) return;
  const stored = await options.get(db, event.accountId, "touchpoints").catch(() => null);
  const p = event.payload as MemberEventPayload;
  const rules = memberEventNotices(event.type, p).filter((r) => touchpointOn(stored, r.touchpoint));
  if (!rules.length) return;
  const g = await gather(db, event, p);
  if (!g.site) return;
  const origin = `${address.scheme}://${siteAddress(g.site, address.baseDomain)}`;
  const siteTitle = (g.site.settings as { sitetitle?: string } | null)?.sitetitle || g.site.slug;
  const member = p.userId ? g.found.get(p.userId) : undefined;
  const mailSite = { accountId: event.accountId, settings: g.site.settings as SiteAccount["settings"] };
  const courseTitle = g.course?.title ?? "";
  const sent = new Set<string>();

  for (const rule of rules) {
    const recipientId = recipientOf(rule, p, g.site.ownerUserId);
    if (!recipientId || g.done.has(recipientId) || sent.has(recipientId)) continue;
    // The owner is not told of what they did themself (promoting someone, creating a course).
    if (rule.recipient === "owner" && (recipientId === event.actorId || recipientId === p.userId)) continue;
    const recipient = g.found.get(recipientId);
    // Spec §8: a member lookup that fails skips the e-mail (and the bell, which needs a member).
    if (!recipient) continue;
    sent.add(recipientId);
    const link = memberEventLink(event.type, rule, p);
    const url = link ? `${origin}${link}` : origin;
    // The bell's stored title stays the English fallback; screens and the e-mail word it per reader.
    const subject = renderTokens(rule.subject, {
      "site.title": siteTitle,
      "member.name": member?.name ?? "",
      "course.title": courseTitle,
      "order.title": g.orderTitle,
    });
    const params = { member: member?.name ?? "", site: siteTitle, course: courseTitle, order: g.orderTitle };
    await notifications.create(db, event.accountId, {
      userId: recipientId,
      component: "member",
      // The title is the English fallback; screens word it in the reader's language from `event`,
      // `params` and the recipient (notifications.member.<event>.<recipient>).
      title: subject,
      message: "",
      itemId: event.id,
      data: {
        event: event.type,
        recipient: rule.recipient,
        params,
        action: {
          actor: {
            id: member?.userId ?? event.actorId ?? null,
            link: member ? `/members/${member.slug}` : null,
            name: member?.name ?? "",
            email: member?.email ?? "",
            avatar: member ? `/avatars/${member.userId}/avatar.jpg` : null,
            context: "member",
          },
          label: [rule.label],
        },
        object: {
          id: p.courseId ?? p.orderId ?? p.memberId ?? null,
          link,
          name: courseTitle || g.orderTitle || siteTitle,
          avatar: g.course?.image?.image ?? null,
          context: event.type.split("_")[0],
        },
        content: subject,
      },
    });
    if (recipient.email) {
      // In the recipient's language on the site: the bell's sentence, the member's address for the
      // owner, and the notice's link.
      const { lang, t } = await mailTexts(db, mailSite, { userId: recipientId, email: recipient.email });
      const sentence = noticeSentence(lang, subject, { event: event.type, recipient: rule.recipient, params });
      const lines = rule.lines.flatMap((line) => {
        if (line !== "email") return [linkLine(t, `mail.notice.${line}`, url)];
        if (!member?.email) return [];
        const text = t("mail.notice.email", { email: member.email });
        return [{ text, html: escapeHtml(text) }];
      });
      const greeting = t("mail.notice.greeting", { name: recipient.name });
      await mail.enqueue(db, event.accountId, {
        to: recipient.email,
        kind: event.type,
        subject: sentence,
        text: [greeting, "", sentence, ...lines.map((l) => l.text)].join("\n"),
        html: [escapeHtml(greeting), "", escapeHtml(sentence), ...lines.map((l) => l.html)].join("<br>"),
      });
    }
  }
}
