import { useTranslation } from "../../i18n/use-translation";
import { data, Form, redirect } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { Notice } from "../../components/notice";
import { SubmitButton } from "../../components/submit-button";
import { FormField } from "../../components/form-field";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { authErrorKey, cookieHeaders, safeRedirect } from "../../lib/auth-response.server";
import { invitationTokenOf } from "../../lib/invitation-path";
import type { Route } from "./+types/login";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectedFrom = url.searchParams.get("redirectedFrom");
  if (context.user) throw redirect(safeRedirect(redirectedFrom));
  const reason = url.searchParams.get("reason") ?? (context.sessionEnded === "single_session" ? "singleSession" : null);
  return {
    title: pageTitle(translatorFor(context, request), "nav.login", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    redirectedFrom,
    notice:
      reason === "singleSession" ? "errors.singleSession" : url.searchParams.get("reset") ? "auth.resetDone" : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const redirectedFrom = String(form.get("redirectedFrom") ?? "");
  if (!email || !password) return data({ error: "errors.required", email }, { status: 400 });
  // Coming to answer an invitation, the answer (not this sign-in) decides whether they join.
  const res = await context.services.auth.signIn(
    { email, password },
    { joinSite: !invitationTokenOf(safeRedirect(redirectedFrom)) },
  );
  if (!res.ok) return data({ error: await authErrorKey(res), email }, { status: res.status === 429 ? 429 : 401 });
  const body = (await res.json()) as { twoFactorRedirect?: boolean };
  const headers = cookieHeaders(res);
  if (body.twoFactorRedirect) {
    const next = redirectedFrom ? `?redirectedFrom=${encodeURIComponent(redirectedFrom)}` : "";
    throw redirect(`/login/two-factor${next}`, { headers });
  }
  throw redirect(safeRedirect(redirectedFrom), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const notice = loaderData.notice;
  return (
    <AuthCard title={t("auth.loginTitle", { site: loaderData.sitetitle })}>
      <Notice messageKey={notice} tone={notice?.startsWith("errors.") ? "error" : "ok"} testId="login-notice" />
      <Form method="post" className="stack">
        <Notice messageKey={actionData?.error} />
        <input type="hidden" name="redirectedFrom" value={loaderData.redirectedFrom ?? ""} />
        <FormField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
        />
        <FormField
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton label={t("auth.submitLogin")} />
      </Form>
      <p>
        <a href="/login/forgot-password">{t("auth.forgot")}</a>
      </p>
      <p className="muted">
        {t("auth.noAccount")} <a href="/signup">{t("nav.signup")}</a>
      </p>
    </AuthCard>
  );
}
