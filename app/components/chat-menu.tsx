import { Indicator, Menu, ScrollArea } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import type { NotificationList } from "../lib/notifications";
import { NotificationRow } from "./notification-row";

/** Chat messages (notifications of type chat); opening the dropdown marks them all read (spec §4). */
export function ChatMenu({ chats, onOpen }: { chats: NotificationList; onOpen: () => void }) {
  const { t } = useTranslation();
  const unread = chats.unread;
  // The name says the very count the badge shows (see NotificationBell).
  const badge = unread > 99 ? "99+" : String(unread);
  return (
    <Menu position="bottom-end" width={320} onOpen={() => unread > 0 && onOpen()}>
      <Menu.Target>
        <button type="button" className="icon-button" aria-label={t("chat.title", { count: unread, shown: badge })}>
          <Indicator disabled={unread === 0} label={badge} size={16} offset={4} color="teal">
            <IconMessageCircle size={20} aria-hidden />
          </Indicator>
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("chat.heading")}</Menu.Label>
        {chats.items.length === 0 ? (
          <p className="menu-empty">{t("chat.empty")}</p>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            {chats.items.map((item) => (
              <div key={item.id} className="menu-row">
                <NotificationRow item={item} />
              </div>
            ))}
          </ScrollArea.Autosize>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
