// Inviting people to a site by e-mail. Someone who already has a login joins at once (and is told
// by e-mail); anyone else gets an invitation with a sign-up link, and joins with the invited role
// the first time they sign up or sign in on the site with that address.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { isValidEmail } from "../../../core/email-rule";
import type { Db, Tx } from "../../db/client";
import { invitations, members as membersTable, roles, users } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import type { SiteAccount } from "../accounts/types";
import { mail } from "../mail";
import { type ManagedMember, manage, NAME_MAX } from "./manage";
import { uniqueMemberSlug } from "./slug";

export type InvitationView = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  sentCount: number;
  lastSentAt: string;
  createdAt: string;
};

export type InviteResult =
  | { kind: "member"; member: ManagedMember }
  | { kind: "invitation"; invitation: InvitationView };

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

/** Who invites and where the links in the e-mail point. */
export type Inviter = { userId: string; name: string; origin: string };

const columns = {
  id: invitations.id,
  email: invitations.email,
  name: invitations.name,
  role: roles.name,
  sentCount: invitations.sentCount,
  lastSentAt: invitations.lastSentAt,
  createdAt: invitations.createdAt,
};
type Row = {
  id: string;
  email: string;
  name: string | null;
  role: string;
  sentCount: number;
  lastSentAt: Date;
  createdAt: Date;
};
const view = (r: Row): InvitationView => ({
  ...r,
  lastSentAt: r.lastSentAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

function invitationMail(site: SiteAccount, inv: { email: string; name: string | null; role: string }, by: Inviter) {
  const title = site.settings.sitetitle;
  const hello = inv.name ? `Hello ${inv.name},` : "Hello,";
  return {
    to: inv.email,
    kind: "member_invitation",
    subject: `${by.name} invited you to ${title}`,
    text: `${hello}\n\n${by.name} invited you to join ${title} as ${inv.role}.\n\nCreate your account with this e-mail address (${inv.email}) here:\n${by.origin}/signup?email=${encodeURIComponent(inv.email)}\n\nIf you already have an Atrium login, sign in instead:\n${by.origin}/login\n\nIf you did not expect this, you can ignore this message.`,
  };
}

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
  return row ? view(row) : null;
}

export const invites = {
  /** The site's open invitations, newest first. */
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
   * Adds a person with a login as a member at once, or stores an invitation for a new address;
   * either way an e-mail goes out. Already a member or already invited is a 409 on `email`.
   */
  async invite(db: Db, site: SiteAccount, by: Inviter, input: InviteInput | unknown): Promise<InviteResult> {
    const parsed = ZInviteInput.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const email = parsed.data.email.toLowerCase();
    const name = parsed.data.name || null;
    const outcome = await withTenant(db, site.accountId, async (tx) => {
      const role = await roleByName(tx, site.accountId, parsed.data.role);
      const [user] = await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      const [member] = await tx
        .select({ id: membersTable.id })
        .from(membersTable)
        .where(
          and(
            eq(membersTable.accountId, site.accountId),
            user
              ? sql`(${membersTable.userId} = ${user.id} or lower(${membersTable.email}) = ${email})`
              : sql`lower(${membersTable.email}) = ${email}`,
          ),
        );
      if (member) throw conflict(`${email} is already a member of this site`, "already_member");
      const [open] = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.accountId, site.accountId), eq(invitations.email, email)));
      if (open) throw conflict(`${email} has already been invited; resend the invitation instead`, "already_invited");
      if (user) {
        const [m] = await tx
          .insert(membersTable)
          .values({
            accountId: site.accountId,
            userId: user.id,
            name: user.name || name || email,
            email: user.email,
            slug: await uniqueMemberSlug(tx, site.accountId, user.name || user.email),
            roleId: role.roleId,
          })
          .returning({ id: membersTable.id });
        return { kind: "member" as const, id: m.id, role: role.name, userName: user.name };
      }
      const [inv] = await tx
        .insert(invitations)
        .values({ accountId: site.accountId, email, name, roleId: role.roleId, invitedByUserId: by.userId })
        .returning({ id: invitations.id });
      return { kind: "invitation" as const, id: inv.id, role: role.name };
    });
    const title = site.settings.sitetitle;
    if (outcome.kind === "member") {
      await mail.enqueue(db, site.accountId, {
        to: email,
        kind: "member_added",
        subject: `You have been added to ${title}`,
        text: `Hello ${outcome.userName || ""},\n\n${by.name} added you to ${title} as ${outcome.role}. Sign in with your usual Atrium login:\n${by.origin}/login\n`,
      });
      return { kind: "member", member: await manage.get(db, site, outcome.id) };
    }
    await mail.enqueue(db, site.accountId, invitationMail(site, { email, name, role: outcome.role }, by));
    const invitation = await withTenant(db, site.accountId, (tx) => one(tx, site.accountId, outcome.id));
    if (!invitation) throw notFound("Invitation");
    return { kind: "invitation", invitation };
  },

  /** Sends the invitation e-mail again. */
  async resend(db: Db, site: SiteAccount, by: Inviter, id: string): Promise<InvitationView> {
    const inv = await withTenant(db, site.accountId, async (tx) => {
      const updated = await tx
        .update(invitations)
        .set({ sentCount: sql`${invitations.sentCount} + 1`, lastSentAt: sql`now()` })
        .where(and(eq(invitations.accountId, site.accountId), eq(invitations.id, id)))
        .returning({ id: invitations.id });
      if (!updated.length) throw notFound("Invitation");
      return one(tx, site.accountId, id);
    });
    if (!inv) throw notFound("Invitation");
    await mail.enqueue(db, site.accountId, invitationMail(site, inv, by));
    return inv;
  },

  /** Withdraws an open invitation; signing up with that address afterwards makes a plain member. */
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
