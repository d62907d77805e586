// Invitations: the owner's side (invite, list, resend, withdraw) and the invitee's answer, which is
// made with the token from the e-mail's link. The answer to an invitation never depends on whether
// the address has a login anywhere on the platform.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { INVITATION_VALID_DAYS, invitationAnswers, invites } from "../../../modules/members";
import type { AppEnv } from "../../env";
import { requireBrowserSession, requireCap, requireSession } from "../../middleware/guards";
import { ZMember } from "./me";
import { errorResponses, jsonBody, newRouter, ok, ZError, ZUuidParam } from "./router";

const ZInvitation = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.string(),
    sentCount: z.number().int(),
    lastSentAt: z.string(),
    expiresAt: z.string().openapi({ description: "When the latest link stops working; resending renews it" }),
    expired: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("Invitation");

const ZInvite = z
  .object({
    email: z.string().max(254).openapi({ example: "ana@example.org" }),
    name: z.string().max(80).optional().openapi({ example: "Ana Lima" }),
    role: z.string().min(1).max(40).openapi({ example: "student" }),
  })
  .strict()
  .openapi("Invite");

const ZInvitationToken = z
  .object({ token: z.string().min(1).max(200).openapi({ description: "The token of the e-mail's link" }) })
  .strict()
  .openapi("InvitationToken");

const ZJoined = z.object({ member: ZMember, role: z.string(), caps: z.array(z.string()) }).openapi("JoinedSite");

const listInvitations = createRoute({
  method: "get",
  path: "/invitations",
  tags: ["Members"],
  summary: "Invitations to this site not yet answered",
  description: "Newest first, expired ones included (resend renews them).",
  middleware: [requireCap("manage_options")] as const,
  responses: { 200: ok(z.object({ items: z.array(ZInvitation) }), "Newest first"), ...errorResponses },
});

const createInvitation = createRoute({
  method: "post",
  path: "/invitations",
  tags: ["Members"],
  summary: "Invite someone by e-mail",
  description:
    "Stores an invitation and e-mails a link to accept or decline it. Nobody joins until they accept. The answer is the same whoever the address belongs to; an address that is already a member of this site or already invited answers 409.",
  middleware: [requireCap("manage_options")] as const,
  request: { body: jsonBody(ZInvite) },
  responses: {
    201: ok(ZInvitation, "Invited"),
    409: ok(ZError, "Already a member of this site, or already invited"),
    ...errorResponses,
  },
});

const deleteInvitation = createRoute({
  method: "delete",
  path: "/invitations/{id}",
  tags: ["Members"],
  summary: "Withdraw an invitation",
  description: "Its link stops working at once.",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam },
  responses: { 204: { description: "Withdrawn" }, ...errorResponses },
});

const resendInvitation = createRoute({
  method: "post",
  path: "/invitations/{id}/resend",
  tags: ["Members"],
  summary: "Send an invitation again",
  description: `With a new link (the earlier one stops working) valid for another ${INVITATION_VALID_DAYS} days.`,
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZInvitation, "The invitation, sent once more"), ...errorResponses },
});

const acceptInvitation = createRoute({
  method: "post",
  path: "/invitations/accept",
  tags: ["Members"],
  summary: "Accept an invitation to this site",
  description:
    "By the person signed in (a browser session) with the invited address; they become a member with the invited role. 404 for a link that opens no invitation, 410 `invitation_expired`, 403 for another address.",
  middleware: [requireSession(), requireBrowserSession()] as const,
  request: { body: jsonBody(ZInvitationToken) },
  responses: {
    200: ok(ZJoined, "Now a member"),
    410: ok(ZError, "The link has expired"),
    ...errorResponses,
  },
});

const declineInvitation = createRoute({
  method: "post",
  path: "/invitations/decline",
  tags: ["Members"],
  summary: "Decline an invitation to this site",
  description: "Whoever holds the link may decline; no session is needed. The invitation is gone afterwards.",
  security: [],
  request: { body: jsonBody(ZInvitationToken) },
  responses: { 204: { description: "Declined" }, 404: errorResponses[404], 422: errorResponses[422] },
});

const inviter = (c: Context<AppEnv>) => {
  const user = c.get("user")!;
  return { userId: user.id, name: c.get("member")?.member.name || user.name, origin: c.get("origin") };
};

export const invitationRoutes = newRouter()
  .openapi(listInvitations, async (c) => {
    const { database } = c.get("platform");
    return c.json({ items: await invites.list(database.db, c.get("site").accountId) }, 200);
  })
  .openapi(createInvitation, async (c) => {
    const { database } = c.get("platform");
    return c.json(await invites.invite(database.db, c.get("site"), inviter(c), c.req.valid("json")), 201);
  })
  .openapi(acceptInvitation, async (c) => {
    const { database } = c.get("platform");
    const user = c.get("user")!;
    const joined = await invitationAnswers.accept(database.db, c.get("site"), c.req.valid("json").token, {
      userId: user.id,
      email: user.email,
      name: user.name,
    });
    return c.json({ member: joined.member, role: joined.role, caps: joined.caps }, 200);
  })
  .openapi(declineInvitation, async (c) => {
    const { database } = c.get("platform");
    await invitationAnswers.decline(database.db, c.get("site").accountId, c.req.valid("json").token);
    return c.body(null, 204);
  })
  .openapi(deleteInvitation, async (c) => {
    const { database } = c.get("platform");
    await invites.cancel(database.db, c.get("site").accountId, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(resendInvitation, async (c) => {
    const { database } = c.get("platform");
    return c.json(await invites.resend(database.db, c.get("site"), inviter(c), c.req.valid("param").id), 200);
  });
