import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormField } from "../../components/form-field";
import { TopBar } from "../../components/top-bar";
import { authErrorKey, cookieHeaders, safeRedirect } from "../../lib/auth-response.server";
import type { Route } from "./+types/two-factor";

export const meta = () => [{ title: "Two-step verification" }];

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) throw redirect("/dashboard");
  return {
    sitetitle: context.site.settings.sitetitle,
    redirectedFrom: new URL(request.url).searchParams.get("redirectedFrom"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return data({ error: "errors.invalidCode" }, { status: 422 });
  const res = await context.services.auth.verifyTotp(code);
  if (!res.ok) return data({ error: await authErrorKey(res) }, { status: res.status === 429 ? 429 : 401 });
  throw redirect(safeRedirect(String(form.get("redirectedFrom") ?? "")), { headers: cookieHeaders(res) });
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <TopBar title={loaderData.sitetitle} user={null} />
      <main className="center-page">
        <div className="card">
          <h1>{t("auth.twoFactorTitle")}</h1>
          <p className="muted">{t("auth.twoFactorHelp")}</p>
          <Form method="post" className="stack">
            {actionData?.error ? (
              <p className="alert error" role="alert">
                {t(actionData.error)}
              </p>
            ) : null}
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
            <button type="submit" disabled={busy}>
              {busy ? t("auth.working") : t("auth.verify")}
            </button>
          </Form>
          <p>
            <a href="/login">{t("nav.login")}</a>
          </p>
        </div>
      </main>
    </>
  );
}
