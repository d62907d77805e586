import { Tooltip } from "@mantine/core";
import {
  IconBook2,
  IconExternalLink,
  IconHelpCircle,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconTrophy,
} from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import type { Presence } from "../hooks/use-realtime";
import type { DashboardShellData } from "../lib/dashboard-data.server";
import type { Inbox } from "../lib/notifications";
import { ChatMenu } from "./chat-menu";
import { DashboardUserMenu } from "./dashboard-user-menu";
import { LanguageMenu } from "./language-menu";
import { NotificationBell } from "./notification-bell";
import { OnlineCount } from "./online-count";
import { QuickCreateMenu } from "./quick-create-menu";

/**
 * The dashboard's top bar (spec §2): sidebar toggle, 'View site', documentation, restart the
 * tour, quick-create, members online, points, chat, notifications, language and the account menu.
 * A tool whose screen or service does not exist yet is left out.
 */
export function DashboardTopBar({
  data,
  sidebarOpen,
  onToggleSidebar,
  inbox,
  onRead,
  onOpenChat,
  presence,
  points,
  onRestartTour,
}: {
  data: DashboardShellData;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  inbox: Inbox | null;
  onRead: (id: string) => void;
  onOpenChat: () => void;
  presence: Presence;
  points: number | null;
  onRestartTour: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="dashboard-topbar">
      <button
        type="button"
        className="icon-button"
        aria-label={t(sidebarOpen ? "nav.collapseSidebar" : "nav.expandSidebar")}
        aria-expanded={sidebarOpen}
        aria-controls="dashboard-sidebar"
        onClick={onToggleSidebar}
      >
        {sidebarOpen ? (
          <IconLayoutSidebarLeftCollapse size={22} aria-hidden />
        ) : (
          <IconLayoutSidebarLeftExpand size={22} aria-hidden />
        )}
      </button>
      {data.viewSite ? (
        <a className="button small secondary view-site" href={data.viewSite} target="_blank" rel="noopener noreferrer">
          <IconExternalLink size={16} aria-hidden />
          <span className="label-text">{t("dashboard.viewSite")}</span>
        </a>
      ) : null}
      <div className="topbar-spacer" />
      <div className="dashboard-tools">
        {data.docsHref ? (
          <Tooltip label={t("nav.docs")}>
            <Link className="icon-button" to={data.docsHref} aria-label={t("nav.docs")}>
              <IconBook2 size={20} aria-hidden />
            </Link>
          </Tooltip>
        ) : null}
        <Tooltip label={t("tour.restartTour")}>
          <button type="button" className="icon-button" aria-label={t("tour.restartTour")} onClick={onRestartTour}>
            <IconHelpCircle size={20} aria-hidden />
          </button>
        </Tooltip>
        {data.quickCreate.length ? <QuickCreateMenu links={data.quickCreate} /> : null}
        {presence ? <OnlineCount count={presence.count} href={data.messagesHref} /> : null}
        {data.pointsHref ? (
          <Tooltip label={t("menu.points")}>
            <Link
              className="icon-button points-count"
              to={data.pointsHref}
              aria-label={t("points.topBar", { count: points ?? 0 })}
              data-testid="points-count"
            >
              <IconTrophy size={20} aria-hidden />
              {points !== null ? <span className="points-total">{points}</span> : null}
            </Link>
          </Tooltip>
        ) : null}
        {data.messagesHref ? <ChatMenu href={data.messagesHref} onOpen={onOpenChat} /> : null}
        {inbox ? <NotificationBell inbox={inbox.bell} onRead={onRead} /> : null}
        <span data-tour="profile-options" className="tool-group">
          <LanguageMenu signedIn />
        </span>
        <DashboardUserMenu user={data.user} items={data.profileMenu} />
      </div>
    </header>
  );
}
