import { useTranslation } from "../../i18n/use-translation";
import { data, Form, redirect } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { Notice } from "../../components/notice";
import { SubmitButton } from "../../components/submit-button";
import { FormField } from "../../components/form-field";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { authErrorKey, cookieHeaders, safeRedirect } from "../../lib/auth-response.server";
import { invitationTokenOf } from "../../lib/invitation-path";
import type { Route } from "./+types/two-factor";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) throw redirect("/dashboard");
  return {
    title: pageTitle(translatorFor(context, request), "auth.twoFactorTitle", context.site.settings.sitetitle),
    redirectedFrom: new URL(request.url).searchParams.get("redirectedFrom"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return data({ error: "errors.invalidCode" }, { status: 422 });
  const next = safeRedirect(String(form.get("redirectedFrom") ?? ""));
  const res = await context.services.auth.verifyTotp(code, false, { joinSite: !invitationTokenOf(next) });
  if (!res.ok) return data({ error: await authErrorKey(res) }, { status: res.status === 429 ? 429 : 401 });
  throw redirect(next, { headers: cookieHeaders(res) });
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.twoFactorTitle")}>
      <p className="muted">{t("auth.twoFactorHelp")}</p>
      <Form method="post" className="stack">
        <Notice messageKey={actionData?.error} />
        <input type="hidden" name="redirectedFrom" value={loaderData.redirectedFrom ?? ""} />
        <FormField
          label={t("auth.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          required
          autoFocus
        />
        <SubmitButton label={t("auth.verify")} />
      </Form>
      <p>
        <a href="/login">{t("nav.login")}</a>
      </p>
    </AuthCard>
  );
}
