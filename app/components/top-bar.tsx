import { useTranslation } from "react-i18next";
import { Form } from "react-router";

export function TopBar({ title, user }: { title: string; user: { name: string } | null }) {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <a className="brand" href="/">
        {title}
      </a>
      <nav aria-label="Account">
        {user ? (
          <>
            <a href="/dashboard">{t("nav.dashboard")}</a>
            <Form method="post" action="/logout">
              <button type="submit" className="secondary">
                {t("nav.logout")}
              </button>
            </Form>
          </>
        ) : (
          <>
            <a href="/login">{t("nav.login")}</a>
            <a className="button" href="/signup">
              {t("nav.signup")}
            </a>
          </>
        )}
      </nav>
    </header>
  );
}
