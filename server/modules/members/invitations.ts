// Inviting people to a site by e-mail, the owner's side: invite, list, resend, withdraw. Every
// invitation is only that, whoever the address belongs to: nobody joins until they accept it
// themselves (./invitation-answers.ts), and the answer to the owner never depends on whether the
// address has a login somewhere on the platform.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { isValidEmail } from "../../../core/email-rule";
import type { Db, Tx } from "../../db/client";
import { invitations, members as membersTable, roles } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import type { SiteAccount } from "../accounts/types";
import { mail } from "../mail";
import { type Inviter, invitationMail, newInvitationLink } from "./invitation-links";
import { NAME_MAX } from "./manage";

export type InvitationView = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  sentCount: number;
  lastSentAt: string;
  expiresAt: string;
  expired: boolean;
  createdAt: string;
};

export const ZInviteInput = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .refine((v) => isValidEmail(v), "Enter a valid e-mail address"),
    name: z.string().trim().max(NAME_MAX, `Use at most ${NAME_MAX} characters`).optional(),
    role: z.string().trim().min(1, "Choose a role").max(40),
  })
  .strict();
export type InviteInput = z.input<typeof ZInviteInput>;

const columns = {
  id: invitations.id,
  email: invitations.email,
  name: invitations.name,
  role: roles.name,
  sentCount: invitations.sentCount,
  lastSentAt: invitations.lastSentAt,
  expiresAt: invitations.expiresAt,
  createdAt: invitations.createdAt,
};
type Row = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  sentCount: number;
  lastSentAt: Date;
  expiresAt: Date;
  createdAt: Date;
};
const view = (r: Row): InvitationView => ({
  ...r,
  lastSentAt: r.lastSentAt.toISOString(),
  expiresAt: r.expiresAt.toISOString(),
  expired: r.expiresAt.getTime() <= Date.now(),
  createdAt: r.createdAt.toISOString(),
});

const conflict = (message: string, reason: string) =>
  new AppError("conflict", message, [{ field: "email", message, reason }]);

async function roleByName(tx: Tx, accountId: string, name: string) {
  const [role] = await tx
    .select({ roleId: roles.roleId, name: roles.name })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.name, name)));
  if (!role) throw fieldError("validation_failed", "role", `Unknown role "${name}"`);
  return role;
}

async function one(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select(columns)
    .from(invitations)
    .innerJoin(roles, and(eq(roles.accountId, invitations.accountId), eq(roles.roleId, invitations.roleId)))
    .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id)));
  if (!row) throw notFound("Invitation");
  return view(row);
}

export const invites = {
  /** The site's open invitations (expired ones too, so they can be resent), newest first. */
  async list(db: Db, accountId: string): Promise<InvitationView[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select(columns)
        .from(invitations)
        .innerJoin(roles, and(eq(roles.accountId, invitations.accountId), eq(roles.roleId, invitations.roleId)))
        .where(eq(invitations.accountId, accountId))
        .orderBy(desc(invitations.createdAt), invitations.id),
    );
    return rows.map(view);
  },

  /**
   * Stores an invitation and e-mails its link. An address that is already a member of this site,
   * or already invited to it, is a 409 on `email`; nothing else about the address is looked up.
   */
  async invite(db: Db, site: SiteAccount, by: Inviter, input: InviteInput | unknown): Promise<InvitationView> {
    const parsed = ZInviteInput.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const email = parsed.data.email.toLowerCase();
    const name = parsed.data.name || null;
    const link = newInvitationLink();
    const invitation = await withTenant(db, site.accountId, async (tx) => {
      const role = await roleByName(tx, site.accountId, parsed.data.role);
      const [member] = await tx
        .select({ id: membersTable.id })
        .from(membersTable)
        .where(and(eq(membersTable.accountId, site.accountId), sql`lower(${membersTable.email}) = ${email}`));
      if (member) throw conflict(`${email} is already a member of this site`, "already_member");
      // One open invitation per address: of two owners inviting it at once, the second is told so.
      const [inv] = await tx
        .insert(invitations)
        .values({
          accountId: site.accountId,
          email,
          name,
          roleId: role.roleId,
          invitedByUserId: by.userId,
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
        })
        .onConflictDoNothing({ target: [invitations.accountId, invitations.email] })
        .returning({ id: invitations.id });
      if (!inv) throw conflict(`${email} has already been invited; resend the invitation instead`, "already_invited");
      return one(tx, site.accountId, inv.id);
    });
    await mail.enqueue(db, site.accountId, await invitationMail(db, site, invitation, link, by));
    return invitation;
  },

  /** Sends the invitation again with a new link (the earlier one stops working) and a new expiry. */
  async resend(db: Db, site: SiteAccount, by: Inviter, id: string): Promise<InvitationView> {
    const link = newInvitationLink();
    const invitation = await withTenant(db, site.accountId, async (tx) => {
      const updated = await tx
        .update(invitations)
        .set({
          sentCount: sql`${invitations.sentCount} + 1`,
          lastSentAt: sql`now()`,
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
        })
        .where(and(eq(invitations.accountId, site.accountId), eq(invitations.id, id)))
        .returning({ id: invitations.id });
      if (!updated.length) throw notFound("Invitation");
      return one(tx, site.accountId, id);
    });
    await mail.enqueue(db, site.accountId, await invitationMail(db, site, invitation, link, by));
    return invitation;
  },

  /** Withdraws an invitation: its link stops working at once. */
  async cancel(db: Db, accountId: string, id: string): Promise<void> {
    const deleted = await withTenant(db, accountId, (tx) =>
      tx
        .delete(invitations)
        .where(and(eq(invitations.accountId, accountId), eq(invitations.id, id)))
        .returning({ id: invitations.id }),
    );
    if (!deleted.length) throw notFound("Invitation");
  },
};
