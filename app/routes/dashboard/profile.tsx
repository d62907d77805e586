import QRCode from "qrcode";
import { useTranslation } from "../../i18n/use-translation";
import { data, Form, redirect } from "react-router";
import { AvatarEditor } from "../../components/avatar-editor";
import { Notice } from "../../components/notice";
import { SubmitButton } from "../../components/submit-button";
import { ChangePasswordForm, type PasswordErrors } from "../../components/change-password-form";
import { FormField } from "../../components/form-field";
import { LanguageSelect } from "../../components/language-select";
import { MenuPreferenceEditor } from "../../components/menu-preference-editor";
import { ProfileNameForm } from "../../components/profile-name-form";
import { useDashboardData } from "../../hooks/use-dashboard-data";
import { authErrorKey, cookieHeaders } from "../../lib/auth-response.server";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/profile";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const DONE = new Set([
  "twoFactor.enabled",
  "twoFactor.disabled",
  "users.profile.nameSaved",
  "users.profile.passwordChanged",
]);

export function loader({ context, request }: Route.LoaderArgs) {
  const user = context.user!;
  const done = new URL(request.url).searchParams.get("done");
  return {
    title: pageTitle(translatorFor(context, request), "dashboard.profile", context.site.settings.sitetitle),
    name: user.name,
    email: user.email,
    twoFactor: user.twoFactorEnabled,
    done: done && DONE.has(done) ? done : null,
  };
}

