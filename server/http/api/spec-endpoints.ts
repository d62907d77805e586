// The spec's own endpoints (§7) with their exact paths and payloads. Each names the account it
// acts on; an account other than the one answering this host is treated as not existing (404).
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readsCredentialsFromOptions } from "../../../core/plans";
import { FEEDBACK_CATEGORIES, support } from "../../modules/support";
import { AppError, notAuthenticated, notFound } from "../../errors";
import { verifyEmail } from "../../modules/audience";
import { sendSiteEmail } from "../../modules/campaign-delivery";
import { mail } from "../../modules/mail";
import { members } from "../../modules/members";
import { accountNotifications } from "../../modules/notifications";
import { options } from "../../modules/options";
import { notificationMessage, platformUpdatesService } from "../../modules/platform-updates";
import type { AppEnv } from "../env";
import { readJson } from "../json";
import { requireCap, requireSession } from "../middleware/guards";
import { uploadTextRoutes } from "./upload-text";

const accountId = z.string().uuid();

/** The body's account_id must be the site answering this host. */
function sameSite(c: Context<AppEnv>, id: string) {
  if (id !== c.get("site").accountId) throw notFound("Account");
}

const ZLog = z.object({
  message: z.string().min(1).max(4000),
  account_id: accountId,
  url: z.string().max(2000).optional(),
});
const ZUserEmail = z.object({ user_id: z.string().min(1).max(100), account_id: accountId });
const ZIsOwner = z.object({ account_id: accountId, email: z.string().min(3).max(254) });
const ZAccountOnly = z.object({ account_id: accountId });
const ZDefaults = z.object({ account_id: accountId, type: z.string().min(1).max(60) });
const ZVerify = z.object({ email: z.string().max(254), account_id: accountId });
const ZFeedback = z.object({
  account_id: accountId,
  subject: z.enum(FEEDBACK_CATEGORIES, { message: `subject must be one of ${FEEDBACK_CATEGORIES.join(", ")}` }),
  message: z.string().trim().min(1, "message is required").max(5000),
});

const email = z.string().trim().toLowerCase().email("must be an e-mail address").max(254);
const ZTokenValues = z.record(z.string(), z.unknown());
const ZBatchEmail = z.object({
  account_id: accountId,
  from: z.string().max(200).optional(),
  subject: z.string().trim().min(1, "subject is required").max(300),
  emails: z.array(email).min(1, "emails must list at least one address").max(1000),
  tokens: z.object({ data: ZTokenValues.default({}) }).default({ data: {} }),
  type: z.literal("template", { message: 'type must be "template"' }),
});
const ZSiteEmail = z.object({
  account_id: accountId,
  from: z.string().max(200).optional(),
  subject: z.string().trim().min(1, "subject is required").max(300),
  to: email,
  tokens: ZTokenValues.default({}),
  type: z.string().trim().min(1, "type is required").max(60),
});

