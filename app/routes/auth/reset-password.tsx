import { useTranslation } from "../../i18n/use-translation";
import { data, Form, redirect } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { Notice } from "../../components/notice";
import { SubmitButton } from "../../components/submit-button";
import { FormField } from "../../components/form-field";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { authErrorKey } from "../../lib/auth-response.server";
import type { Route } from "./+types/reset-password";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    title: pageTitle(translatorFor(context, request), "auth.resetTitle", context.site.settings.sitetitle),
    token: url.searchParams.get("token"),
    invalid: url.searchParams.get("error") === "INVALID_TOKEN" || !url.searchParams.get("token"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  if (password.length < 8) return data({ error: "errors.passwordTooShort" }, { status: 422 });
  const res = await context.services.auth.resetPassword(token, password);
  if (!res.ok) return data({ error: await authErrorKey(res) }, { status: 400 });
  throw redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.resetTitle")}>
      {loaderData.invalid ? (
        <p className="alert error" role="alert">
          {t("auth.resetInvalid")} <a href="/login/forgot-password">{t("auth.forgot")}</a>
        </p>
      ) : (
        <Form method="post" className="stack">
          <Notice messageKey={actionData?.error} />
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <FormField
            label={t("auth.newPassword")}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            hint={t("auth.passwordRule")}
          />
          <SubmitButton label={t("auth.resetSubmit")} />
        </Form>
      )}
    </AuthCard>
  );
}
