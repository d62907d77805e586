import { useTranslation } from "../../i18n/use-translation";
import { data, Form, redirect } from "react-router";
import { isValidEmail } from "../../../core/email-rule";
import { ReferralField } from "../../components/affiliate/referral-field";
import { AuthCard } from "../../components/auth-card";
import { Notice } from "../../components/notice";
import { SubmitButton } from "../../components/submit-button";
import { FormField } from "../../components/form-field";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { authErrorKey, cookieHeaders } from "../../lib/auth-response.server";
import { invitationPath } from "../../lib/invitation-path";
import type { Route } from "./+types/signup";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.user) throw redirect("/dashboard");
  // From an invitation's page: the invited address is the account's, and signing up accepts it.
  const token = new URL(request.url).searchParams.get("invitation");
  const offer = token ? await context.services.invitation.offer(token) : null;
  return {
    title: pageTitle(translatorFor(context, request), "nav.signup", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    isPlatform: context.site.isPlatform,
    invitation: token && offer && !offer.expired ? { token, email: offer.email, role: offer.role } : null,
  };
}

const INVITATION_REFUSALS = new Set(["not_found", "invitation_expired", "forbidden"]);

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
  const invitation = String(form.get("invitation") ?? "");
  const res = await context.services.auth.signUp({ name, email, password }, { joinSite: !invitation });
  if (!res.ok) {
    return data(
      { fields: {}, error: await authErrorKey(res), name, email },
      { status: res.status === 429 ? 429 : 400 },
    );
  }
  if (invitation) {
    try {
      await context.services.invitation.acceptAfterSignUp(invitation, res);
    } catch (err) {
      // Signed up, but the invitation was answered, withdrawn or expired meanwhile: its page says so.
      if (!INVITATION_REFUSALS.has((err as { code?: string })?.code ?? "")) throw err;
      throw redirect(invitationPath(invitation), { headers: cookieHeaders(res) });
    }
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
  const next = context.site.isPlatform && !invitation ? "/dashboard/setup" : "/dashboard";
  throw redirect(next, { headers: cookieHeaders(res) });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = (actionData?.fields ?? {}) as Record<string, string | undefined>;
  const error = (name: string) => (f[name] ? t(f[name]) : undefined);
  const invited = loaderData.invitation;
  const title = loaderData.isPlatform
    ? t("auth.platformSignupTitle")
    : t("auth.signupTitle", { site: loaderData.sitetitle });
  return (
    <AuthCard title={title}>
      <Form method="post" className="stack" noValidate>
        {invited ? (
          <p className="alert ok" role="status" data-testid="signup-invitation">
            {t("invitation.signUpNote", {
              site: loaderData.sitetitle,
              role: t(`users.roles.${invited.role}`, { defaultValue: invited.role }),
            })}
          </p>
        ) : null}
        {invited ? <input type="hidden" name="invitation" value={invited.token} /> : null}
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
          defaultValue={invited?.email ?? actionData?.email}
          readOnly={Boolean(invited)}
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
