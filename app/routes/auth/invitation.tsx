// /invitation/{token}: where an invitation e-mail's link leads. Whoever holds the link sees what
// they are invited to and may decline; to accept, they create an account with the invited address
// or sign in with it (a login from any site of the platform), and then accept here.
import { useTranslation } from "../../i18n/use-translation";
import { data, redirect } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { InvitationAnswer } from "../../components/invitation-answer";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { invitationPath } from "../../lib/invitation-path";
import type { Route } from "./+types/invitation";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.title ?? "Atrium" },
  { name: "robots", content: "noindex" },
];

// The token is in the address: no shared cache keeps the page, and no other site hears of it.
const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
export const headers = () => PRIVATE;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  const offer = await context.services.invitation.offer(params.token);
  const page = {
    title: pageTitle(t, "invitation.title", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    token: params.token,
    offer,
    signedInAs: context.user?.email ?? null,
  };
  const status = !offer ? 404 : offer.expired ? 410 : 200;
  return data(page, { status, headers: PRIVATE });
}

type ActionResult = { declined?: boolean; error?: string };

const ERROR_KEYS: Record<string, string> = {
  not_found: "invitation.invalid",
  invitation_expired: "invitation.expiredShort",
  forbidden: "invitation.otherEmailShort",
};

export async function action({ context, request, params }: Route.ActionArgs) {
  const intent = String((await request.formData()).get("intent") ?? "");
  const answer = context.services.invitation;
  if (intent === "accept" && !context.user) {
    throw redirect(`/login?redirectedFrom=${encodeURIComponent(invitationPath(params.token))}`);
  }
  if (intent !== "accept" && intent !== "decline") {
    return data<ActionResult>({ error: "errors.generic" }, { status: 400, headers: PRIVATE });
  }
  try {
    if (intent === "decline") {
      await answer.decline(params.token);
      return data<ActionResult>({ declined: true }, { headers: PRIVATE });
    }
    await answer.accept(params.token);
  } catch (err) {
    const key = ERROR_KEYS[(err as { code?: string })?.code ?? ""];
    if (!key) throw err;
    return data<ActionResult>({ error: key }, { status: 409, headers: PRIVATE });
  }
  throw redirect("/dashboard");
}

export default function Invitation({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as ActionResult | undefined;
  return (
    <AuthCard title={t("invitation.title", { site: d.sitetitle })}>
      {result?.declined ? (
        <p className="alert ok" role="status" data-testid="invitation-declined">
          {t("invitation.declined", { site: d.sitetitle })}
        </p>
      ) : !d.offer ? (
        <p className="alert error" role="alert" data-testid="invitation-invalid">
          {t("invitation.invalid")}
        </p>
      ) : (
        <InvitationAnswer
          token={d.token}
          offer={d.offer}
          sitetitle={d.sitetitle}
          signedInAs={d.signedInAs}
          error={result?.error}
        />
      )}
      <p>
        <a href="/">{t("invitation.toSite", { site: d.sitetitle })}</a>
      </p>
    </AuthCard>
  );
}
