import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormField } from "../../components/form-field";
import { TopBar } from "../../components/top-bar";
import { authErrorKey, cookieHeaders } from "../../lib/auth-response.server";
import type { Route } from "./+types/signup";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `Sign up · ${data?.sitetitle ?? "Atrium"}` }];

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect("/dashboard");
  return { sitetitle: context.site.settings.sitetitle, isPlatform: context.site.isPlatform };
}

const EMAIL = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "").trim();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const fields: Record<string, string> = {};
  if (!name) fields.name = "errors.required";
  if (!EMAIL.test(email)) fields.email = "errors.invalidEmail";
  if (password.length < 8) fields.password = "errors.passwordTooShort";
  if (Object.keys(fields).length) return data({ fields, error: null, name, email }, { status: 422 });
  const res = await context.services.auth.signUp({ name, email, password });
  if (!res.ok)
    return data(
      { fields: {}, error: await authErrorKey(res), name, email },
      { status: res.status === 429 ? 429 : 400 },
    );
  throw redirect(context.site.isPlatform ? "/dashboard/setup" : "/dashboard", { headers: cookieHeaders(res) });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const f = (actionData?.fields ?? {}) as Record<string, string | undefined>;
  return (
    <>
      <TopBar title={loaderData.sitetitle} user={null} />
      <main className="center-page">
        <div className="card">
          <h1>
            {loaderData.isPlatform
              ? t("auth.platformSignupTitle")
              : t("auth.signupTitle", { site: loaderData.sitetitle })}
          </h1>
          <Form method="post" className="stack" noValidate>
            {actionData?.error ? (
              <p className="alert error" role="alert">
                {t(actionData.error)}
              </p>
            ) : null}
            <FormField
              label={t("auth.name")}
              name="name"
              autoComplete="name"
              required
              defaultValue={actionData?.name}
              error={f.name && t(f.name)}
            />
            <FormField
              label={t("auth.email")}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={actionData?.email}
              error={f.email && t(f.email)}
            />
            <FormField
              label={t("auth.password")}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              hint={t("auth.passwordRule")}
              error={f.password && t(f.password)}
            />
            <button type="submit" disabled={busy}>
              {busy ? t("auth.working") : t("auth.submitSignup")}
            </button>
          </Form>
          <p className="muted">
            {t("auth.haveAccount")} <a href="/login">{t("nav.login")}</a>
          </p>
        </div>
      </main>
    </>
  );
}
