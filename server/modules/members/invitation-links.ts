// The link an invitation e-mail carries: a random token whose SHA-256 alone is stored, valid for
// INVITATION_VALID_DAYS from the last send. The e-mail reads the same whoever the address belongs
// to, so neither the owner nor anyone else learns from it who already has a login.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import type { SiteAccount } from "../accounts/types";
import { mailDateTime, mailTexts } from "../mail";

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

type MailT = Awaited<ReturnType<typeof mailTexts>>["t"];

/** The role in words, as the members screens show it; a custom role keeps its own name. */
export const roleInWords = (t: MailT, role: string) =>
  role === "owner" ? t("users.owner") : t(`users.roles.${role}`, { defaultValue: role });

/**
 * The invitation e-mail, in the site's default language (the invitee is not a member yet), its
 * expiry in the site's zone (UTC: sites keep no zone of their own) with the zone named.
 */
export async function invitationMail(
  db: Db,
  site: SiteAccount,
  inv: { email: string; name: string | null; role: string },
  link: { token: string; expiresAt: Date },
  by: Inviter,
) {
  const { lang, t } = await mailTexts(db, site, {});
  const title = site.settings.sitetitle;
  const hello = inv.name ? t("mail.invitation.helloName", { name: inv.name }) : t("mail.invitation.hello");
  const text = t("mail.invitation.text", {
    inviter: by.name,
    site: title,
    role: roleInWords(t, inv.role),
    until: mailDateTime(link.expiresAt, lang, "UTC"),
    url: `${by.origin}/invitation/${link.token}`,
    email: inv.email,
  });
  return {
    to: inv.email,
    kind: "member_invitation",
    subject: t("mail.invitation.subject", { inviter: by.name, site: title }),
    text: `${hello}\n\n${text}`,
  };
}
