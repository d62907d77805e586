import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { FormField } from "../../components/form-field";
import { TopBar } from "../../components/top-bar";
import type { Route } from "./+types/forgot-password";

export const meta = () => [{ title: "Reset your password" }];

export function loader({ context }: Route.LoaderArgs) {
  return { sitetitle: context.site.settings.sitetitle };
}

export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await request.formData()).get("email") ?? "").trim();
  if (!/^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/.test(email))
    return data({ sent: false, error: "errors.invalidEmail" }, { status: 422 });
  const res = await context.services.auth.requestPasswordReset(email);
  if (res.status === 429) return data({ sent: false, error: "errors.rateLimited" }, { status: 429 });
  // Same answer whether or not the address has an account, so nobody can probe for accounts.
  return { sent: true, error: null };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <TopBar title={loaderData.sitetitle} user={null} />
      <main className="center-page">
        <div className="card">
          <h1>{t("auth.forgotTitle")}</h1>
          {actionData?.sent ? (
            <p className="alert ok" role="status">
              {t("auth.forgotSent")}
            </p>
          ) : (
            <Form method="post" className="stack">
              <p className="muted">{t("auth.forgotHelp")}</p>
              {actionData?.error ? (
                <p className="alert error" role="alert">
                  {t(actionData.error)}
                </p>
              ) : null}
              <FormField label={t("auth.email")} name="email" type="email" autoComplete="email" required />
              <button type="submit" disabled={busy}>
                {busy ? t("auth.working") : t("auth.forgotSubmit")}
              </button>
            </Form>
          )}
          <p>
            <a href="/login">{t("nav.login")}</a>
          </p>
        </div>
      </main>
    </>
  );
}
