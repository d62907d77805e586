// The twelve actions (spec §9), each through the module that owns the change: the mail outbox, the
// audience's contacts, lists, tags and fields, campaigns, enrolment, member access. Each answers a
// short line for the run log or throws. Actions are safe to run again after a crash between the
// change and its log line (tags, lists, enrolments, grants are idempotent); send_email and
// send_emails, which are not, record their result in the same commit as their mail or look for
// the campaign they made.
import { and, eq, sql } from "drizzle-orm";
import {
  addressOf,
  automationMessage,
  personValues,
  redirectTarget,
  type RunPerson,
  webhookPayload,
} from "../../../core/automation-actions";
import type { Action } from "../../../core/automations";
import { siteAddress } from "../../../core/site-address";
import type { Db, Tx } from "../../db/client";
import { accounts, automationRedirects, emailCampaigns, members } from "../../db/schema";
import { commitWith, withTenant } from "../../db/tenant";
import { contacts, mailingLists, removeTags, setFields, addTags, tagMember } from "../audience";
import { campaigns } from "../campaigns";
import { grantMembership, revokeMembership } from "../commerce";
import { enrolStudent, unenrolStudent } from "../enrolment";
import { events } from "../events";
import { mail } from "../mail";
import { usage } from "../usage";
import { contactOf } from "./facts";
import { engineSettings } from "./settings";
import { postAutomationWebhook, siteWebhookSecret } from "./webhook";

export type ActionContext = {
  db: Db;
  accountId: string;
  run: { id: string; trigger: string; payload: Record<string, unknown> };
  automation: { id: string; name: string };
  person: RunPerson;
  index: number;
  /** Records this action `ok` with `message` in the caller's transaction (a change and its log line commit together). */
  settle: (tx: Tx, message: string) => Promise<void>;
};

/** An action's outcome: its log line, and whether it already recorded itself (settle). */
export type ActionOutcome = { message: string; settled?: boolean };

class ActionError extends Error {}
const fail = (message: string): never => {
  throw new ActionError(message);
};

const needUser = (ctx: ActionContext) => ctx.person.userId ?? fail("the run is about no member");

async function siteOf(db: Db, accountId: string) {
  const [site] = await withTenant(db, accountId, (tx) =>
    tx.select().from(accounts).where(eq(accounts.accountId, accountId)),
  );
  if (!site) fail("site not found");
  const cfg = engineSettings.get(db);
  return {
    accountId,
    isPlatform: site.isPlatform,
    settings: { plan: site.settings.plan ?? null },
    name: site.settings.sitetitle,
    slug: site.slug,
    lang: site.settings.defaultLanguage || null,
    host: `${cfg.scheme}://${siteAddress(site, cfg.baseDomain)}`,
  };
}

/** The person's contact: a member's is made as joining would make it; an address alone must be known. */
async function contactIdOf(ctx: ActionContext): Promise<string> {
  const found = await withTenant(ctx.db, ctx.accountId, (tx) => contactOf(tx, ctx.accountId, ctx.person));
  if (found) return found.id;
  return fail("the person has no contact on this site");
}

async function memberIdOf(ctx: ActionContext): Promise<string | null> {
  if (!ctx.person.userId) return null;
  const [m] = await withTenant(ctx.db, ctx.accountId, (tx) =>
    tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.accountId, ctx.accountId), eq(members.userId, ctx.person.userId as string))),
  );
  return m?.id ?? null;
}

async function changeTag(ctx: ActionContext, tag: string, add: boolean): Promise<string> {
  const memberId = await memberIdOf(ctx);
  if (memberId)
    await tagMember(ctx.db, ctx.accountId, memberId, add ? { add: [tag], remove: [] } : { add: [], remove: [tag] });
  else {
    const contactId = await contactIdOf(ctx);
    await (add ? addTags : removeTags)(ctx.db, ctx.accountId, contactId, [tag]);
  }
  return add ? `tag ${tag} added` : `tag ${tag} removed`;
}

async function sendEmail(ctx: ActionContext, args: Extract<Action, { key: "send_email" }>["args"]) {
  const to = addressOf(args.email, ctx.person) ?? fail("no address to send to");
  const site = await siteOf(ctx.db, ctx.accountId);
  const contact = await withTenant(ctx.db, ctx.accountId, (tx) =>
    contactOf(tx, ctx.accountId, { userId: null, email: to }),
  );
  const message = automationMessage(
    args,
    personValues(
      ctx.person,
      contact ? { email: contact.email, name: contact.name, fields: contact.fields as Record<string, unknown> } : null,
      site,
    ),
  );
  const rows = mail.prepare(ctx.db, ctx.accountId, [{ to, ...message, kind: "automation" }]);
  await withTenant(ctx.db, ctx.accountId, async (tx) => {
    await mail.write(tx, rows);
    await ctx.settle(tx, `e-mail to ${to} queued`);
    const counted = usage.countStatement(site, "emails", rows.length);
    if (counted) await commitWith(tx, [counted]);
  });
  await mail.startDelivery(ctx.db, ctx.accountId, rows);
  return { message: `e-mail to ${to} queued`, settled: true };
}

