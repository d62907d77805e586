// The invitee's side of an invitation, reached by the token in the e-mail's link on the site that
// sent it: see it, accept it (signed in with the invited address: the token proves the mailbox, the
// login proves the person), or decline it. Accepting makes them a member with the invited role.
import { usage } from "../usage";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invitations, members as membersTable, roles } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import type { SiteAccount } from "../accounts/types";
import { events } from "../events";
import { registrationEventOf } from "../../../core/roles";
import { invitationTokenHash } from "./invitation-links";
import { type MemberContext, members } from "./service";
import { uniqueMemberSlug } from "./slug";
import { sessionCache } from "./session-cache";

/** What the invitation page shows to whoever holds the link. */
export type InvitationOffer = {
  email: string;
  name: string | null;
  role: string;
  /** The inviter's name on this site, when they are still a member of it. */
  invitedBy: string | null;
  expiresAt: string;
  expired: boolean;
};

/** The signed-in person answering. */
export type Invitee = { userId: string; email: string; name: string };

export const answers = {
  /** The invitation a link's token opens on this site; null for a token that opens none. */
  async offer(db: Db, accountId: string, token: string): Promise<InvitationOffer | null> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select({
          email: invitations.email,
          name: invitations.name,
          role: roles.name,
          invitedBy: membersTable.name,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .innerJoin(roles, and(eq(roles.accountId, invitations.accountId), eq(roles.roleId, invitations.roleId)))
        .leftJoin(
          membersTable,
          and(eq(membersTable.accountId, invitations.accountId), eq(membersTable.userId, invitations.invitedByUserId)),
        )
        .where(and(eq(invitations.accountId, accountId), eq(invitations.tokenHash, invitationTokenHash(token)))),
    );
    if (!row) return null;
    return { ...row, expiresAt: row.expiresAt.toISOString(), expired: row.expiresAt.getTime() <= Date.now() };
  },

  /**
   * Accepts: the invitation is used up and the person is a member with its role (a member already,
   * e.g. by signing in here meanwhile, gets the role; the owner keeps theirs). Of two acceptances
   * at once, one wins and the other finds no invitation.
   */
  async accept(db: Db, site: SiteAccount, token: string, invitee: Invitee): Promise<MemberContext> {
    const { accountId } = site;
    await events.transaction(db, accountId, async (tx, out) => {
      const [inv] = await tx
        .select({
          id: invitations.id,
          email: invitations.email,
          roleId: invitations.roleId,
          expiresAt: invitations.expiresAt,
        })
        .from(invitations)
        .where(and(eq(invitations.accountId, accountId), eq(invitations.tokenHash, invitationTokenHash(token))))
        .for("update");
      if (!inv) throw notFound("Invitation");
      if (inv.expiresAt.getTime() <= Date.now()) {
        throw new AppError("invitation_expired", "This invitation has expired; ask for a new one");
      }
      if (inv.email !== invitee.email.toLowerCase()) {
        throw new AppError("forbidden", "This invitation is for another e-mail address; sign in with that one", {
          reason: "other_email",
        });
      }
      // Accepting makes a member: the plan's member limits hold, unless the person is one already.
      const [already] = await tx
        .select({ id: membersTable.id, roleCaps: roles.caps, roleName: roles.name })
        .from(membersTable)
        .innerJoin(roles, and(eq(roles.accountId, membersTable.accountId), eq(roles.roleId, membersTable.roleId)))
        .where(and(eq(membersTable.accountId, accountId), eq(membersTable.userId, invitee.userId)));
      if (!already && site.ownerUserId !== invitee.userId) await usage.guardCount(tx, site, "totalMembers");
      await usage.markActive(tx, site, invitee.userId, { enforce: !already && site.ownerUserId !== invitee.userId });
      await tx.delete(invitations).where(and(eq(invitations.accountId, accountId), eq(invitations.id, inv.id)));
      const joining = tx.insert(membersTable).values({
        accountId,
        userId: invitee.userId,
        name: invitee.name || invitee.email,
        email: invitee.email,
        slug: await uniqueMemberSlug(tx, accountId, invitee.name || invitee.email),
        roleId: inv.roleId,
      });
      const target = [membersTable.accountId, membersTable.userId];
      const isOwner = site.ownerUserId === invitee.userId;
      const [member] = await (isOwner
        ? joining.onConflictDoNothing({ target })
        : joining.onConflictDoUpdate({ target, set: { roleId: inv.roleId } })
      ).returning({ id: membersTable.id });
      // Joining as a student or an instructor, or a student's invitation making them an instructor,
      // is announced (welcome, owner's notice).
      const [role] = await tx
        .select({ name: roles.name, caps: roles.caps })
        .from(roles)
        .where(and(eq(roles.accountId, accountId), eq(roles.roleId, inv.roleId)));
      const capsOf = (r: { name: string; caps: string[] }) => [...r.caps, ...(site.caps[r.name] ?? [])];
      const type = role && !isOwner && !site.isPlatform ? registrationEventOf(capsOf(role)) : null;
      const before = already ? registrationEventOf(capsOf({ name: already.roleName, caps: already.roleCaps })) : null;
      if (member && type && (!already || (type === "instructor_registration" && before === "student_registration"))) {
        out.push(
          await events.emit(
            tx,
            accountId,
            type,
            { userId: invitee.userId, memberId: member.id, role: role.name, via: "invitation" },
            invitee.userId,
          ),
        );
      }
    });
    sessionCache.forgetUser(db, invitee.userId);
    const member = await members.context(db, site, invitee.userId);
    if (!member) throw notFound("Member");
    return member;
  },

  /** Declines (anyone holding the link may): the invitation is gone and its link stops working. */
  async decline(db: Db, accountId: string, token: string): Promise<void> {
    const deleted = await withTenant(db, accountId, (tx) =>
      tx
        .delete(invitations)
        .where(and(eq(invitations.accountId, accountId), eq(invitations.tokenHash, invitationTokenHash(token))))
        .returning({ id: invitations.id }),
    );
    if (!deleted.length) throw notFound("Invitation");
  },
};
