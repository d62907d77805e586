// The site's e-mail campaigns (spec §2, §7; decision 0041), for its managers on a plan with the
// `emails` feature: written while a draft or scheduled, their audience counted, scheduled or sent
// now, a test sent, previewed, and once under way read back as stats and recipients.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CAMPAIGN_STATUSES, campaigns, RECIPIENT_STATUSES } from "../../../modules/campaigns";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { campaignSite } from "../../services/campaigns";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZAudience = z
  .object({
    listIds: z.array(z.string()).max(100).default([]),
    tags: z.array(z.string().max(60)).max(50).default([]),
  })
  .strict()
  .openapi("CampaignAudience", { description: "Contacts on any of the lists or with any of the tags" });

const ZStats = z
  .object({
    recipients: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    opened: z.number().int(),
    clicked: z.number().int(),
    unsubscribed: z.number().int(),
    openRate: z.number(),
    clickRate: z.number(),
    unsubscribeRate: z.number(),
  })
  .openapi("CampaignStats");

const summaryFields = {
  id: z.string().uuid(),
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  fromName: z.string(),
  audience: ZAudience,
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  pauseReason: z.string().nullable(),
  editable: z.boolean(),
  stats: ZStats,
  createdAt: z.string(),
  updatedAt: z.string(),
};
const ZSummary = z.object(summaryFields).openapi("CampaignSummary");
const ZCampaign = z.object({ ...summaryFields, bodyHtml: z.string() }).openapi("Campaign");

const ZInput = z
  .object({
    name: z.string().max(200).openapi({ example: "November news" }),
    subject: z.string().max(250).optional(),
    preheader: z.string().max(250).optional(),
    fromName: z.string().max(120).optional(),
    bodyHtml: z
      .string()
      .max(500_000)
      .optional()
      .openapi({ description: "HTML, sanitised; merge tokens such as {{contact.first_name}} are kept" }),
    audience: ZAudience.optional(),
    scheduledAt: z.string().nullable().optional().openapi({ description: "ISO time in the future, or null" }),
  })
  .strict()
  .openapi("CampaignInput");
const ZPatch = ZInput.partial().strict().openapi("CampaignPatch");

const ZRecipient = z
  .object({
    contactId: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    status: z.enum(RECIPIENT_STATUSES),
    error: z.string().nullable(),
    sentAt: z.string().nullable(),
    openedAt: z.string().nullable(),
    clickedAt: z.string().nullable(),
    unsubscribedAt: z.string().nullable(),
  })
  .openapi("CampaignRecipient");

const ZBool = z.enum(["true", "false"]).optional();
const ZRecipientQuery = ZPage.extend({ status: z.enum(RECIPIENT_STATUSES).optional(), opened: ZBool, clicked: ZBool });

const managers = [requireCap("manage_options")];
const tags = ["Campaigns"];
const one = { params: ZUuidParam };
const ZSize = z.object({ recipients: z.number().int() }).openapi("CampaignAudienceSize");

