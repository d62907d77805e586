// What the invitation page and sign-up call: the invitation a link opens, and the invitee's answer.
// Who answers is always the request's signed-in person, or the login a sign-up has just created.
import type { Context } from "hono";
import { notAuthenticated } from "../../errors";
import { type InvitationOffer, invitationAnswers, type MemberContext } from "../../modules/members";
import type { AppEnv } from "../env";

type CreatedLogin = { user?: { id?: string; email?: string; name?: string } };

export function invitationServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  return {
    invitation: {
      offer: (token: string): Promise<InvitationOffer | null> => invitationAnswers.offer(db, site.accountId, token),
      accept: (token: string): Promise<MemberContext> => {
        if (!user) throw notAuthenticated();
        return invitationAnswers.accept(db, site, token, { userId: user.id, email: user.email, name: user.name });
      },
      /** Accepts for the login a successful sign-up answer (better-auth's Response) has just created. */
      acceptAfterSignUp: async (token: string, signedUp: Response): Promise<MemberContext> => {
        const created = (await signedUp
          .clone()
          .json()
          .catch(() => null)) as CreatedLogin | null;
        const login = created?.user;
        if (!signedUp.ok || !login?.id || !login.email) throw notAuthenticated();
        return invitationAnswers.accept(db, site, token, {
          userId: login.id,
          email: login.email,
          name: login.name ?? "",
        });
      },
      decline: (token: string): Promise<void> => invitationAnswers.decline(db, site.accountId, token),
    },
  };
}
