// The link an invitation e-mail carries: a random token whose SHA-256 alone is stored, valid for
// INVITATION_VALID_DAYS from the last send. The e-mail reads the same whoever the address belongs
// to, so neither the owner nor anyone else learns from it who already has a login.
import { createHash, randomBytes } from "node:crypto";
import type { SiteAccount } from "../accounts/types";

export const INVITATION_VALID_DAYS = 14;

export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for a link, its hash for the row, and when the link stops working. */
export function newInvitationLink(now = Date.now()) {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    tokenHash: invitationTokenHash(token),
    expiresAt: new Date(now + INVITATION_VALID_DAYS * 24 * 3600 * 1000),
  };
}

/** Who invites and where the links in the e-mail point. */
export type Inviter = { userId: string; name: string; origin: string };

export function invitationMail(
  site: SiteAccount,
  inv: { email: string; name: string | null; role: string },
  link: { token: string; expiresAt: Date },
  by: Inviter,
) {
  const title = site.settings.sitetitle;
  const hello = inv.name ? `Hello ${inv.name},` : "Hello,";
  const until = link.expiresAt.toUTCString();
  return {
    to: inv.email,
    kind: "member_invitation",
    subject: `${by.name} invited you to ${title}`,
    text: `${hello}\n\n${by.name} invited you to join ${title} as ${inv.role}.\n\nOpen the invitation to accept or decline it (the link works until ${until}):\n${by.origin}/invitation/${link.token}\n\nThere you can create an account with this address (${inv.email}), or sign in if you already have an Atrium login.\n\nIf you did not expect this, you can ignore this message.`,
  };
}