export function createSpecEndpoints() {
  const api = new Hono<AppEnv>();
  api.route("/", uploadTextRoutes());

  api.post("/log", async (c) => {
    const body = await readJson(c, ZLog);
    sameSite(c, body.account_id);
    const { database } = c.get("platform");
    await support.logClientError(database.db, body.account_id, {
      message: body.message,
      userId: c.get("user")?.id ?? null,
      url: body.url ?? c.req.header("referer") ?? null,
      userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
    });
    return c.json({ status: true });
  });

  api.post("/users/getUserEmailById", requireSession(), async (c) => {
    const body = await readJson(c, ZUserEmail);
    sameSite(c, body.account_id);
    const me = c.get("member");
    const self = c.get("user")!.id === body.user_id;
    if (!self && !(me && (me.isOwner || me.caps.includes("manage_options") || me.caps.includes("manage_students")))) {
      throw new AppError("forbidden", "Only the person or the site's managers can read this address");
    }
    const { database } = c.get("platform");
    const ctx = await members.context(database.db, c.get("site"), body.user_id);
    if (!ctx) throw notFound("User");
    return c.json({ status: true, user: { id: body.user_id, email: ctx.member.email, name: ctx.member.name } });
  });

  api.post("/account/isSiteOwner", requireSession(), async (c) => {
    const body = await readJson(c, ZIsOwner);
    sameSite(c, body.account_id);
    const site = c.get("site");
    const me = c.get("member");
    const askingForSelf = c.get("user")!.email.toLowerCase() === body.email.trim().toLowerCase();
    if (!askingForSelf && !(me?.isOwner || me?.caps.includes("manage_options"))) return c.json({ status: false });
    const { database } = c.get("platform");
    if (!site.ownerUserId) return c.json({ status: false });
    const owner = await members.context(database.db, site, site.ownerUserId);
    return c.json({ status: Boolean(owner && owner.member.email.toLowerCase() === body.email.trim().toLowerCase()) });
  });

  api.post("/account/getUpdates", requireCap("manage_options", "admin"), async (c) => {
    const body = await readJson(c, ZAccountOnly);
    sameSite(c, body.account_id);
    const { database } = c.get("platform");
    const [earlier, unread] = await Promise.all([
      platformUpdatesService.publishedBefore(database.db, body.account_id),
      accountNotifications.listUnread(database.db, body.account_id),
    ]);
    // Updates published since the site exists are among its notifications; older ones come from
    // the platform's list, so each update shows once.
    return c.json({
      status: true,
      notifications: [
        ...unread.map((n) => ({ id: n.id, updates: n.message, severity: n.severity, createdAt: n.createdAt })),
        ...earlier.map((u) => ({
          id: u.id,
          updates: notificationMessage(u.title, u.body),
          severity: 2,
          createdAt: u.publishedAt,
        })),
      ],
    });
  });

  api.post("/account/defaults", requireCap("manage_options"), async (c) => {
    const body = await readJson(c, ZDefaults);
    sameSite(c, body.account_id);
    const site = c.get("site");
    const { database } = c.get("platform");
    // The special plan keeps its own credentials in the site's options; every other plan uses the
    // platform's, which are only configured when an operator sets them.
    if (readsCredentialsFromOptions(site.settings.plan)) {
      try {
        const value = await options.get(database.db, site.accountId, body.type);
        return c.json({ status: true, credentials: value });
      } catch {
        return c.json({ status: false });
      }
    }
    const { cfg } = c.get("platform");
    const credentials = cfg.platformDefaults[body.type.toLowerCase().replace(/[^a-z0-9]/g, "_")];
    return c.json(credentials === undefined ? { status: false } : { status: true, credentials });
  });

  api.post("/verifyEmail", async (c) => {
    const body = await readJson(c, ZVerify);
    sameSite(c, body.account_id);
    const { cfg, database } = c.get("platform");
    // Counted in the site's emailverifications meter; at the plan's limit, 403 plan_limit.
    const verdict = await verifyEmail(database.db, c.get("site"), body.email, { dns: cfg.emailDnsCheck });
    return c.json({ status: verdict.status });
  });

  api.post("/emails/account/feedback", async (c) => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    const body = await readJson(c, ZFeedback);
    sameSite(c, body.account_id);
    const { cfg, database } = c.get("platform");
    const site = c.get("site");
    await support.recordFeedback(database.db, body.account_id, {
      subject: body.subject,
      message: body.message,
      userId: user.id,
    });
    for (const to of cfg.staffEmails) {
      await mail.enqueue(database.db, body.account_id, {
        to,
        kind: "feedback",
        subject: `Feedback (${body.subject}) from ${site.settings.sitetitle}`,
        text: `${user.name} <${user.email}> on ${site.slug} wrote:\n\n${body.message}`,
      });
    }
    return c.json({ status: true });
  });

  // Site e-mail (§7): the owner's, through the outbox like campaigns, counted in the e-mails meter.
  api.post("/emails/site/batch-email", requireCap("manage_options"), async (c) => {
    const body = await readJson(c, ZBatchEmail);
    sameSite(c, body.account_id);
    const site = c.get("site");
    const { database } = c.get("platform");
    const data = body.tokens.data;
    const sent = await sendSiteEmail(
      database.db,
      { ...site, name: site.settings.sitetitle || site.slug },
      {
        from: body.from,
        subject: body.subject,
        to: body.emails,
        values: data,
        body: typeof data.body === "string" ? data.body : "",
        kind: "site-email",
      },
    );
    return c.json({ status: true, sent });
  });

  api.post("/emails/site/email", requireCap("manage_options"), async (c) => {
    const body = await readJson(c, ZSiteEmail);
    sameSite(c, body.account_id);
    const site = c.get("site");
    const { database } = c.get("platform");
    // The template form carries tokens.data with the body; the event form names the event in type.
    const template = body.type === "template";
    const values = (template ? (body.tokens.data ?? {}) : body.tokens) as Record<string, unknown>;
    const sent = await sendSiteEmail(
      database.db,
      { ...site, name: site.settings.sitetitle || site.slug },
      {
        from: body.from,
        subject: body.subject,
        to: [body.to],
        values,
        body: template ? (typeof values.body === "string" ? values.body : "") : undefined,
        kind: template ? "site-email" : `event:${body.type}`,
      },
    );
    return c.json({ status: true, sent });
  });

  return api;
}
