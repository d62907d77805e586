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
  return (
    <dl className="facts home-facts" data-testid="who-am-i" data-tour="profile">
      <dt>{t("dashboard.site")}</dt>
      <dd data-testid="site-title">{d.site}</dd>
      <dt>{t("dashboard.role")}</dt>
      <dd data-testid="role">
        {d.isStaff ? `${d.role ?? t("dashboard.none")} (${t("dashboard.staff")})` : (d.role ?? "—")}
      </dd>
      <dt>{t("dashboard.assurance")}</dt>
      <dd data-testid="aal">{d.aal}</dd>
    </dl>
  );
}
