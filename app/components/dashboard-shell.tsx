import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useGuidedTour } from "../hooks/use-guided-tour";
import { useInbox } from "../hooks/use-inbox";
import { usePointsTotal } from "../hooks/use-points-total";
import { useRealtime } from "../hooks/use-realtime";
import { useSidebar } from "../hooks/use-sidebar";
import type { DashboardShellData } from "../lib/dashboard-data.server";
import { DashboardSidebar } from "./dashboard-sidebar";
import { DashboardTopBar } from "./dashboard-top-bar";
import { FeedbackTab } from "./feedback-tab";
import { SkipLink } from "./skip-link";

/**
 * The dashboard around every /dashboard page (spec §2): the collapsible sidebar, the top bar with
 * its tools, the feedback tab and the guided tour.
 */
export function DashboardShell({ data, children }: { data: DashboardShellData; children: ReactNode }) {
  const { t } = useTranslation();
  const sidebar = useSidebar();
  const { inbox, refresh, read, readAllChat } = useInbox(data.inbox);
  const points = usePointsTotal(data.points);
  const presence = useRealtime(true, () => {
    refresh();
    points.refresh();
  });
  const tour = useGuidedTour({ enabled: data.tour.enabled, isPlatform: data.site.isPlatform });

  return (
    <div className={`dashboard-shell${sidebar.mobileOpen ? " mobile-open" : ""}`}>
      <SkipLink />
      <DashboardSidebar
        items={data.sidebar}
        site={data.site}
        collapsed={sidebar.collapsed}
        onNavigate={sidebar.closeMobile}
      />
      {sidebar.mobileOpen ? (
        <button
          type="button"
          className="sidebar-backdrop"
          aria-label={t("nav.closeMenu")}
          onClick={sidebar.closeMobile}
        />
      ) : null}
      <div className="dashboard-column">
        <DashboardTopBar
          data={data}
          sidebarOpen={sidebar.open}
          onToggleSidebar={sidebar.toggle}
          inbox={inbox}
          onRead={read}
          onOpenChat={readAllChat}
          presence={presence}
          points={points.total}
          onRestartTour={tour.restart}
        />
        {!data.user.emailVerified ? (
          <p className="alert info verify-notice">{t("dashboard.verifyEmailNotice")}</p>
        ) : null}
        <main id="main" className="dashboard-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {data.feedback ? <FeedbackTab accountId={data.site.accountId} /> : null}
    </div>
  );
}