type Enrol = { secret: string; qr: string; backupCodes: string[] };
type ActionResult =
  | { step: "enrol"; enrol: Enrol }
  | { step: "error"; error: string; enrol?: Enrol }
  | { step: "name"; error: string }
  | { step: "password"; errors: PasswordErrors };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const auth = context.services.auth;
  if (intent === "name") {
    const name = String(form.get("name") ?? "").trim();
    if (!name || name.length > 80)
      return data<ActionResult>({ step: "name", error: "users.errors.nameLength" }, { status: 422 });
    await context.services.profile.rename(name);
    throw redirect("/dashboard/profile?done=users.profile.nameSaved");
  }
  if (intent === "password") {
    const current = String(form.get("currentPassword") ?? "");
    const next = String(form.get("newPassword") ?? "");
    const confirm = String(form.get("confirmPassword") ?? "");
    const errors: PasswordErrors = {};
    if (!current) errors.current = "errors.required";
    if (next.length < 8) errors.next = "errors.passwordTooShort";
    else if (next.length > 128) errors.next = "users.errors.passwordTooLong";
    if (!errors.next && confirm !== next) errors.confirm = "users.errors.passwordMismatch";
    if (Object.keys(errors).length) return data<ActionResult>({ step: "password", errors }, { status: 422 });
    const res = await context.services.profile.changePassword(current, next);
    if (!res.ok) {
      const key = await authErrorKey(res);
      const wrong = key === "errors.invalidCredentials";
      return data<ActionResult>(
        { step: "password", errors: wrong ? { current: "users.errors.currentPassword" } : { form: key } },
        { status: res.status === 429 ? 429 : 400 },
      );
    }
    // The other sessions are gone; this one continues with the cookie of its new session.
    throw redirect("/dashboard/profile?done=users.profile.passwordChanged", { headers: cookieHeaders(res) });
  }
  if (intent === "enable") {
    const res = await auth.enableTwoFactor(String(form.get("password") ?? ""));
    if (!res.ok) return data<ActionResult>({ step: "error", error: await authErrorKey(res) }, { status: 400 });
    const body = (await res.json()) as { totpURI: string; backupCodes: string[] };
    const secret = new URL(body.totpURI).searchParams.get("secret") ?? "";
    const qr = await QRCode.toString(body.totpURI, { type: "svg", margin: 1, width: 180 });
    return data<ActionResult>({ step: "enrol", enrol: { secret, qr, backupCodes: body.backupCodes } });
  }
  if (intent === "verify") {
    const code = String(form.get("code") ?? "").replace(/\s+/g, "");
    const enrol = JSON.parse(String(form.get("enrol") ?? "null")) as Enrol | null;
    const res = await auth.verifyTotp(code);
    if (!res.ok)
      return data<ActionResult>(
        { step: "error", error: await authErrorKey(res), enrol: enrol ?? undefined },
        { status: 400 },
      );
    // A fresh page load, so the status shown is read after the change (with or without JavaScript).
    throw redirect("/dashboard/profile?done=twoFactor.enabled", { headers: cookieHeaders(res) });
  }
  if (intent === "disable") {
    const res = await auth.disableTwoFactor(String(form.get("password") ?? ""));
    if (!res.ok) return data<ActionResult>({ step: "error", error: await authErrorKey(res) }, { status: 400 });
    throw redirect("/dashboard/profile?done=twoFactor.disabled", { headers: cookieHeaders(res) });
  }
  return data<ActionResult>({ step: "error", error: "errors.generic" }, { status: 400 });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shell = useDashboardData();
  const result = actionData as ActionResult | undefined;
  const enrol = result?.step === "enrol" ? result.enrol : result?.step === "error" ? result.enrol : undefined;
  const accountNotice = loaderData.done?.startsWith("users.") && !result ? loaderData.done : null;
  return (
    <div className="page">
      <h1>{t("dashboard.profile")}</h1>
      {accountNotice ? <Notice messageKey={accountNotice} tone="ok" testId="profile-done" /> : null}
      <dl className="facts">
        <dt>{t("auth.name")}</dt>
        <dd>{loaderData.name}</dd>
        <dt>{t("auth.email")}</dt>
        <dd>{loaderData.email}</dd>
      </dl>
      <AvatarEditor />
      <h2>{t("users.profile.nameTitle")}</h2>
      <div className="card wide stack">
        <ProfileNameForm
          name={loaderData.name}
          error={result?.step === "name" ? result.error : undefined}
          key={loaderData.name}
        />
      </div>
      <h2>{t("users.profile.passwordTitle")}</h2>
      <div className="card wide stack">
        <ChangePasswordForm errors={result?.step === "password" ? result.errors : undefined} />
      </div>
      <h2>{t("dashboard.security")}</h2>
      <div className="card wide stack">
        <p data-testid="two-factor-status">
          {loaderData.twoFactor ? t("twoFactor.statusOn") : t("twoFactor.statusOff")}
        </p>
        {loaderData.done?.startsWith("twoFactor.") && !result ? (
          <Notice messageKey={loaderData.done} tone="ok" />
        ) : null}
        {result?.step === "error" ? <Notice messageKey={result.error} /> : null}
        {enrol ? (
          <Form method="post" className="stack">
            <p>{t("twoFactor.scan")}</p>
            {/* The SVG is generated on our server from the enrolment URI; it contains no user input. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-generated QR code */}
            <div aria-hidden="true" dangerouslySetInnerHTML={{ __html: enrol.qr }} style={{ width: 180 }} />
            <p>
              {t("twoFactor.secret")}:{" "}
              <code className="secret" data-testid="totp-secret">
                {enrol.secret}
              </code>
            </p>
            <details>
              <summary>{t("twoFactor.backupCodes")}</summary>
              <ul>
                {enrol.backupCodes.map((c) => (
                  <li key={c}>
                    <code>{c}</code>
                  </li>
                ))}
              </ul>
            </details>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="enrol" value={JSON.stringify(enrol)} />
            <FormField label={t("auth.code")} name="code" inputMode="numeric" autoComplete="one-time-code" required />
            <SubmitButton label={t("twoFactor.confirm")} />
          </Form>
        ) : loaderData.twoFactor ? (
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="disable" />
            <FormField
              label={t("twoFactor.passwordToContinue")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <SubmitButton className="danger" label={t("twoFactor.disable")} />
          </Form>
        ) : (
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="enable" />
            <FormField
              label={t("twoFactor.passwordToContinue")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <SubmitButton label={t("twoFactor.enable")} />
          </Form>
        )}
      </div>
      <h2>{t("profile.preferences")}</h2>
      <div className="card wide stack">
        <LanguageSelect />
      </div>
      {shell ? (
        <>
          <h2>{t("profile.menuTitle")}</h2>
          <MenuPreferenceEditor items={shell.defaultSidebar} preference={shell.menuPreference} />
        </>
      ) : null}
    </div>
  );
}
