import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { TopBar } from "../../components/top-bar";
import { FormField } from "../../components/form-field";
import { authErrorKey, cookieHeaders, safeRedirect } from "../../lib/auth-response.server";
import type { Route } from "./+types/login";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Log in · ${data?.sitetitle ?? "Atrium"}` }];

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectedFrom = url.searchParams.get("redirectedFrom");
  if (context.user) throw redirect(safeRedirect(redirectedFrom));
  const reason = url.searchParams.get("reason") ?? (context.sessionEnded === "single_session" ? "singleSession" : null);
  return {
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
  const res = await context.services.auth.signIn({ email, password });
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
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <TopBar title={loaderData.sitetitle} user={null} />
      <main className="center-page">
        <div className="card">
          <h1>{t("auth.loginTitle", { site: loaderData.sitetitle })}</h1>
          {loaderData.notice ? (
            <p
              className={loaderData.notice.startsWith("errors.") ? "alert error" : "alert ok"}
              role="status"
              data-testid="login-notice"
            >
              {t(loaderData.notice)}
            </p>
          ) : null}
          <Form method="post" className="stack">
            {actionData?.error ? (
              <p className="alert error" role="alert">
                {t(actionData.error)}
              </p>
            ) : null}
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
            <button type="submit" disabled={busy}>
              {busy ? t("auth.working") : t("auth.submitLogin")}
            </button>
          </Form>
          <p>
            <a href="/login/forgot-password">{t("auth.forgot")}</a>
          </p>
          <p className="muted">
            {t("auth.noAccount")} <a href="/signup">{t("nav.signup")}</a>
          </p>
        </div>
      </main>
    </>
  );
}
