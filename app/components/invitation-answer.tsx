import { useTranslation } from "../i18n/use-translation";
import { Form } from "react-router";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { invitationPath } from "../lib/invitation-path";
import { Notice } from "./notice";
import { SubmitButton } from "./submit-button";

type InvitationOffer = NonNullable<Awaited<ReturnType<AtriumLoadContext["services"]["invitation"]["offer"]>>>;

/**
 * What an invitation offers and the invitee's ways to answer: sign up or sign in with the invited
 * address (then accept), accept when signed in with it, sign out when signed in as someone else,
 * and decline in every case.
 */
export function InvitationAnswer({
  token,
  offer,
  sitetitle,
  signedInAs,
  error,
}: {
  token: string;
  offer: InvitationOffer;
  sitetitle: string;
  signedInAs: string | null;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const role = t(`users.roles.${offer.role}`, { defaultValue: offer.role });
  // UTC on both sides, so the server's page and the browser's agree on the day.
  const date = new Date(offer.expiresAt).toLocaleDateString(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  if (offer.expired) {
    return (
      <p className="alert error" role="alert" data-testid="invitation-expired">
        {t("invitation.expired", { date, site: sitetitle })}
      </p>
    );
  }
  const here = invitationPath(token);
  const signedInWithIt = signedInAs !== null && signedInAs.toLowerCase() === offer.email;
  const vars = { inviter: offer.invitedBy, email: offer.email, site: sitetitle, role };
  return (
    <div className="stack">
      <p data-testid="invitation-offer">
        {offer.invitedBy ? t("invitation.intro", vars) : t("invitation.introNoInviter", vars)}
      </p>
      <p className="muted">{t("invitation.validUntil", { date })}</p>
      <Notice messageKey={error} />
      {signedInAs === null ? (
        <>
          <a className="button" href={`/signup?invitation=${encodeURIComponent(token)}`}>
            {t("invitation.signUp")}
          </a>
          <p className="muted">
            {t("invitation.haveLogin", { email: offer.email })}{" "}
            <a href={`/login?redirectedFrom=${encodeURIComponent(here)}`}>{t("invitation.signIn")}</a>
          </p>
        </>
      ) : signedInWithIt ? (
        <Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <SubmitButton label={t("invitation.accept", { role })} />
        </Form>
      ) : (
        <>
          <p className="alert error" role="alert">
            {t("invitation.otherEmail", { current: signedInAs, email: offer.email })}
          </p>
          <Form method="post" action="/logout">
            <input type="hidden" name="redirectTo" value={here} />
            <SubmitButton label={t("invitation.signOut")} />
          </Form>
        </>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="decline" />
        <button type="submit" className="secondary">
          {t("invitation.decline")}
        </button>
      </Form>
    </div>
  );
}