const r = {
  list: createRoute({
    method: "get",
    path: "/campaigns",
    tags,
    summary: "The site's campaigns, newest first, each with its status and stats",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZSummary) }), "Campaigns"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/campaigns",
    tags,
    summary: "Write a campaign (a draft, or scheduled when scheduledAt is given)",
    middleware: managers,
    request: { body: jsonBody(ZInput) },
    responses: { 201: ok(ZCampaign, "Created"), ...errorResponses },
  }),
  size: createRoute({
    method: "post",
    path: "/campaigns/audience-size",
    tags,
    summary: "How many distinct active contacts an audience reaches",
    middleware: managers,
    request: { body: jsonBody(ZAudience) },
    responses: { 200: ok(ZSize, "Recipients"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/campaigns/{id}",
    tags,
    summary: "One campaign with its stats",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZCampaign, "The campaign"), ...errorResponses },
  }),
  patch: createRoute({
    method: "patch",
    path: "/campaigns/{id}",
    tags,
    summary: "Change a draft or scheduled campaign (otherwise 409)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZPatch) },
    responses: { 200: ok(ZCampaign, "The campaign"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/campaigns/{id}",
    tags,
    summary: "Delete a campaign and its recipients (not while sending: 409)",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  }),
  duplicate: createRoute({
    method: "post",
    path: "/campaigns/{id}/duplicate",
    tags,
    summary: "A new draft with the campaign's content and audience",
    middleware: managers,
    request: one,
    responses: { 201: ok(ZCampaign, "The copy"), ...errorResponses },
  }),
  campaignSize: createRoute({
    method: "get",
    path: "/campaigns/{id}/audience-size",
    tags,
    summary: "How many distinct active contacts the campaign's audience reaches now",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZSize, "Recipients"), ...errorResponses },
  }),
  send: createRoute({
    method: "post",
    path: "/campaigns/{id}/send",
    tags,
    summary: "Send now (403 plan_limit when the month's e-mails left are fewer than the recipients)",
    middleware: managers,
    request: one,
    responses: {
      200: ok(z.object({ recipients: z.number().int(), campaign: ZCampaign }), "Sending"),
      ...errorResponses,
    },
  }),
  schedule: createRoute({
    method: "post",
    path: "/campaigns/{id}/schedule",
    tags,
    summary: "Send at a future time",
    middleware: managers,
    request: { ...one, body: jsonBody(z.object({ scheduledAt: z.string() }).strict().openapi("CampaignSchedule")) },
    responses: { 200: ok(ZCampaign, "Scheduled"), ...errorResponses },
  }),
  unschedule: createRoute({
    method: "post",
    path: "/campaigns/{id}/unschedule",
    tags,
    summary: "Back to a draft",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZCampaign, "A draft again"), ...errorResponses },
  }),
  pause: createRoute({
    method: "post",
    path: "/campaigns/{id}/pause",
    tags,
    summary: "Stop a sending campaign after the batch in flight; those not reached stay queued (409 unless sending)",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZCampaign, "Paused"), ...errorResponses },
  }),
  resume: createRoute({
    method: "post",
    path: "/campaigns/{id}/resume",
    tags,
    summary:
      "Send a paused campaign on to those not reached yet (403 plan_limit when the month's e-mails left do not cover them; 409 unless paused)",
    middleware: managers,
    request: one,
    responses: {
      200: ok(z.object({ recipients: z.number().int(), campaign: ZCampaign }), "Sending again"),
      ...errorResponses,
    },
  }),
  test: createRoute({
    method: "post",
    path: "/campaigns/{id}/test",
    tags,
    summary: "Send the campaign once to an address (by default the signed-in person's)",
    middleware: managers,
    request: {
      ...one,
      body: jsonBody(
        z
          .object({ to: z.string().max(254).optional() })
          .strict()
          .openapi("CampaignTest"),
        false,
      ),
    },
    responses: { 200: ok(z.object({ to: z.string() }), "Sent"), ...errorResponses },
  }),
  preview: createRoute({
    method: "get",
    path: "/campaigns/{id}/preview",
    tags,
    summary: "The subject, HTML and text as a recipient gets them",
    middleware: managers,
    request: one,
    responses: {
      200: ok(z.object({ subject: z.string(), html: z.string(), text: z.string() }), "Preview"),
      ...errorResponses,
    },
  }),
  recipients: createRoute({
    method: "get",
    path: "/campaigns/{id}/recipients",
    tags,
    summary: "A page of the campaign's recipients, by status, opened or clicked",
    middleware: managers,
    request: { ...one, query: ZRecipientQuery },
    responses: {
      200: ok(z.object({ items: z.array(ZRecipient), total: z.number().int() }), "Recipients"),
      ...errorResponses,
    },
  }),
};

const svc = (c: Context<AppEnv>) => campaigns(c.get("platform").database.db, campaignSite(c));
const userId = (c: Context<AppEnv>) => c.get("user")?.id ?? null;
const flag = (v: "true" | "false" | undefined) => (v === undefined ? undefined : v === "true");

export const campaignRoutes = newRouter()
  .openapi(r.list, async (c) => c.json({ items: await svc(c).list() }, 200))
  .openapi(r.create, async (c) => c.json(await svc(c).create(c.req.valid("json"), userId(c)), 201))
  .openapi(r.size, async (c) => c.json(await svc(c).audienceSize(c.req.valid("json")), 200))
  .openapi(r.get, async (c) => c.json(await svc(c).get(c.req.valid("param").id), 200))
  .openapi(r.patch, async (c) => c.json(await svc(c).update(c.req.valid("param").id, c.req.valid("json")), 200))
  .openapi(r.remove, async (c) => {
    await svc(c).remove(c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.duplicate, async (c) => c.json(await svc(c).duplicate(c.req.valid("param").id, userId(c)), 201))
  .openapi(r.campaignSize, async (c) => c.json(await svc(c).campaignAudienceSize(c.req.valid("param").id), 200))
  .openapi(r.send, async (c) => c.json(await svc(c).send(c.req.valid("param").id), 200))
  .openapi(r.schedule, async (c) =>
    c.json(await svc(c).schedule(c.req.valid("param").id, c.req.valid("json").scheduledAt), 200),
  )
  .openapi(r.unschedule, async (c) => c.json(await svc(c).unschedule(c.req.valid("param").id), 200))
  .openapi(r.pause, async (c) => c.json(await svc(c).pause(c.req.valid("param").id), 200))
  .openapi(r.resume, async (c) => c.json(await svc(c).resume(c.req.valid("param").id), 200))
  .openapi(r.test, async (c) => {
    const body = (c.req.valid("json") ?? {}) as { to?: string };
    const to = body.to?.trim() || c.get("user")?.email || "";
    return c.json(await svc(c).test(c.req.valid("param").id, to), 200);
  })
  .openapi(r.preview, async (c) => {
    const u = c.get("user");
    return c.json(
      await svc(c).preview(c.req.valid("param").id, { email: u?.email ?? "reader@example.com", name: u?.name ?? "" }),
      200,
    );
  })
  .openapi(r.recipients, async (c) => {
    const { per_page, opened, clicked, ...q } = c.req.valid("query");
    const page = await svc(c).recipients(c.req.valid("param").id, {
      ...q,
      opened: flag(opened),
      clicked: flag(clicked),
      perPage: per_page,
    });
    return c.json({ items: page.items, total: page.total }, 200);
  });
