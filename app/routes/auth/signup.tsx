import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { isValidEmail } from "../../../core/email-rule";
import { ReferralField } from "../../components/affiliate/referral-field";
import { AuthCard } from "../../components/auth-card";
import { Notice } from "../../components/notice";
import { SubmitButton } from "../../components/submit-button";
import { FormField } from "../../components/form-field";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { authErrorKey, cookieHeaders } from "../../lib/auth-response.server";
import type { Route } from "./+types/signup";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) throw redirect("/dashboard");
  return {
    title: pageTitle(translatorFor(context, request), "nav.signup", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    isPlatform: context.site.isPlatform,
    // An invitation links here with the invited address filled in.
    email: (() => {
      const invited = new URL(request.url).searchParams.get("email")?.trim() ?? "";
      return isValidEmail(invited) ? invited : "";
    })(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "").trim();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const fields: Record<string, string> = {};
  if (!name) fields.name = "errors.required";
  if (!isValidEmail(email)) fields.email = "errors.invalidEmail";
  if (password.length < 8) fields.password = "errors.passwordTooShort";
  if (Object.keys(fields).length) return data({ fields, error: null, name, email }, { status: 422 });
  const res = await context.services.auth.signUp({ name, email, password });
  if (!res.ok) {
    return data(
      { fields: {}, error: await authErrorKey(res), name, email },
      { status: res.status === 429 ? 429 : 400 },
    );
  }
  const referral = String(form.get("referral") ?? "").trim();
  if (referral && !context.site.isPlatform) {
    // The account and its membership exist now; a code that matches no affiliate is ignored.
    const created = (await res
      .clone()
      .json()
      .catch(() => null)) as { user?: { id?: string } } | null;
    if (created?.user?.id) await context.services.affiliate.recordReferral(created.user.id, referral);
  }
  throw redirect(context.site.isPlatform ? "/dashboard/setup" : "/dashboard", { headers: cookieHeaders(res) });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = (actionData?.fields ?? {}) as Record<string, string | undefined>;
  const error = (name: string) => (f[name] ? t(f[name]) : undefined);
  const title = loaderData.isPlatform
    ? t("auth.platformSignupTitle")
    : t("auth.signupTitle", { site: loaderData.sitetitle });
  return (
    <AuthCard title={title}>
      <Form method="post" className="stack" noValidate>
        <Notice messageKey={actionData?.error} />
        <FormField
          label={t("auth.name")}
          name="name"
          autoComplete="name"
          required
          defaultValue={actionData?.name}
          error={error("name")}
        />
        <FormField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email ?? loaderData.email}
          error={error("email")}
        />
        <FormField
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          hint={t("auth.passwordRule")}
          error={error("password")}
        />
        {loaderData.isPlatform ? null : <ReferralField />}
        <SubmitButton label={t("auth.submitSignup")} />
      </Form>
      <p className="muted">
        {t("auth.haveAccount")} <a href="/login">{t("nav.login")}</a>
      </p>
    </AuthCard>
  );
}