async function sendEmails(ctx: ActionContext, args: Extract<Action, { key: "send_emails" }>["args"]) {
  const site = await siteOf(ctx.db, ctx.accountId);
  const service = campaigns(ctx.db, site);
  // The campaign is named after the run and the action, so a run picked up again finds its own.
  const name = `${ctx.automation.name.slice(0, 120)} · ${ctx.run.id}/${ctx.index + 1}`;
  const [existing] = await withTenant(ctx.db, ctx.accountId, (tx) =>
    tx
      .select({ id: emailCampaigns.id, status: emailCampaigns.status })
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.accountId, ctx.accountId), eq(emailCampaigns.name, name))),
  );
  const id =
    existing?.id ??
    (
      await service.create({
        name,
        subject: args.subject?.trim() || "New mail",
        bodyHtml: args.email_template,
        audience: { listIds: [args.list_id], tags: [] },
      })
    ).id;
  if (existing && existing.status !== "draft") return { message: `campaign ${name} already sending` };
  const { recipients } = await service.send(id);
  return { message: `campaign queued to ${recipients} contacts` };
}

async function emailList(ctx: ActionContext, args: Extract<Action, { key: "emailList" }>["args"]) {
  const email = addressOf(args.email, ctx.person) ?? fail("no address to add");
  const site = await siteOf(ctx.db, ctx.accountId);
  // A known address is merged; a new one is verified first and refused when verification fails.
  const { contact } = await contacts.create(
    ctx.db,
    site,
    { email, source: "automation" },
    {
      dns: engineSettings.get(ctx.db).emailDnsCheck,
    },
  );
  // A double opt-in list sends its confirmation e-mail, as when the owner adds someone.
  const { optInSecret } = engineSettings.get(ctx.db);
  const sender = optInSecret
    ? { origin: site.host, siteName: site.name || site.slug, lang: site.lang, secret: optInSecret }
    : null;
  const { added } = await mailingLists.addContacts(ctx.db, ctx.accountId, args.list_id, [contact.id], sender);
  return `${email} ${added ? "added to the list" : "already on the list"}`;
}

async function perform(ctx: ActionContext, action: Action): Promise<ActionOutcome | string> {
  const { db, accountId } = ctx;
  switch (action.key) {
    case "send_email":
      return sendEmail(ctx, action.args);
    case "send_emails":
      return sendEmails(ctx, action.args);
    case "emailList":
      return emailList(ctx, action.args);
    case "add_tag":
      return changeTag(ctx, action.args.tag, true);
    case "remove_tag":
      return changeTag(ctx, action.args.tag, false);
    case "enroll_course": {
      const studentId = needUser(ctx);
      const { created } = await events.transaction(db, accountId, (tx, out) =>
        enrolStudent(tx, accountId, { courseId: action.args.course_id, studentId, by: "system" }, out),
      );
      return created ? "enrolled in the course" : "already enrolled";
    }
    case "unenroll_course": {
      const studentId = needUser(ctx);
      const removed = await withTenant(db, accountId, (tx) =>
        unenrolStudent(tx, accountId, action.args.course_id, studentId),
      );
      return removed ? "taken out of the course" : "was not enrolled";
    }
    case "grant_membership": {
      const userId = needUser(ctx);
      const granted = await events.transaction(db, accountId, (tx, out) =>
        grantMembership(tx, accountId, userId, action.args.membership_id, out),
      );
      return granted ? "membership granted" : "already held the membership";
    }
    case "revoke_membership": {
      const userId = needUser(ctx);
      const revoked = await events.transaction(db, accountId, (tx, out) =>
        revokeMembership(tx, accountId, userId, action.args.membership_id, out),
      );
      return revoked ? "membership revoked" : "did not hold the membership";
    }
    case "trigger_webhook": {
      const body = webhookPayload({
        runId: ctx.run.id,
        automation: ctx.automation,
        trigger: ctx.run.trigger,
        payload: ctx.run.payload,
        person: ctx.person,
        sentAt: new Date(),
      });
      return postAutomationWebhook(action.args.url, body, {
        secret: await siteWebhookSecret(db, accountId),
        allowLoopback: engineSettings.get(db).webhookAllowLoopback,
      });
    }
    case "redirect_user": {
      const userId = needUser(ctx);
      const url = redirectTarget(action.args.url) ?? fail("not a page of the site or an http(s) address");
      await withTenant(db, accountId, (tx) =>
        tx
          .insert(automationRedirects)
          .values({ accountId, userId, url, runId: ctx.run.id })
          .onConflictDoUpdate({
            target: [automationRedirects.accountId, automationRedirects.userId],
            set: { url, runId: ctx.run.id, createdAt: sql`now()` },
          }),
      );
      return `redirect to ${url} set`;
    }
    case "update_user_field": {
      const contactId = await contactIdOf(ctx);
      await setFields(db, accountId, contactId, { [action.args.field]: action.args.value });
      return `field ${action.args.field} set`;
    }
  }
}

/** Performs one action; its log line, or throws with why it failed. */
export async function performAction(ctx: ActionContext, action: Action): Promise<ActionOutcome> {
  const outcome = await perform(ctx, action);
  return typeof outcome === "string" ? { message: outcome } : outcome;
}
