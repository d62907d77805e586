import { useTranslation } from "../../i18n/use-translation";

export type ProfileData = {
  site: string;
  role: string | null;
  isStaff: boolean;
  aal: string;
};

/** Who is signed in where, with which role (the tour's "profile" step). */
export function ProfileFacts({ d }: { d: ProfileData }) {
  const { t } = useTranslation();
  // A role of the site's own making has no translation: its name is shown as the owner wrote it.
  const role =
    d.role === "owner" ? t("users.owner") : d.role ? t(`users.roles.${d.role}`, { defaultValue: d.role }) : null;
  return (
    <dl className="facts home-facts" data-testid="who-am-i" data-tour="profile">
      <dt>{t("dashboard.site")}</dt>
      <dd data-testid="site-title">{d.site}</dd>
      <dt>{t("dashboard.role")}</dt>
      <dd data-testid="role">
        {d.isStaff ? `${role ?? t("dashboard.none")} (${t("dashboard.staff")})` : (role ?? "—")}
      </dd>
      <dt>{t("dashboard.assurance")}</dt>
      <dd data-testid="aal">{d.aal}</dd>
    </dl>
  );
}
