import { Indicator, Menu, ScrollArea } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { type NotificationList, notificationLink } from "../lib/notifications";
import { NotificationRow } from "./notification-row";

/** The bell (spec §2): unread count, the latest notifications; a click marks one read and opens it. */
export function NotificationBell({ inbox, onRead }: { inbox: NotificationList; onRead: (id: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = inbox.items;
  // The name says the very count the badge shows, so a person who says "click 99+" is understood.
  const badge = inbox.unread > 99 ? "99+" : String(inbox.unread);
  return (
    <Menu position="bottom-end" width={340} closeOnItemClick>
      <Menu.Target>
        <button
          type="button"
          className="icon-button"
          aria-label={t("notifications.bell", { count: inbox.unread, shown: badge })}
        >
          <Indicator disabled={inbox.unread === 0} label={badge} size={16} offset={4}>
            <IconBell size={20} aria-hidden />
          </Indicator>
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("notifications.title")}</Menu.Label>
        {items.length === 0 ? (
          <p className="menu-empty">{t("notifications.empty")}</p>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            {items.map((item) => (
              <Menu.Item
                key={item.id}
                onClick={() => {
                  if (!item.read) onRead(item.id);
                  const to = notificationLink(item);
                  if (to) navigate(to);
                }}
              >
                <NotificationRow item={item} />
              </Menu.Item>
            ))}
          </ScrollArea.Autosize>
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/dashboard/notifications">
          {t("notifications.seeAll")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
