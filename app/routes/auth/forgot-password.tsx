import { useTranslation } from "../../i18n/use-translation";
import { data, Form } from "react-router";
import { isValidEmail } from "../../../core/email-rule";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { AuthCard } from "../../components/auth-card";
import { Notice } from "../../components/notice";
import { SubmitButton } from "../../components/submit-button";
import { FormField } from "../../components/form-field";
import type { Route } from "./+types/forgot-password";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  return { title: pageTitle(t, "auth.forgotTitle", context.site.settings.sitetitle) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await request.formData()).get("email") ?? "").trim();
  if (!isValidEmail(email)) return data({ sent: false, error: "errors.invalidEmail" }, { status: 422 });
  const res = await context.services.auth.requestPasswordReset(email);
  if (res.status === 429) return data({ sent: false, error: "errors.rateLimited" }, { status: 429 });
  // Same answer whether or not the address has an account, so nobody can probe for accounts.
  return { sent: true, error: null };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.forgotTitle")}>
      {actionData?.sent ? (
        <Notice messageKey="auth.forgotSent" tone="ok" />
      ) : (
        <Form method="post" className="stack">
          <p className="muted">{t("auth.forgotHelp")}</p>
          <Notice messageKey={actionData?.error} />
          <FormField label={t("auth.email")} name="email" type="email" autoComplete="email" required />
          <SubmitButton label={t("auth.forgotSubmit")} />
        </Form>
      )}
      <p>
        <a href="/login">{t("nav.login")}</a>
      </p>
    </AuthCard>
  );
}
